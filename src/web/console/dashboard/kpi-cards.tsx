import type { LucideIcon } from "lucide-react";
import {
  ArrowRight,
  CircleCheck,
  CircleX,
  Clock,
  DoorOpen,
  ListChecks,
  Minus,
  TrendingDown,
  TrendingUp,
} from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { Kpis, Trend } from "@/shared/schemas/dashboard";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/utils";

type KpiKey = keyof Kpis["trends"];

/**
 * The four cards of docs/product.md, "Dashboard", in order. Each title says what it counts: the
 * pending requests now, whatever their day (the bell's count), and the rest today's.
 */
export const KPI_CARDS: { key: KpiKey; title: string; caption: string; icon: LucideIcon; iconClass: string }[] = [
  {
    key: "pendente",
    title: "Pendentes agora",
    caption: "Aguardando decisão, de qualquer dia",
    icon: Clock,
    iconClass: "text-amber-700 dark:text-amber-300",
  },
  {
    key: "autorizado",
    title: "Autorizadas hoje",
    caption: "Aprovadas hoje",
    icon: CircleCheck,
    iconClass: "text-green-700 dark:text-green-300",
  },
  {
    key: "negado",
    title: "Negadas hoje",
    caption: "Rejeitadas hoje",
    icon: CircleX,
    iconClass: "text-red-700 dark:text-red-300",
  },
  { key: "total", title: "Total hoje", caption: "Solicitações hoje", icon: ListChecks, iconClass: "text-primary" },
];

/** The figure a card shows: "Pendentes agora" is every pending request now, not today's count. */
export function kpiCount(kpis: Kpis, key: KpiKey): number {
  return key === "pendente" ? kpis.pendentes_agora : kpis.counts[key];
}

/** Where a count comes from, after its caption: "todos os condomínios", "neste condomínio" or nothing (one condominium). */
export type KpiScope = "todos" | "um" | null;

export function scopeText(scope: KpiScope): string {
  if (scope === "todos") return " · todos os condomínios";
  if (scope === "um") return " · neste condomínio";
  return "";
}

const number = new Intl.NumberFormat("pt-BR");
const average = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const signed = new Intl.NumberFormat("pt-BR", { signDisplay: "exceptZero" });

const TREND_DISPLAY = {
  up: { icon: TrendingUp, className: "text-green-700 dark:text-green-300" },
  down: { icon: TrendingDown, className: "text-red-700 dark:text-red-300" },
  flat: { icon: Minus, className: "text-muted-foreground" },
} as const;

/**
 * "+79 vs média diária (2,9)", or "+12% vs média diária (42,5)" when the API gives a percentage
 * (a large enough base, docs/decisions/006); only when it computed a trend at all (today's count
 * above 0, data last month). The average is last month's, which the tooltip and screen readers say.
 */
export function trendText(trend: NonNullable<Trend>): string {
  const base = `média diária (${average.format(trend.average)})`;
  if (trend.percent !== null) {
    const percent = trend.direction === "down" ? -trend.percent : trend.percent;
    return `${signed.format(percent)}% vs ${base}`;
  }
  if (trend.difference === 0) return `igual à ${base}`;
  return `${signed.format(trend.difference)} vs ${base}`;
}

function TrendLine({ trend }: { trend: Trend }) {
  if (!trend) return null;
  const display = TREND_DISPLAY[trend.direction];
  const Icon = display.icon;
  return (
    <p
      className={cn("flex items-center gap-1 text-xs", display.className)}
      data-direction={trend.direction}
      data-testid="kpi-trend"
      title="Comparado com a média diária do mês anterior"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="font-medium">{trendText(trend)}</span>
      <span className="sr-only"> do mês anterior</span>
    </p>
  );
}

function KpiCard({
  card,
  count,
  trend,
  loading,
  scope,
}: {
  card: (typeof KPI_CARDS)[number];
  count: number | undefined;
  trend: Trend;
  loading: boolean;
  scope: KpiScope;
}) {
  const titleId = useId();
  const Icon = card.icon;
  return (
    <Card role="region" aria-labelledby={titleId} data-kpi={card.key} className="gap-3 py-4 sm:py-6">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={titleId} className="font-medium text-sm">
            {card.title}
          </h2>
        </CardTitle>
        <Icon className={cn("size-5", card.iconClass)} aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-1 px-4 sm:px-6">
        {loading ? (
          <>
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-4 w-28" />
          </>
        ) : (
          <>
            <p className="font-bold text-3xl tabular-nums" data-testid={`kpi-${card.key}`}>
              {count === undefined ? "—" : number.format(count)}
            </p>
            <p className="text-muted-foreground text-xs" data-testid={`kpi-${card.key}-legenda`}>
              {card.caption}
              {scopeText(scope)}
            </p>
            {count !== undefined && count > 0 && <TrendLine trend={trend} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Where "No condomínio agora" leads: the access log, only who has not left. */
export const PRESENTES_HREF = "/app/acessos?presentes=true";

/** "Nenhuma pessoa", "1 pessoa", "12 pessoas": what the link's name says the list holds. */
export function pessoasText(count: number): string {
  if (count === 0) return "Nenhuma pessoa";
  return `${number.format(count)} ${count === 1 ? "pessoa" : "pessoas"}`;
}

/**
 * People inside now: entries without an exit, across the condominiums, not today's count
 * like the others, so it has no trend. It links to the list of who they are. Below the widest
 * screens it is a full-width strip under the four request cards, which keep their room.
 */
function PresentesCard({ count, loading, scope }: { count: number | undefined; loading: boolean; scope: KpiScope }) {
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      data-kpi="presentes"
      className="col-span-2 gap-3 py-4 sm:py-6 xl:col-span-4 2xl:col-span-1"
    >
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={titleId} className="font-medium text-sm">
            No condomínio agora
          </h2>
        </CardTitle>
        <DoorOpen className="size-5 text-blue-700 dark:text-blue-300" aria-hidden="true" />
      </CardHeader>
      <CardContent className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 px-4 sm:px-6 2xl:block 2xl:space-y-1">
        {loading ? (
          <>
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-4 w-28" />
          </>
        ) : (
          <>
            <div className="space-y-1">
              <p className="font-bold text-3xl tabular-nums" data-testid="kpi-presentes">
                {count === undefined ? "—" : number.format(count)}
              </p>
              <p className="text-muted-foreground text-xs">Entraram e ainda não saíram{scopeText(scope)}</p>
            </div>
            <Link
              to={PRESENTES_HREF}
              className="inline-flex items-center gap-1 text-primary text-sm underline-offset-4 hover:underline"
            >
              Ver quem está
              <span className="sr-only">
                {" "}
                no condomínio agora{count === undefined ? "" : ` (${pessoasText(count).toLowerCase()})`}
              </span>
              <ArrowRight className="size-3.5" aria-hidden="true" />
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function KpiCards({
  kpis,
  loading,
  scope = null,
}: {
  kpis: Kpis | undefined;
  loading: boolean;
  scope?: KpiScope;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4 2xl:grid-cols-5">
      {KPI_CARDS.map((card) => (
        <KpiCard
          key={card.key}
          card={card}
          loading={loading}
          scope={scope}
          count={kpis ? kpiCount(kpis, card.key) : undefined}
          // Pending now is not a daily count: no trend against a daily average.
          trend={card.key === "pendente" ? null : (kpis?.trends[card.key] ?? null)}
        />
      ))}
      <PresentesCard count={kpis?.presentes} loading={loading} scope={scope} />
    </div>
  );
}
