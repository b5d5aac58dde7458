/**
 * "Relatórios" (docs/product.md): a condominium's figures over a period, read in its own timezone.
 * The period is a month (`mes`, the síndico's monthly report) or two dates (`de`/`ate`, inclusive),
 * at most a year (366 days) so one report stays one indexed range scan.
 */
import { z } from "zod";

/** The longest period a report covers (a leap year). */
export const RELATORIO_MAX_DIAS = 366;

const dia = z.iso.date({ error: "Data inválida (use AAAA-MM-DD)" });
const mes = z
  .string({ error: "Mês inválido (use AAAA-MM)" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Mês inválido (use AAAA-MM)");

function daysBetween(de: string, ate: string): number {
  return Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The last day of a month "AAAA-MM", as "AAAA-MM-DD". */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, "0")}`;
}

export const relatorioQuerySchema = z
  .object({
    condominio_id: z.uuid("Escolha um condomínio"),
    de: dia.optional(),
    ate: dia.optional(),
    mes: mes.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.mes && (q.de || q.ate)) {
      ctx.addIssue({ code: "custom", path: ["mes"], message: "Informe o mês ou o período (de/até), não os dois" });
      return;
    }
    if (q.mes) return;
    if (!q.de || !q.ate) {
      ctx.addIssue({
        code: "custom",
        path: [q.de ? "ate" : "de"],
        message: "Informe o mês (AAAA-MM) ou o período: início e fim (AAAA-MM-DD)",
      });
      return;
    }
    const dias = daysBetween(q.de, q.ate);
    if (dias < 1) ctx.addIssue({ code: "custom", path: ["ate"], message: "O fim do período vem antes do início" });
    else if (dias > RELATORIO_MAX_DIAS)
      ctx.addIssue({ code: "custom", path: ["ate"], message: `O período vai até ${RELATORIO_MAX_DIAS} dias` });
  });
export type RelatorioQuery = z.infer<typeof relatorioQuerySchema>;

/** The monthly PDF: one month, always. */
export const relatorioMensalQuerySchema = z.object({
  condominio_id: z.uuid("Escolha um condomínio"),
  mes: mes,
});

/** The period a query names, as inclusive dates. */
export function periodOf(q: { de?: string; ate?: string; mes?: string }): { de: string; ate: string } {
  if (q.mes) return { de: `${q.mes}-01`, ate: lastDayOf(q.mes) };
  return { de: q.de!, ate: q.ate! };
}

/** The tables a report exports as CSV, one download each. */
export const RELATORIO_TABELAS = ["por-dia", "por-hora", "respostas", "tempos", "operadores", "encomendas"] as const;
export type RelatorioTabela = (typeof RELATORIO_TABELAS)[number];
export const RELATORIO_TABELA_LABELS: Record<RelatorioTabela, string> = {
  "por-dia": "Visitas por dia",
  "por-hora": "Horários da semana",
  respostas: "Como os moradores respondem",
  tempos: "Tempos de resposta e decisão",
  operadores: "Central: operadores",
  encomendas: "Encomendas por dia",
};
export const relatorioTabelaParam = z.object({
  tabela: z.enum(RELATORIO_TABELAS, { error: "Tabela inválida" }),
});

/**
 * How a request got its answer: a resident through the link (sent by WhatsApp, or by SMS/e-mail),
 * on a call, in the app; nobody answered; the porteiro decided; or no decision at all (expired,
 * cancelled, still pending).
 */
export const RESPOSTA_FORMAS = [
  "whatsapp",
  "link",
  "ligacao",
  "aplicativo",
  "sem_resposta",
  "portaria",
  "sem_decisao",
] as const;
export type RespostaForma = (typeof RESPOSTA_FORMAS)[number];
export const RESPOSTA_FORMA_LABELS: Record<RespostaForma, string> = {
  whatsapp: "WhatsApp",
  link: "Link (SMS ou e-mail)",
  ligacao: "Ligação",
  aplicativo: "Aplicativo",
  sem_resposta: "Sem resposta dos moradores",
  portaria: "Decidido pela portaria",
  sem_decisao: "Sem decisão",
};

/** A duration's median and 95th percentile, in seconds (null: nothing measured). */
const tempoSchema = z.object({
  n: z.number().int(),
  p50_s: z.number().nullable(),
  p95_s: z.number().nullable(),
});
export type Tempo = z.infer<typeof tempoSchema>;

export const TEMPO_LABELS = {
  resposta_morador: "Resposta do morador",
  decisao: "Decisão da solicitação",
  central_assumir: "Central: até um operador assumir",
  central_resolver: "Central: até resolver",
  encomenda_retirada: "Encomendas: do recebimento à retirada",
} as const;
export type TempoChave = keyof typeof TEMPO_LABELS;

export const relatorioSchema = z.object({
  condominio: z.object({ id: z.uuid(), nome: z.string(), timezone: z.string() }),
  periodo: z.object({ de: z.string(), ate: z.string(), dias: z.number().int() }),
  resumo: z.object({
    solicitacoes: z.number().int(),
    autorizadas: z.number().int(),
    negadas: z.number().int(),
    entradas: z.number().int(),
    passes_usados: z.number().int(),
  }),
  /** Every day of the period, zeros included. */
  por_dia: z.array(
    z.object({
      data: z.string(),
      solicitacoes: z.number().int(),
      autorizadas: z.number().int(),
      negadas: z.number().int(),
      entradas: z.number().int(),
      passes_usados: z.number().int(),
    }),
  ),
  /** Requests by weekday (1 = Monday … 7 = Sunday) and hour (0–23): all 168 cells. */
  por_hora: z.array(z.object({ dia_semana: z.number().int(), hora: z.number().int(), solicitacoes: z.number().int() })),
  tempos: z.object({
    resposta_morador: tempoSchema,
    decisao: tempoSchema,
    central_assumir: tempoSchema,
    central_resolver: tempoSchema,
    /** Packages collected in the period: from receipt at the gate to the hand-over. */
    encomenda_retirada: tempoSchema,
  }),
  respostas: z.array(z.object({ forma: z.enum(RESPOSTA_FORMAS), total: z.number().int() })),
  atendente: z.object({
    conversas: z.number().int(),
    /** Ended with a result and nobody took over. */
    sem_pessoa: z.number().int(),
    /** A person took over in "Atendimentos". */
    com_pessoa: z.number().int(),
    /** sem_pessoa / conversas, in percent with one decimal (null: no conversations). */
    percentual_sem_pessoa: z.number().nullable(),
  }),
  passes: z.object({ validacoes: z.number().int(), liberadas: z.number().int(), recusadas: z.number().int() }),
  central: z.object({
    itens: z.number().int(),
    assumidos: z.number().int(),
    resolvidos: z.number().int(),
    /** Items that passed their SLA (to claim while open, or to resolve while claimed). */
    violacoes_sla: z.number().int(),
    por_operador: z.array(
      z.object({
        user_id: z.string().nullable(),
        nome: z.string(),
        assumidos: z.number().int(),
        resolvidos: z.number().int(),
        p50_assumir_s: z.number().nullable(),
      }),
    ),
  }),
  /** Packages (docs/decisions/043-deliveries.md); the time to pickup is in `tempos.encomenda_retirada`. */
  encomendas: z.object({
    /** Received at the gate in the period (not those the attendant recorded and nobody confirmed). */
    recebidas: z.number().int(),
    /** Handed over in the period, whenever received. */
    retiradas: z.number().int(),
    /** Returned to the sender (or removed) in the period. */
    devolvidas: z.number().int(),
    /** Received before the period's end and neither collected nor returned by then. */
    aguardando_fim: z.number().int(),
    /** Perishables among those received. */
    pereciveis: z.number().int(),
    /** Handed over in the period without the pickup code (with a reason, audited). */
    sem_codigo: z.number().int(),
    /** Every day of the period, zeros included. */
    por_dia: z.array(
      z.object({
        data: z.string(),
        recebidas: z.number().int(),
        retiradas: z.number().int(),
        pereciveis: z.number().int(),
        sem_codigo: z.number().int(),
      }),
    ),
  }),
});
export type Relatorio = z.infer<typeof relatorioSchema>;

export const DIAS_SEMANA_LABELS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado", "Domingo"] as const;
