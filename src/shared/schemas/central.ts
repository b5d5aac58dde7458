/**
 * The operators' central (docs/product.md, "Central"; docs/decisions/042-operators-central.md): one
 * live queue of what needs a person across the condominiums an operator covers. An item is claimed
 * by one operator at a time ("Assumir"), released, or resolved with an outcome; items whose cause went
 * away on its own (the request decided on its screen, the kiosk back online, the package confirmed or
 * collected) resolve by themselves.
 * Items hold ids only: names and visitors are read from their sources when the queue is listed.
 */
import { z } from "zod";
import { optionalText } from "./common";

/** What put an item in the queue. */
export const CENTRAL_TIPOS = [
  /** The virtual attendant handed a visitor over to a person ("com_porteiro"). */
  "atendimento",
  /** A request still pending after the condominium's wait for a resident. */
  "solicitacao_atrasada",
  /** Every resident was reached and nobody answered. */
  "morador_sem_resposta",
  /** Too many wrong PINs at a condominium's gates: the gate refuses PINs for a while. */
  "pin_bloqueado",
  /** A gate command (`portao.abrir` webhook) that the controller did not accept. */
  "comando_falhou",
  /** A paired kiosk stopped contacting the server. */
  "dispositivo_silencioso",
  /**
   * A package the virtual attendant recorded from a delivery person's words, for a porteiro to check
   * and confirm (docs/decisions/043-deliveries.md); resolves itself once confirmed or returned.
   */
  "encomenda_a_confirmar",
  /** A perishable package waiting past PERECIVEL_CENTRAL_MINUTOS with no resident's "ciente". */
  "encomenda_perecivel",
] as const;
export type CentralTipo = (typeof CENTRAL_TIPOS)[number];

export const CENTRAL_TIPO_LABELS: Record<CentralTipo, string> = {
  atendimento: "Visitante transferido pelo atendente",
  solicitacao_atrasada: "Solicitação aguardando além do tempo",
  morador_sem_resposta: "Morador não respondeu",
  pin_bloqueado: "PINs bloqueados no portão",
  comando_falhou: "Portão não recebeu o comando",
  dispositivo_silencioso: "Totem sem comunicação",
  encomenda_a_confirmar: "Encomenda a confirmar",
  encomenda_perecivel: "Perecível aguardando",
};

/** A perishable package waiting this long without a resident's "ciente" enters the central. */
export const PERECIVEL_CENTRAL_MINUTOS = 60;

export const CENTRAL_ITEM_STATUSES = ["aberto", "assumido", "resolvido"] as const;
export type CentralItemStatus = (typeof CENTRAL_ITEM_STATUSES)[number];

/**
 * How an item ended. The first four are chosen by the operator; `na_origem` is written by the central
 * itself when the cause went away elsewhere (the request decided on its screen or by the resident,
 * the conversation closed, the kiosk back online).
 */
export const CENTRAL_DESFECHOS = ["autorizado", "negado", "resolvido", "sem_acao", "na_origem"] as const;
export type CentralDesfecho = (typeof CENTRAL_DESFECHOS)[number];
export const CENTRAL_DESFECHOS_OPERADOR = ["autorizado", "negado", "resolvido", "sem_acao"] as const;

export const CENTRAL_DESFECHO_LABELS: Record<CentralDesfecho, string> = {
  autorizado: "Entrada autorizada",
  negado: "Entrada negada",
  resolvido: "Resolvido",
  sem_acao: "Nada a fazer",
  na_origem: "Resolvido na origem",
};

/** An operator's own status; "em atendimento" is shown while they hold an item, "offline" when away. */
export const PRESENCA_STATUSES = ["disponivel", "pausa"] as const;
export type PresencaStatus = (typeof PRESENCA_STATUSES)[number];
export const PRESENCA_EXIBIDA = ["disponivel", "em_atendimento", "pausa", "offline"] as const;
export type PresencaExibida = (typeof PRESENCA_EXIBIDA)[number];
export const PRESENCA_LABELS: Record<PresencaExibida, string> = {
  disponivel: "Disponível",
  em_atendimento: "Em atendimento",
  pausa: "Pausa",
  offline: "Offline",
};

/** The SLA's defaults and bounds, in seconds (per condominium). */
export const SLA_ASSUMIR_PADRAO = 30;
export const SLA_RESOLVER_PADRAO = 300;

const pessoaRef = z.object({ user_id: z.string(), nome: z.string() });

export const centralItemSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(CENTRAL_TIPOS),
  status: z.enum(CENTRAL_ITEM_STATUSES),
  condominio: z.object({ id: z.uuid(), nome: z.string() }),
  portao: z.object({ id: z.uuid(), nome: z.string() }).nullable(),
  /** One line in pt-BR: who and where ("Maria Souza para o 101 — Torre A"), read from the source. */
  titulo: z.string(),
  /** A second line when there is one (the attendant's last words, the controller's error). */
  detalhe: z.string().nullable(),
  solicitacao_id: z.uuid().nullable(),
  conversa_id: z.uuid().nullable(),
  /** The package an item is about (its screen: /app/encomendas/<id>). */
  encomenda_id: z.uuid().nullable(),
  /** The visitor's latest photo (thumbnail, signed), when there is one. */
  foto_url: z.string().nullable(),
  /** When the item started waiting for a person. */
  criado_em: z.string(),
  assumido_por: pessoaRef.nullable(),
  assumido_em: z.string().nullable(),
  resolvido_por: pessoaRef.nullable(),
  resolvido_em: z.string().nullable(),
  desfecho: z.enum(CENTRAL_DESFECHOS).nullable(),
  nota: z.string().nullable(),
  /** Past its SLA (to claim while open, to resolve while claimed). */
  escalado: z.boolean(),
  /** The SLA in force, to tick on the screen: claim by criado_em + this, resolve by assumido_em + that. */
  sla_assumir_segundos: z.number().int(),
  sla_resolver_segundos: z.number().int(),
  /** Routed to the caller: the available operator covering it with the fewest items in hand. */
  para_voce: z.boolean(),
});
export type CentralItem = z.infer<typeof centralItemSchema>;

export const operadorSchema = z.object({
  user_id: z.string(),
  nome: z.string(),
  papel: z.string(),
  status: z.enum(PRESENCA_EXIBIDA),
  /** Items they hold now. */
  assumidos: z.number().int(),
  /** Condominiums they cover; null: all of the tenant's. */
  condominio_ids: z.array(z.uuid()).nullable(),
});
export type Operador = z.infer<typeof operadorSchema>;

/** GET /api/central: the caller's queue (open and claimed items, oldest first) and who is on duty. */
export const centralFilaSchema = z.object({
  itens: z.array(centralItemSchema),
  operadores: z.array(operadorSchema),
  /** The caller's own status as others see it. */
  minha_presenca: z.enum(PRESENCA_EXIBIDA),
  /** The status the caller chose (kept while their screen was closed); null before the first. */
  meu_status: z.enum(PRESENCA_STATUSES).nullable(),
  /** Whether the caller may reassign, release others' items and set SLAs. */
  supervisor: z.boolean(),
  /** The server's clock, so the waiting times tick from the same origin on every screen. */
  agora: z.string(),
});
export type CentralFila = z.infer<typeof centralFilaSchema>;

export const centralFilaQuerySchema = z.object({
  condominio_id: z.uuid("Condomínio inválido").optional(),
});

export const centralResolverSchema = z
  .object({
    desfecho: z.enum(CENTRAL_DESFECHOS_OPERADOR, { error: "Escolha como o item foi resolvido" }),
    nota: optionalText(500, "A nota deve ter no máximo 500 caracteres"),
  })
  .strict();
export type CentralResolver = z.input<typeof centralResolverSchema>;

export const centralReatribuirSchema = z
  .object({ user_id: z.string({ error: "Escolha o operador" }).min(1, "Escolha o operador").max(64) })
  .strict();

export const presencaSchema = z.object({ status: z.enum(PRESENCA_STATUSES, { error: "Status inválido" }) }).strict();

export const centralSlaSchema = z
  .object({
    sla_assumir_segundos: z
      .number({ error: "Informe o tempo para assumir, em segundos" })
      .int("Use segundos inteiros")
      .min(5, "O tempo para assumir deve ser de pelo menos 5 segundos")
      .max(3600, "O tempo para assumir deve ser de no máximo 1 hora"),
    sla_resolver_segundos: z
      .number({ error: "Informe o tempo para resolver, em segundos" })
      .int("Use segundos inteiros")
      .min(30, "O tempo para resolver deve ser de pelo menos 30 segundos")
      .max(86_400, "O tempo para resolver deve ser de no máximo 24 horas"),
  })
  .strict();
export type CentralSla = z.input<typeof centralSlaSchema>;

export const centralSlaCondominioSchema = centralSlaSchema.extend({ id: z.uuid(), nome: z.string() });
