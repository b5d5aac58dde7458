/**
 * Common areas and their bookings (docs/decisions/044-common-area-bookings.md): an area's rules, a
 * booking with its guest list, the síndico's decision, the area's calendar (free and taken times) and
 * the secret calendar feeds. The API, the console's forms and the CSV export share these schemas.
 *
 * Times a person types or reads are local to the condominium ("2026-12-05", "18:00"); instants in
 * responses are ISO 8601 and read in the condominium's timezone.
 */
import { z } from "zod";
import { AREA_MODOS, type AreaModo, RESERVA_STATUSES, type ReservaStatus } from "../domain";
import { optionalPhone } from "../phone";
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

export const RESERVA_STATUS_LABELS: Record<ReservaStatus, string> = {
  pendente: "Aguardando aprovação",
  confirmada: "Confirmada",
  recusada: "Recusada",
  cancelada: "Cancelada",
};

export const AREA_MODO_LABELS: Record<AreaModo, string> = {
  dia: "Dia inteiro",
  blocos: "Horários (blocos de horas)",
};

/** Guests one booking may list (also bounded by the area's capacity). */
export const CONVIDADOS_MAX = 300;
/** A guest on the list is let in from this many minutes before the booking's start until its end. */
export const CONVIDADO_ANTECEDENCIA_MINUTOS = 30;
/** The calendar endpoints span at most this many days (a month view with its edges). */
export const CALENDARIO_MAX_DIAS = 42;

export const dateOnly = (message = "Informe uma data válida") =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      // Zod runs this after a failed regex too: an unparsable day must not throw.
      const day = new Date(`${v}T12:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
    }, message);

/** "18:00"; "24:00" is accepted as the end of the day (an area open until midnight). */
export const horaField = (message = "Informe um horário válido (HH:MM)") =>
  z.string({ error: message }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, message);

const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One weekday's opening hours, or null: closed. Overnight hours (until 02:00) are not supported. */
export const horarioDiaSchema = z
  .object({ abre: horaField("Horário de abertura inválido"), fecha: horaField("Horário de fechamento inválido") })
  .strict()
  .refine((h) => minutos(h.fecha) > minutos(h.abre), {
    message: "O fechamento deve ser depois da abertura",
    path: ["fecha"],
  })
  .nullable();
export type HorarioDia = z.infer<typeof horarioDiaSchema>;

const nonNegativeInt = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label}: informe um número` })
    .int(`${label}: informe um número inteiro`)
    .min(0, `${label} não pode ser negativo`)
    .max(max, `${label}: no máximo ${max}`);

const positiveIntOrNull = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label}: informe um número` })
    .int(`${label}: informe um número inteiro`)
    .min(1, `${label}: pelo menos 1`)
    .max(max, `${label}: no máximo ${max}`)
    .nullish()
    .transform((v) => v ?? null);

/** What a síndico sets for an area (POST creates; PATCH takes any subset). */
const areaFields = {
  nome: z
    .string({ error: "Nome deve ter pelo menos 2 caracteres" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(80, "Nome deve ter no máximo 80 caracteres"),
  descricao: optionalText(500, "Descrição deve ter no máximo 500 caracteres"),
  capacidade: positiveIntOrNull("Capacidade", 5000),
  /** Seven entries, Sunday first. */
  horarios: z
    .array(horarioDiaSchema, { error: "Informe os horários dos 7 dias da semana" })
    .length(7, "Informe os horários dos 7 dias da semana")
    .refine((dias) => dias.some((d) => d !== null), "A área precisa abrir em pelo menos um dia da semana"),
  modo: z.enum(AREA_MODOS, { error: "Selecione como a área é reservada" }),
  bloco_horas: positiveIntOrNull("Duração do bloco (horas)", 24),
  antecedencia_minima_horas: nonNegativeInt("Antecedência mínima (horas)", 24 * 60),
  antecedencia_maxima_dias: z.coerce
    .number({ error: "Reserva com até quantos dias: informe um número" })
    .int("Reserva com até quantos dias: informe um número inteiro")
    .min(1, "Reserva com até quantos dias: pelo menos 1")
    .max(730, "Reserva com até quantos dias: no máximo 730"),
  max_reservas_mes: positiveIntOrNull("Reservas por unidade por mês", 31),
  limpeza_minutos: nonNegativeInt("Intervalo de limpeza (minutos)", 24 * 60),
  cancelamento_horas: nonNegativeInt("Prazo de cancelamento (horas)", 24 * 60),
  requer_aprovacao: z.boolean({ error: "Informe se a reserva precisa de aprovação" }),
  taxa_centavos: z.coerce
    .number({ error: "Taxa: informe um valor" })
    .int("Taxa: informe o valor em centavos")
    .min(0, "Taxa não pode ser negativa")
    .max(100_000_00, "Taxa alta demais")
    .nullish()
    .transform((v) => v ?? null),
  regras: z.string({ error: "Informe as regras" }).trim().max(5000, "Regras devem ter no máximo 5.000 caracteres"),
  ativa: z.boolean({ error: "Informe se a área está ativa" }),
};

type AreaShape = { modo?: AreaModo; bloco_horas?: number | null };
const blocoCheck = (a: AreaShape, ctx: z.RefinementCtx) => {
  if (a.modo === "blocos" && !a.bloco_horas) {
    ctx.addIssue({ code: "custom", path: ["bloco_horas"], message: "Informe a duração do bloco em horas" });
  }
};

export const areaCreateSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    ...areaFields,
    descricao: areaFields.descricao.default(null),
    capacidade: areaFields.capacidade.default(null),
    bloco_horas: areaFields.bloco_horas.default(null),
    antecedencia_minima_horas: areaFields.antecedencia_minima_horas.default(24),
    antecedencia_maxima_dias: areaFields.antecedencia_maxima_dias.default(90),
    max_reservas_mes: areaFields.max_reservas_mes.default(null),
    limpeza_minutos: areaFields.limpeza_minutos.default(0),
    cancelamento_horas: areaFields.cancelamento_horas.default(48),
    requer_aprovacao: areaFields.requer_aprovacao.default(true),
    taxa_centavos: areaFields.taxa_centavos.default(null),
    regras: areaFields.regras.default(""),
    ativa: areaFields.ativa.default(true),
  })
  .strict()
  .superRefine(blocoCheck)
  .transform((a) => ({ ...a, bloco_horas: a.modo === "blocos" ? a.bloco_horas : null }));
export type AreaCreateInput = z.input<typeof areaCreateSchema>;
export type AreaCreate = z.output<typeof areaCreateSchema>;

/** PATCH /api/areas/{id}: any subset; `modo` and `bloco_horas` are checked against the stored area. */
export const areaUpdateSchema = z.object(areaFields).partial().strict().superRefine(blocoCheck);
export type AreaUpdate = z.output<typeof areaUpdateSchema>;

export const areaSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  condominio: condominioRefSchema,
  nome: z.string(),
  descricao: z.string().nullable(),
  capacidade: z.number().int().nullable(),
  horarios: z.array(horarioDiaSchema),
  modo: z.enum(AREA_MODOS),
  bloco_horas: z.number().int().nullable(),
  antecedencia_minima_horas: z.number().int(),
  antecedencia_maxima_dias: z.number().int(),
  max_reservas_mes: z.number().int().nullable(),
  limpeza_minutos: z.number().int(),
  cancelamento_horas: z.number().int(),
  requer_aprovacao: z.boolean(),
  taxa_centavos: z.number().int().nullable(),
  regras: z.string(),
  ativa: z.boolean(),
  foto: fotoSchema.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Area = z.infer<typeof areaSchema>;

export const areaListQuerySchema = z.object({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  /** Staff see inactive areas too unless `ativas=true`; a morador sees only active ones. */
  ativas: z
    .enum(["true", "false"], { error: "Use true ou false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});
export const areaListSchema = z.object({ items: z.array(areaSchema) });

/** A guest as the resident types them; "paste a list" splits lines into these on the client. */
export const convidadoInputSchema = z
  .object({
    nome: z
      .string({ error: "Nome do convidado deve ter pelo menos 2 caracteres" })
      .trim()
      .min(2, "Nome do convidado deve ter pelo menos 2 caracteres")
      .max(120, "Nome do convidado deve ter no máximo 120 caracteres"),
    documento: optionalText(40, "Documento deve ter no máximo 40 caracteres"),
    telefone: optionalPhone(),
  })
  .strict();
export type ConvidadoInput = z.input<typeof convidadoInputSchema>;

const convidadosField = z
  .array(convidadoInputSchema, { error: "Lista de convidados inválida" })
  .max(CONVIDADOS_MAX, `No máximo ${CONVIDADOS_MAX} convidados`);

/**
 * POST /api/reservas. Whole-day areas take only `data`; block areas take `hora_inicio` and
 * `hora_fim` on the area's block boundaries (one or more consecutive blocks).
 */
export const reservaCreateSchema = z
  .object({
    area_id: requiredId("Selecione a área"),
    unidade_id: requiredId("Selecione a unidade"),
    data: dateOnly("Informe a data da reserva"),
    hora_inicio: horaField("Horário de início inválido").nullish(),
    hora_fim: horaField("Horário de término inválido").nullish(),
    /** The resident accepted the area's rules (required: a booking cannot exist without it). */
    aceite_regras: z.literal(true, { error: "Aceite as regras da área para reservar" }),
    observacoes: optionalText(500, "Observações devem ter no máximo 500 caracteres"),
    convidados: convidadosField.default([]),
  })
  .strict();
export type ReservaCreateInput = z.input<typeof reservaCreateSchema>;
export type ReservaCreate = z.output<typeof reservaCreateSchema>;

/** PUT /api/reservas/{id}/convidados: the whole list (guests who already came in cannot be removed). */
export const convidadosReplaceSchema = z.object({ convidados: convidadosField }).strict();

const motivo = (message: string) =>
  z.string({ error: message }).trim().min(3, message).max(300, "O motivo deve ter no máximo 300 caracteres");

/** POST /api/reservas/{id}/recusar. */
export const reservaRecusarSchema = z.object({ motivo: motivo("Informe o motivo da recusa") }).strict();
/** POST /api/reservas/{id}/cancelar: a resident's reason is optional; staff must give one. */
export const reservaCancelarSchema = z
  .object({ motivo: optionalText(300, "O motivo deve ter no máximo 300 caracteres") })
  .strict();

export const convidadoSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  documento: maskedDocument,
  telefone: z.string().nullable(),
  /** The guest's entry, when they came in (origem reserva in the access log). */
  entrada_em: isoDateTime.nullable(),
  /** Inside now (an entry without an exit). */
  presente: z.boolean(),
});
export type Convidado = z.infer<typeof convidadoSchema>;

export const reservaSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  condominio: condominioRefSchema,
  area: z.object({ id: z.uuid(), nome: z.string() }),
  unidade_id: z.uuid(),
  unidade: z.object({ codigo: z.string(), torre: z.string().nullable() }),
  status: z.enum(RESERVA_STATUSES),
  inicio: isoDateTime,
  fim: isoDateTime,
  /** The start's day in the condominium's calendar. */
  data: z.string(),
  solicitada_por_nome: z.string().nullable(),
  observacoes: z.string().nullable(),
  regras_aceitas_em: isoDateTime,
  decidida_em: isoDateTime.nullable(),
  decidida_por_nome: z.string().nullable(),
  motivo_recusa: z.string().nullable(),
  cancelada_em: isoDateTime.nullable(),
  motivo_cancelamento: z.string().nullable(),
  convidados_total: z.number().int(),
  /** The caller may cancel it now (a resident only before the area's deadline). */
  pode_cancelar: z.boolean(),
  created_at: isoDateTime,
});
export type Reserva = z.infer<typeof reservaSchema>;

export const reservaDetailSchema = reservaSchema.extend({ convidados: z.array(convidadoSchema) });
export type ReservaDetail = z.infer<typeof reservaDetailSchema>;

const reservaFilters = {
  condominio_id: z.uuid("Condomínio inválido").optional(),
  area_id: z.uuid("Área inválida").optional(),
  unidade_id: z.uuid("Unidade inválida").optional(),
  status: z.enum(RESERVA_STATUSES, { error: "Status inválido" }).optional(),
  /** The start's day, inclusive, in the condominium's calendar. */
  de: dateOnly("Data inicial inválida").optional(),
  ate: dateOnly("Data final inválida").optional(),
};
export const reservaListQuerySchema = listQuery(reservaFilters);
export type ReservaListQuery = z.input<typeof reservaListQuerySchema>;
export const reservaExportQuerySchema = z.object(reservaFilters);
export type ReservaFiltersQuery = z.output<typeof reservaExportQuerySchema>;
export const reservaPageSchema = pageOf(reservaSchema);

/**
 * GET /api/reservas/calendario: the bookings holding time (pendente, confirmada) in a range, for the
 * month and week views. A morador gets other units' bookings as "Ocupado": no id, unit or names.
 */
export const calendarioQuerySchema = z.object({
  condominio_id: requiredId("Selecione um condomínio"),
  area_id: z.uuid("Área inválida").optional(),
  de: dateOnly("Data inicial inválida"),
  ate: dateOnly("Data final inválida"),
});
export const calendarioItemSchema = z.object({
  /** Null for another unit's booking seen by a morador. */
  id: z.uuid().nullable(),
  area: z.object({ id: z.uuid(), nome: z.string() }),
  inicio: isoDateTime,
  fim: isoDateTime,
  status: z.enum(RESERVA_STATUSES),
  /** Null for another unit's booking seen by a morador. */
  unidade: z.object({ id: z.uuid(), codigo: z.string(), torre: z.string().nullable() }).nullable(),
  /** "Ocupado" for another unit's booking seen by a morador; else the unit and the area. */
  titulo: z.string(),
  propria: z.boolean(),
});
export const calendarioSchema = z.object({ items: z.array(calendarioItemSchema) });
export type CalendarioItem = z.infer<typeof calendarioItemSchema>;

/** GET /api/areas/{id}/disponibilidade?de=&ate=: each day's bookable times, free or taken. */
export const disponibilidadeQuerySchema = z.object({
  de: dateOnly("Data inicial inválida"),
  ate: dateOnly("Data final inválida"),
});
export const disponibilidadeSchema = z.object({
  area_id: z.uuid(),
  timezone: z.string(),
  dias: z.array(
    z.object({
      data: z.string(),
      /** Closed that weekday. */
      fechado: z.boolean(),
      /** Bookable times of the day: the whole day, or each block. */
      horarios: z.array(
        z.object({
          hora_inicio: z.string(),
          hora_fim: z.string(),
          inicio: isoDateTime,
          fim: isoDateTime,
          /** livre, ocupado (a booking or its cleaning gap), indisponivel (notice or horizon rule). */
          situacao: z.enum(["livre", "ocupado", "indisponivel"]),
          /** Why it cannot be booked, in pt-BR (the rule's name), when not livre. */
          motivo: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type Disponibilidade = z.infer<typeof disponibilidadeSchema>;

/** Portaria's "Lista de convidados": today's guests of the condominium's confirmed bookings. */
export const convidadosPortariaQuerySchema = z.object({
  condominio_id: requiredId("Selecione um condomínio"),
  q: z.string().trim().max(100, "Busca longa demais").optional(),
});
export const convidadoPortariaSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  documento: maskedDocument,
  reserva: z.object({
    id: z.uuid(),
    area: z.string(),
    inicio: isoDateTime,
    fim: isoDateTime,
    unidade: z.object({ id: z.uuid(), codigo: z.string(), torre: z.string().nullable() }),
  }),
  /** Inside the booking's window now (from CONVIDADO_ANTECEDENCIA_MINUTOS before its start to its end). */
  na_janela: z.boolean(),
  /** Inside now: their entry has no exit. */
  presente: z.boolean(),
  entrada_em: isoDateTime.nullable(),
});
export const convidadosPortariaSchema = z.object({ items: z.array(convidadoPortariaSchema) });
export type ConvidadoPortaria = z.infer<typeof convidadoPortariaSchema>;

/** Secret calendar feeds (iCal): one per unit or per condominium, shown once, revocable. */
export const calendarioFeedCreateSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    /** Null: the whole condominium (staff only). */
    unidade_id: z.uuid("Unidade inválida").nullish(),
  })
  .strict();
export const calendarioFeedSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  unidade_id: z.uuid().nullable(),
  created_at: isoDateTime,
  ultimo_acesso_em: isoDateTime.nullable(),
});
/** The creation's answer: the only time the secret address is shown. */
export const calendarioFeedCreatedSchema = calendarioFeedSchema.extend({ url: z.string(), webcal_url: z.string() });
export const calendarioFeedListSchema = z.object({ items: z.array(calendarioFeedSchema) });
