/**
 * The report's charts (docs/product.md, "Relatórios"): each one a picture for those who would rather
 * look, with its numbers in a table behind "Ver dados em tabela" for screen readers and for those
 * who would rather read. Colours are chosen to stay legible on the dark theme too.
 */
import type * as React from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import {
  DIAS_SEMANA_LABELS,
  RESPOSTA_FORMA_LABELS,
  type Relatorio,
  TEMPO_LABELS,
  type TempoChave,
} from "@/shared/schemas/relatorios";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { cn } from "@/web/lib/utils";

const int = new Intl.NumberFormat("pt-BR");
const COLORS = { autorizadas: "#16a34a", negadas: "#dc2626", outras: "#64748b", azul: "#3b82f6" };

/** "12/11" for "2026-11-12". */
const dayLabel = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** "2 min 05 s", "45 s", "1 h 02 min"; "—" when nothing was measured. */
export function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/** The numbers behind a chart, folded away: a real table, reachable by keyboard. */
function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded-sm text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        Ver dados em tabela
      </summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard */}
      <section className="mt-2 max-h-80 overflow-auto" tabIndex={0} aria-label={caption}>
        <Table>
          <caption className="sr-only">{caption}</caption>
          <TableHeader>
            <TableRow>
              {head.map((h, i) => (
                <TableHead key={h} className={cn(i > 0 && "text-right")}>
                  {h}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={String(row[0])}>
                {row.map((v, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-width row
                  <TableCell key={i} className={cn(i > 0 && "text-right tabular-nums")}>
                    {typeof v === "number" ? int.format(v) : v}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </details>
  );
}

/** A chart's frame: the picture is described in words for assistive technology, the table follows. */
function ChartFrame({ label, height, children }: { label: string; height: number; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={label} className="w-full text-muted-foreground text-xs" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

const tooltipStyle = {
  contentStyle: {
    background: "var(--popover)",
    color: "var(--popover-foreground)",
    border: "1px solid var(--border)",
    borderRadius: 8,
  },
  cursor: { fill: "var(--muted)" },
};

export function VisitasPorDia({ r }: { r: Relatorio }) {
  const data = r.por_dia.map((d) => ({
    dia: dayLabel(d.data),
    Autorizadas: d.autorizadas,
    Negadas: d.negadas,
    Outras: d.solicitacoes - d.autorizadas - d.negadas,
  }));
  const busiest = r.por_dia.reduce((a, d) => (d.solicitacoes > a.solicitacoes ? d : a), r.por_dia[0]!);
  return (
    <>
      <ChartFrame
        height={260}
        label={`Gráfico de barras: solicitações por dia. Total ${r.resumo.solicitacoes}; dia com mais: ${dayLabel(busiest.data)}, ${busiest.solicitacoes}.`}
      >
        <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="dia" tick={{ fill: "currentColor" }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fill: "currentColor" }} />
          <Tooltip {...tooltipStyle} />
          <Legend />
          <Bar dataKey="Autorizadas" stackId="s" fill={COLORS.autorizadas} />
          <Bar dataKey="Negadas" stackId="s" fill={COLORS.negadas} />
          <Bar dataKey="Outras" stackId="s" fill={COLORS.outras} />
        </BarChart>
      </ChartFrame>
      <DataTable
        caption="Visitas por dia"
        head={["Dia", "Solicitações", "Autorizadas", "Negadas", "Entradas", "Passes usados"]}
        rows={r.por_dia.map((d) => [
          dayLabel(d.data),
          d.solicitacoes,
          d.autorizadas,
          d.negadas,
          d.entradas,
          d.passes_usados,
        ])}
      />
    </>
  );
}

/** The hours of the week: a grid of cells, darker with more requests; each cell names itself. */
export function HorariosDaSemana({ r }: { r: Relatorio }) {
  const max = Math.max(1, ...r.por_hora.map((h) => h.solicitacoes));
  const cell = (dia: number, hora: number) => r.por_hora[(dia - 1) * 24 + hora]?.solicitacoes ?? 0;
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling grid must be reachable by keyboard */}
      <section className="overflow-x-auto" tabIndex={0} aria-label="Horários da semana">
        <div
          className="grid min-w-[36rem] gap-px text-muted-foreground text-xs"
          style={{ gridTemplateColumns: "4.5rem repeat(24, minmax(0, 1fr))" }}
          role="img"
          aria-label="Mapa de calor das solicitações por dia da semana e hora; os números estão na tabela a seguir."
        >
          <span />
          {Array.from({ length: 24 }, (_, h) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one label per hour
            <span key={h} className="text-center" aria-hidden="true">
              {h % 3 === 0 ? `${h}h` : ""}
            </span>
          ))}
          {DIAS_SEMANA_LABELS.map((nome, i) => (
            <HeatRow key={nome} nome={nome} values={Array.from({ length: 24 }, (_, h) => cell(i + 1, h))} max={max} />
          ))}
        </div>
      </section>
      <div className="mt-2 flex items-center gap-2 text-muted-foreground text-xs" aria-hidden="true">
        <span>Menos</span>
        {[0.08, 0.3, 0.55, 0.8, 1].map((o) => (
          <span key={o} className="size-3 rounded-sm" style={{ background: COLORS.azul, opacity: o }} />
        ))}
        <span>Mais ({int.format(max)})</span>
      </div>
      <DataTable
        caption="Solicitações por dia da semana e hora"
        head={["Dia", ...Array.from({ length: 24 }, (_, h) => `${h}h`)]}
        rows={DIAS_SEMANA_LABELS.map((nome, i) => [nome, ...Array.from({ length: 24 }, (_, h) => cell(i + 1, h))])}
      />
    </>
  );
}

function HeatRow({ nome, values, max }: { nome: string; values: number[]; max: number }) {
  return (
    <>
      <span className="self-center pr-1">{nome}</span>
      {values.map((v, h) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: one cell per hour
          key={h}
          title={`${nome}, ${h}h: ${v} solicitações`}
          className="aspect-square min-h-3 rounded-sm"
          style={{ background: COLORS.azul, opacity: v === 0 ? 0.08 : 0.2 + 0.8 * (v / max) }}
        />
      ))}
    </>
  );
}

export function ComoRespondem({ r }: { r: Relatorio }) {
  const data = r.respostas.map((x) => ({ forma: RESPOSTA_FORMA_LABELS[x.forma], Solicitações: x.total }));
  const total = r.respostas.reduce((a, x) => a + x.total, 0);
  return (
    <>
      <ChartFrame
        height={280}
        label={`Gráfico de barras: como os moradores respondem. ${r.respostas
          .map((x) => `${RESPOSTA_FORMA_LABELS[x.forma]}: ${x.total}`)
          .join("; ")}.`}
      >
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" allowDecimals={false} tick={{ fill: "currentColor" }} />
          <YAxis type="category" dataKey="forma" width={150} tick={{ fill: "currentColor" }} />
          <Tooltip {...tooltipStyle} />
          <Bar dataKey="Solicitações" fill={COLORS.azul} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ChartFrame>
      <DataTable
        caption="Como os moradores respondem"
        head={["Forma", "Solicitações", "Parte"]}
        rows={r.respostas.map((x) => [
          RESPOSTA_FORMA_LABELS[x.forma],
          x.total,
          total > 0 ? `${Math.round((x.total / total) * 100)}%` : "—",
        ])}
      />
    </>
  );
}

export function Tempos({ r }: { r: Relatorio }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {(Object.keys(TEMPO_LABELS) as TempoChave[]).map((k) => (
        <div key={k} className="rounded-lg border p-3">
          <dt className="font-medium text-sm">{TEMPO_LABELS[k]}</dt>
          <dd className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span>
              Metade em até <strong className="text-base tabular-nums">{duration(r.tempos[k].p50_s)}</strong>
            </span>
            <span>
              95% em até <strong className="text-base tabular-nums">{duration(r.tempos[k].p95_s)}</strong>
            </span>
            <span className="text-muted-foreground">{int.format(r.tempos[k].n)} medidas</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Operadores({ r }: { r: Relatorio }) {
  if (r.central.por_operador.length === 0)
    return <p className="text-muted-foreground text-sm">Nenhuma pendência assumida por operadores no período.</p>;
  return (
    <Table>
      <caption className="sr-only">Pendências assumidas por operador</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Operador</TableHead>
          <TableHead className="text-right">Assumidas</TableHead>
          <TableHead className="text-right">Resolvidas</TableHead>
          <TableHead className="text-right">Mediana até assumir</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {r.central.por_operador.map((o) => (
          <TableRow key={o.user_id ?? "removido"}>
            <TableCell>{o.nome}</TableCell>
            <TableCell className="text-right tabular-nums">{int.format(o.assumidos)}</TableCell>
            <TableCell className="text-right tabular-nums">{int.format(o.resolvidos)}</TableCell>
            <TableCell className="text-right tabular-nums">{duration(o.p50_assumir_s)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Packages per day: received next to collected (docs/product.md, "Relatórios"). */
export function EncomendasPorDia({ r }: { r: Relatorio }) {
  const e = r.encomendas;
  const data = e.por_dia.map((d) => ({ dia: dayLabel(d.data), Recebidas: d.recebidas, Retiradas: d.retiradas }));
  const busiest = e.por_dia.reduce((a, d) => (d.recebidas > a.recebidas ? d : a), e.por_dia[0]!);
  return (
    <>
      <ChartFrame
        height={220}
        label={`Gráfico de barras: encomendas recebidas e retiradas por dia. Recebidas ${e.recebidas}, retiradas ${e.retiradas}; dia com mais chegadas: ${dayLabel(busiest.data)}, ${busiest.recebidas}.`}
      >
        <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="dia" tick={{ fill: "currentColor" }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fill: "currentColor" }} />
          <Tooltip {...tooltipStyle} />
          <Legend />
          <Bar dataKey="Recebidas" fill={COLORS.azul} />
          <Bar dataKey="Retiradas" fill={COLORS.autorizadas} />
        </BarChart>
      </ChartFrame>
      <DataTable
        caption="Encomendas por dia"
        head={["Dia", "Recebidas", "Retiradas", "Perecíveis recebidas", "Retiradas sem código"]}
        rows={e.por_dia.map((d) => [dayLabel(d.data), d.recebidas, d.retiradas, d.pereciveis, d.sem_codigo])}
      />
    </>
  );
}
