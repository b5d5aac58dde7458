/**
 * Photos of visitors (docs/product.md, "Fotos"): where each came from, whether there is an image, and
 * the short-lived addresses the console shows it through. Images are never public: `url` and
 * `miniatura_url` are signed for the reader and expire (docs/decisions/039-visitor-photos.md).
 */
import { z } from "zod";
import { isoDateTime } from "./common";

/**
 * Where a photo came from: the porteiro's tablet or a file chosen in the console, the gate's kiosk,
 * the gate's IP camera, or an integration (an intercom that takes its own picture, a camera agent).
 */
export const FOTO_ORIGENS = ["porteiro", "totem", "camera", "api"] as const;
export type FotoOrigem = (typeof FOTO_ORIGENS)[number];

export const FOTO_ORIGEM_LABELS: Record<FotoOrigem, string> = {
  porteiro: "Tirada na portaria",
  totem: "Totem do portão",
  camera: "Câmera do portão",
  api: "Integração",
};

/**
 * `processando`: received and checked, its renditions being made (a second or two). `disponivel`:
 * the image is stored. `indisponivel`: there is none (a gate camera that did not answer, a file that
 * did not decode; the reason says why). `recusada`: the visitor declined the kiosk's photo; the
 * residents are told there is none.
 */
export const FOTO_STATUS = ["processando", "disponivel", "indisponivel", "recusada"] as const;
export type FotoStatus = (typeof FOTO_STATUS)[number];

/** The two stored renditions: the display image (≤ 1280 px) and the thumbnail (≤ 256 px). */
export const FOTO_VARIANTES = ["exibicao", "miniatura"] as const;
export type FotoVariante = (typeof FOTO_VARIANTES)[number];

/** Days a condominium keeps visitor photos (docs/product.md, "Personal data and retention"). */
export const RETENCAO_FOTOS_PADRAO_DIAS = 30;
export const RETENCAO_FOTOS_MIN_DIAS = 1;

/** The body types a photo upload takes; anything else is refused before a byte is read. */
export const FOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const fotoSchema = z.object({
  id: z.uuid(),
  origem: z.enum(FOTO_ORIGENS),
  status: z.enum(FOTO_STATUS),
  /** Why there is no image (a camera that did not answer), in pt-BR; null when there is one. */
  motivo: z.string().nullable(),
  /** The gate it was taken at, when known. */
  portao: z.object({ id: z.uuid(), nome: z.string() }).nullable(),
  /** Who took it in the console, or the integration's key name; null for the kiosk and cameras. */
  autor: z.string().nullable(),
  largura: z.number().int().nullable(),
  altura: z.number().int().nullable(),
  /** Signed for the reader, valid for minutes; null without an image. */
  url: z.string().nullable(),
  miniatura_url: z.string().nullable(),
  created_at: isoDateTime,
});
export type Foto = z.infer<typeof fotoSchema>;

/**
 * What the kiosk is told of its photo step (POST /api/totem/conversas/{id}/foto and …/foto/recusa):
 * the row it left on the conversation, never an address of the image.
 */
export const fotoConversaSchema = z.object({
  id: z.uuid(),
  status: z.enum(FOTO_STATUS),
});
export type FotoConversa = z.infer<typeof fotoConversaSchema>;

/** GET /api/fotos/{id}/{variante}: the signature the detail handed out with the address. */
export const fotoUrlQuerySchema = z.object({
  exp: z.coerce.number({ error: "Endereço de foto inválido" }).int("Endereço de foto inválido"),
  sig: z.string({ error: "Endereço de foto inválido" }).regex(/^[A-Za-z0-9_-]{43}$/, "Endereço de foto inválido"),
});

export const fotoParamsSchema = z.object({
  id: z.uuid({ error: "Foto não encontrada" }),
  variante: z.enum(FOTO_VARIANTES, { error: "Foto não encontrada" }),
});
