import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { cn } from "@/web/lib/utils";

/** A spinning icon. Decorative: pair it with visible text (see LoadingState) or give it a label. */
export function Spinner({ className, label, ...props }: React.ComponentProps<"svg"> & { label?: string }) {
  return (
    <LoaderCircle
      data-slot="spinner"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn("size-4 animate-spin", className)}
      {...props}
    />
  );
}

/** Spinner with a visible message, announced politely to screen readers. */
export function LoadingState({
  message = "Carregando...",
  className,
  fullScreen = false,
}: {
  message?: string;
  className?: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        "flex flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground",
        fullScreen && "min-h-svh bg-background",
        className,
      )}
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm">{message}</p>
    </div>
  );
}
