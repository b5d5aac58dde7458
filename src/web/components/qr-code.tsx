import { QrCode as QrIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/utils";

type QrState = { value: string; src: string } | { value: string; failed: true };

/**
 * A QR Code drawn in the browser (a pass's token, a package's pickup code). `qrcode` is loaded on
 * first use, so only the screens that show one pay for it; the SVG goes into an <img> through a data
 * URL (no markup injected). White around the code in the dark theme too: a reader needs the quiet
 * zone light.
 */
export function QrCodeImage({
  value,
  alt,
  fallback,
  testId,
  className,
  compact = false,
}: {
  value: string;
  alt: string;
  /** What to do without the image ("Use o PIN."). */
  fallback: string;
  testId?: string;
  className?: string;
  /** The smaller box of a card (the resident's package) instead of a detail's. */
  compact?: boolean;
}) {
  const [state, setState] = useState<QrState | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const QRCode = await import("qrcode");
        const svg = await QRCode.toString(value, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
        if (!cancelled) setState({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      } catch {
        if (!cancelled) setState({ value, failed: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [value]);

  const current = state?.value === value ? state : null;
  const box = cn("aspect-square w-full rounded-lg border", compact ? "max-w-40" : "max-w-56", className);

  if (!current) return <Skeleton className={box} role="status" aria-label="Gerando QR Code..." />;
  if ("failed" in current) {
    return (
      <div
        className={cn(
          box,
          "flex flex-col items-center justify-center gap-2 bg-muted p-2 text-center text-muted-foreground",
        )}
        role="alert"
      >
        <QrIcon className={compact ? "size-6" : "size-8"} aria-hidden="true" />
        <p className={compact ? "text-xs" : "text-sm"}>Não foi possível gerar o QR Code. {fallback}</p>
      </div>
    );
  }
  return <img src={current.src} alt={alt} className={cn(box, "bg-white p-2")} data-testid={testId} />;
}
