/**
 * Reads a QR Code with the device's camera: the rear camera in a <video>, decoded every ~200 ms by
 * the browser's BarcodeDetector where it reads QR Codes, or else by jsQR on a canvas frame (loaded
 * only then, so it stays out of the console's bundle). The camera stops on the first result, on a
 * failure and when the caller unmounts (the dialog closing).
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { CAMERA_UNAVAILABLE, cameraErrorMessage } from "./portaria-helpers";

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

/** Starts the camera while mounted and calls `onResult` once with the first QR Code read. */
export function useQrScanner(videoRef: RefObject<HTMLVideoElement | null>, onResult: (text: string) => void) {
  const [state, setState] = useState<ScannerState>({ status: "starting" });
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function stop() {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ status: "error", message: CAMERA_UNAVAILABLE });
        return;
      }
      try {
        const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        // Closed while the permission prompt was open: release the camera at once.
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (!video) return stop();
        video.srcObject = media;
        // Muted and inline, so autoplay is allowed; a refused play() still shows frames on most browsers.
        await video.play().catch(() => undefined);
        const decode = (await nativeDecoder()) ?? (await jsqrDecoder());
        if (stopped) return;
        setState({ status: "scanning" });

        const tick = async () => {
          if (stopped) return;
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
            stop();
            onResultRef.current(text);
            return;
          }
          timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        if (stopped) return;
        stop();
        setState({ status: "error", message: cameraErrorMessage(error) });
      }
    }

    void start();
    return stop;
  }, [videoRef]);

  return state;
}
