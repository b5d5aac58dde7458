/**
 * "Reservas" (docs/decisions/044-common-area-bookings.md): every booking of the caller's
 * condominiums, filtered and paged by the API (condominium, area, unit, status, the start's days),
 * with "Exportar CSV" of what the filters match. Each row opens the booking's detail, where the
 * síndico decides or cancels and the gate reads the guest list.
 */
import { useQuery } from "@tanstack/react-query";
import { CalendarSearch, Eye, SearchX } from "lucide-react";
import { useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { RESERVA_STATUSES } from "@/shared/domain";
import { RESERVA_STATUS_LABELS, type Reserva } from "@/shared/schemas/reservas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { DateFilter } from "@/web/components/date-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { ListFilters, ListScreen, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { RequirePermission } from "@/web/components/require-permission";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { unidadeOptions } from "@/web/lib/lookups.queries";
import { isDateOnly } from "@/web/lib/periodo";
import { isFiltered, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/reservas-list";
import { useAreas } from "./areas.queries";
import { diaLongo, horarioReserva, ReservaStatusBadge, reservaPath } from "./reserva-ui";
import type { ReservaFilters } from "./reservas.keys";
import { reservasPageOptions } from "./reservas.queries";

const TITLE = CONSOLE_SCREENS.areas.pages!.reservas!;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

const STATUS_OPTIONS = RESERVA_STATUSES.map((s) => [s, RESERVA_STATUS_LABELS[s]] as const);
const CLEAR_KEYS = ["condominio_id", "area_id", "unidade_id", "status", "de", "ate"];

export default function ReservasListPage() {
  return (
    <RequirePermission permission="reservas:ler">
      <ReservasList />
    </RequirePermission>
  );
}

function ReservasList() {
  const list$ = useListParams();
  const condominios = useCondominios();
  const condominioId = list$.uuid("condominio_id");
  const condominioDasUnidades = condominioId ?? condominios.only?.id;
  const [search] = useSearchParams();
  const de = search.get("de");
  const ate = search.get("ate");
  const filters: ReservaFilters = {
    condominio_id: condominioId,
    area_id: list$.uuid("area_id"),
    unidade_id: condominioDasUnidades ? list$.uuid("unidade_id") : undefined,
    status: list$.oneOf("status", RESERVA_STATUSES),
    de: isDateOnly(de) ? de : undefined,
    ate: isDateOnly(ate) ? ate : undefined,
    page: list$.page,
  };
  const list = useQuery(reservasPageOptions(filters));
  const areas = useAreas(condominioId);
  const unidades = useQuery(unidadeOptions(condominioDasUnidades ?? ""));
  const filtered = isFiltered(filters);
  const topRef = useRef<HTMLDivElement>(null);

  const unidadeChoices: [string, string][] = (unidades.data ?? []).map((u) => [u.id, unidadeLabel(u)]);

  return (
    <ListScreen
      ref={topRef}
      title={TITLE}
      description="As reservas das áreas comuns, de todas as unidades."
      actions={
        <>
          <RefreshButton refetch={list.refetch} description="Reservas atualizadas." />
          <ExportCsvLink path="/api/reservas/export.csv" filters={filters} />
        </>
      }
      filters={
        <ListFilters
          list={list$}
          columns="md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          clearKeys={CLEAR_KEYS}
          filtered={filtered}
        >
          <CondominioFilter
            condominios={condominios}
            value={condominioId}
            onChange={(condominio_id) => list$.update({ condominio_id, area_id: undefined, unidade_id: undefined })}
          />
          <SelectFilter
            id="filtro-area"
            label="Área"
            allLabel="Todas"
            value={filters.area_id}
            onChange={(area_id) => list$.update({ area_id })}
            options={(areas.data ?? []).map((a) => [
              a.id,
              condominios.many ? `${a.nome} (${a.condominio.nome})` : a.nome,
            ])}
          />
          <SelectFilter
            id="filtro-unidade"
            label="Unidade"
            allLabel={condominioDasUnidades ? "Todas" : "Escolha o condomínio"}
            value={filters.unidade_id}
            onChange={(unidade_id) => list$.update({ unidade_id })}
            options={unidadeChoices}
          />
          <SelectFilter
            id="filtro-status"
            label="Status"
            allLabel="Todos"
            value={filters.status}
            onChange={(status) => list$.update({ status })}
            options={STATUS_OPTIONS}
          />
          <DateFilter
            id="filtro-de"
            label="De"
            value={filters.de}
            max={filters.ate}
            onChange={(value) => list$.update({ de: value })}
          />
          <DateFilter
            id="filtro-ate"
            label="Até"
            value={filters.ate}
            min={filters.de}
            onChange={(value) => list$.update({ ate: value })}
          />
        </ListFilters>
      }
      query={list}
      page={list$.page}
      onPageChange={(page) => {
        list$.goToPage(page);
        topRef.current?.scrollIntoView({ block: "start" });
      }}
      countLoading={<Skeleton className="h-4 w-24" />}
      errorTitle="Não foi possível carregar as reservas."
      empty={
        <EmptyState
          icon={filtered ? SearchX : CalendarSearch}
          title={filtered ? "Nenhuma reserva encontrada." : "Nenhuma reserva ainda."}
          description={
            filtered
              ? "Tente ajustar os filtros."
              : "As reservas feitas pelos moradores ou pela administração aparecem aqui."
          }
        />
      }
    >
      {(items) => (
        <ResponsiveList
          label={TITLE}
          loading={list.isPending}
          stale={list.isPlaceholderData}
          items={items}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ "data-reserva-id": r.id })}
          columns={columns(condominios.many)}
        />
      )}
    </ListScreen>
  );
}

function columns(showCondominio: boolean): ListColumn<Reserva>[] {
  const nome = (r: Reserva) => `${r.area.nome} · ${unidadeLabel(r.unidade)}`;
  return [
    {
      header: "Área",
      place: "title",
      className: "min-w-36 whitespace-normal",
      cell: (r) => (
        <div className="flex flex-col">
          <Link to={reservaPath(r.id)} className="font-medium hover:underline">
            {r.area.nome}
          </Link>
          {showCondominio && <span className="text-muted-foreground text-xs">{r.condominio.nome}</span>}
        </div>
      ),
    },
    { header: "Unidade", className: "whitespace-normal", cell: (r) => unidadeLabel(r.unidade) },
    {
      header: "Quando",
      className: "min-w-40 whitespace-normal",
      skeleton: "w-32",
      cell: (r) => (
        <div className="flex flex-col">
          <span className="capitalize">{diaLongo(r.data)}</span>
          <span className="text-muted-foreground text-xs tabular-nums">{horarioReserva(r, r.condominio.timezone)}</span>
        </div>
      ),
    },
    {
      header: "Solicitada por",
      from: "xl",
      className: "whitespace-normal",
      cell: (r) => r.solicitada_por_nome ?? "—",
    },
    { header: "Status", place: "aside", cell: (r) => <ReservaStatusBadge status={r.status} /> },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      skeleton: "w-10",
      cell: (r) => (
        <Button asChild variant="ghost" size="icon">
          <Link to={reservaPath(r.id)} aria-label={`Ver reserva ${nome(r)}`} title="Ver">
            <Eye aria-hidden="true" />
          </Link>
        </Button>
      ),
      card: (r) => (
        <Button asChild variant="outline" className="w-full">
          <Link to={reservaPath(r.id)} aria-label={`Ver reserva ${nome(r)}`}>
            <Eye aria-hidden="true" />
            Ver
          </Link>
        </Button>
      ),
    },
  ];
}
