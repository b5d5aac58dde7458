/**
 * A photo received whose renditions are still being made (status "processando", a second or so:
 * docs/product.md, "Fotos"). It has no address yet, so instead of an empty frame or an error the tile
 * says so beside a spinner; the live event that follows refetches the screen, which then shows the
 * image. The spinner stands still under prefers-reduced-motion.
 */
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/utils";

export const FOTO_PROCESSANDO_TEXTO = "Processando a foto…";

export function FotoProcessando({
  className,
  compact = false,
  announce = true,
}: {
  className?: string;
  /** A small tile (a timeline entry, a thumbnail's place): the text sits beside the icon. */
  compact?: boolean;
  /** Announce it politely; off where another tile on the same screen already does (the detail's timeline). */
  announce?: boolean;
}) {
  return (
    <div
      role={announce ? "status" : undefined}
      aria-live={announce ? "polite" : undefined}
      data-testid="foto-processando"
      className={cn(
        "flex items-center justify-center gap-2 rounded-md border border-dashed bg-muted text-muted-foreground",
        compact ? "px-3 py-2 text-xs" : "flex-col p-4 text-center text-sm",
        className,
      )}
    >
      <Spinner className={cn("shrink-0 motion-reduce:animate-none", compact ? "size-4" : "size-6")} />
      <span>{FOTO_PROCESSANDO_TEXTO}</span>
    </div>
  );
}
