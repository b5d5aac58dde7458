import { useQuery } from "@tanstack/react-query";
import { Eye, PhoneCall, SearchX } from "lucide-react";
import { Link } from "react-router";
import { CHAMADA_STATUSES } from "@/shared/domain";
import { type ChamadaListItem, formatDuracao } from "@/shared/schemas/chamadas";
import { chamadaStatusDisplay } from "@/shared/status-catalogue";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { ListFilters, ListScreen, SelectFilter } from "@/web/components/list-screen";
import { RelativeTime } from "@/web/components/relative-time";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { ZonedTime } from "@/web/components/zoned-time";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useCondominios } from "@/web/lib/condominios";
import { isFiltered, useListParams } from "@/web/lib/use-list-params";
import { formatInZone } from "@/web/lib/zoned-time";
import type { Route } from "./+types/list";
import { chamadasListOptions } from "./chamadas.queries";
import { ChamadaDemoBadge } from "./demo-badge";

export const meta: Route.MetaFunction = () => consoleTitle("Chamadas");

const STATUS_OPTIONS = CHAMADA_STATUSES.map((s) => [s, chamadaStatusDisplay(s).label] as const);

/** Call list (docs/product.md, "Chamadas"). */
export default function ChamadasListPage() {
  const list$ = useListParams();
  const filters = {
    q: list$.q,
    condominio_id: list$.uuid("condominio_id"),
    status: list$.oneOf("status", CHAMADA_STATUSES),
    // Set by links from a request or a person; "Limpar filtros" clears them with the rest.
    solicitacao_id: list$.uuid("solicitacao_id"),
    pessoa_id: list$.uuid("pessoa_id"),
    page: list$.page,
  };
  const list = useQuery(chamadasListOptions(filters));
  const filtered = isFiltered(filters);
  // Several condominiums: each call names its request's, and the list filters by one (docs/product.md, "Lists and search").
  const condominios = useCondominios();

  return (
    <ListScreen
      title="Chamadas"
      description="Histórico das chamadas feitas aos moradores para autorizar acessos."
      actions={<ExportCsvLink path="/api/chamadas/export.csv" filters={filters} />}
      filters={
        <ListFilters
          list={list$}
          searchId="busca-chamadas"
          searchLabel="Buscar chamadas"
          placeholder="Pessoa, ramal, visitante ou provedor"
          columns={
            condominios.many || filters.condominio_id
              ? "md:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_14rem_12rem_auto]"
              : "md:grid-cols-[minmax(0,1fr)_12rem_auto]"
          }
          clearKeys={["condominio_id", "status", "solicitacao_id", "pessoa_id"]}
          filtered={filtered}
        >
          <CondominioFilter
            condominios={condominios}
            value={filters.condominio_id}
            onChange={(condominio_id) => list$.update({ condominio_id })}
          />
          <SelectFilter
            id="filtro-status"
            label="Status"
            allLabel="Todos"
            value={filters.status}
            onChange={(status) => list$.update({ status })}
            options={STATUS_OPTIONS}
          />
        </ListFilters>
      }
      query={list}
      page={list$.page}
      onPageChange={list$.goToPage}
      countLoading={<p>Carregando chamadas...</p>}
      errorTitle="Não foi possível carregar as chamadas."
      empty={
        <EmptyState
          icon={filtered ? SearchX : PhoneCall}
          title="Nenhuma chamada encontrada."
          description={filtered ? "Tente ajustar os filtros ou a busca." : undefined}
        />
      }
    >
      {(items) => (
        <ResponsiveList
          label="Chamadas"
          loading={list.isPending}
          stale={list.isPlaceholderData}
          items={items}
          rowKey={(c) => c.id}
          rowProps={(c) => ({ "data-chamada-id": c.id })}
          columns={chamadaColumns(condominios.many)}
        />
      )}
    </ListScreen>
  );
}

type Chamada = ChamadaListItem;

function ramal(c: Chamada): string | null {
  return c.ramal_discado ?? c.pessoa?.pbx_ramal ?? null;
}

/** The person called, and the condominium of the request when the list spans several (docs/product.md, "Lists and search"). */
function Pessoa({ c, showCondominio, withRamal }: { c: Chamada; showCondominio: boolean; withRamal: boolean }) {
  const numero = ramal(c);
  return (
    <div className="flex flex-col">
      <span className="font-medium">{c.pessoa?.nome ?? "-"}</span>
      {/* Below xl the Ramal column gives way, so Duração and Ações fit a 1024 px tablet. */}
      {withRamal && numero && <span className="text-muted-foreground text-xs xl:hidden">Ramal {numero}</span>}
      {showCondominio && (
        <span className="text-muted-foreground text-xs" data-testid="condominio">
          {c.condominio.nome}
        </span>
      )}
    </div>
  );
}

function VerChamada({ c, className }: { c: Chamada; className?: string }) {
  return (
    <Button asChild variant={className ? "outline" : "ghost"} size={className ? "default" : "sm"} className={className}>
      <Link
        to={`/app/chamadas/${c.id}`}
        aria-label={`Ver chamada de ${formatInZone(c.iniciado_em, c.condominio?.timezone)}`}
      >
        <Eye aria-hidden="true" />
        Ver
      </Link>
    </Button>
  );
}

/** Pessoa, Ramal, Visitante, Status, Iniciada em, Duração and Ações (docs/product.md, "Chamadas"). */
function chamadaColumns(showCondominio: boolean): ListColumn<Chamada>[] {
  return [
    {
      header: "Pessoa",
      place: "title",
      className: "min-w-28 whitespace-normal",
      cell: (c) => <Pessoa c={c} showCondominio={showCondominio} withRamal />,
      card: (c) => <Pessoa c={c} showCondominio={showCondominio} withRamal={false} />,
    },
    { header: "Ramal", from: "xl", cell: (c) => ramal(c) ?? "-", skeleton: "w-12" },
    {
      header: "Visitante",
      className: "min-w-28 whitespace-normal",
      cell: (c) => (
        <div className="flex flex-col items-start gap-1">
          <span>{c.solicitacao.nome_visitante}</span>
          <TipoBadge tipo={c.solicitacao.tipo} />
        </div>
      ),
    },
    {
      header: "Status",
      place: "aside",
      cell: (c) => (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge kind="chamada" status={c.status} />
          <ChamadaDemoBadge demo={c.demo} />
        </div>
      ),
    },
    {
      header: "Iniciada em",
      // The zone's name ("(horário de Manaus)") goes under the time rather than widening the column.
      className: "min-w-28 whitespace-normal [&_time]:whitespace-nowrap",
      skeleton: "w-24",
      cell: (c) => (
        <div className="flex flex-col">
          <ZonedTime value={c.iniciado_em} timeZone={c.condominio?.timezone} />
          <RelativeTime
            value={c.iniciado_em}
            timeZone={c.condominio?.timezone}
            className="text-muted-foreground text-xs"
          />
        </div>
      ),
    },
    {
      header: "Duração",
      className: "font-mono tabular-nums",
      testId: "duracao",
      skeleton: "w-12",
      cell: (c) => formatDuracao(c.duracao_segundos),
    },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      skeleton: "w-12",
      cell: (c) => <VerChamada c={c} />,
      card: (c) => <VerChamada c={c} className="w-full" />,
    },
  ];
}
