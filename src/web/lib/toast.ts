/**
 * The app's toasts (sonner's `toast`, same arguments), without sonner in any page's first load:
 * the first toast downloads sonner and asks root.tsx to mount the Toaster
 * (components/ui/sonner.tsx); sonner shows a toast raised before its Toaster subscribed. Toasts
 * keep their order: each call waits for the same import. Import `toast` from here, never from
 * "sonner" (docs/decisions/026).
 */
import { createElement } from "react";
import { Link } from "react-router";
import type { ExternalToast, toast as sonnerToast } from "sonner";
import { linkForMessage } from "./api";

type SonnerToast = typeof sonnerToast;

/** Long enough to read the refusal and reach its link. */
const LINKED_ERROR_DURATION_MS = 10_000;

/** "Ver planos" for a plan's limit, the page's name for a read-only account (an unpaid subscription). */
function linkLabel(code: string): string {
  if (code === "PLAN_LIMIT") return "Ver planos";
  return code === "ACCOUNT_READ_ONLY" ? "Plano e faturamento" : "Ver detalhes";
}

/**
 * An error toast whose message is an API refusal that came with a link (lib/api.ts) gets that link as
 * its action: "Ver planos" on a plan's limit, "Plano e faturamento" on a read-only account
 * (docs/decisions/045-plans-and-billing.md). The Toaster renders inside the router, so it is a
 * client-side link; following it closes the toast.
 */
function withErrorLink(
  t: SonnerToast,
  message: Parameters<SonnerToast["error"]>[0],
  data: ExternalToast | undefined,
): ExternalToast | undefined {
  if (data?.action) return data;
  const linked = linkForMessage(data?.description) ?? linkForMessage(message);
  if (!linked) return data;
  const action = createElement(
    Link,
    {
      to: linked.link,
      onClick: () => t.dismiss(),
      className:
        "ml-auto shrink-0 rounded-md border border-border bg-background px-2.5 py-1.5 font-medium text-foreground text-xs underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50",
    },
    linkLabel(linked.code),
  );
  return { duration: LINKED_ERROR_DURATION_MS, ...data, action };
}

let sonner: Promise<SonnerToast> | undefined;
let requested = false;
const listeners = new Set<() => void>();

function withSonner(show: (toast: SonnerToast) => void): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
    listeners.clear();
  }
  sonner ??= import("sonner").then((module) => module.toast);
  // A failed download (offline) loses the toast, as a toast shown offline would be; a later one retries.
  sonner.then(show).catch(() => {
    sonner = undefined;
  });
}

/** Calls `listener` once the first toast is raised (at once if one already was); returns an unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  if (requested) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = Object.assign((...args: Parameters<SonnerToast>) => withSonner((t) => t(...args)), {
  success: (...args: Parameters<SonnerToast["success"]>) => withSonner((t) => t.success(...args)),
  error: (message: Parameters<SonnerToast["error"]>[0], data?: ExternalToast) =>
    withSonner((t) => t.error(message, withErrorLink(t, message, data))),
  info: (...args: Parameters<SonnerToast["info"]>) => withSonner((t) => t.info(...args)),
  warning: (...args: Parameters<SonnerToast["warning"]>) => withSonner((t) => t.warning(...args)),
});
