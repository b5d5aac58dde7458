import { QrCode } from "lucide-react";
import { useEffect, useState } from "react";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/utils";

type QrState = { token: string; src: string } | { token: string; failed: true };

/**
 * The pass's QR Code, drawn in the browser. `qrcode` is loaded on first use, so only the pass
 * detail pays for it; the SVG goes into an <img> through a data URL (no markup injected).
 */
export function PasseQrCode({ token, nome, className }: { token: string; nome: string; className?: string }) {
  const [state, setState] = useState<QrState | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const QRCode = await import("qrcode");
        const svg = await QRCode.toString(token, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
        if (!cancelled) setState({ token, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      } catch {
        if (!cancelled) setState({ token, failed: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token]);

  const current = state?.token === token ? state : null;
  const box = cn("aspect-square w-full max-w-56 rounded-lg border", className);

  if (!current) return <Skeleton className={box} role="status" aria-label="Gerando QR Code..." />;
  if ("failed" in current) {
    return (
      <div
        className={cn(
          box,
          "flex flex-col items-center justify-center gap-2 bg-muted text-center text-muted-foreground",
        )}
        role="alert"
      >
        <QrCode className="size-8" aria-hidden="true" />
        <p className="text-sm">Não foi possível gerar o QR Code. Use o PIN.</p>
      </div>
    );
  }
  return (
    <img
      src={current.src}
      alt={`QR Code do passe de ${nome}`}
      // White around the code in the dark theme too: a reader needs the quiet zone light.
      className={cn(box, "bg-white p-2")}
      data-testid="passe-qr-code"
    />
  );
}
