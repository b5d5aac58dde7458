import type { LucideIcon } from "lucide-react";
import { CircleCheck, CircleX, Clock, ListChecks, Minus, TrendingDown, TrendingUp } from "lucide-react";
import { useId } from "react";
import type { Kpis, Trend } from "@/shared/schemas/dashboard";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/utils";

type KpiKey = keyof Kpis["trends"];

/** The four cards of SPEC.md section 2.4, in order. */
export const KPI_CARDS: { key: KpiKey; title: string; caption: string; icon: LucideIcon; iconClass: string }[] = [
  {
    key: "pendente",
    title: "Pendentes",
    caption: "Aguardando decisão",
    icon: Clock,
    iconClass: "text-amber-700 dark:text-amber-300",
  },
  {
    key: "autorizado",
    title: "Autorizadas",
    caption: "Aprovadas hoje",
    icon: CircleCheck,
    iconClass: "text-green-700 dark:text-green-300",
  },
  {
    key: "negado",
    title: "Negadas",
    caption: "Rejeitadas hoje",
    icon: CircleX,
    iconClass: "text-red-700 dark:text-red-300",
  },
  { key: "total", title: "Total", caption: "Solicitações hoje", icon: ListChecks, iconClass: "text-primary" },
];

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
}: {
  card: (typeof KPI_CARDS)[number];
  count: number | undefined;
  trend: Trend;
  loading: boolean;
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
            <p className="text-muted-foreground text-xs">{card.caption}</p>
            {count !== undefined && count > 0 && <TrendLine trend={trend} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function KpiCards({ kpis, loading }: { kpis: Kpis | undefined; loading: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {KPI_CARDS.map((card) => (
        <KpiCard
          key={card.key}
          card={card}
          loading={loading}
          count={kpis?.counts[card.key]}
          trend={kpis?.trends[card.key] ?? null}
        />
      ))}
    </div>
  );
}
