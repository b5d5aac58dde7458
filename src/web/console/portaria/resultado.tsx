/**
 * The answer to a validation, in type the porteiro reads from across the booth: green "Liberado"
 * or red "Não liberado" (with an icon, not colour alone) and the server's `mensagem`. The live
 * region is always in the page, so screen readers announce each new answer at once. A "Liberado"
 * already recorded the entry; "Não entrou" undoes it, "Concluir" dismisses the answer.
 */
import { Check, CircleCheck, CircleX, TriangleAlert, Undo2, X } from "lucide-react";
import type { ValidacaoResultadoResponse } from "@/shared/schemas/passes";
import { VISITA_TIPO_LABELS } from "@/shared/schemas/passes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/utils";

export type Outcome =
  | { kind: "resultado"; resultado: ValidacaoResultadoResponse }
  /** 429: too many wrong PINs at this gate; the message says how long to wait. */
  | { kind: "limite"; message: string }
  | { kind: "erro"; message: string };

const TONE = {
  liberado:
    "border-green-600 bg-green-50 text-green-950 dark:border-green-400/60 dark:bg-green-400/10 dark:text-green-50",
  negado: "border-red-600 bg-red-50 text-red-950 dark:border-red-400/60 dark:bg-red-400/10 dark:text-red-50",
  aviso: "border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-400/60 dark:bg-amber-400/10 dark:text-amber-50",
} as const;

function toneOf(outcome: Outcome): keyof typeof TONE {
  if (outcome.kind === "resultado") return outcome.resultado.liberado ? "liberado" : "negado";
  return outcome.kind === "limite" ? "aviso" : "negado";
}

export function ResultadoValidacao({
  outcome,
  undoing,
  onNaoEntrou,
  onLimpar,
}: {
  outcome: Outcome | null;
  undoing: boolean;
  onNaoEntrou: () => void;
  onLimpar: () => void;
}) {
  const tone = outcome ? toneOf(outcome) : null;
  const resultado = outcome?.kind === "resultado" ? outcome.resultado : null;
  const entered = !!resultado?.liberado && !!resultado.acesso_id;
  return (
    <div
      data-testid="resultado-validacao"
      data-resultado={resultado?.resultado}
      // Type scales with the column it sits in, not the window: the screen has two columns on a tablet.
      className={cn("@container", tone && ["mt-5 rounded-xl border-2 p-4 sm:p-6", TONE[tone]])}
    >
      <div aria-live="assertive" aria-atomic="true">
        {outcome && <Texto outcome={outcome} />}
        {entered && <p className="mt-2 font-medium text-base">Entrada registrada.</p>}
      </div>
      {outcome && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            size="lg"
            variant={entered ? "default" : "outline"}
            className={cn("h-14 px-6 text-lg has-[>svg]:px-6", !entered && "bg-transparent text-base text-current")}
            onClick={onLimpar}
            disabled={undoing}
          >
            {entered ? <Check className="size-5" aria-hidden="true" /> : <X aria-hidden="true" />}
            {entered ? "Concluir" : "Limpar"}
          </Button>
          {entered && (
            <Button
              variant="outline"
              size="lg"
              className="h-14 bg-transparent text-base text-current"
              onClick={onNaoEntrou}
              disabled={undoing}
              aria-busy={undoing || undefined}
            >
              {undoing ? <Spinner className="size-5" /> : <Undo2 className="size-5" aria-hidden="true" />}
              Não entrou
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function Texto({ outcome }: { outcome: Outcome }) {
  if (outcome.kind !== "resultado") {
    const limite = outcome.kind === "limite";
    return (
      <Linhas
        icon={limite ? TriangleAlert : CircleX}
        title={limite ? "Muitas tentativas" : "Não foi possível validar"}
        mensagem={outcome.message}
      />
    );
  }
  const { liberado, mensagem, passe } = outcome.resultado;
  return (
    <Linhas
      icon={liberado ? CircleCheck : CircleX}
      title={liberado ? "Liberado" : "Não liberado"}
      mensagem={mensagem}
      detalhe={passe ? `${VISITA_TIPO_LABELS[passe.tipo]} · ${unidadeLabel(passe.unidade)}` : undefined}
    />
  );
}

function Linhas({
  icon: Icon,
  title,
  mensagem,
  detalhe,
}: {
  icon: typeof CircleCheck;
  title: string;
  mensagem: string;
  detalhe?: string;
}) {
  return (
    <div className="flex items-start gap-3 @md:gap-4">
      <Icon className="mt-0.5 size-9 shrink-0 @md:size-12" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-bold text-3xl leading-tight @md:text-4xl @xl:text-5xl">{title}</p>
        <p className="break-words font-medium text-xl leading-snug @md:text-2xl" data-testid="resultado-mensagem">
          {mensagem}
        </p>
        {detalhe && <p className="text-base opacity-80">{detalhe}</p>}
      </div>
    </div>
  );
}
