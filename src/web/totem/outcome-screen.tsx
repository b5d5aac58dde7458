/**
 * What the visitor is told at the end (docs/product.md, "Totem"), across the whole screen so it can be
 * read from a step back: "Pode entrar" in green, "Entrada não autorizada" in red. While a porteiro
 * has the conversation, a banner above the transcript instead, since the porteiro types to the visitor.
 */
import { CircleCheck, CircleX, Clock, Hand, Package, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "@/web/lib/utils";
import { KioskButton } from "./kiosk-ui";
import type { Desfecho } from "./transcript";

const SCREENS: Record<Desfecho, { title: string; description: string; className: string; Icon: typeof CircleCheck }> = {
  entrar: {
    title: "Pode entrar",
    description: "A entrada foi autorizada.",
    className: "bg-green-800 text-white",
    Icon: CircleCheck,
  },
  negado: {
    title: "Entrada não autorizada",
    description: "O acesso não foi liberado.",
    className: "bg-red-800 text-white",
    Icon: CircleX,
  },
  porteiro: {
    title: "Aguarde: o porteiro vai falar com você",
    description: "Fique perto do portão.",
    className: "bg-blue-900 text-white",
    Icon: UserRound,
  },
  encomenda: {
    title: "Pode deixar a encomenda",
    description: "Deixe-a na portaria. Obrigado!",
    className: "bg-green-800 text-white",
    Icon: Package,
  },
  encerrado: {
    title: "Atendimento encerrado",
    description: "Obrigado! Para falar com a portaria de novo, toque abaixo.",
    className: "bg-neutral-900 text-white",
    Icon: Hand,
  },
};

export const PORTEIRO_AVISO = SCREENS.porteiro.title;

/** `detalhe`: the attendant's own words, in place of the fixed description (where to leave a package). */
export function OutcomeScreen({
  desfecho,
  detalhe,
  onDone,
}: {
  desfecho: Desfecho;
  detalhe?: string | null;
  onDone: () => void;
}) {
  const { title, className, Icon } = SCREENS[desfecho];
  const description = detalhe || SCREENS[desfecho].description;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The outcome replaces what had focus: screen readers start reading here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main
      data-desfecho={desfecho}
      className={cn("flex flex-1 flex-col items-center justify-center gap-8 px-6 py-10 text-center", className)}
    >
      <Icon aria-hidden="true" className="size-28 sm:size-40" strokeWidth={2.25} />
      <h1 ref={headingRef} tabIndex={-1} className="font-bold text-4xl leading-tight outline-none sm:text-6xl">
        {title}
      </h1>
      <p className="max-w-2xl text-2xl sm:text-3xl">{description}</p>
      <KioskButton variant="inverse" onClick={onDone}>
        Voltar ao início
      </KioskButton>
    </main>
  );
}

/** A state of the open conversation, above the transcript: someone other than the visitor is on it. */
export function WaitingBanner({ kind }: { kind: "porteiro" | "morador" }) {
  return kind === "porteiro" ? (
    <p className="flex items-center gap-3 bg-amber-300 px-4 py-4 font-bold text-2xl text-neutral-950 sm:px-6 sm:text-3xl">
      <UserRound aria-hidden="true" className="size-8 shrink-0" />
      {PORTEIRO_AVISO}
    </p>
  ) : (
    <p className="flex items-center gap-3 border-neutral-300 border-b-2 bg-neutral-100 px-4 py-3 font-semibold text-neutral-950 text-xl sm:px-6 sm:text-2xl">
      <Clock aria-hidden="true" className="size-7 shrink-0" />
      Aguardando a resposta do morador…
    </p>
  );
}
