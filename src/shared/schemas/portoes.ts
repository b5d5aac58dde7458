import { z } from "zod";
import { PORTAO_TIPOS, type PortaoTipo } from "../domain";
import { requiredId } from "./common";

/** How the console names a gate's kind. */
export const PORTAO_TIPO_LABELS: Record<PortaoTipo, string> = {
  pedestres: "Pedestres",
  veiculos: "Veículos",
};

/**
 * A gate (docs/product.md, "Portões"): its name is unique in its condominium, whatever the case.
 * Integrations read it as it is (GET /api/v1/portoes).
 */
export const portaoSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  nome: z.string(),
  tipo: z.enum(PORTAO_TIPOS),
  ativo: z.boolean(),
});

/**
 * A gate's IP camera as those who manage gates read it (docs/decisions/039-visitor-photos.md, "Gate
 * cameras"): the snapshot address and user; the password is write-only, so only whether there is one.
 */
export const portaoCameraSchema = z.object({
  url: z.string(),
  usuario: z.string().nullable(),
  tem_senha: z.boolean(),
});
export type PortaoCamera = z.infer<typeof portaoCameraSchema>;

/**
 * A gate on /api/portoes. Those who manage gates (`cadastros:editar`) also get what links it to a
 * phone line and a WhatsApp number (docs/product.md, "Portões"); everyone else reads the gate alone.
 */
export const portaoConsoleSchema = portaoSchema.extend({
  /** The WhatsApp Cloud API phone number id visitors write to at this gate; null: none. */
  whatsapp_numero_id: z.string().nullable().optional(),
  /**
   * The "A call comes in" webhook (HTTP POST) to paste in the Twilio number of this gate's phone
   * line: `<PUBLIC_URL>/api/webhooks/twilio/voz?portao=<id>`.
   */
  voz_url: z.string().optional(),
  /** The gate's IP camera, for those who manage gates; null: none. */
  camera: portaoCameraSchema.nullable().optional(),
});
export type Portao = z.infer<typeof portaoConsoleSchema>;

/** A condominium's gates, active first, by name. Few per condominium: no paging. */
export const portaoListSchema = z.object({ items: z.array(portaoConsoleSchema) });

/** One gate per WhatsApp number, across every tenant: the 409 names no other tenant or gate. */
export const WHATSAPP_NUMERO_EM_USO = "Este número de WhatsApp já está ligado a outro portão";
const WHATSAPP_NUMERO_MESSAGE = "Informe o ID do número só com dígitos (de 5 a 30), ou deixe em branco";

/**
 * The WhatsApp number's id as Meta's Cloud API shows it (digits only). Empty is none (null);
 * absent keeps the current one on an update, so a client that never sent it does not clear it.
 */
const whatsappNumeroId = z
  .string({ error: WHATSAPP_NUMERO_MESSAGE })
  .trim()
  .regex(/^(\d{5,30})?$/, WHATSAPP_NUMERO_MESSAGE)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

export const CAMERA_URL_MAX = 2000;
const CAMERA_URL_MESSAGE = `O endereço da câmera deve ter no máximo ${CAMERA_URL_MAX} caracteres`;

/**
 * The camera part of the gate form and body. An empty address removes the camera (its user and
 * password too). The password is write-only: empty or absent keeps the saved one, and an empty user
 * removes it (a camera without a user asks for no password). The server checks the address
 * (http:// or https://, no credentials in it) and refuses to keep a saved password for an address on
 * another server: it must be typed again there.
 */
export const portaoCameraInputSchema = z
  .object({
    url: z.string({ error: "Endereço da câmera inválido" }).trim().max(CAMERA_URL_MAX, CAMERA_URL_MESSAGE),
    usuario: z
      .string({ error: "Usuário inválido" })
      .trim()
      .max(100, "O usuário da câmera deve ter no máximo 100 caracteres")
      .optional(),
    senha: z
      .string({ error: "Senha inválida" })
      .max(200, "A senha da câmera deve ter no máximo 200 caracteres")
      .optional(),
  })
  .strict();
export type PortaoCameraInput = z.input<typeof portaoCameraInputSchema>;

/**
 * POST /api/portoes/{id}/camera/teste: without `url`, the saved camera; with it, what the form holds
 * (so the camera can be tried before saving). The saved password is used only for the saved
 * address's server, when `senha` is empty.
 */
export const portaoCameraTesteSchema = portaoCameraInputSchema.partial().strict();

/** The test's answer: a small preview of the picture (a JPEG data URL), or why there is none. */
export const portaoCameraTesteResultSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    /** `data:image/jpeg;base64,…`, at most 256 px on the long side (the thumbnail of the pipeline). */
    imagem: z.string(),
    largura: z.number().int(),
    altura: z.number().int(),
    ms: z.number().int(),
  }),
  z.object({ ok: z.literal(false), motivo: z.string(), ms: z.number().int() }),
]);
export type PortaoCameraTesteResult = z.infer<typeof portaoCameraTesteResultSchema>;

/** The gate form and the API body of a create or an update. */
export const portaoInputSchema = z
  .object({
    nome: z
      .string({ error: "Nome é obrigatório" })
      .trim()
      .min(1, "Nome é obrigatório")
      .max(60, "Nome deve ter no máximo 60 caracteres"),
    tipo: z.enum(PORTAO_TIPOS, { error: "Selecione o tipo do portão" }).default("pedestres"),
    ativo: z.boolean({ error: "Valor inválido" }).default(true),
    whatsapp_numero_id: whatsappNumeroId,
    /** Absent keeps the camera as it is (a client that never sent it does not remove it); null removes it. */
    camera: portaoCameraInputSchema.nullish(),
  })
  .strict();
export type PortaoInput = z.input<typeof portaoInputSchema>;

/** POST /api/portoes: the form plus the condominium the gate belongs to (it never moves). */
export const portaoCreateSchema = portaoInputSchema.extend({ condominio_id: requiredId("Selecione um condomínio") });

export const portaoListQuerySchema = z.object({ condominio_id: requiredId("Selecione um condomínio") });

/**
 * Where a request or a pass reading happened, as an integration says it: the gate's id, or its name
 * (the free text these calls took before gates existed, matched to a gate of the condominium).
 */
export const portaoRefFields = {
  portao_id: z.uuid("Portão inválido").optional(),
  portao: z.string().trim().max(60, "Portão deve ter no máximo 60 caracteres").optional(),
};
