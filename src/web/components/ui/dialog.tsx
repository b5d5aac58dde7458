/**
 * A modal form dialog on Radix Dialog (focus trapped, Esc and the close button dismiss it, focus
 * returns on close), styled like the console's confirmation dialogs: the settings screens' forms
 * and the Portaria screen's QR Code reader and resident-authorised entry.
 *
 * The content scrolls inside the viewport (max-h on small phones), so the person picker and the
 * footer buttons stay reachable at 360 px.
 */
import { TriangleAlert, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/utils";

export const Dialog = DialogPrimitive.Root;

/**
 * A dialog a list opens for one of its rows. The list says where the focus returns on close, since
 * the row may be gone by then (deleted, revoked).
 */
export interface RowDialogProps {
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}
export const DialogTrigger = DialogPrimitive.Trigger;

export function DialogContent({
  className,
  children,
  busy = false,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** While saving: Esc, outside clicks and the close button do nothing, so a request is never orphaned. */
  busy?: boolean;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        aria-busy={busy || undefined}
        className={cn(
          "fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-4 shadow-lg outline-none data-[state=open]:animate-zoom-in sm:max-w-lg sm:p-6",
          className,
        )}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
        onInteractOutside={(event) => busy && event.preventDefault()}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 rounded-xs p-1 opacity-70 outline-none transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none [&_svg]:size-4"
          aria-label="Fechar"
          disabled={busy}
        >
          <XIcon aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("font-semibold text-lg leading-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-muted-foreground text-sm", className)} {...props} />;
}

export const DialogClose = DialogPrimitive.Close;

/**
 * A dialog form's buttons. Both are disabled while it saves, so the request is neither orphaned nor
 * sent twice; the submit then shows a spinner in place of its icon.
 */
export function DialogFormFooter({
  submitting,
  label,
  pendingLabel,
  icon,
  disabled = false,
}: {
  submitting: boolean;
  label: string;
  pendingLabel: string;
  icon?: React.ReactNode;
  /** The submit only, besides while saving (nothing changed, say). */
  disabled?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={submitting}>
          Cancelar
        </Button>
      </DialogClose>
      <Button type="submit" disabled={submitting || disabled}>
        {submitting ? <Spinner /> : icon}
        {submitting ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}

/** A warning in amber; its id goes in the dialog's aria-describedby, so it is read when the dialog opens. */
export function DialogAviso({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p
      id={id}
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
