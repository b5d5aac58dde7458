/**
 * The camera of "Tirar foto" (docs/decisions/039-visitor-photos.md), in a dialog loaded on first use
 * (photo-capture.tsx; docs/decisions/026): the rear camera of the gate's tablet in a live preview,
 * "Capturar", then the still with "Tirar outra" and "Usar foto". The camera runs only while the
 * dialog is open: its content unmounts on close (Esc, "Cancelar", the ×, "Usar foto") and every
 * track is stopped then, so the tablet's camera light goes off with it.
 */
import { Camera, CameraOff, Check, FolderOpen, RefreshCw, RotateCcw } from "lucide-react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
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
import { CAMERA_PROBLEMS, CAPTURA_FALHOU, videoFrameToJpeg } from "./photo-capture-image";
import { type CameraStreamState, useCameraStream } from "./use-camera-stream";

/** The camera's own states, and the still under review. */
type CameraState = CameraStreamState | { status: "capturada"; blob: Blob; url: string };

export interface PhotoCaptureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The still the porteiro chose ("Usar foto"); the dialog has closed by then. */
  onPhoto: (blob: Blob) => void;
  /** "Escolher arquivo" inside the dialog (the camera failed): closes it and opens the file picker. */
  onChooseFile: () => void;
  /** Where the focus goes on close; by default back to the button that opened it. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Whose photo: the visitor's by default; a person's page says so. */
  title?: string;
  description?: string;
}

export default function PhotoCaptureDialog({
  open,
  onOpenChange,
  onPhoto,
  onChooseFile,
  onCloseAutoFocus,
  title = "Foto do visitante",
  description = "Enquadre o rosto do visitante e toque em Capturar. O morador vê a foto para decidir.",
}: PhotoCaptureDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus} data-testid="camera-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <CameraPanel
          onPhoto={(blob) => {
            onOpenChange(false);
            onPhoto(blob);
          }}
          onChooseFile={() => {
            onOpenChange(false);
            onChooseFile();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The rear camera of the gate's tablet, where there is one. */
const REAR_CAMERA: MediaTrackConstraints = { facingMode: { ideal: "environment" } };

/**
 * The camera while mounted ("Tentar novamente" remounts it). The stream stays open while the still
 * is reviewed, so "Tirar outra" shows the live image at once.
 */
function useCamera(videoRef: RefObject<HTMLVideoElement | null>) {
  const camera = useCameraStream(videoRef, REAR_CAMERA);
  const [still, setStill] = useState<{ blob: Blob; url: string } | null>(null);

  // The still's object URL lives as long as it is shown.
  useEffect(() => {
    if (!still) return;
    return () => URL.revokeObjectURL(still.url);
  }, [still]);

  const capture = useCallback(async (): Promise<string | null> => {
    const video = videoRef.current;
    if (!video) return CAPTURA_FALHOU;
    try {
      const blob = await videoFrameToJpeg(video);
      setStill({ blob, url: URL.createObjectURL(blob) });
      return null;
    } catch {
      return CAPTURA_FALHOU;
    }
  }, [videoRef]);

  const retake = useCallback(() => setStill(null), []);

  const state: CameraState =
    camera.state.status === "ao-vivo" && still ? { status: "capturada", ...still } : camera.state;
  /** `stop` releases the camera now ("Usar foto"), before the dialog's close animation ends. */
  return { state, capture, retake, stop: camera.stop };
}

interface PanelProps {
  onPhoto: (blob: Blob) => void;
  onChooseFile: () => void;
}

/** "Tentar novamente" remounts the camera view, which asks for the camera again. */
function CameraPanel(props: PanelProps) {
  const [attempt, setAttempt] = useState(0);
  return <CameraView key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

function CameraView({ onPhoto, onChooseFile, onRetry }: PanelProps & { onRetry: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { state, capture, retake, stop } = useCamera(videoRef);
  const [aviso, setAviso] = useState<string | null>(null);
  const [capturando, setCapturando] = useState(false);

  // Focus follows the next step: "Capturar" once the image is live, "Usar foto" on the still,
  // "Tentar novamente" on a failure, "Cancelar" while the camera opens again (the button that had
  // it may be gone).
  const panel = useRef<HTMLDivElement>(null);
  const cancelar = useRef<HTMLButtonElement>(null);
  const capturar = useRef<HTMLButtonElement>(null);
  const usar = useRef<HTMLButtonElement>(null);
  const tentar = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.status === "abrindo") {
      if (!panel.current?.contains(document.activeElement)) cancelar.current?.focus();
    } else if (state.status === "ao-vivo") capturar.current?.focus();
    else if (state.status === "capturada") usar.current?.focus();
    else if (state.status === "erro") tentar.current?.focus();
  }, [state.status]);

  async function onCapture() {
    setCapturando(true);
    setAviso(await capture());
    setCapturando(false);
  }

  const problem = state.status === "erro" ? CAMERA_PROBLEMS[state.problem] : null;

  return (
    <div ref={panel} className="grid min-w-0 gap-3">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg bg-black">
        <video
          ref={videoRef}
          className={state.status === "ao-vivo" ? "size-full object-cover" : "invisible size-full object-cover"}
          muted
          playsInline
          autoPlay
          aria-label="Imagem ao vivo da câmera"
          data-testid="camera-video"
        />
        {state.status === "capturada" && (
          <img
            src={state.url}
            alt="Foto capturada, ainda não enviada"
            className="absolute inset-0 size-full object-contain"
            data-testid="camera-still"
          />
        )}
        {state.status === "abrindo" && (
          <div className="absolute inset-0 flex items-center justify-center text-white/80">
            <Spinner className="size-10" />
          </div>
        )}
        {state.status === "erro" && (
          <div className="absolute inset-0 flex items-center justify-center text-white/70">
            <CameraOff className="size-12" aria-hidden="true" />
          </div>
        )}
      </div>

      {problem ? (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm dark:text-red-200"
        >
          <p className="font-medium">{problem.title}</p>
          <p>{problem.message}</p>
        </div>
      ) : (
        <p role="status" className="flex min-h-5 items-center gap-2 text-muted-foreground text-sm">
          {state.status === "abrindo" &&
            (state.pedindo
              ? "Permita o acesso à câmera no aviso do navegador."
              : "Abrindo a câmera... Se o navegador perguntar, permita o acesso.")}
          {state.status === "ao-vivo" && (aviso ?? "Câmera pronta.")}
          {state.status === "capturada" && "Confira a foto. Se o rosto não estiver nítido, tire outra."}
        </p>
      )}

      <DialogFooter className="gap-2">
        {state.status === "erro" && (
          <>
            <DialogClose asChild>
              <Button variant="outline">Cancelar</Button>
            </DialogClose>
            <Button variant="outline" onClick={onChooseFile}>
              <FolderOpen aria-hidden="true" />
              Escolher arquivo
            </Button>
            <Button ref={tentar} onClick={onRetry}>
              <RefreshCw aria-hidden="true" />
              Tentar novamente
            </Button>
          </>
        )}
        {(state.status === "abrindo" || state.status === "ao-vivo") && (
          <>
            <DialogClose asChild>
              <Button ref={cancelar} variant="outline">
                Cancelar
              </Button>
            </DialogClose>
            <Button ref={capturar} disabled={state.status !== "ao-vivo" || capturando} onClick={onCapture}>
              {capturando ? <Spinner /> : <Camera aria-hidden="true" />}
              Capturar
            </Button>
          </>
        )}
        {state.status === "capturada" && (
          <>
            <Button
              variant="outline"
              onClick={() => {
                setAviso(null);
                retake();
              }}
            >
              <RotateCcw aria-hidden="true" />
              Tirar outra
            </Button>
            <Button
              ref={usar}
              onClick={() => {
                stop();
                onPhoto(state.blob);
              }}
            >
              <Check aria-hidden="true" />
              Usar foto
            </Button>
          </>
        )}
      </DialogFooter>
    </div>
  );
}
