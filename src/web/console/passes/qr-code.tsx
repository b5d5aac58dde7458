import { QrCodeImage } from "@/web/components/qr-code";

/** The pass's QR Code (its signed token), read at the gate. */
export function PasseQrCode({ token, nome, className }: { token: string; nome: string; className?: string }) {
  return (
    <QrCodeImage
      value={token}
      alt={`QR Code do passe de ${nome}`}
      fallback="Use o PIN."
      testId="passe-qr-code"
      className={className}
    />
  );
}
