/**
 * "Autorizar" and "Negar" for a pending request (docs/product.md, "Request detail"), each behind its
 * confirmation; "Negar" takes an optional reason the porteiro reads. The request's detail (staff and
 * morador) and a morador's home share them, so every place a request is decided asks the same thing.
 * The buttons are plain; the dialogs (Radix) download when a button is approached or pressed
 * (decisao-dialogs.tsx, docs/decisions/026), so a home that only shows them stays light.
 */
import { Check, X } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";

export type Escolha = "autorizar" | "negar";

/**
 * Decides; rejects when it did not (the caller tells why, with a toast). A 400 naming
 * `motivo_negacao` keeps the "Negar" dialog open with its message under the field.
 */
export type OnDecide = (escolha: Escolha, motivoNegacao: string | null) => Promise<unknown>;

const importDialogs = () => import("@/web/components/decisao-dialogs");
const DecisaoDialogs = lazy(importDialogs);

const AUTORIZAR_CLASS = "bg-green-700 text-white hover:bg-green-700/90";

/**
 * The two buttons, side by side from `sm` up (wrapping when the column is narrow) and stacked on a phone. `visitante` names them for
 * screen readers where several requests share a screen ("Autorizar a entrada de Ana").
 * `onCloseAutoFocus` may move the focus elsewhere (the request just left the screen); otherwise it
 * returns to the button that opened the dialog.
 */
export function DecisaoBotoes({
  onDecide,
  onCloseAutoFocus,
  visitante,
  className,
}: {
  onDecide: OnDecide;
  onCloseAutoFocus?: (event: Event) => void;
  visitante?: string;
  className?: string;
}) {
  const [aberto, setAberto] = useState<Escolha | null>(null);
  // Once asked for, the dialogs stay mounted: a closing dialog hands the focus back.
  const [wanted, setWanted] = useState(false);
  const last = useRef<Escolha>("autorizar");
  const autorizar = useRef<HTMLButtonElement>(null);
  const negar = useRef<HTMLButtonElement>(null);

  const preload = () => void importDialogs().catch(() => undefined);
  const open = (escolha: Escolha) => {
    last.current = escolha;
    setWanted(true);
    setAberto(escolha);
  };
  const afterClose = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    (last.current === "negar" ? negar : autorizar).current?.focus();
  };

  return (
    // Side by side while both fit; in a narrow column (the detail's "Ações" card at 1024 px) "Negar" wraps.
    <div className={cn("flex flex-col gap-2 sm:flex-row sm:flex-wrap", className)}>
      <Button
        ref={autorizar}
        className={cn(AUTORIZAR_CLASS, "sm:flex-1")}
        aria-label={visitante ? `Autorizar a entrada de ${visitante}` : undefined}
        aria-haspopup="dialog"
        aria-expanded={aberto === "autorizar"}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => open("autorizar")}
      >
        <Check aria-hidden="true" />
        Autorizar
      </Button>
      <Button
        ref={negar}
        variant="destructive"
        className="sm:flex-1"
        aria-label={visitante ? `Negar a entrada de ${visitante}` : undefined}
        aria-haspopup="dialog"
        aria-expanded={aberto === "negar"}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => open("negar")}
      >
        <X aria-hidden="true" />
        Negar
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <DecisaoDialogs
            aberto={aberto}
            onOpenChange={(next) => {
              if (!next) setAberto(null);
            }}
            onDecide={onDecide}
            onCloseAutoFocus={afterClose}
          />
        </Suspense>
      )}
    </div>
  );
}
