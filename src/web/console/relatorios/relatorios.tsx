/**
 * /app/relatorios (docs/product.md, "Relatórios"): one condominium's figures over a month (the
 * last full one by default) or a period of up to a year, in its own timezone; the monthly PDF for
 * the assembly and each table as CSV. The síndico's and the owner's screen.
 */
import { useQuery } from "@tanstack/react-query";
import { BarChart3, Download, FileText } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import {
  RELATORIO_MAX_DIAS,
  RELATORIO_TABELA_LABELS,
  RELATORIO_TABELAS,
  type Relatorio,
} from "@/shared/schemas/relatorios";
import { DateFilter } from "@/web/components/date-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { RequirePermission } from "@/web/components/require-permission";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { isDateOnly } from "@/web/lib/periodo";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/relatorios";
import {
  ComoRespondem,
  duration,
  EncomendasPorDia,
  HorariosDaSemana,
  Operadores,
  Tempos,
  VisitasPorDia,
} from "./relatorio-charts";
import { csvHref, lastFullMonth, pdfHref, type RelatorioParams, relatorioOptions } from "./relatorios.queries";

const TITLE = CONSOLE_SCREENS.relatorios.list;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const int = new Intl.NumberFormat("pt-BR");

export default function RelatoriosPage() {
  return (
    <RequirePermission permission="relatorios:ler">
      <Relatorios />
    </RequirePermission>
  );
}

/** The choices as the URL keeps them: a month, or a period when both dates are valid. */
function useReportParams(firstCondominio: string | undefined) {
  const [search, setSearch] = useSearchParams();
  const condominio_id = search.get("condominio_id") ?? firstCondominio;
  const de = search.get("de");
  const ate = search.get("ate");
  const periodo = isDateOnly(de) && isDateOnly(ate);
  const mesParam = search.get("mes");
  const mes = mesParam && MONTH.test(mesParam) ? mesParam : lastFullMonth();
  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const params: RelatorioParams | null = condominio_id
    ? periodo
      ? { condominio_id, de: de!, ate: ate! }
      : { condominio_id, mes }
    : null;
  return { condominio_id, mes, de: de ?? undefined, ate: ate ?? undefined, periodo, params, update };
}

function Relatorios() {
  const condominios = useCondominios();
  const p = useReportParams(condominios.items[0]?.id);
  const report = useQuery({ ...relatorioOptions(p.params!), enabled: p.params !== null });
  const condoId = useId();
  const mesId = useId();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title={TITLE}
        description="Os números da portaria de um condomínio no período, no horário do condomínio."
        actions={
          p.condominio_id && (
            <Button asChild>
              <a href={pdfHref(p.condominio_id, p.mes)} download data-testid="baixar-pdf">
                <FileText aria-hidden="true" />
                Baixar PDF do mês
              </a>
            </Button>
          )
        }
      />

      <Card>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-2">
            <Label htmlFor={condoId}>Condomínio</Label>
            <select
              id={condoId}
              value={p.condominio_id ?? ""}
              disabled={condominios.isPending || condominios.items.length === 0}
              onChange={(e) => p.update({ condominio_id: e.target.value })}
              className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/20"
            >
              {condominios.items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={mesId}>Mês</Label>
            <Input
              id={mesId}
              type="month"
              value={p.periodo ? "" : p.mes}
              onChange={(e) =>
                MONTH.test(e.target.value) && p.update({ mes: e.target.value, de: undefined, ate: undefined })
              }
            />
          </div>
          <DateFilter
            id="relatorio-de"
            label="Ou período: de"
            value={p.de}
            max={p.ate}
            onChange={(de) => p.update({ de })}
          />
          <DateFilter id="relatorio-ate" label="até" value={p.ate} min={p.de} onChange={(ate) => p.update({ ate })} />
          <p className="text-muted-foreground text-sm sm:col-span-2 lg:col-span-4">
            {p.periodo
              ? `Período de até ${RELATORIO_MAX_DIAS} dias. O PDF é sempre de um mês: o escolhido no campo Mês.`
              : "Escolha um mês, ou as duas datas de um período."}
          </p>
        </CardContent>
      </Card>

      {!condominios.isPending && condominios.items.length === 0 ? (
        <Card>
          <CardContent>
            <EmptyState
              icon={BarChart3}
              title="Nenhum condomínio"
              description="Cadastre um condomínio para ver os relatórios."
            />
          </CardContent>
        </Card>
      ) : report.isError ? (
        <ErrorState title="Não foi possível carregar o relatório" error={report.error} onRetry={report.refetch} />
      ) : !report.data ? (
        <ReportSkeleton />
      ) : (
        <Report r={report.data} params={p.params!} busy={report.isFetching} />
      )}
    </div>
  );
}

function ReportSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">Carregando relatório...</span>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="px-4">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className="font-bold text-2xl tabular-nums">{value}</p>
        {hint && <p className="text-muted-foreground text-xs">{hint}</p>}
      </CardContent>
    </Card>
  );
}

/** The packages' figures as small cards (docs/product.md, "Relatórios"). */
function EncomendasResumo({ r }: { r: Relatorio }) {
  const e = r.encomendas;
  const t = r.tempos.encomenda_retirada;
  const cards: { label: string; value: string; hint?: string }[] = [
    { label: "Recebidas", value: int.format(e.recebidas), hint: `${int.format(e.pereciveis)} perecíveis` },
    { label: "Retiradas", value: int.format(e.retiradas) },
    { label: "Aguardando no fim do período", value: int.format(e.aguardando_fim) },
    { label: "Devolvidas", value: int.format(e.devolvidas) },
    { label: "Entregues sem o código", value: int.format(e.sem_codigo), hint: "com motivo, na auditoria" },
    {
      label: "Até a retirada (mediana)",
      value: duration(t.p50_s),
      hint: t.n > 0 ? `95% em até ${duration(t.p95_s)}` : undefined,
    },
  ];
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {cards.map((c) => (
        <div key={c.label} className="rounded-lg border p-3">
          <dt className="text-muted-foreground text-sm">{c.label}</dt>
          <dd className="font-bold text-xl tabular-nums">{c.value}</dd>
          {c.hint && <dd className="text-muted-foreground text-xs">{c.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Report({ r, params, busy }: { r: Relatorio; params: RelatorioParams; busy: boolean }) {
  const nothing =
    r.resumo.solicitacoes === 0 &&
    r.resumo.entradas === 0 &&
    r.passes.validacoes === 0 &&
    r.atendente.conversas === 0 &&
    r.central.itens === 0 &&
    r.encomendas.recebidas + r.encomendas.retiradas + r.encomendas.aguardando_fim === 0;
  return (
    <div className={cn("grid gap-6 [&>*]:min-w-0", busy && "opacity-70 transition-opacity")} aria-busy={busy}>
      <section aria-label="Resumo" className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <Stat label="Solicitações" value={int.format(r.resumo.solicitacoes)} />
        <Stat
          label="Autorizadas"
          value={int.format(r.resumo.autorizadas)}
          hint={`${int.format(r.resumo.negadas)} negadas`}
        />
        <Stat label="Entradas" value={int.format(r.resumo.entradas)} />
        <Stat label="Passes usados" value={int.format(r.resumo.passes_usados)} />
        <Stat
          label="Atendente sem pessoa"
          value={
            r.atendente.percentual_sem_pessoa === null
              ? "—"
              : `${String(r.atendente.percentual_sem_pessoa).replace(".", ",")}%`
          }
          hint={`${int.format(r.atendente.conversas)} conversas`}
        />
      </section>

      {nothing ? (
        <Card>
          <CardContent>
            <EmptyState
              icon={BarChart3}
              title="Nada no período"
              description={`Nenhuma solicitação, entrada, passe, atendimento ou encomenda em ${r.condominio.nome} neste período.`}
            />
          </CardContent>
        </Card>
      ) : (
        <>
          <SectionCard title="Visitas por dia" description="Solicitações de acesso por dia, pela decisão.">
            <VisitasPorDia r={r} />
          </SectionCard>
          <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
            <SectionCard title="Horários da semana" description="Quando chegam as solicitações.">
              <HorariosDaSemana r={r} />
            </SectionCard>
            <SectionCard title="Como os moradores respondem">
              <ComoRespondem r={r} />
            </SectionCard>
          </div>
          <SectionCard title="Tempos" description="Mediana (metade dos casos) e 95º percentil.">
            <Tempos r={r} />
          </SectionCard>
          <SectionCard
            title="Central de operadores"
            description={`${int.format(r.central.itens)} pendências, ${int.format(r.central.assumidos)} assumidas, ${int.format(r.central.resolvidos)} resolvidas, ${int.format(r.central.violacoes_sla)} fora do prazo.`}
          >
            <Operadores r={r} />
          </SectionCard>
          <SectionCard title="Encomendas" description="Recebidas e retiradas por dia, no horário do condomínio.">
            <EncomendasResumo r={r} />
            <EncomendasPorDia r={r} />
          </SectionCard>
        </>
      )}

      <SectionCard title="Baixar tabelas (CSV)" description="Separadas por ponto e vírgula, abrem no Excel.">
        <ul className="flex flex-wrap gap-2">
          {RELATORIO_TABELAS.map((tabela) => (
            <li key={tabela}>
              <Button asChild variant="outline" size="sm">
                <a href={csvHref(tabela, params)} download>
                  <Download aria-hidden="true" />
                  {RELATORIO_TABELA_LABELS[tabela]}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}
