import type * as React from "react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button, type ButtonProps } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";

/**
 * A confirmation (role="alertdialog", focus trapped, Esc cancels). While `onConfirm` runs the dialog
 * stays open with its buttons disabled; it closes when the promise settles.
 *
 * Behind its own `trigger` button, or controlled (`open`, `onOpenChange`, no trigger) when a list
 * opens it from a row's menu: the row may disappear when the action succeeds, so the dialog must
 * live outside it, and the list decides where the focus returns (`onCloseAutoFocus`).
 */
export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancelar",
  confirmVariant = "default",
  confirmClassName,
  onConfirm,
  onCloseAutoFocus,
}: {
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  confirmVariant?: ButtonProps["variant"];
  confirmClassName?: string;
  onConfirm: () => Promise<unknown>;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => (onOpenChange ? onOpenChange(next) : setOwnOpen(next));
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // The caller reports the failure (a toast); the dialog just closes.
    } finally {
      setPending(false);
      setOpen(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        aria-busy={pending || undefined}
        onEscapeKeyDown={(event) => pending && event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button
            variant={confirmVariant}
            className={confirmClassName}
            disabled={pending}
            onClick={() => void confirm()}
          >
            {pending && <Spinner />}
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
