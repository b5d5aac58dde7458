/**
 * Passes (pre-authorisations, docs/product.md, "Passes") and their validation at the gate: the API contract, the
 * console's forms and the integration endpoint share these schemas.
 */
import { z } from "zod";
import {
  PASSE_MODALIDADES,
  PASSE_STATUSES,
  VALIDACAO_METODOS,
  VALIDACAO_RESULTADOS,
  type ValidacaoResultado,
  VISITA_TIPOS,
  type VisitaTipo,
} from "../domain";
import { optionalPhone } from "../phone";
import { isoDateTime, listQuery, maskedDocument, optionalText, pageOf, requiredId } from "./common";
import { fotoSchema } from "./fotos";
import { portaoRefFields } from "./portoes";

export const VISITA_TIPO_LABELS: Record<VisitaTipo, string> = {
  visitante: "Visitante",
  prestador: "Prestador de serviço",
  entregador: "Entregador",
};

export const PASSE_STATUS_LABELS: Record<(typeof PASSE_STATUSES)[number], string> = {
  ativo: "Ativo",
  suspenso: "Suspenso",
  revogado: "Revogado",
};

/** Why a pass did not open the gate, in the words the porteiro reads on the Portaria screen. */
export const VALIDACAO_RESULTADO_LABELS: Record<ValidacaoResultado, string> = {
  liberado: "Liberado",
  pin_invalido: "PIN não encontrado",
  qr_invalido: "QR Code inválido",
  outro_condominio: "Passe de outro condomínio",
  suspenso: "Passe suspenso",
  revogado: "Passe revogado",
  nao_iniciado: "Passe ainda não começou a valer",
  expirado: "Passe expirado",
  fora_do_horario: "Fora do horário do passe",
  antipassback: "Passe usado há pouco (antipassback)",
  unidade_inativa: "Unidade inativa",
};

const dateOnly = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(
      (v) =>
        !Number.isNaN(new Date(`${v}T12:00:00Z`).getTime()) && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v),
      message,
    );

const timeOfDay = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

/** The longest a recurring pass may run: a year (renew it after). */
export const PASSE_MAX_DIAS = 366;

/** What a pass holds besides where it is: the visitor and the schedule. */
const passeFields = {
  tipo: z.enum(VISITA_TIPOS, { error: "Selecione o tipo" }).default("visitante"),
  nome: z
    .string({ error: "Nome deve ter pelo menos 2 caracteres" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(120, "Nome deve ter no máximo 120 caracteres"),
  /** What the visitor is to the unit ("diarista", "personal trainer"), shown at the gate. */
  descricao: optionalText(60, "Descrição deve ter no máximo 60 caracteres"),
  documento: optionalText(40),
  /** Typed as Brazilians type it, stored in E.164 (docs/product.md, "Telefones"). */
  telefone: optionalPhone(),
  modalidade: z.enum(PASSE_MODALIDADES, { error: "Escolha entre data única e recorrente" }),
  data_inicio: dateOnly("Informe uma data válida"),
  /** Recurring only; a single pass ends on the day it starts (or the next, overnight). */
  data_fim: dateOnly("Informe uma data final válida").nullish(),
  dias_semana: z
    .array(z.number({ error: "Dia da semana inválido" }).int().min(0).max(6), { error: "Dias da semana inválidos" })
    .max(7)
    .default([])
    .transform((dias) => [...new Set(dias)].sort()),
  hora_inicio: timeOfDay("Informe a hora inicial (HH:MM)"),
  hora_fim: timeOfDay("Informe a hora final (HH:MM)"),
  /** Anti-passback: the same pass does not open the gate twice within this many seconds. */
  intervalo_minimo_segundos: z.coerce
    .number({ error: "Intervalo inválido" })
    .int("Intervalo inválido")
    .min(0, "O intervalo mínimo vai de 0 a 1440 minutos")
    .max(86_400, "O intervalo mínimo vai de 0 a 1440 minutos")
    .default(120),
};

type ScheduleFields = {
  modalidade: (typeof PASSE_MODALIDADES)[number];
  data_inicio: string;
  data_fim?: string | null;
  dias_semana: number[];
  hora_inicio: string;
  hora_fim: string;
};

function refineSchedule(p: ScheduleFields, ctx: z.RefinementCtx) {
  if (p.hora_inicio === p.hora_fim) {
    ctx.addIssue({ code: "custom", path: ["hora_fim"], message: "A hora final deve ser diferente da inicial" });
  }
  if (p.modalidade !== "recorrente") return;
  if (p.dias_semana.length === 0) {
    ctx.addIssue({ code: "custom", path: ["dias_semana"], message: "Escolha ao menos um dia da semana" });
  }
  if (!p.data_fim) {
    ctx.addIssue({ code: "custom", path: ["data_fim"], message: "Informe até quando o passe vale" });
  } else if (p.data_fim < p.data_inicio) {
    ctx.addIssue({ code: "custom", path: ["data_fim"], message: "A data final deve ser igual ou posterior à inicial" });
  } else if (daysBetween(p.data_inicio, p.data_fim) > PASSE_MAX_DIAS) {
    ctx.addIssue({ code: "custom", path: ["data_fim"], message: "Um passe recorrente vale por no máximo 1 ano" });
  }
}

/** A single pass ends on its start date and has no weekdays; a recurring one keeps both. */
function normaliseSchedule<T extends ScheduleFields>(p: T): T & { data_fim: string } {
  return {
    ...p,
    data_fim: p.modalidade === "unica" ? p.data_inicio : (p.data_fim as string),
    dias_semana: p.modalidade === "unica" ? [] : p.dias_semana,
  };
}

export const passeCreateSchema = z
  .object({
    condominio_id: requiredId("Selecione um condomínio"),
    unidade_id: requiredId("Selecione uma unidade"),
    ...passeFields,
  })
  .strict()
  .superRefine(refineSchedule)
  .transform(normaliseSchedule);
export type PasseCreateInput = z.input<typeof passeCreateSchema>;
export type PasseCreate = z.output<typeof passeCreateSchema>;

/** Editing a pass replaces the visitor and the schedule; its unit, PIN and QR Code stay. */
export const passeUpdateSchema = z
  .object(passeFields)
  .strict()
  .superRefine(refineSchedule)
  .transform(normaliseSchedule);
export type PasseUpdateInput = z.input<typeof passeUpdateSchema>;
export type PasseUpdate = z.output<typeof passeUpdateSchema>;

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);
}

export const passeListQuerySchema = listQuery({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  unidade_id: z.uuid("Unidade inválida").optional(),
  status: z.enum(PASSE_STATUSES, { error: "Status inválido" }).optional(),
  tipo: z.enum(VISITA_TIPOS, { error: "Tipo inválido" }).optional(),
  q: z.string().trim().max(100, "Busca longa demais").optional(),
});
export type PasseListQuery = z.input<typeof passeListQuerySchema>;

export const passeSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  unidade_id: z.uuid(),
  tipo: z.enum(VISITA_TIPOS),
  nome: z.string(),
  descricao: z.string().nullable(),
  documento: z.string().nullable(),
  telefone: z.string().nullable(),
  modalidade: z.enum(PASSE_MODALIDADES),
  data_inicio: z.string(),
  data_fim: z.string(),
  dias_semana: z.array(z.number().int()),
  hora_inicio: z.string(),
  hora_fim: z.string(),
  intervalo_minimo_segundos: z.number().int(),
  status: z.enum(PASSE_STATUSES),
  /** The 6-digit PIN typed at the gate. */
  pin: z.string(),
  usos: z.number().int(),
  ultimo_uso_em: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  unidade: z.object({ codigo: z.string(), torre: z.string().nullable() }),
  condominio: z.object({ nome: z.string(), timezone: z.string() }),
  criado_por_nome: z.string().nullable(),
});
export type Passe = z.infer<typeof passeSchema>;
/** The list shows the document masked; the detail has it in full. */
export const passePageSchema = pageOf(passeSchema.extend({ documento: maskedDocument }));
export type PassePage = z.infer<typeof passePageSchema>;

/** One validation attempt, as the pass's history and the Portaria screen list them. */
export const validacaoSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  passe_id: z.uuid().nullable(),
  metodo: z.enum(VALIDACAO_METODOS),
  resultado: z.enum(VALIDACAO_RESULTADOS),
  liberado: z.boolean(),
  /** "Liberado: Maria, diarista do apto 42" or why not, as shown in large type at the gate. */
  mensagem: z.string(),
  /** Who validated: a console user's name or an integration's key name. */
  validado_por: z.string().nullable(),
  created_at: isoDateTime,
});
export type Validacao = z.infer<typeof validacaoSchema>;

export const passeDetailSchema = passeSchema.extend({
  /** The signed token the QR Code carries (the gate reads it back). */
  qr_token: z.string(),
  /** The pass page the visitor opens from the shared message (shows the QR Code). */
  link: z.string(),
  /** "Compartilhar no WhatsApp": wa.me with a short pt-BR message, to the visitor's phone when known. */
  whatsapp_url: z.string(),
  /** The last attempts with this pass, newest first. */
  validacoes: z.array(validacaoSchema),
  /** The holder's face (docs/product.md, "Fotos"), shown at the gate when the pass is used. */
  foto: fotoSchema.nullable(),
});
export type PasseDetail = z.infer<typeof passeDetailSchema>;

/** The gate's question: this PIN, or this QR Code, at this condominium. Exactly one of the two. */
const validarPasseFields = {
  condominio_id: requiredId("Selecione o condomínio da portaria"),
  pin: z
    .string({ error: "O PIN tem 6 dígitos" })
    .trim()
    .regex(/^\d{6}$/, "O PIN tem 6 dígitos")
    .optional(),
  qr: z.string({ error: "QR Code inválido" }).trim().min(1, "QR Code inválido").max(300, "QR Code inválido").optional(),
  // The gate it is read at, when the device or integration knows it (docs/product.md, "Portões").
  ...portaoRefFields,
};

function pinOrQr(v: { pin?: string; qr?: string }, ctx: z.RefinementCtx) {
  if (!v.pin === !v.qr) ctx.addIssue({ code: "custom", path: ["pin"], message: "Informe o PIN ou leia o QR Code" });
}

export const validarPasseSchema = z.object(validarPasseFields).strict().superRefine(pinOrQr);
export type ValidarPasseInput = z.input<typeof validarPasseSchema>;
export type ValidarPasse = z.output<typeof validarPasseSchema>;

/** A gate controller's validation (/api/v1): it may say it reports the passage itself. */
export const v1ValidarPasseSchema = z
  .object({
    ...validarPasseFields,
    registrar_entrada: z.boolean({ error: "Use true ou false" }).default(true),
  })
  .strict()
  .superRefine(pinOrQr);

/**
 * What the gate shows: the attempt, the pass when one was found in this condominium, and the entry
 * it recorded when the gate opened (docs/decisions/033-gate-opening-is-entry.md).
 */
export const validacaoResultadoSchema = validacaoSchema.extend({
  acesso_id: z.uuid().nullable(),
  passe: z
    .object({
      id: z.uuid(),
      nome: z.string(),
      tipo: z.enum(VISITA_TIPOS),
      descricao: z.string().nullable(),
      unidade_id: z.uuid(),
      unidade: z.object({ codigo: z.string(), torre: z.string().nullable() }),
      /** The holder's photo for the porteiro to compare faces (signed for the console's reader); null without one. */
      foto_url: z.string().nullable(),
    })
    .nullable(),
});
export type ValidacaoResultadoResponse = z.infer<typeof validacaoResultadoSchema>;

export const validacaoListQuerySchema = listQuery({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  passe_id: z.uuid("Passe inválido").optional(),
});
export const validacaoPageSchema = pageOf(validacaoSchema);
