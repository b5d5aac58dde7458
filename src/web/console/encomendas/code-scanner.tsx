/**
 * The camera reading a code at the gate (docs/product.md, "Encomendas"): a package label's barcode
 * (the tracking code: Code 128 on Correios' and most carriers' labels, sometimes a QR Code or Data
 * Matrix) or the QR Code the morador's screen shows (its text is the 6-digit pickup code). The
 * browser's BarcodeDetector decodes where it reads the formats; elsewhere ZXing, loaded only then,
 * so it stays out of the console's bundle. The camera (the photo feature's hook) stops on the first
 * result, on a failure, and when the dialog closes.
 */
import { CameraOff, RefreshCw } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { CameraProblem } from "@/web/components/photo-capture-image";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useCameraStream } from "@/web/components/use-camera-stream";

export type CodeKind = "etiqueta" | "qr";

const SCAN_INTERVAL_MS = 200;
/** Frames for ZXing are read at the video's size up to this width: a label's bars need the detail. */
const MAX_FRAME_WIDTH = 1280;

/** The formats each reading looks for (BarcodeDetector's names). */
const NATIVE_FORMATS: Record<CodeKind, string[]> = {
  etiqueta: [
    "code_128",
    "code_39",
    "code_93",
    "codabar",
    "ean_13",
    "ean_8",
    "itf",
    "upc_a",
    "upc_e",
    "qr_code",
    "data_matrix",
  ],
  qr: ["qr_code"],
};

/** The parts of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

/** BarcodeDetector where it reads at least the code this reading needs (Code 128 or QR). */
async function nativeDecoder(kind: CodeKind): Promise<Decoder | null> {
  if (!("BarcodeDetector" in window)) return null;
  const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
  try {
    const supported = await Detector.getSupportedFormats?.();
    const wanted = NATIVE_FORMATS[kind];
    const formats = supported ? wanted.filter((f) => supported.includes(f)) : wanted;
    if (!formats.includes(kind === "qr" ? "qr_code" : "code_128")) return null;
    const detector = new Detector({ formats });
    return async (video) => (await detector.detect(video)).find((code) => code.rawValue)?.rawValue ?? null;
  } catch {
    return null;
  }
}

/** ZXing's multi-format reader on a canvas frame; "nothing found" is an exception there. */
async function zxingDecoder(kind: CodeKind): Promise<Decoder> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import("@zxing/browser"),
    import("@zxing/library"),
  ]);
  const formats =
    kind === "qr"
      ? [BarcodeFormat.QR_CODE]
      : [
          BarcodeFormat.CODE_128,
          BarcodeFormat.CODE_39,
          BarcodeFormat.CODE_93,
          BarcodeFormat.CODABAR,
          BarcodeFormat.EAN_13,
          BarcodeFormat.EAN_8,
          BarcodeFormat.ITF,
          BarcodeFormat.UPC_A,
          BarcodeFormat.UPC_E,
          BarcodeFormat.QR_CODE,
          BarcodeFormat.DATA_MATRIX,
        ];
  const hints = new Map<unknown, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, formats],
    [DecodeHintType.TRY_HARDER, kind === "etiqueta"],
  ]);
  // biome-ignore lint/suspicious/noExplicitAny: ZXing types its hints map with `any`
  const reader = new BrowserMultiFormatReader(hints as Map<any, any>);
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("canvas 2d indisponível");
  return async (video) => {
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (!width || !height) return null;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    try {
      return reader.decodeFromCanvas(canvas).getText() || null;
    } catch {
      return null;
    }
  };
}

type ScannerState = { status: "starting" } | { status: "scanning" } | { status: "error"; message: string };

/** The rear camera, where there is one: the porteiro points the tablet at the label or the phone. */
const REAR_CAMERA: MediaTrackConstraints = { facingMode: "environment" };

const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  negada: "Permissão da câmera negada. Libere o acesso à câmera nas configurações do navegador ou digite o código.",
  "sem-camera": "Nenhuma câmera encontrada neste aparelho. Digite o código.",
  ocupada:
    "A câmera está em uso por outro aplicativo ou não respondeu. Feche o outro aplicativo e tente novamente, ou digite o código.",
  "sem-suporte": "Este navegador não abre a câmera. Digite o código.",
  erro: "Não foi possível abrir a câmera. Tente novamente ou digite o código.",
};

/** Starts the camera while mounted and calls `onResult` once with the first code read. */
function useCodeScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  kind: CodeKind,
  onResult: (text: string) => void,
): ScannerState {
  const camera = useCameraStream(videoRef, REAR_CAMERA);
  const [decoder, setDecoder] = useState<"loading" | "ready" | "failed">("loading");
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  const { stop } = camera;
  const live = camera.state.status === "ao-vivo";
  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function scan() {
      const decode = (await nativeDecoder(kind)) ?? (await zxingDecoder(kind));
      if (stopped) return;
      setDecoder("ready");
      const tick = async () => {
        const video = videoRef.current;
        if (stopped || !video) return;
        let text: string | null = null;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          try {
            text = await decode(video);
          } catch {
            // A frame the decoder cannot read (mid-resize, blank): the next one is tried.
          }
        }
        if (stopped) return;
        if (text) {
          stopped = true;
          stop();
          onResultRef.current(text.trim());
          return;
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    }

    scan().catch(() => {
      if (stopped) return;
      stopped = true;
      stop();
      setDecoder("failed");
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [live, stop, videoRef, kind]);

  if (camera.state.status === "erro") return { status: "error", message: CAMERA_MESSAGES[camera.state.problem] };
  if (decoder === "failed") return { status: "error", message: CAMERA_MESSAGES.erro };
  return live && decoder === "ready" ? { status: "scanning" } : { status: "starting" };
}

const TEXTS: Record<CodeKind, { title: string; description: string; aim: string }> = {
  etiqueta: {
    title: "Ler código de barras",
    description: "Aponte a câmera para o código de barras da etiqueta da encomenda.",
    aim: "Procurando código de barras... Mantenha a etiqueta dentro do quadro.",
  },
  qr: {
    title: "Ler QR Code do morador",
    description: "Aponte a câmera para o QR Code que o morador mostra no celular.",
    aim: "Procurando QR Code... Mantenha o código dentro do quadro.",
  },
};

/**
 * The camera in a dialog, controlled by the caller (its trigger lives in the form). The reader
 * mounts with the dialog's content and unmounts with it, so closing always releases the camera.
 */
export function CodeScannerDialog({
  kind,
  open,
  onOpenChange,
  onRead,
}: {
  kind: CodeKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The code's text, once; the dialog has closed by then. */
  onRead: (text: string) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const texts = TEXTS[kind];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {open && (
          <CameraView
            key={attempt}
            kind={kind}
            aim={texts.aim}
            onRead={(text) => {
              onOpenChange(false);
              onRead(text);
            }}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              Cancelar
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CameraView({
  kind,
  aim,
  onRead,
  onRetry,
}: {
  kind: CodeKind;
  aim: string;
  onRead: (text: string) => void;
  onRetry: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const state = useCodeScanner(videoRef, kind, onRead);
  return (
    <div className="grid gap-3">
      <div className="relative aspect-square w-full overflow-hidden rounded-lg bg-black sm:aspect-video">
        <video
          ref={videoRef}
          className="size-full object-cover"
          muted
          playsInline
          autoPlay
          aria-label="Imagem da câmera"
          data-testid="codigo-video"
        />
        {state.status === "scanning" && (
          <div
            aria-hidden="true"
            className={
              kind === "qr"
                ? "pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]"
                : "pointer-events-none absolute inset-x-[8%] inset-y-[30%] rounded-xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]"
            }
          />
        )}
        {state.status === "error" && (
          <div className="absolute inset-0 flex items-center justify-center text-white/70">
            <CameraOff className="size-12" aria-hidden="true" />
          </div>
        )}
      </div>
      {state.status === "error" ? (
        <div
          role="alert"
          className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm dark:text-red-200"
        >
          <p>{state.message}</p>
          <Button variant="outline" className="w-fit text-foreground" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          {state.status === "starting" ? (
            <>
              <Spinner />
              Abrindo a câmera...
            </>
          ) : (
            aim
          )}
        </p>
      )}
    </div>
  );
}
