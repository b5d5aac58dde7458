/**
 * Deliveries (docs/product.md, "Encomendas"): packages received at the gate, the pickup code, the
 * hand-over, the people a unit authorises to collect, and the residents' notices. The API, the
 * console's forms and the CSV export share these schemas.
 */
import { z } from "zod";
import {
  AVISO_ENCOMENDA_MOTIVOS,
  type AvisoEncomendaMotivo,
  CANAIS_NOTIFICACAO,
  ENCOMENDA_STATUSES,
  type EncomendaStatus,
  NOTIFICACAO_STATUSES,
  RETIRADA_METODOS,
  type RetiradaMetodo,
  TRANSPORTADORAS,
  type Transportadora,
} from "../domain";
import {
  condominioRefSchema,
  isoDateTime,
  listQuery,
  maskedDocument,
  optionalText,
  pageOf,
  requiredId,
} from "./common";
import { fotoSchema } from "./fotos";

export const TRANSPORTADORA_LABELS: Record<Transportadora, string> = {
  correios: "Correios",
  mercado_livre: "Mercado Livre",
  amazon: "Amazon",
  shopee: "Shopee",
  magalu: "Magalu",
  americanas: "Americanas",
  shein: "Shein",
  aliexpress: "AliExpress",
  jadlog: "Jadlog",
  loggi: "Loggi",
  total_express: "Total Express",
  ifood: "iFood",
  rappi: "Rappi",
  outra: "Outra",
};

export const ENCOMENDA_STATUS_LABELS: Record<EncomendaStatus, string> = {
  a_confirmar: "A confirmar",
  aguardando: "Aguardando retirada",
  retirada: "Retirada",
  devolvida: "Devolvida",
};

export const RETIRADA_METODO_LABELS: Record<RetiradaMetodo, string> = {
  codigo: "Código de retirada",
  qr: "QR Code do morador",
  sem_codigo: "Sem o código (com motivo)",
};

export const AVISO_MOTIVO_LABELS: Record<AvisoEncomendaMotivo, string> = {
  chegada: "Chegada",
  perecivel: "Lembrete (perecível)",
  lembrete: "Lembrete (aguardando há dias)",
};

/** How often a perishable's residents are told again until one acknowledges, and how many times at most. */
export const PERECIVEL_REAVISO_MINUTOS = 30;
export const PERECIVEL_REAVISOS_MAX = 8;

/** Packages one batch may hold (a porteiro registers a unit's pile in one go). */
export const LOTE_MAX_ITENS = 20;

/** The 6-digit pickup code, as typed (spaces and dashes ignored). */
export const codigoRetiradaField = z
  .string({ error: "Informe o código de retirada (6 dígitos)" })
  .transform((v) => v.replace(/[\s.-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "O código de retirada tem 6 dígitos"));

/** One package as the porteiro describes it. */
export const encomendaItemSchema = z
  .object({
    transportadora: z.enum(TRANSPORTADORAS, { error: "Selecione a transportadora" }),
    /** The carrier's name when "Outra". */
    transportadora_outra: optionalText(60, "Nome da transportadora deve ter no máximo 60 caracteres"),
    rastreio: optionalText(60, "Código de rastreio deve ter no máximo 60 caracteres"),
    local: optionalText(60, "Local deve ter no máximo 60 caracteres"),
    perecivel: z.boolean({ error: "Informe se é perecível" }).default(false),
    observacoes: optionalText(300, "Observações devem ter no máximo 300 caracteres"),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.transportadora === "outra" && !item.transportadora_outra) {
      ctx.addIssue({ code: "custom", path: ["transportadora_outra"], message: "Informe o nome da transportadora" });
    }
  })
  .transform((item) => ({
    ...item,
    transportadora_outra: item.transportadora === "outra" ? item.transportadora_outra : null,
  }));
export type EncomendaItemInput = z.input<typeof encomendaItemSchema>;
export type EncomendaItem = z.output<typeof encomendaItemSchema>;

/** POST /api/encomendas: one or more packages for one unit, received together (one code, one notice). */
export const encomendaCreateSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    unidade_id: requiredId("Selecione a unidade"),
    /** The resident named on the label, when there is one (else every resident of the unit is told). */
    destinatario_pessoa_id: z.uuid("Morador inválido").nullish(),
    itens: z
      .array(encomendaItemSchema, { error: "Informe ao menos uma encomenda" })
      .min(1, "Informe ao menos uma encomenda")
      .max(LOTE_MAX_ITENS, `No máximo ${LOTE_MAX_ITENS} encomendas de uma vez`),
  })
  .strict();
export type EncomendaCreateInput = z.input<typeof encomendaCreateSchema>;
export type EncomendaCreate = z.output<typeof encomendaCreateSchema>;

/** POST /api/encomendas/{id}/confirmar: a porteiro confirms what the virtual attendant recorded. */
export const encomendaConfirmarSchema = z.object({ item: encomendaItemSchema }).strict();
export type EncomendaConfirmar = z.output<typeof encomendaConfirmarSchema>;

/** POST /api/encomendas/{id}/devolver: why it leaves without a resident (returned, registered by mistake). */
export const encomendaDevolverSchema = z
  .object({
    motivo: z
      .string({ error: "Informe o motivo" })
      .trim()
      .min(3, "Informe o motivo")
      .max(300, "O motivo deve ter no máximo 300 caracteres"),
  })
  .strict();

/** POST /api/encomendas/retirada/consultar: what a pickup code names at this condominium. */
export const retiradaConsultaSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    codigo: codigoRetiradaField,
  })
  .strict();
export type RetiradaConsulta = z.output<typeof retiradaConsultaSchema>;

/** Who collected: a resident of the unit, someone they authorised, or another person named at the gate. */
export const retiradaPorSchema = z
  .object({
    pessoa_id: z.uuid("Morador inválido").nullish(),
    autorizado_id: z.uuid("Pessoa autorizada inválida").nullish(),
    nome: optionalText(120, "Nome deve ter no máximo 120 caracteres"),
    documento: optionalText(40, "Documento deve ter no máximo 40 caracteres"),
  })
  .strict()
  .superRefine((who, ctx) => {
    const named = [who.pessoa_id, who.autorizado_id, who.nome].filter(Boolean).length;
    if (named === 0) ctx.addIssue({ code: "custom", path: ["nome"], message: "Informe quem retirou" });
    if (named > 1) ctx.addIssue({ code: "custom", path: ["nome"], message: "Informe apenas uma pessoa" });
    if (who.nome && who.nome.length < 2) {
      ctx.addIssue({ code: "custom", path: ["nome"], message: "Nome deve ter pelo menos 2 caracteres" });
    }
  });

/** POST /api/encomendas/retiradas: packages handed over, with the code (or the resident's QR) or a reason. */
export const retiradaCreateSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    encomenda_ids: z
      .array(z.uuid("Encomenda inválida"), { error: "Selecione as encomendas" })
      .min(1, "Selecione ao menos uma encomenda")
      .max(LOTE_MAX_ITENS * 5, "Encomendas demais de uma vez"),
    metodo: z.enum(RETIRADA_METODOS, { error: "Informe como a retirada foi confirmada" }),
    codigo: codigoRetiradaField.nullish(),
    /** Required without the code: why the porteiro hands over anyway (audited). */
    motivo: optionalText(300, "O motivo deve ter no máximo 300 caracteres"),
    retirada_por: retiradaPorSchema,
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.metodo !== "sem_codigo" && !r.codigo) {
      ctx.addIssue({ code: "custom", path: ["codigo"], message: "Informe o código de retirada (6 dígitos)" });
    }
    if (r.metodo === "sem_codigo" && (!r.motivo || r.motivo.length < 5)) {
      ctx.addIssue({
        code: "custom",
        path: ["motivo"],
        message: "Para entregar sem o código, informe o motivo (pelo menos 5 caracteres)",
      });
    }
  });
export type RetiradaCreateInput = z.input<typeof retiradaCreateSchema>;
export type RetiradaCreate = z.output<typeof retiradaCreateSchema>;

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Informe uma data válida")
  .refine((v) => {
    // Zod runs this after a failed regex too: an unparsable day must not throw.
    const day = new Date(`${v}T12:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
  }, "Informe uma data válida");

/** POST /api/encomendas/autorizados: "Minha diarista pode retirar". */
export const autorizadoCreateSchema = z
  .object({
    unidade_id: requiredId("Selecione a unidade"),
    nome: z
      .string({ error: "Nome deve ter pelo menos 2 caracteres" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(120, "Nome deve ter no máximo 120 caracteres"),
    documento: optionalText(40, "Documento deve ter no máximo 40 caracteres"),
    /** Last day it holds; empty = until removed. */
    valido_ate: dateOnly.nullish(),
  })
  .strict();
export type AutorizadoCreateInput = z.input<typeof autorizadoCreateSchema>;

export const autorizadoSchema = z.object({
  id: z.uuid(),
  unidade_id: z.uuid(),
  nome: z.string(),
  documento: maskedDocument,
  valido_ate: z.string().nullable(),
  /** Still holds today (not past its last day). */
  vigente: z.boolean(),
  created_at: isoDateTime,
});
export type Autorizado = z.infer<typeof autorizadoSchema>;

export const autorizadoListQuerySchema = z.object({ unidade_id: z.uuid("Unidade inválida") });
export const autorizadoListSchema = z.object({ items: z.array(autorizadoSchema) });

const booleanQuery = z
  .enum(["true", "false"], { error: "Use true ou false" })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true"));

const encomendaFilters = {
  condominio_id: z.uuid("Condomínio inválido").optional(),
  unidade_id: z.uuid("Unidade inválida").optional(),
  status: z.enum(ENCOMENDA_STATUSES, { error: "Status inválido" }).optional(),
  transportadora: z.enum(TRANSPORTADORAS, { error: "Transportadora inválida" }).optional(),
  perecivel: booleanQuery,
  q: z.string().trim().max(100, "Busca longa demais").optional(),
  /** recebida_em period, inclusive start and exclusive end. */
  de: z.iso.datetime({ offset: true, error: "Data inicial inválida" }).optional(),
  ate: z.iso.datetime({ offset: true, error: "Data final inválida" }).optional(),
};

export const encomendaListQuerySchema = listQuery(encomendaFilters);
export type EncomendaListQuery = z.input<typeof encomendaListQuerySchema>;
export const encomendaExportQuerySchema = z.object(encomendaFilters);
export type EncomendaFiltersQuery = z.output<typeof encomendaExportQuerySchema>;

export const encomendaSchema = z.object({
  id: z.uuid(),
  lote_id: z.uuid(),
  condominio_id: z.uuid(),
  unidade_id: z.uuid(),
  unidade: z.object({ codigo: z.string(), torre: z.string().nullable() }),
  condominio: condominioRefSchema,
  /** The resident named on the label, when the porteiro chose one. */
  destinatario: z.object({ id: z.uuid(), nome: z.string() }).nullable(),
  transportadora: z.enum(TRANSPORTADORAS),
  /** The carrier as people read it: the list's label, or the name typed for "Outra". */
  transportadora_nome: z.string(),
  rastreio: z.string().nullable(),
  local: z.string().nullable(),
  perecivel: z.boolean(),
  observacoes: z.string().nullable(),
  status: z.enum(ENCOMENDA_STATUSES),
  /** portaria, or atendente (told by a delivery person to the virtual attendant; confirmed by a porteiro). */
  origem: z.enum(["portaria", "atendente"]),
  recebida_em: isoDateTime,
  recebida_por_nome: z.string().nullable(),
  /** A resident acknowledged the notice. */
  ciente_em: isoDateTime.nullable(),
  retirada_em: isoDateTime.nullable(),
  retirada_metodo: z.enum(RETIRADA_METODOS).nullable(),
  /** Who collected ("Pessoa anonimizada" after the condominium's retention or the data subject's request). */
  retirada_por_nome: z.string().nullable(),
  /** The porteiro who handed it over. */
  entregue_por_nome: z.string().nullable(),
  retirada_motivo: z.string().nullable(),
  devolucao_motivo: z.string().nullable(),
  devolvida_em: isoDateTime.nullable(),
  /**
   * The pickup code: for the unit's residents only (staff never see it: it is what proves the
   * collector was sent by the resident). Null for staff and once handed over.
   */
  codigo_retirada: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Encomenda = z.infer<typeof encomendaSchema>;

export const encomendaPageSchema = pageOf(encomendaSchema);
export type EncomendaPage = z.infer<typeof encomendaPageSchema>;

export const avisoEncomendaSchema = z.object({
  id: z.uuid(),
  motivo: z.enum(AVISO_ENCOMENDA_MOTIVOS),
  canal: z.enum(CANAIS_NOTIFICACAO),
  pessoa_nome: z.string(),
  status: z.enum(NOTIFICACAO_STATUSES),
  /** Sent by the labelled demo channel: nothing left the machine. */
  demo: z.boolean(),
  /** Demo only: the message as the resident would read it ("Mensagens enviadas (demonstração)"). */
  mensagem: z.string().nullable(),
  ultimo_erro: z.string().nullable(),
  enviada_em: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type AvisoEncomenda = z.infer<typeof avisoEncomendaSchema>;

/** GET /api/encomendas/{id}: the package, the rest of its batch, and the notices about it. */
export const encomendaDetailSchema = encomendaSchema.extend({
  lote: z.array(encomendaSchema),
  avisos: z.array(avisoEncomendaSchema),
  retirada_documento: z.string().nullable(),
  /** The package's or label's photo taken as it was received (signed, short-lived), or null. */
  foto: fotoSchema.nullable(),
});
export type EncomendaDetail = z.infer<typeof encomendaDetailSchema>;

/** POST /api/encomendas: the batch as stored. */
export const loteCriadoSchema = z.object({ lote_id: z.uuid(), itens: z.array(encomendaSchema) });
export type LoteCriado = z.infer<typeof loteCriadoSchema>;

/** What a valid pickup code shows the porteiro: the unit's waiting packages and who may collect them. */
export const retiradaConsultaResultSchema = z.object({
  unidade: z.object({ id: z.uuid(), codigo: z.string(), torre: z.string().nullable() }),
  itens: z.array(encomendaSchema),
  moradores: z.array(z.object({ id: z.uuid(), nome: z.string() })),
  autorizados: z.array(autorizadoSchema),
});
export type RetiradaConsultaResult = z.infer<typeof retiradaConsultaResultSchema>;

export const retiradaResultSchema = z.object({ itens: z.array(encomendaSchema) });

/** The morador's "Encomendas" card: how many wait, and the waiting ones. */
export const minhasEncomendasSchema = z.object({
  aguardando: z.number().int(),
  itens: z.array(encomendaSchema),
});
