/**
 * One camera stream shown in a <video>, for as long as the calling component is mounted: the
 * console's "Tirar foto" (docs/decisions/039-visitor-photos.md), "Ler QR Code" on Portaria and the
 * kiosk's photo step (docs/product.md, "Totem"). A stream left running keeps the device's camera
 * light on and its processor busy, so every stream this opens is stopped: on unmount, when the
 * constraints change and a new one replaces it, on `stop()`, and also one that arrives after any of
 * those (the permission prompt was still open).
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { type CameraProblem, cameraProblem } from "./photo-capture-image";

export type CameraStreamState =
  /** Waiting for getUserMedia; `pedindo`: the browser is asking the user for the camera. */
  | { status: "abrindo"; pedindo: boolean }
  /** The stream plays in the video. */
  | { status: "ao-vivo" }
  | { status: "erro"; problem: CameraProblem };

/** Whether the browser will ask for the camera (Permissions API where it knows "camera"). */
async function willAsk(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: "camera" as PermissionName });
    return status?.state === "prompt";
  } catch {
    return false;
  }
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Opens the camera with `video` (e.g. `{ facingMode: "environment" }`, the rear camera; compared by
 * value, so a literal per render is fine) into `videoRef`'s element. To ask again after a failure,
 * remount the caller ("Tentar novamente").
 */
export function useCameraStream(videoRef: RefObject<HTMLVideoElement | null>, video: MediaTrackConstraints) {
  const [state, setState] = useState<CameraStreamState>({ status: "abrindo", pedindo: false });
  const stopRef = useRef<() => void>(() => undefined);
  const constraints = JSON.stringify(video);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    setState({ status: "abrindo", pedindo: false });

    const stop = () => {
      stopped = true;
      stopTracks(stream);
      stream = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    };
    stopRef.current = stop;

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ status: "erro", problem: "sem-suporte" });
        return;
      }
      void willAsk().then((pedindo) => {
        if (!stopped && pedindo) setState((s) => (s.status === "abrindo" ? { status: "abrindo", pedindo } : s));
      });
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({ video: JSON.parse(constraints), audio: false });
      } catch (error) {
        if (!stopped) setState({ status: "erro", problem: cameraProblem(error) });
        return;
      }
      // Stopped while the permission prompt was open: release the camera at once.
      if (stopped) return stopTracks(media);
      stream = media;
      const element = videoRef.current;
      if (!element) {
        stop();
        setState({ status: "erro", problem: "erro" });
        return;
      }
      element.srcObject = media;
      // Muted and inline, so autoplay is allowed; a refused play() still shows frames on most browsers.
      await element.play().catch(() => undefined);
      if (!stopped) setState({ status: "ao-vivo" });
    }

    void start();
    return stop;
  }, [videoRef, constraints]);

  /** Releases the camera now (a still was chosen, a code was read), before the caller unmounts. */
  const stop = useCallback(() => stopRef.current(), []);

  return { state, stop };
}
