/**
 * A pairing link, shown once (docs/product.md, "Totem"): the link to open on the gate's tablet, "Copiar",
 * its QR Code for the tablet's camera, and how long it works. The code is single use and valid for
 * TOTEM_PAREAMENTO_MINUTOS; the server keeps only its hash, so closing the dialog loses it (a new link
 * is one click away: "Gerar novo link").
 */
import { QrCode } from "lucide-react";
import { useEffect, useState } from "react";
import { TOTEM_PAREAMENTO_MINUTOS, type TotemPareamento } from "@/shared/schemas/totens";
import { formatDateTime } from "@/web/components/relative-time";
import { Skeleton } from "@/web/components/ui/skeleton";
import { SegredoUmaVez } from "@/web/console/configuracoes/segredo";
import { cn } from "@/web/lib/utils";

export const PAREAMENTO_LINK_ID = "totem-link-pareamento";
export const PAREAMENTO_AVISO_ID = "totem-link-pareamento-aviso";

type QrState = { text: string; src: string } | { text: string; failed: true };

/**
 * The link as a QR Code, drawn in the browser like a pass's: `qrcode` loads on first use, and the SVG
 * goes into an <img> through a data URL (no markup injected).
 */
export function PareamentoQrCode({ link, nome, className }: { link: string; nome: string; className?: string }) {
  const [state, setState] = useState<QrState | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const QRCode = await import("qrcode");
        const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
        if (!cancelled) setState({ text: link, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      } catch {
        if (!cancelled) setState({ text: link, failed: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [link]);

  const current = state?.text === link ? state : null;
  const box = cn("aspect-square w-full max-w-52 rounded-lg border", className);
  if (!current) return <Skeleton className={box} role="status" aria-label="Gerando QR Code..." />;
  if ("failed" in current)
    return (
      <div
        className={cn(
          box,
          "flex flex-col items-center justify-center gap-2 bg-muted p-4 text-center text-muted-foreground",
        )}
        role="alert"
      >
        <QrCode className="size-8" aria-hidden="true" />
        <p className="text-sm">Não foi possível gerar o QR Code. Abra o link no tablet.</p>
      </div>
    );
  return (
    <img
      src={current.src}
      alt={`QR Code do link de pareamento do totem ${nome}`}
      // White around the code in the dark theme too: a camera needs the quiet zone light.
      className={cn(box, "bg-white p-2")}
      data-testid="totem-qr-code"
    />
  );
}

/** The dialog's body once the link exists: the warning, the link with "Copiar", the QR Code and "Concluir". */
export function PareamentoView({ pareamento, onDone }: { pareamento: TotemPareamento; onDone: () => void }) {
  const { totem } = pareamento;
  return (
    <SegredoUmaVez
      id={PAREAMENTO_LINK_ID}
      avisoId={PAREAMENTO_AVISO_ID}
      aviso={
        <>
          <strong className="font-semibold">
            Válido por {TOTEM_PAREAMENTO_MINUTOS} minutos, uso único (até as{" "}
            {formatDateTime(pareamento.expira_em).slice(11)}).
          </strong>{" "}
          Abra o link no tablet do portão {totem.portao_nome}, ou leia o QR Code com a câmera do tablet. Este link não
          será mostrado de novo; se expirar, gere outro.
        </>
      }
      label="Link de pareamento"
      segredo={pareamento.link}
      copiadoLabel="Copiado"
      copiadoToast={{ title: "Link copiado", description: "Abra-o no navegador do tablet do totem." }}
      selecionadoToast={{ title: "Copie o link selecionado", description: "Use Ctrl+C (ou ⌘+C) para copiá-lo." }}
      onDone={onDone}
    >
      <div className="flex justify-center">
        <PareamentoQrCode link={pareamento.link} nome={totem.nome} />
      </div>
    </SegredoUmaVez>
  );
}
