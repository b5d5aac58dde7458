/**
 * The visitor's photo as a thumbnail beside their name in lists: the requests' list, the dashboard's
 * latest and the access log (docs/product.md, "Fotos"). The box is fixed at 40×40, so the row does not
 * move when the image arrives, and the image loads only when scrolled to. The address is signed for
 * the reader and short-lived (docs/decisions/039-visitor-photos.md); without one nothing is drawn.
 */
import { cn } from "@/web/lib/utils";

export function VisitorThumbnail({
  src,
  nome,
  className,
}: {
  /** The row's `foto_miniatura_url`; null or absent draws nothing. */
  src: string | null | undefined;
  nome: string;
  className?: string;
}) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt={`Foto de ${nome}`}
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      className={cn("size-10 shrink-0 rounded-md bg-muted object-cover", className)}
      data-testid="foto-miniatura"
    />
  );
}
