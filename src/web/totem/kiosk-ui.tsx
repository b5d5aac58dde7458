/**
 * The kiosk's own look (docs/product.md, "Totem"): a tablet at a gate, often in sunlight, used by
 * strangers. Fixed high-contrast colours (not the console's themes: a dark system setting on the
 * tablet must not dim it), large type and touch targets of at least 64 px.
 */
import type * as React from "react";
import { cn } from "@/web/lib/utils";

const BUTTON_BASE =
  "inline-flex min-h-16 shrink-0 items-center justify-center gap-3 rounded-xl px-6 py-3 text-center font-semibold text-xl outline-none transition-colors sm:text-2xl disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-7 [&_svg]:shrink-0";

const BUTTON_VARIANTS = {
  primary:
    "bg-blue-800 text-white hover:bg-blue-900 focus-visible:ring-4 focus-visible:ring-blue-950 focus-visible:ring-offset-4 focus-visible:ring-offset-white",
  secondary:
    "border-2 border-neutral-900 bg-white text-neutral-950 hover:bg-neutral-100 focus-visible:ring-4 focus-visible:ring-blue-800 focus-visible:ring-offset-4 focus-visible:ring-offset-white",
  /** On the outcome screens' coloured backgrounds. */
  inverse:
    "border-2 border-white bg-white text-neutral-950 hover:bg-neutral-100 focus-visible:ring-4 focus-visible:ring-white focus-visible:ring-offset-4 focus-visible:ring-offset-neutral-950",
} as const;

export function KioskButton({
  variant = "primary",
  className,
  type,
  ...props
}: React.ComponentProps<"button"> & { variant?: keyof typeof BUTTON_VARIANTS }) {
  return <button type={type ?? "button"} className={cn(BUTTON_BASE, BUTTON_VARIANTS[variant], className)} {...props} />;
}

/** The kiosk's page: white, near-black text, the full height of the screen. */
export function KioskFrame({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      // Native controls (the text box, scrollbars) in their light form whatever the tablet's setting.
      style={{ colorScheme: "light" }}
      className={cn("flex min-h-svh flex-col bg-white text-neutral-950", className)}
      {...props}
    />
  );
}
