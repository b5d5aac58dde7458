/**
 * The confirmations behind "Autorizar" and "Negar" (decisao-botoes.tsx), loaded when one is first
 * pressed or approached: Radix's dialog code stays out of the screens that only show the buttons, as
 * a morador's home (docs/decisions/026). "Negar" asks for an optional reason the porteiro reads.
 */
import { useEffect, useId, useRef, useState } from "react";
import { MOTIVO_NEGACAO_MAX, motivoNegacaoField } from "@/shared/schemas/solicitacoes";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import type { Escolha, OnDecide } from "@/web/components/decisao-botoes";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api";

/** The two confirmation texts, verbatim (docs/product.md, "Request detail"). */
export const CONFIRM_TEXT: Record<Escolha, string> = {
  autorizar: "Tem certeza que deseja autorizar esta solicitação? O visitante será liberado para entrar no condomínio.",
  negar: "Tem certeza que deseja negar esta solicitação? O visitante não será autorizado a entrar no condomínio.",
};

export const AUTORIZAR_CLASS = "bg-green-700 text-white hover:bg-green-700/90";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDecide: OnDecide;
  onCloseAutoFocus: (event: Event) => void;
}

function NegarDialog({ open, onOpenChange, onDecide, onCloseAutoFocus }: DialogProps) {
  const id = useId();
  const fieldId = `${id}-motivo`;
  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [motivo, setMotivo] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // Each opening starts empty.
  useEffect(() => {
    if (open) {
      setMotivo("");
      setErro(null);
    }
  }, [open]);

  function showError(message: string) {
    setErro(message);
    textarea.current?.focus();
  }

  async function confirm() {
    const parsed = motivoNegacaoField.safeParse(motivo);
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? `O motivo deve ter no máximo ${MOTIVO_NEGACAO_MAX} caracteres`);
      return;
    }
    setPending(true);
    try {
      await onDecide("negar", parsed.data);
      setPending(false);
      onOpenChange(false);
    } catch (error) {
      setPending(false);
      const field = error instanceof ApiError ? error.fields.find((f) => f.path === "motivo_negacao") : undefined;
      if (field) showError(field.message);
      else onOpenChange(false);
    }
  }

  const describedBy = [erro ? errorId : null, hintId].filter(Boolean).join(" ");
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent
        aria-busy={pending || undefined}
        onEscapeKeyDown={(event) => pending && event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <form
          className="grid min-w-0 gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Negar solicitação</AlertDialogTitle>
            <AlertDialogDescription>{CONFIRM_TEXT.negar}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor={fieldId}>Motivo (opcional)</Label>
            <Textarea
              ref={textarea}
              id={fieldId}
              name="motivo_negacao"
              value={motivo}
              onChange={(event) => {
                setMotivo(event.target.value);
                if (erro) setErro(null);
              }}
              disabled={pending}
              rows={3}
              className="max-h-40"
              aria-invalid={erro ? true : undefined}
              aria-describedby={describedBy}
            />
            <p id={hintId} className="text-muted-foreground text-xs">
              Até {MOTIVO_NEGACAO_MAX} caracteres. A portaria vê o motivo.
            </p>
            {erro && (
              <p id={errorId} className="text-destructive text-sm" role="alert">
                {erro}
              </p>
            )}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={pending}>
              Cancelar
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending && <Spinner />}
              {pending ? "Negando..." : "Negar"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Both confirmations, controlled by the buttons: `aberto` says which one is open, if any. */
export default function DecisaoDialogs({
  aberto,
  onOpenChange,
  onDecide,
  onCloseAutoFocus,
}: {
  aberto: Escolha | null;
  onOpenChange: (open: boolean) => void;
  onDecide: OnDecide;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <>
      <ConfirmDialog
        open={aberto === "autorizar"}
        onOpenChange={onOpenChange}
        title="Autorizar solicitação"
        description={CONFIRM_TEXT.autorizar}
        confirmLabel="Autorizar"
        pendingLabel="Autorizando..."
        confirmClassName={AUTORIZAR_CLASS}
        onConfirm={() => onDecide("autorizar", null)}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <NegarDialog
        open={aberto === "negar"}
        onOpenChange={onOpenChange}
        onDecide={onDecide}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}
