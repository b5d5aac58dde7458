/**
 * Every uploaded image is decoded and re-encoded before anything is stored
 * (docs/decisions/038-photo-storage.md): the type comes from the bytes, never from a header or a file
 * name; a file over the byte limit is refused as soon as the limit is passed (the rest is never read);
 * a decompression bomb is refused from its declared dimensions before any pixel is decoded; the
 * picture is turned upright by its EXIF orientation and every metadata block (EXIF with GPS, XMP,
 * IPTC, ICC) is dropped. What is kept is a display JPEG and a thumbnail; the original never is.
 */
import type { Readable } from "node:stream";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../http/errors";
import { sha256Hex } from "./blob-store";

// Each upload is a different image: sharp's operation cache would only hold memory.
sharp.cache(false);

export interface ImageLimits {
  /** Bytes read at most: one more and the upload is refused. */
  maxBytes: number;
  /** Width × height at most, read from the header before decoding. */
  maxPixels: number;
  /** Long side of the display image, in pixels (never enlarged). */
  displaySize: number;
  /** Long side of the thumbnail, in pixels. */
  thumbnailSize: number;
}

export const IMAGE_LIMITS: ImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  displaySize: 1280,
  thumbnailSize: 256,
};

/** A decode that takes longer than this is abandoned (a hostile file, an overloaded machine). */
const DECODE_TIMEOUT_S = 15;

export type ImageRefusalCode =
  | "IMAGE_EMPTY"
  | "IMAGE_NOT_AN_IMAGE"
  | "IMAGE_TOO_LARGE"
  | "IMAGE_TOO_MANY_PIXELS"
  | "IMAGE_UNREADABLE";

const STATUS = {
  IMAGE_EMPTY: 400,
  IMAGE_NOT_AN_IMAGE: 415,
  IMAGE_TOO_LARGE: 413,
  IMAGE_TOO_MANY_PIXELS: 413,
  IMAGE_UNREADABLE: 422,
} as const;

/** An upload refused with the reason in pt-BR; nothing of it was stored. An AppError: a route may let it through. */
export class ImageRefused extends AppError {
  declare readonly code: ImageRefusalCode;
  constructor(code: ImageRefusalCode, message: string) {
    super(STATUS[code], code, message);
    this.name = "ImageRefused";
  }
}

const decimal = (n: number) => n.toLocaleString("pt-BR", { maximumFractionDigits: 1 });

export const imageRefusals = {
  empty: () => new ImageRefused("IMAGE_EMPTY", "O arquivo está vazio."),
  notAnImage: () => new ImageRefused("IMAGE_NOT_AN_IMAGE", "O arquivo não é uma imagem (JPEG, PNG ou WebP)."),
  tooLarge: (limits: ImageLimits) =>
    new ImageRefused("IMAGE_TOO_LARGE", `A imagem passa de ${decimal(limits.maxBytes / (1024 * 1024))} MB.`),
  tooManyPixels: (limits: ImageLimits) =>
    new ImageRefused(
      "IMAGE_TOO_MANY_PIXELS",
      `A imagem é grande demais (mais de ${decimal(limits.maxPixels / 1_000_000)} megapixels).`,
    ),
  unreadable: () =>
    new ImageRefused(
      "IMAGE_UNREADABLE",
      "Não foi possível ler a imagem: o arquivo está corrompido ou incompleto. Envie outra foto.",
    ),
};

export type ImageFormat = "jpeg" | "png" | "webp";

/** Bytes needed to tell the accepted types apart. */
const SNIFF_BYTES = 12;

/**
 * The type from the first bytes (magic numbers). HEIC is not accepted: sharp's prebuilt libvips
 * decodes AVIF but not HEVC; phones' browsers send JPEG when a photo is picked for upload.
 */
export function sniffImageType(bytes: Uint8Array): ImageFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // "RIFF" <size> "WEBP"
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/**
 * Reads a stream up to `maxBytes`, refusing (and destroying the stream) as soon as it goes past the
 * limit or its first bytes are not an accepted image: memory holds at most the limit plus one chunk.
 */
async function readLimited(input: Readable, limits: ImageLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  let sniffed = false;
  try {
    for await (const chunk of input) {
      const bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      total += bytes.byteLength;
      if (total > limits.maxBytes) throw imageRefusals.tooLarge(limits);
      chunks.push(bytes);
      if (!sniffed && total >= SNIFF_BYTES) {
        if (!sniffImageType(Buffer.concat(chunks))) throw imageRefusals.notAnImage();
        sniffed = true;
      }
    }
  } finally {
    // Leaving the loop early already destroys the stream; an error in it must not leave it open.
    if (!input.destroyed && !input.readableEnded) input.destroy();
  }
  return Buffer.concat(chunks, total);
}

export interface ImageRendition {
  data: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
  /** Hex SHA-256 of `data`: the rendition's key in the blob store. */
  sha256: string;
}

export interface ProcessedImage {
  /** What was received: the type sniffed from the bytes, its size and its upright dimensions. */
  source: { format: ImageFormat; bytes: number; width: number; height: number };
  display: ImageRendition;
  thumbnail: ImageRendition;
}

function refusalFromSharp(error: unknown, limits: ImageLimits): ImageRefused {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return imageRefusals.tooManyPixels(limits);
  return imageRefusals.unreadable();
}

async function render(
  bytes: Buffer,
  size: number,
  quality: number,
  limits: ImageLimits,
  upright = true,
): Promise<ImageRendition> {
  const pipeline = sharp(bytes, { limitInputPixels: limits.maxPixels }).timeout({ seconds: DECODE_TIMEOUT_S });
  // The thumbnail is made from the display image, which is upright already and has no EXIF left.
  if (upright) pipeline.autoOrient();
  const { data, info } = await pipeline
    .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
    // JPEG has no transparency: a PNG's or WebP's transparent parts become white, not black.
    .flatten({ background: "#ffffff" })
    // No keepMetadata()/withMetadata(): sharp writes none of the input's EXIF, XMP, IPTC or ICC.
    .jpeg({ quality, progressive: true })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: "image/jpeg", width: info.width, height: info.height, sha256: sha256Hex(data) };
}

/** An upload that passed the checks that need no decoding: its bytes, type and upright dimensions. */
export interface InspectedImage {
  bytes: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * The checks an upload gets before it is accepted, none of which decodes a pixel (so they cost
 * about a millisecond): not empty, not over `maxBytes` (the rest is never read), an accepted type by
 * its first bytes and by its header, and no more than `maxPixels` as its header declares. Throws
 * `ImageRefused` with the pt-BR reason. Bytes that pass may still fail to decode (`renderImage`).
 */
export async function inspectImage(
  input: Readable | Buffer,
  options: Partial<ImageLimits> = {},
): Promise<InspectedImage> {
  const limits: ImageLimits = { ...IMAGE_LIMITS, ...options };
  let bytes: Buffer;
  if (Buffer.isBuffer(input)) {
    if (input.byteLength > limits.maxBytes) throw imageRefusals.tooLarge(limits);
    bytes = input;
  } else {
    bytes = await readLimited(input, limits);
  }
  if (bytes.byteLength === 0) throw imageRefusals.empty();
  const format = sniffImageType(bytes);
  if (!format) throw imageRefusals.notAnImage();

  // The header alone: dimensions are known before a single pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw refusalFromSharp(error, limits);
  }
  if (metadata.format !== format) throw imageRefusals.notAnImage();
  const { width, height } = metadata;
  if (!width || !height) throw imageRefusals.unreadable();
  if (width * height > limits.maxPixels) throw imageRefusals.tooManyPixels(limits);
  const upright = metadata.autoOrient ?? { width, height };
  return { bytes, format, width: upright.width, height: upright.height };
}

/**
 * Decodes an inspected image once and makes its two renditions (the thumbnail from the display
 * image, a fraction of the cost of a second decode). Throws `ImageRefused` ("unreadable", or too many
 * pixels) when the bytes do not decode.
 */
export async function renderImage(image: InspectedImage, options: Partial<ImageLimits> = {}): Promise<ProcessedImage> {
  const limits: ImageLimits = { ...IMAGE_LIMITS, ...options };
  try {
    const display = await render(image.bytes, limits.displaySize, 82, limits);
    const thumbnail = await render(display.data, limits.thumbnailSize, 75, limits, false);
    return {
      source: { format: image.format, bytes: image.bytes.byteLength, width: image.width, height: image.height },
      display,
      thumbnail,
    };
  } catch (error) {
    throw refusalFromSharp(error, limits);
  }
}

/**
 * Checks and re-encodes one image. Throws `ImageRefused` (pt-BR message) for an empty file, anything
 * that is not JPEG, PNG or WebP, more than `maxBytes`, more than `maxPixels`, or bytes that do not decode.
 */
export async function processImage(
  input: Readable | Buffer,
  options: Partial<ImageLimits> = {},
): Promise<ProcessedImage> {
  return renderImage(await inspectImage(input, options), options);
}
