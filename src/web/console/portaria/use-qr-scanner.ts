/**
 * Reads a QR Code with the device's camera: the rear camera in a <video>, decoded every ~200 ms by
 * the browser's BarcodeDetector where it reads QR Codes, or else by jsQR on a canvas frame (loaded
 * only then, so it stays out of the console's bundle). The camera stops on the first result, on a
 * failure and when the caller unmounts (the dialog closing).
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { useCameraStream } from "@/web/components/use-camera-stream";
import { qrCameraMessage } from "./portaria-helpers";

const SCAN_INTERVAL_MS = 200;
/** Frames are scaled down to this width for jsQR: enough for a QR held at the gate, and fast on a tablet. */
const MAX_FRAME_WIDTH = 640;

export type ScannerState = { status: "starting" } | { status: "scanning" } | { status: "error"; message: string };

/** The parts of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

/** BarcodeDetector exists on some platforms without QR support: then it is not used. */
async function nativeDecoder(): Promise<Decoder | null> {
  if (!("BarcodeDetector" in window)) return null;
  const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
  try {
    const formats = await Detector.getSupportedFormats?.();
    if (formats && !formats.includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video)).find((code) => code.rawValue)?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrDecoder(): Promise<Decoder> {
  const { default: jsQR } = await import("jsqr");
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
    const frame = context.getImageData(0, 0, width, height);
    // A pass's QR is dark on light (a phone screen or paper): inverted images are not tried, which halves the work.
    return jsQR(frame.data, width, height, { inversionAttempts: "dontInvert" })?.data || null;
  };
}

/** The rear camera, where there is one: the porteiro points the tablet at the visitor's phone. */
const REAR_CAMERA: MediaTrackConstraints = { facingMode: "environment" };

/** Starts the camera while mounted and calls `onResult` once with the first QR Code read. */
export function useQrScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  onResult: (text: string) => void,
): ScannerState {
  const camera = useCameraStream(videoRef, REAR_CAMERA);
  /** The decoder's part, once the image is live: `failed`, none could load (e.g. jsQR's chunk, offline). */
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
      const decode = (await nativeDecoder()) ?? (await jsqrDecoder());
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
          onResultRef.current(text);
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
  }, [live, stop, videoRef]);

  if (camera.state.status === "erro") return { status: "error", message: qrCameraMessage(camera.state.problem) };
  if (decoder === "failed") return { status: "error", message: qrCameraMessage("erro") };
  return live && decoder === "ready" ? { status: "scanning" } : { status: "starting" };
}
