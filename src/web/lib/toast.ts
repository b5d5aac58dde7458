/**
 * The app's toasts (sonner's `toast`, same arguments), without sonner in any page's first load:
 * the first toast downloads sonner and asks root.tsx to mount the Toaster
 * (components/ui/sonner.tsx); sonner shows a toast raised before its Toaster subscribed. Toasts
 * keep their order: each call waits for the same import. Import `toast` from here, never from
 * "sonner" (docs/decisions/026).
 */
import type { toast as sonnerToast } from "sonner";

type SonnerToast = typeof sonnerToast;

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
  error: (...args: Parameters<SonnerToast["error"]>) => withSonner((t) => t.error(...args)),
  info: (...args: Parameters<SonnerToast["info"]>) => withSonner((t) => t.info(...args)),
  warning: (...args: Parameters<SonnerToast["warning"]>) => withSonner((t) => t.warning(...args)),
});
