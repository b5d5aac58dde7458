/**
 * A secret shown once (an API key, a webhook's signing secret): the state of the dialog that creates
 * it and then shows it in place, and the view with the warning, the secret selected so it can be
 * copied at once, "Copiar" and "Concluir".
 */
import { Check, Copy } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { DialogAviso, DialogFooter } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/lib/toast";

/**
 * A creation dialog's state. The secret lives here only: closing the dialog drops it, and the
 * mutation's result with it. While saving or showing the secret, a click beside the dialog does not
 * close it: a secret not copied yet would be lost.
 */
export function useDialogComSegredo<T>(criar: { isPending: boolean; reset: () => void }, avisoId: string) {
  const [open, setOpen] = useState(false);
  const [criado, setCriado] = useState<T | null>(null);
  const busy = criar.isPending;

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      setCriado(null);
      criar.reset();
    }
  }

  return {
    criado,
    setCriado,
    fechar: () => onOpenChange(false),
    dialogProps: { open, onOpenChange },
    contentProps: {
      busy,
      onInteractOutside: (event: Event) => (busy || criado) && event.preventDefault(),
      "aria-describedby": criado ? avisoId : undefined,
    },
  };
}

interface ToastTexto {
  title: string;
  description: string;
}

/**
 * Goes under the dialog's header; `children` (how to use the secret) between the secret and
 * "Concluir". The words differ with the secret's name and gender ("Chave copiada", "Segredo copiado"),
 * so the caller gives them.
 */
export function SegredoUmaVez({
  id,
  avisoId,
  aviso,
  label,
  segredo,
  copiadoLabel,
  copiadoToast,
  selecionadoToast,
  onDone,
  children,
}: {
  /** The secret's input. */
  id: string;
  /** The warning's; the dialog's aria-describedby too. */
  avisoId: string;
  aviso: React.ReactNode;
  label: string;
  segredo: string;
  /** The button once copied: "Copiado", "Copiada". */
  copiadoLabel: string;
  copiadoToast: ToastTexto;
  /** Without a clipboard the secret is selected instead, and this says to copy it by hand. */
  selecionadoToast: ToastTexto;
  onDone: () => void;
  children?: React.ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copiado, setCopiado] = useState(false);

  useEffect(() => {
    // The form (or the confirmation) that had the focus is gone: the focus moves to the secret,
    // read out with the warning.
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function selecionar() {
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  async function copiar() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("sem área de transferência");
      await navigator.clipboard.writeText(segredo);
      setCopiado(true);
      toast.success(copiadoToast.title, { description: copiadoToast.description });
    } catch {
      // No clipboard (an insecure origin or a refused permission): select it for Ctrl+C instead.
      selecionar();
      toast.info(selecionadoToast.title, { description: selecionadoToast.description });
    }
  }

  return (
    <>
      <DialogAviso id={avisoId}>{aviso}</DialogAviso>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={id}
            readOnly
            value={segredo}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
            autoComplete="off"
            className="min-w-0 flex-1 font-mono text-xs"
            aria-describedby={avisoId}
          />
          <Button type="button" variant="outline" onClick={() => void copiar()} className="shrink-0">
            {copiado ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copiado ? copiadoLabel : "Copiar"}
          </Button>
        </div>
      </div>
      {children}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Concluir
        </Button>
      </DialogFooter>
    </>
  );
}
