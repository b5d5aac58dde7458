import { ShieldCheck } from "lucide-react";
import { cn } from "@/web/lib/utils";

export const PRODUCT_NAME = "Guarita";
export const PRODUCT_TAGLINE = "Sistema de Portaria Inteligente";

/** The product mark: a shield in a primary-coloured square. Decorative. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground",
        className,
      )}
    >
      <ShieldCheck className="size-4" />
    </span>
  );
}

/** Mark, name and (optionally) tagline. */
export function Brand({ showTagline = false, className }: { showTagline?: boolean; className?: string }) {
  return (
    <span className={cn("flex items-center gap-2", className)}>
      <BrandMark />
      <span className="grid text-left leading-tight">
        <span className="truncate font-semibold">{PRODUCT_NAME}</span>
        {showTagline && <span className="truncate text-muted-foreground text-xs">{PRODUCT_TAGLINE}</span>}
      </span>
    </span>
  );
}
