/**
 * "Relatórios" (docs/product.md): one condominium's figures over a period, for the síndico. The
 * figures come from SQL aggregates (relatorios.queries.ts); here they are put together, the days
 * without activity filled with zeros, and turned into CSV tables or the monthly PDF.
 */
import {
  DIAS_SEMANA_LABELS,
  periodOf,
  RESPOSTA_FORMA_LABELS,
  RESPOSTA_FORMAS,
  type Relatorio,
  type RelatorioQuery,
  type RelatorioTabela,
  type RespostaForma,
  TEMPO_LABELS,
  type TempoChave,
} from "../../../shared/schemas/relatorios";
import { assertSeesCondominio } from "../../auth/scope";
import type { Database } from "../../db/client";
import type { TenantContext } from "../../http/context";
import { csvLine } from "../../http/csv";
import { notFound } from "../../http/errors";
import {
  atendenteCounts,
  centralCounts,
  centralPorOperador,
  condominioPeriod,
  encomendaSaldo,
  encomendasPorDia,
  encomendaTempoRetirada,
  entradasPorDia,
  passesPorDia,
  solicitacaoCounts,
  solicitacaoTempos,
  whatsappCount,
} from "./relatorios.queries";

const NOT_FOUND = "Condomínio não encontrado";

/** Every date from `de` to `ate`, inclusive (YYYY-MM-DD). */
function datesOf(de: string, ate: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${ate}T00:00:00Z`);
  for (let t = Date.parse(`${de}T00:00:00Z`); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export async function report(
  db: Database,
  tenant: Pick<TenantContext, "organizationId" | "scope">,
  q: Pick<RelatorioQuery, "condominio_id" | "de" | "ate" | "mes">,
): Promise<Relatorio> {
  assertSeesCondominio(tenant, q.condominio_id, NOT_FOUND);
  const { de, ate } = periodOf(q);
  const c = await condominioPeriod(db, tenant.organizationId, q.condominio_id, de, ate);
  if (!c) throw notFound(NOT_FOUND);
  const period = { condominioId: c.id, timezone: c.timezone, inicio: c.inicio, fim: c.fim };
  // Independent statements: on PostgreSQL the pool runs them side by side.
  const [
    counts,
    whatsapp,
    tempos,
    entradas,
    passes,
    atendente,
    central,
    operadores,
    encomendasDias,
    encomendaTempo,
    encomendaFim,
  ] = await Promise.all([
    solicitacaoCounts(db, period),
    whatsappCount(db, period),
    solicitacaoTempos(db, period),
    entradasPorDia(db, period),
    passesPorDia(db, period),
    atendenteCounts(db, period),
    centralCounts(db, period),
    centralPorOperador(db, period),
    encomendasPorDia(db, period),
    encomendaTempoRetirada(db, period),
    encomendaSaldo(db, period),
  ]);

  const byDay = new Map(counts.porDia.map((d) => [d.data, d]));
  const entradasByDay = new Map(entradas.map((d) => [d.data, d.n]));
  const passesByDay = new Map(passes.map((d) => [d.data, d]));
  const por_dia = datesOf(de, ate).map((data) => ({
    data,
    solicitacoes: byDay.get(data)?.solicitacoes ?? 0,
    autorizadas: byDay.get(data)?.autorizadas ?? 0,
    negadas: byDay.get(data)?.negadas ?? 0,
    entradas: entradasByDay.get(data) ?? 0,
    passes_usados: passesByDay.get(data)?.liberadas ?? 0,
  }));
  const encomendasByDay = new Map(encomendasDias.map((d) => [d.data, d]));
  const encomendas_por_dia = por_dia.map(({ data }) => {
    const d = encomendasByDay.get(data);
    return {
      data,
      recebidas: d?.recebidas ?? 0,
      retiradas: d?.retiradas ?? 0,
      pereciveis: d?.pereciveis ?? 0,
      sem_codigo: d?.sem_codigo ?? 0,
    };
  });
  const cells = new Map(counts.porHora.map((h) => [`${h.dia_semana}-${h.hora}`, h.solicitacoes]));
  const por_hora = [];
  for (let dia = 1; dia <= 7; dia++)
    for (let hora = 0; hora < 24; hora++)
      por_hora.push({ dia_semana: dia, hora, solicitacoes: cells.get(`${dia}-${hora}`) ?? 0 });
  const formas = new Map(counts.respostas.map((r) => [r.forma, r.total]));
  // A link decision whose message went by WhatsApp counts as WhatsApp.
  formas.set("whatsapp", whatsapp);
  formas.set("link", (formas.get("link") ?? 0) - whatsapp);
  const sum = (f: (d: (typeof por_dia)[number]) => number) => por_dia.reduce((a, d) => a + f(d), 0);

  return {
    condominio: { id: c.id, nome: c.nome, timezone: c.timezone },
    periodo: { de, ate, dias: por_dia.length },
    resumo: {
      solicitacoes: sum((d) => d.solicitacoes),
      autorizadas: sum((d) => d.autorizadas),
      negadas: sum((d) => d.negadas),
      entradas: sum((d) => d.entradas),
      passes_usados: sum((d) => d.passes_usados),
    },
    por_dia,
    por_hora,
    tempos: {
      resposta_morador: tempos.resposta_morador,
      decisao: tempos.decisao,
      central_assumir: central.assumir,
      central_resolver: central.resolver,
      encomenda_retirada: encomendaTempo,
    },
    respostas: RESPOSTA_FORMAS.map((forma) => ({ forma, total: formas.get(forma) ?? 0 })),
    atendente: {
      ...atendente,
      percentual_sem_pessoa:
        atendente.conversas > 0 ? Math.round((atendente.sem_pessoa / atendente.conversas) * 1000) / 10 : null,
    },
    passes: {
      validacoes: passes.reduce((a, d) => a + d.liberadas + d.recusadas, 0),
      liberadas: passes.reduce((a, d) => a + d.liberadas, 0),
      recusadas: passes.reduce((a, d) => a + d.recusadas, 0),
    },
    central: {
      itens: central.itens,
      assumidos: central.assumidos,
      resolvidos: central.resolvidos,
      violacoes_sla: central.violacoes_sla,
      por_operador: operadores.map((o) => ({ ...o, nome: o.nome ?? "Usuário removido" })),
    },
    encomendas: {
      recebidas: encomendas_por_dia.reduce((a, d) => a + d.recebidas, 0),
      retiradas: encomendas_por_dia.reduce((a, d) => a + d.retiradas, 0),
      devolvidas: encomendaFim.devolvidas,
      aguardando_fim: encomendaFim.aguardando_fim,
      pereciveis: encomendas_por_dia.reduce((a, d) => a + d.pereciveis, 0),
      sem_codigo: encomendas_por_dia.reduce((a, d) => a + d.sem_codigo, 0),
      por_dia: encomendas_por_dia,
    },
  };
}

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const decimal = (n: number | null) => (n === null ? "" : String(n).replace(".", ","));

/** A report table as CSV rows: header first (the same `;` and BOM as every export: http/csv.ts). */
export function csvTable(r: Relatorio, tabela: RelatorioTabela): string[][] {
  switch (tabela) {
    case "por-dia":
      return [
        ["Data", "Solicitações", "Autorizadas", "Negadas", "Entradas", "Passes usados"],
        ...r.por_dia.map((d) =>
          [brDate(d.data), d.solicitacoes, d.autorizadas, d.negadas, d.entradas, d.passes_usados].map(String),
        ),
      ];
    case "por-hora":
      return [
        ["Dia da semana", "Hora", "Solicitações"],
        ...r.por_hora.map((h) => [
          DIAS_SEMANA_LABELS[h.dia_semana - 1]!,
          `${String(h.hora).padStart(2, "0")}h`,
          String(h.solicitacoes),
        ]),
      ];
    case "respostas":
      return [
        ["Forma", "Solicitações"],
        ...r.respostas.map((x) => [RESPOSTA_FORMA_LABELS[x.forma as RespostaForma], String(x.total)]),
      ];
    case "tempos":
      return [
        ["Medida", "Quantidade", "Mediana (s)", "95º percentil (s)"],
        ...(Object.keys(TEMPO_LABELS) as TempoChave[]).map((k) => [
          TEMPO_LABELS[k],
          String(r.tempos[k].n),
          decimal(r.tempos[k].p50_s),
          decimal(r.tempos[k].p95_s),
        ]),
      ];
    case "operadores":
      return [
        ["Operador", "Assumidos", "Resolvidos", "Mediana até assumir (s)"],
        ...r.central.por_operador.map((o) => [
          o.nome,
          String(o.assumidos),
          String(o.resolvidos),
          decimal(o.p50_assumir_s),
        ]),
      ];
    case "encomendas":
      return [
        ["Data", "Recebidas", "Retiradas", "Perecíveis recebidas", "Retiradas sem código"],
        ...r.encomendas.por_dia.map((d) =>
          [brDate(d.data), d.recebidas, d.retiradas, d.pereciveis, d.sem_codigo].map(String),
        ),
      ];
  }
}

export function csvBody(rows: string[][]): string {
  return `\uFEFF${rows.map(csvLine).join("")}`;
}
