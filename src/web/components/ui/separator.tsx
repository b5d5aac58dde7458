import type * as React from "react";
import { cn } from "@/web/lib/utils";

/**
 * Radix's Separator without Radix (docs/decisions/026): a decorative line is `role="none"`, a
 * semantic one `role="separator"` (with `aria-orientation` when vertical); `data-orientation` styles it.
 */
export function Separator({
  className,
  orientation = "horizontal",
  decorative = true,
  ...props
}: React.ComponentProps<"div"> & { orientation?: "horizontal" | "vertical"; decorative?: boolean }) {
  const semantic = decorative
    ? { role: "none" as const }
    : {
        role: "separator" as const,
        "aria-orientation": orientation === "vertical" ? ("vertical" as const) : undefined,
      };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantic}
      className={cn(
        "shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=vertical]:h-full data-[orientation=horizontal]:w-full data-[orientation=vertical]:w-px",
        className,
      )}
      {...props}
    />
  );
}
