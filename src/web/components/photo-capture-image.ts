/**
 * The visitor's photo before it is sent (docs/decisions/039-visitor-photos.md): whatever the camera or
 * a chosen file gave becomes one JPEG of at most 1600 px on its long side, so a tablet's 12-megapixel
 * still or a phone's 8 MB file uploads in a second over the gate's Wi-Fi. The server re-encodes it
 * again (and drops EXIF); this only keeps the upload small. The texts are the porteiro's: every
 * camera failure ends with the way out, choosing a file.
 */
import { FOTO_CONTENT_TYPES } from "@/shared/schemas/fotos";

/** The long side of what is sent: more than the display rendition the server keeps (1280 px). */
export const FOTO_MAX_LADO = 1600;
export const FOTO_JPEG_QUALIDADE = 0.85;

/** Scales `width × height` down (never up) so the long side is at most `max`; whole pixels, at least 1. */
export function fitWithin(width: number, height: number, max = FOTO_MAX_LADO): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export type CameraProblem = "negada" | "sem-camera" | "ocupada" | "sem-suporte" | "erro";

export const CAMERA_PROBLEMS: Record<CameraProblem, { title: string; message: string }> = {
  negada: {
    title: "Acesso à câmera negado",
    message: "Permita o acesso à câmera nas configurações do navegador, ou escolha um arquivo.",
  },
  "sem-camera": {
    title: "Nenhuma câmera encontrada",
    message: "Este aparelho não tem câmera disponível. Escolha um arquivo.",
  },
  ocupada: {
    title: "A câmera não respondeu",
    message:
      "A câmera está em uso por outro aplicativo ou não respondeu. Feche o outro aplicativo e tente novamente, ou escolha um arquivo.",
  },
  "sem-suporte": {
    title: "Câmera indisponível neste navegador",
    message:
      "Este navegador não permite usar a câmera nesta página (é preciso um navegador atualizado e conexão segura). Escolha um arquivo.",
  },
  erro: {
    title: "Não foi possível abrir a câmera",
    message: "Tente novamente ou escolha um arquivo.",
  },
};

/** A getUserMedia failure (a DOMException, by name) as the porteiro reads it. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return "negada";
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return "sem-camera";
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return "ocupada";
    case "NotSupportedError":
      return "sem-suporte";
    default:
      return "erro";
  }
}

export const ARQUIVO_TIPO_INVALIDO = "Escolha uma imagem JPEG, PNG ou WebP.";
export const ARQUIVO_ILEGIVEL = "Não foi possível ler esta imagem. Escolha outra foto (JPEG, PNG ou WebP).";
export const CAPTURA_FALHOU = "A câmera ainda não mostrou imagem. Aguarde um instante e capture de novo.";

/** Why a chosen file cannot be the photo, before it is read (the picker's `accept` is only a hint); null when it may. */
export function arquivoRecusado(file: Pick<File, "type" | "size">): string | null {
  if (!(FOTO_CONTENT_TYPES as readonly string[]).includes(file.type.toLowerCase())) return ARQUIVO_TIPO_INVALIDO;
  if (file.size === 0) return ARQUIVO_ILEGIVEL;
  return null;
}

/** Draws `source` (a video frame or a decoded image) at most `max` (FOTO_MAX_LADO) wide or tall, as a JPEG. */
export function drawToJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  max = FOTO_MAX_LADO,
): Promise<Blob> {
  const size = fitWithin(width, height, max);
  if (!size.width) return Promise.reject(new Error(CAPTURA_FALHOU));
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error(CAPTURA_FALHOU));
  context.drawImage(source, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(CAPTURA_FALHOU))),
      "image/jpeg",
      FOTO_JPEG_QUALIDADE,
    ),
  );
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to draw. */
const HAVE_CURRENT_DATA = 2;

/**
 * The video's current frame, as the camera sees it (not a mirrored preview), as a JPEG of at most
 * `max` on its long side. Rejects with CAPTURA_FALHOU while the camera has not shown a frame yet.
 */
export function videoFrameToJpeg(
  video: Pick<HTMLVideoElement, "readyState" | "videoWidth" | "videoHeight"> & CanvasImageSource,
  max = FOTO_MAX_LADO,
): Promise<Blob> {
  if (video.readyState < HAVE_CURRENT_DATA) return Promise.reject(new Error(CAPTURA_FALHOU));
  return drawToJpeg(video, video.videoWidth, video.videoHeight, max);
}

/**
 * A chosen file as the JPEG to send: decoded by the browser (upright, as the EXIF orientation says),
 * scaled and re-encoded. Rejects with the pt-BR reason.
 */
export async function arquivoParaJpeg(file: File): Promise<Blob> {
  const recusa = arquivoRecusado(file);
  if (recusa) throw new Error(recusa);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(ARQUIVO_ILEGIVEL);
  }
  try {
    return await drawToJpeg(bitmap, bitmap.width, bitmap.height);
  } catch {
    throw new Error(ARQUIVO_ILEGIVEL);
  } finally {
    bitmap.close();
  }
}
