/**
 * "Calendário" (docs/decisions/044-common-area-bookings.md): a condominium's bookings that hold time
 * (waiting and confirmed), by month or by week, for every area or one. On a tablet or a computer the
 * month is a table of weeks; on a phone, the days with bookings as a list. Each booking opens its
 * detail. Days are the condominium's calendar days, whatever the browser's zone. For the síndico and
 * the owner, the condominium's secret calendar address (iCal) to follow the bookings in another app.
 */
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, ChevronLeft, ChevronRight, Copy, Link2, Trash2 } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CalendarioItem } from "@/shared/schemas/reservas";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { SelectFilter } from "@/web/components/list-screen";
import { SubScreen } from "@/web/components/record-screen";
import { SectionCard } from "@/web/components/section-card";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { ZonedTime } from "@/web/components/zoned-time";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { meQueryOptions } from "@/web/lib/me.queries";
import { isDateOnly } from "@/web/lib/periodo";
import { toast } from "@/web/lib/toast";
import { isUuid } from "@/web/lib/use-list-params";
import { useIsMobile } from "@/web/lib/use-mobile";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/calendario";
import { useAreas } from "./areas.queries";
import {
  AREAS,
  addDays,
  daysInMonth,
  diaCurto,
  hojeEm,
  horaEm,
  monthLabel,
  monthStart,
  reservaPath,
  WEEKDAYS,
  WEEKDAYS_SHORT,
  weekdayOf,
} from "./reserva-ui";
import {
  calendarioFeedsOptions,
  calendarioOptions,
  useCreateCalendarioFeed,
  useRevogarCalendarioFeed,
} from "./reservas.queries";

const TITLE = CONSOLE_SCREENS.areas.pages!.calendario!;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

type Vista = "mes" | "semana";

/** The days a view shows: whole weeks (Sunday first) around the month, or the week of `data`. */
export function periodoDaVista(vista: Vista, data: string): { de: string; ate: string } {
  if (vista === "semana") {
    const de = addDays(data, -weekdayOf(data));
    return { de, ate: addDays(de, 6) };
  }
  const inicio = monthStart(data);
  const fim = addDays(inicio, daysInMonth(inicio) - 1);
  return { de: addDays(inicio, -weekdayOf(inicio)), ate: addDays(fim, 6 - weekdayOf(fim)) };
}

function diasEntre(de: string, ate: string): string[] {
  const dias: string[] = [];
  for (let d = de; d <= ate; d = addDays(d, 1)) dias.push(d);
  return dias;
}

/** Everyone who reads bookings sees the calendar; the feed box is the admins'. */
export default function CalendarioPage() {
  const me = useQuery(meQueryOptions());
  if (!me.data) return <LoadingState message="Carregando..." />;
  return <Calendario admin={me.data.permissions.includes("areas:gerenciar")} />;
}

function Calendario({ admin }: { admin: boolean }) {
  const [params, setParams] = useSearchParams();
  const condominios = useCondominios();
  const urlCondominio = params.get("condominio_id");
  const condominioId = isUuid(urlCondominio) ? urlCondominio : condominios.items[0]?.id;
  const condominio = condominios.items.find((c) => c.id === condominioId);
  const timeZone = condominio?.timezone;
  const urlArea = params.get("area_id");
  const areaId = isUuid(urlArea) ? urlArea : undefined;
  const vista: Vista = params.get("vista") === "semana" ? "semana" : "mes";
  const urlData = params.get("data");
  const data = isDateOnly(urlData) ? urlData : hojeEm(timeZone);
  const { de, ate } = periodoDaVista(vista, data);
  const areas = useAreas(condominioId);
  const query = useQuery(calendarioOptions({ condominio_id: condominioId ?? "", area_id: areaId, de, ate }));

  function update(changes: Record<string, string | undefined>) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const passo = (n: number) => update({ data: vista === "semana" ? addDays(data, 7 * n) : monthStart(data, n) });
  const titulo =
    vista === "semana"
      ? `Semana de ${diaCurto(de)} a ${diaCurto(ate)}`
      : monthLabel(data).replace(/^./, (c) => c.toUpperCase());

  const porDia = new Map<string, CalendarioItem[]>();
  for (const item of query.data ?? []) {
    const dia = hojeEm(timeZone, new Date(item.inicio));
    porDia.set(dia, [...(porDia.get(dia) ?? []), item]);
  }
  for (const lista of porDia.values()) lista.sort((a, b) => a.inicio.localeCompare(b.inicio));

  let content: React.ReactNode;
  if (!condominios.isPending && condominios.items.length === 0)
    content = <EmptyState icon={CalendarDays} title="Nenhum condomínio cadastrado." />;
  else if (query.isError && !query.data)
    content = (
      <ErrorState
        title="Não foi possível carregar o calendário."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!query.data) content = <Skeleton className="h-96 w-full" />;
  else
    content = (
      <div className={cn(query.isPlaceholderData && "opacity-60")} aria-busy={query.isPlaceholderData || undefined}>
        {vista === "mes" ? (
          <Mes
            de={de}
            ate={ate}
            mes={data.slice(0, 7)}
            porDia={porDia}
            timeZone={timeZone}
            titulo={titulo}
            hoje={hojeEm(timeZone)}
          />
        ) : (
          <Semana de={de} porDia={porDia} timeZone={timeZone} hoje={hojeEm(timeZone)} />
        )}
      </div>
    );

  const areaOptions = (areas.data ?? []).map((a) => [a.id, a.nome] as const);
  return (
    <SubScreen
      width="max-w-7xl"
      backTo={condominioId ? `${AREAS}?condominio_id=${condominioId}` : AREAS}
      backLabel="Voltar para áreas comuns"
      title={TITLE}
      description="As reservas confirmadas e as que aguardam aprovação."
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[16rem_16rem_auto] lg:items-end">
        {condominios.many && (
          <div className="grid gap-2">
            <Label htmlFor="filtro-condominio">Condomínio</Label>
            <select
              id="filtro-condominio"
              className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
              value={condominioId ?? ""}
              onChange={(event) => update({ condominio_id: event.target.value, area_id: undefined })}
            >
              {condominios.items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </select>
          </div>
        )}
        <SelectFilter
          id="filtro-area"
          label="Área"
          allLabel="Todas as áreas"
          value={areaId}
          onChange={(area_id) => update({ area_id })}
          options={areaOptions}
        />
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Visualização</legend>
          <Button
            variant={vista === "mes" ? "default" : "outline"}
            aria-pressed={vista === "mes"}
            onClick={() => update({ vista: undefined })}
          >
            Mês
          </Button>
          <Button
            variant={vista === "semana" ? "default" : "outline"}
            aria-pressed={vista === "semana"}
            onClick={() => update({ vista: "semana" })}
          >
            Semana
          </Button>
        </fieldset>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-xl" aria-live="polite" data-testid="calendario-titulo">
          {titulo}
        </h2>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => passo(-1)}
            aria-label={vista === "mes" ? "Mês anterior" : "Semana anterior"}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => update({ data: undefined })}>
            Hoje
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => passo(1)}
            aria-label={vista === "mes" ? "Próximo mês" : "Próxima semana"}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {content}
      {admin && condominioId && <FeedsCard condominioId={condominioId} timeZone={timeZone} />}
    </SubScreen>
  );
}

/** One booking as a link: "18:00–23:00 Salão de festas · 101", "aguardando" when not yet approved. */
function ReservaLink({
  item,
  timeZone,
  compact = false,
}: {
  item: CalendarioItem;
  timeZone?: string;
  compact?: boolean;
}) {
  const dia = hojeEm(timeZone, new Date(item.inicio));
  const horas = `${horaEm(item.inicio, timeZone)}–${horaEm(item.fim, timeZone, dia)}`;
  const pendente = item.status === "pendente";
  const texto = (
    <>
      <span className="font-medium tabular-nums">{horas}</span>{" "}
      <span className="[overflow-wrap:anywhere]">{item.titulo}</span>
      {pendente && <span className={cn(compact ? "sr-only" : "text-xs")}> (aguardando aprovação)</span>}
    </>
  );
  const className = cn(
    "block rounded border px-1.5 py-1 text-left text-xs leading-snug",
    pendente
      ? "border-amber-300 border-dashed bg-amber-50 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
      : "border-green-300 bg-green-50 text-green-950 dark:border-green-400/40 dark:bg-green-400/10 dark:text-green-100",
  );
  if (!item.id) return <span className={className}>{texto}</span>;
  return (
    <Link to={reservaPath(item.id)} className={cn(className, "hover:underline")} data-testid="calendario-reserva">
      {texto}
    </Link>
  );
}

function Mes({
  de,
  ate,
  mes,
  porDia,
  timeZone,
  titulo,
  hoje,
}: {
  de: string;
  ate: string;
  mes: string;
  porDia: Map<string, CalendarioItem[]>;
  timeZone?: string;
  titulo: string;
  hoje: string;
}) {
  const isMobile = useIsMobile();
  const dias = diasEntre(de, ate);
  if (isMobile) {
    const comReservas = dias.filter((d) => d.startsWith(mes) && porDia.has(d));
    return comReservas.length === 0 ? (
      <EmptyState icon={CalendarDays} title="Nenhuma reserva neste mês." />
    ) : (
      <Agenda dias={comReservas} porDia={porDia} timeZone={timeZone} hoje={hoje} />
    );
  }
  const semanas: string[][] = [];
  for (let i = 0; i < dias.length; i += 7) semanas.push(dias.slice(i, i + 7));
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed border-collapse text-sm" data-testid="calendario-mes">
        <caption className="sr-only">Reservas de {titulo}</caption>
        <thead>
          <tr>
            {WEEKDAYS_SHORT.map((d, i) => (
              <th
                key={d}
                scope="col"
                abbr={WEEKDAYS[i]}
                className="border-b p-2 text-left font-medium text-muted-foreground capitalize"
              >
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {semanas.map((semana) => (
            <tr key={semana[0]}>
              {semana.map((dia) => {
                const itens = porDia.get(dia) ?? [];
                const fora = !dia.startsWith(mes);
                return (
                  <td
                    key={dia}
                    className={cn("h-28 border p-1 align-top", fora && "bg-muted/50 text-muted-foreground")}
                    data-dia={dia}
                    aria-current={dia === hoje ? "date" : undefined}
                  >
                    <span
                      className={cn(
                        "mb-1 inline-flex size-6 items-center justify-center rounded-full text-xs tabular-nums",
                        dia === hoje && "bg-primary font-semibold text-primary-foreground",
                      )}
                    >
                      <span aria-hidden="true">{Number(dia.slice(8, 10))}</span>
                      <span className="sr-only">{diaCurto(dia)}</span>
                    </span>
                    {itens.length > 0 && (
                      <ul className="grid gap-1">
                        {itens.map((item, i) => (
                          <li key={item.id ?? `${item.inicio}-${i}`}>
                            <ReservaLink item={item} timeZone={timeZone} compact />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Days as headed lists: a phone's month, and the week everywhere. */
function Agenda({
  dias,
  porDia,
  timeZone,
  hoje,
  vazios = false,
}: {
  dias: string[];
  porDia: Map<string, CalendarioItem[]>;
  timeZone?: string;
  hoje: string;
  vazios?: boolean;
}) {
  return (
    <ol className={cn("grid gap-3", vazios && "md:grid-cols-7 md:gap-2")} data-testid="calendario-agenda">
      {dias.map((dia) => {
        const itens = porDia.get(dia) ?? [];
        return (
          <li key={dia} className="rounded-lg border p-2" aria-current={dia === hoje ? "date" : undefined}>
            <h3 className={cn("mb-2 font-medium text-sm capitalize", dia === hoje && "text-primary")}>
              {diaCurto(dia)}
              {dia === hoje && (
                <Badge variant="secondary" className="ml-1">
                  Hoje
                </Badge>
              )}
            </h3>
            {itens.length === 0 ? (
              <p className="text-muted-foreground text-xs">Sem reservas</p>
            ) : (
              <ul className="grid gap-1">
                {itens.map((item, i) => (
                  <li key={item.id ?? `${item.inicio}-${i}`}>
                    <ReservaLink item={item} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Semana({
  de,
  porDia,
  timeZone,
  hoje,
}: {
  de: string;
  porDia: Map<string, CalendarioItem[]>;
  timeZone?: string;
  hoje: string;
}) {
  return <Agenda dias={diasEntre(de, addDays(de, 6))} porDia={porDia} timeZone={timeZone} hoje={hoje} vazios />;
}

/**
 * The condominium's iCal feed: created here, its secret address shown once (copy it or subscribe
 * now); the feeds in use are listed and can be revoked, after which their address answers nothing.
 */
function FeedsCard({ condominioId, timeZone }: { condominioId: string; timeZone?: string }) {
  const feeds = useQuery(calendarioFeedsOptions(condominioId));
  const criar = useCreateCalendarioFeed();
  const revogar = useRevogarCalendarioFeed(condominioId);
  const [criado, setCriado] = useState<{ url: string; webcal_url: string } | null>(null);
  const condominioFeeds = (feeds.data ?? []).filter((f) => f.unidade_id === null);

  async function onCriar() {
    try {
      const feed = await criar.mutateAsync({ condominio_id: condominioId, unidade_id: null });
      setCriado({ url: feed.url, webcal_url: feed.webcal_url });
    } catch (error) {
      toast.error("Não foi possível criar o endereço", { description: errorMessage(error) });
    }
  }

  async function copiar(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Endereço copiado");
    } catch {
      toast.error("Não foi possível copiar", { description: "Selecione o endereço e copie manualmente." });
    }
  }

  return (
    <SectionCard
      icon={Link2}
      title="Calendário do condomínio (iCal)"
      description="Um endereço secreto para acompanhar as reservas no Google Agenda, no Outlook ou no calendário do celular. Quem tiver o endereço vê as reservas: revogue-o se ele vazar."
      className="gap-4"
      contentClassName="grid gap-4"
    >
      {criado && (
        <div
          className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 dark:border-amber-400/30 dark:bg-amber-400/10"
          role="status"
        >
          <Label htmlFor="feed-url">Endereço do calendário (mostrado só agora)</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="feed-url"
              readOnly
              value={criado.url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button type="button" variant="outline" onClick={() => void copiar(criado.url)}>
              <Copy aria-hidden="true" />
              Copiar
            </Button>
            <Button asChild variant="outline">
              <a href={criado.webcal_url}>Assinar</a>
            </Button>
          </div>
          <p className="text-amber-950 text-xs dark:text-amber-100">
            Guarde-o agora: por segurança, ele não aparece de novo.
          </p>
        </div>
      )}
      <div>
        <Button type="button" onClick={() => void onCriar()} disabled={criar.isPending}>
          {criar.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
          {criar.isPending ? "Criando..." : "Criar endereço do calendário"}
        </Button>
      </div>
      {feeds.isError ? (
        <ErrorState
          title="Não foi possível carregar os endereços."
          error={feeds.error}
          onRetry={() => void feeds.refetch()}
        />
      ) : feeds.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : condominioFeeds.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum endereço ativo.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Endereços ativos">
          {condominioFeeds.map((f) => (
            <li
              key={f.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
              data-testid="calendario-feed"
            >
              <div className="grid gap-0.5">
                <span>
                  Criado em <ZonedTime value={f.created_at} timeZone={timeZone} />
                </span>
                <span className="text-muted-foreground text-xs">
                  {f.ultimo_acesso_em ? (
                    <>
                      Último acesso em <ZonedTime value={f.ultimo_acesso_em} timeZone={timeZone} />
                    </>
                  ) : (
                    "Ainda não acessado"
                  )}
                </span>
              </div>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm">
                    <Trash2 aria-hidden="true" />
                    Revogar
                  </Button>
                }
                title="Revogar este endereço?"
                description="Os calendários que o usam deixam de receber as reservas. Para voltar a acompanhar, crie um endereço novo."
                confirmLabel="Revogar"
                pendingLabel="Revogando..."
                confirmVariant="destructive"
                onConfirm={async () => {
                  try {
                    await revogar.mutateAsync(f.id);
                    toast.success("Endereço revogado");
                  } catch (error) {
                    toast.error("Não foi possível revogar", { description: errorMessage(error) });
                  }
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
