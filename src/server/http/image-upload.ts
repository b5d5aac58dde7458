/**
 * A photo upload as the routes take it (docs/decisions/039-visitor-photos.md): the body is the image
 * itself (`image/jpeg`, `image/png` or `image/webp`, as a browser sends a Blob and a camera posts a
 * snapshot), streamed to the image pipeline, which counts the bytes and stops at its limit. The API's
 * 1 MB body limit does not apply to these paths (app.ts); this is their limit. Shared by the console's,
 * the integration API's and the gate kiosk's photo routes.
 */
import { Readable } from "node:stream";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { FOTO_CONTENT_TYPES } from "../../shared/schemas/fotos";
import { IMAGE_LIMITS, imageRefusals } from "../storage/images";
import type { AppEnv } from "./context";
import { AppError, badRequest } from "./errors";
import { errorResponses } from "./openapi";

/** The documented body: the image's bytes. */
export const fotoUploadBody = {
  body: {
    required: true,
    description:
      "A imagem (JPEG, PNG ou WebP, até 10 MB, até 40 megapixels). A resposta vem assim que o arquivo é conferido, com a foto em `processando`; em seguida ela é relida e regravada em segundo plano (metadados como EXIF e GPS são descartados) e passa a `disponivel`, ou a `indisponivel` com o motivo se o arquivo não puder ser lido. Consulte a solicitação para ver o resultado.",
    content: Object.fromEntries(
      FOTO_CONTENT_TYPES.map((type) => [type, { schema: z.string().openapi({ format: "binary" }) }]),
    ),
  },
};

/** The refusals of an upload, as documented: 413 too large, 415 not an image, 422 unreadable. */
export const fotoUploadRefusals = {
  413: { description: "Imagem grande demais (bytes ou pixels)", content: errorResponses(400)[400].content },
  415: { description: "Não é uma imagem JPEG, PNG ou WebP", content: errorResponses(400)[400].content },
  422: { description: "Imagem corrompida ou incompleta", content: errorResponses(400)[400].content },
};

/**
 * Whether a path is a photo upload (app.ts lets these through its 1 MB limit): a request's or a
 * gate's (console, integration API), a common area's, and the kiosk's photo of its visitor (not its refusal).
 */
export function isFotoUploadPath(path: string): boolean {
  return /^\/api\/(?:(?:v1\/)?(?:solicitacoes|portoes|passes|areas)\/[^/]+\/fotos?|totem\/conversas\/[^/]+\/foto)$/.test(
    path,
  );
}

/**
 * The body as a stream, after the cheap checks: a declared type that is not an image, or a declared
 * length over the limit, is refused before a byte is read.
 */
export function readFotoBody(c: Context<AppEnv>): Readable {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(FOTO_CONTENT_TYPES as readonly string[]).includes(type) && type !== "application/octet-stream") {
    throw new AppError(
      415,
      "IMAGE_NOT_AN_IMAGE",
      "Envie a foto como o próprio arquivo de imagem (Content-Type image/jpeg, image/png ou image/webp).",
    );
  }
  const length = Number(c.req.header("content-length") ?? "NaN");
  if (Number.isFinite(length) && length > IMAGE_LIMITS.maxBytes) throw imageRefusals.tooLarge(IMAGE_LIMITS);
  const body = c.req.raw.body;
  if (!body) throw imageRefusals.empty();
  if (Number.isFinite(length) && length === 0) throw badRequest("O arquivo está vazio.");
  return Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
}
