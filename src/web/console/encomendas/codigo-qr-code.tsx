import { QrCodeImage } from "@/web/components/qr-code";

/**
 * The pickup code as a QR Code, for the porteiro to read from the resident's phone (docs/product.md,
 * "Encomendas"): it holds the 6 digits only, the same the resident could say aloud.
 */
export function CodigoQrCode({ codigo, className }: { codigo: string; className?: string }) {
  return (
    <QrCodeImage
      value={codigo}
      alt={`QR Code do código de retirada ${codigo}`}
      fallback="Informe o código."
      testId="encomenda-qr-code"
      className={className}
      compact
    />
  );
}
