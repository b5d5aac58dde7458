import { z } from "zod";
import {
  CONTATO_MORADOR,
  type ContatoMorador,
  DEFAULT_TIMEZONE,
  EXPIRACAO_SOLICITACAO_MAX_MINUTOS,
  EXPIRACAO_SOLICITACAO_MIN_MINUTOS,
  EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS,
  RETENCAO_MAX_DIAS,
  RETENCAO_MIN_DIAS,
  RETENCAO_PADRAO_DIAS,
  TIMEZONES,
} from "../domain";
import { isoDateTime, listQuery, pageOf } from "./common";
import { RETENCAO_FOTOS_MIN_DIAS, RETENCAO_FOTOS_PADRAO_DIAS } from "./fotos";
import { solicitacaoSchema } from "./solicitacoes";

const RETENCAO_MESSAGE = "A retenção vai de 30 a 1.825 dias";

/** Seconds a resident has to answer before the next one is reached (docs/product.md, "Condomínios"). */
const esperaMoradorSegundos = z.coerce
  .number({ error: "Informe o tempo de espera em segundos" })
  .int("Use um número inteiro de segundos")
  .min(15, "Espere ao menos 15 segundos")
  .max(3600, "Espere no máximo 3600 segundos (1 hora)");
/** Reach every resident at once instead of one after another. */
const notificarTodosMoradores = z.boolean({ error: "Valor inválido" });
/**
 * How each resident is reached (docs/product.md, "Condomínios"): their message channel, a phone
 * call placed by Guarita, or one then the other, `espera_morador_segundos` apart.
 */
const contatoMorador = z.enum(CONTATO_MORADOR, { error: "Selecione como falar com o morador" });

/** How the console names each way of reaching a resident ("Contato com o morador"). */
export const CONTATO_MORADOR_LABELS: Record<ContatoMorador, string> = {
  mensagem: "Só mensagem (WhatsApp, SMS ou e-mail)",
  mensagem_e_ligacao: "Mensagem; depois ligação",
  ligacao_e_mensagem: "Ligação; depois mensagem",
  ligacao: "Só ligação",
};
/** Days visitor data is kept before the daily job anonymises it (docs/product.md, "Personal data and retention"). */
const retencaoDias = z.coerce
  .number({ error: RETENCAO_MESSAGE })
  .int(RETENCAO_MESSAGE)
  .min(RETENCAO_MIN_DIAS, RETENCAO_MESSAGE)
  .max(RETENCAO_MAX_DIAS, RETENCAO_MESSAGE);

const RETENCAO_FOTOS_MESSAGE = `A retenção das fotos vai de ${RETENCAO_FOTOS_MIN_DIAS} a ${new Intl.NumberFormat("pt-BR").format(RETENCAO_MAX_DIAS)} dias`;
/** Days visitors' photos are kept (docs/product.md, "Personal data and retention"): at most retencao_dias. */
const retencaoFotosDias = z.coerce
  .number({ error: RETENCAO_FOTOS_MESSAGE })
  .int(RETENCAO_FOTOS_MESSAGE)
  .min(RETENCAO_FOTOS_MIN_DIAS, RETENCAO_FOTOS_MESSAGE)
  .max(RETENCAO_MAX_DIAS, RETENCAO_FOTOS_MESSAGE);

/** The refusal when photos would outlive the rest of the visitor's data. */
export function retencaoFotosAcimaMessage(fotos: number, dados: number): string {
  const fmt = new Intl.NumberFormat("pt-BR");
  return `As fotos não podem ser guardadas por mais tempo que os dados de visitantes: ${fmt.format(fotos)} dias é mais que ${fmt.format(dados)} dias.`;
}

const EXPIRACAO_MESSAGE = `A expiração vai de ${EXPIRACAO_SOLICITACAO_MIN_MINUTOS} a ${new Intl.NumberFormat("pt-BR").format(EXPIRACAO_SOLICITACAO_MAX_MINUTOS)} minutos (24 horas)`;

/**
 * Minutes an unanswered request waits before it expires (docs/product.md, "Condomínios"): every new
 * request of the condominium gets its `expiracao_em` from this unless it names its own.
 */
const expiracaoSolicitacaoMinutos = z.coerce
  .number({ error: EXPIRACAO_MESSAGE })
  .int(EXPIRACAO_MESSAGE)
  .min(EXPIRACAO_SOLICITACAO_MIN_MINUTOS, EXPIRACAO_MESSAGE)
  .max(EXPIRACAO_SOLICITACAO_MAX_MINUTOS, EXPIRACAO_MESSAGE);

const LEMBRETE_ENCOMENDA_MESSAGE = "O lembrete de encomenda vai de 0 a 60 dias (0 = nunca)";
/**
 * Days a package may wait before its residents are reminded once (docs/decisions/043-deliveries.md);
 * 0 = never.
 */
const encomendaLembreteDias = z.coerce
  .number({ error: LEMBRETE_ENCOMENDA_MESSAGE })
  .int(LEMBRETE_ENCOMENDA_MESSAGE)
  .min(0, LEMBRETE_ENCOMENDA_MESSAGE)
  .max(60, LEMBRETE_ENCOMENDA_MESSAGE);
export const ENCOMENDA_LEMBRETE_PADRAO_DIAS = 3;
/** Where delivery people are told to leave packages ("Sala de encomendas, ao lado da guarita"); empty = not said. */
const encomendaLocalEntrega = z
  .string({ error: "Informe o local de entrega em texto" })
  .trim()
  .max(120, "O local de entrega deve ter no máximo 120 caracteres")
  .nullable()
  .transform((v) => (v ? v : null));

const condominioBase = {
  nome: z
    .string({ error: "Nome deve ter pelo menos 2 caracteres" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(120, "Nome deve ter no máximo 120 caracteres"),
  timezone: z.enum(TIMEZONES, { error: "Selecione um timezone" }).default(DEFAULT_TIMEZONE),
  enabled: z.boolean({ error: "Valor inválido" }).default(true),
};

/** Condominium form and POST body (docs/product.md, "Condomínios"): omitted settings take their defaults. */
export const condominioInputSchema = z
  .object({
    ...condominioBase,
    espera_morador_segundos: esperaMoradorSegundos.default(60),
    notificar_todos_moradores: notificarTodosMoradores.default(false),
    contato_morador: contatoMorador.default("mensagem"),
    retencao_dias: retencaoDias.default(RETENCAO_PADRAO_DIAS),
    retencao_fotos_dias: retencaoFotosDias.default(RETENCAO_FOTOS_PADRAO_DIAS),
    expiracao_solicitacao_minutos: expiracaoSolicitacaoMinutos.default(EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS),
    encomenda_lembrete_dias: encomendaLembreteDias.default(ENCOMENDA_LEMBRETE_PADRAO_DIAS),
    encomenda_local_entrega: encomendaLocalEntrega.optional(),
  })
  .strict()
  // Only once both are valid numbers: a wrong retencao_dias already has its own message.
  .refine(
    (c) => retencaoDias.safeParse(c.retencao_dias).error !== undefined || c.retencao_fotos_dias <= c.retencao_dias,
    {
      path: ["retencao_fotos_dias"],
      error: (issue) => {
        const c = issue.input as { retencao_fotos_dias: number; retencao_dias: number };
        return retencaoFotosAcimaMessage(c.retencao_fotos_dias, c.retencao_dias);
      },
    },
  );
/**
 * PUT body: name, timezone and status as on creation; a setting the body omits keeps its current
 * value, so an API client written before a setting existed never resets it.
 */
export const condominioUpdateSchema = z
  .object({
    ...condominioBase,
    espera_morador_segundos: esperaMoradorSegundos.optional(),
    notificar_todos_moradores: notificarTodosMoradores.optional(),
    contato_morador: contatoMorador.optional(),
    retencao_dias: retencaoDias.optional(),
    retencao_fotos_dias: retencaoFotosDias.optional(),
    expiracao_solicitacao_minutos: expiracaoSolicitacaoMinutos.optional(),
    encomenda_lembrete_dias: encomendaLembreteDias.optional(),
    /** null or "" clears it; omitted keeps it. */
    encomenda_local_entrega: encomendaLocalEntrega.optional(),
  })
  .strict();
export type CondominioInput = z.input<typeof condominioInputSchema>;

export const condominioListQuerySchema = listQuery({
  q: z.string().trim().max(100, "Busca longa demais").optional(),
});

export const condominioSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  timezone: z.enum(TIMEZONES),
  enabled: z.boolean(),
  espera_morador_segundos: z.number().int(),
  notificar_todos_moradores: z.boolean(),
  /** A message, a phone call, or one then the other to each resident. */
  contato_morador: z.enum(CONTATO_MORADOR),
  retencao_dias: z.number().int(),
  /** Visitors' photos are deleted after this many days (at most retencao_dias). */
  retencao_fotos_dias: z.number().int(),
  /** New requests expire after this many minutes without a decision, unless they name their own expiry. */
  expiracao_solicitacao_minutos: z.number().int(),
  /** Residents of a package still waiting after this many days are reminded once (0 = never). */
  encomenda_lembrete_dias: z.number().int(),
  /** Where delivery people are told to leave packages. */
  encomenda_local_entrega: z.string().nullable(),
  created_at: isoDateTime,
});
export type Condominio = z.infer<typeof condominioSchema>;
export const condominioPageSchema = pageOf(condominioSchema);

/** GET /api/condominios/:id: the condominium, its counts and its latest requests. */
export const condominioDetailSchema = condominioSchema.extend({
  unidades_count: z.number().int(),
  pessoas_count: z.number().int(),
  solicitacoes_recentes: z.array(solicitacaoSchema),
});
export type CondominioDetail = z.infer<typeof condominioDetailSchema>;

/**
 * Rows the retention job changes (or would change) in one condominium: requests, passes and access
 * records are anonymised; the attendant's closed conversations are deleted with their transcripts.
 */
export const retencaoContagensSchema = z.object({
  solicitacoes: z.number().int(),
  passes: z.number().int(),
  acessos: z.number().int(),
  conversas: z.number().int(),
  /** Visitors' photos past the photo retention, deleted with their files. */
  fotos: z.number().int(),
  /** Packages collected before the cutoff: who collected (name, document) anonymised. */
  encomendas: z.number().int(),
  /** Notices about packages sent before the cutoff: the address and the demo text cleared. */
  avisos_encomendas: z.number().int(),
  /** People authorised to collect a unit's packages, removed before the cutoff: name and document. */
  autorizados_encomendas: z.number().int(),
  /** Guests of common-area bookings that ended before the cutoff: name, document and phone. */
  convidados_reservas: z.number().int(),
  /** Notices about bookings sent before the cutoff: the address and the demo text cleared. */
  avisos_reservas: z.number().int(),
});
export type RetencaoContagens = z.infer<typeof retencaoContagensSchema>;

/**
 * GET /api/condominios/:id/retencao (what a run would anonymise now) and POST …/retencao/executar
 * (what it did): the setting, the cutoff (visitor data older than this) and the counts.
 */
export const retencaoSchema = z.object({
  retencao_dias: z.number().int(),
  corte_em: isoDateTime,
  contagens: retencaoContagensSchema,
});
export type Retencao = z.infer<typeof retencaoSchema>;

/** "30 minutos", "1 hora", "90 minutos (1 h 30 min)": a condominium's wait as the console says it. */
export function expiracaoText(minutos: number): string {
  const fmt = new Intl.NumberFormat("pt-BR");
  if (minutos < 60) return `${fmt.format(minutos)} ${minutos === 1 ? "minuto" : "minutos"}`;
  const horas = Math.floor(minutos / 60);
  const resto = minutos % 60;
  if (resto === 0) return `${fmt.format(horas)} ${horas === 1 ? "hora" : "horas"}`;
  return `${fmt.format(minutos)} minutos (${horas} h ${resto} min)`;
}
