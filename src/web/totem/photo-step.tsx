/**
 * The kiosk's photo step (docs/product.md, "Totem"; docs/decisions/039-visitor-photos.md): before the
 * residents are asked, "Olhe para a câmera" with the tablet's front camera live, a 3-second count and
 * the picture, then "Continuar", "Tirar de novo" or "Não quero foto" (the visitor may always refuse).
 * Each picture and the refusal are handed to the caller as they are made (it sends them, the newest
 * replacing the previous); the camera runs only while this screen is shown. A tablet without a
 * usable camera skips the step: the conversation goes on as without it.
 */
import { Camera, Check, CircleSlash, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { videoFrameToJpeg } from "@/web/components/photo-capture-image";
import { useCameraStream } from "@/web/components/use-camera-stream";
import { KioskButton } from "./kiosk-ui";
import { speak } from "./speech";

/** The count before the picture, in seconds. */
export const CONTAGEM_SEGUNDOS = 3;
export const FOTO_PRIVACIDADE = "A foto é enviada ao morador para ele decidir e apagada após o prazo do condomínio.";
/** The long side of what is sent: the server keeps at most 1280 px (decision 038). */
const LADO_MAX = 1280;
/** The tablet's front camera, facing the visitor, at about the size sent. */
const FRONT_CAMERA: MediaTrackConstraints = { facingMode: "user", width: { ideal: 1280 }, height: { ideal: 960 } };

type Estado =
  | { status: "abrindo" }
  | { status: "contagem"; restam: number }
  | { status: "capturada"; url: string }
  | { status: "sem_imagem" };

/** Whether the tablet has a camera at all (asked without opening it, so no permission is needed). */
export async function hasCamera(): Promise<boolean> {
  const media = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia || !media.enumerateDevices) return false;
  try {
    return (await media.enumerateDevices()).some((d) => d.kind === "videoinput");
  } catch {
    return false;
  }
}

export function PhotoStep({
  onFoto,
  onRecusa,
  onContinuar,
  onActivity,
}: {
  /** A picture was taken (the first or a retake): send it. */
  onFoto: (foto: Blob) => void;
  /** "Não quero foto": record the refusal; the step ends (onContinuar follows). */
  onRecusa: () => void;
  /** Back to the conversation: done, refused, or no camera. */
  onContinuar: () => void;
  /** The visitor is here: the kiosk's silence timer starts over. */
  onActivity: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const continuarRef = useRef<HTMLButtonElement>(null);
  const [estado, setEstado] = useState<Estado>({ status: "abrindo" });
  const handlers = useRef({ onFoto, onRecusa, onContinuar, onActivity });
  handlers.current = { onFoto, onRecusa, onContinuar, onActivity };

  // The screen replaces the conversation: screen readers start at its title, and it is said aloud
  // for whoever is talking to the kiosk without looking at it.
  useEffect(() => {
    headingRef.current?.focus();
    speak("Olhe para a câmera.");
  }, []);

  // The front camera while the screen is shown: live, the count starts; without one (refused,
  // busy, missing) no photo.
  const camera = useCameraStream(videoRef, FRONT_CAMERA).state.status;
  useEffect(() => {
    if (camera === "ao-vivo")
      setEstado((e) => (e.status === "abrindo" ? { status: "contagem", restam: CONTAGEM_SEGUNDOS } : e));
    else if (camera === "erro") setEstado({ status: "sem_imagem" });
  }, [camera]);

  // No camera after all: carry on with the conversation, nothing recorded.
  useEffect(() => {
    if (estado.status === "sem_imagem") handlers.current.onContinuar();
  }, [estado.status]);

  const capture = useCallback(async () => {
    const video = videoRef.current;
    // The first frames may not have arrived yet: a few more tries, a quarter-second apart.
    // As the camera sees the visitor (the residents see the real face), not the mirrored preview.
    for (let attempt = 0; video && attempt < 12; attempt++) {
      const blob = await videoFrameToJpeg(video, LADO_MAX).catch(() => null);
      if (blob) {
        setEstado({ status: "capturada", url: URL.createObjectURL(blob) });
        handlers.current.onFoto(blob);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    setEstado({ status: "sem_imagem" });
  }, []);

  // The count: one step a second, then the picture.
  const restam = estado.status === "contagem" ? estado.restam : null;
  useEffect(() => {
    if (restam === null) return;
    handlers.current.onActivity();
    const timer = setTimeout(() => {
      if (restam > 1) setEstado({ status: "contagem", restam: restam - 1 });
      else void capture();
    }, 1000);
    return () => clearTimeout(timer);
  }, [restam, capture]);

  // The still's address lives as long as it is shown.
  const url = estado.status === "capturada" ? estado.url : null;
  useEffect(() => {
    if (!url) return;
    continuarRef.current?.focus();
    return () => URL.revokeObjectURL(url);
  }, [url]);

  const recusar = () => {
    handlers.current.onRecusa();
    handlers.current.onContinuar();
  };

  const aviso =
    estado.status === "abrindo"
      ? "Abrindo a câmera…"
      : estado.status === "contagem"
        ? `A foto será tirada em ${estado.restam}…`
        : estado.status === "capturada"
          ? "Foto tirada. Toque em Continuar, ou tire de novo."
          : "";

  return (
    <main className="flex min-h-0 flex-1 flex-col items-center gap-4 overflow-y-auto px-4 py-4 text-center sm:gap-6 sm:px-8 sm:py-6">
      <h1 ref={headingRef} tabIndex={-1} className="font-bold text-3xl outline-none sm:text-5xl">
        Olhe para a câmera
      </h1>
      <div className="relative aspect-[4/3] w-full max-w-2xl overflow-hidden rounded-3xl border-4 border-neutral-900 bg-neutral-900 max-sm:max-h-[45svh] sm:max-h-[55svh]">
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Imagem da câmera"
          data-testid="totem-camera"
          // A mirror: the visitor moves to the side they mean to.
          className="absolute inset-0 size-full -scale-x-100 object-cover"
          hidden={estado.status === "capturada"}
        />
        {url && <img src={url} alt="A sua foto" className="absolute inset-0 size-full object-cover" />}
        {restam !== null && (
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center font-bold text-[9rem] text-white leading-none [text-shadow:0_0_24px_rgb(0_0_0)]"
          >
            {restam}
          </span>
        )}
        {estado.status === "abrindo" && (
          <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-white">
            <Camera className="size-20" />
          </span>
        )}
      </div>
      <p role="status" className="min-h-8 font-semibold text-2xl sm:text-3xl">
        {aviso}
      </p>
      <p className="max-w-2xl text-neutral-800 text-xl sm:text-2xl">{FOTO_PRIVACIDADE}</p>
      <div className="flex w-full max-w-2xl flex-wrap justify-center gap-3">
        {estado.status === "capturada" && (
          <>
            <KioskButton
              ref={continuarRef}
              onClick={() => handlers.current.onContinuar()}
              className="max-sm:w-full sm:flex-1"
            >
              <Check aria-hidden="true" />
              Continuar
            </KioskButton>
            <KioskButton
              variant="secondary"
              onClick={() => setEstado({ status: "contagem", restam: CONTAGEM_SEGUNDOS })}
              className="max-sm:w-full sm:flex-1"
            >
              <RotateCcw aria-hidden="true" />
              Tirar de novo
            </KioskButton>
          </>
        )}
        <KioskButton variant="secondary" onClick={recusar} className="max-sm:w-full sm:flex-1">
          <CircleSlash aria-hidden="true" />
          Não quero foto
        </KioskButton>
      </div>
    </main>
  );
}
