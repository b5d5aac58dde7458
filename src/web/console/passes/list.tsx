import { useQuery } from "@tanstack/react-query";
import { Eye, SearchX, Ticket } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { PASSE_STATUSES, VISITA_TIPOS } from "@/shared/domain";
import { describeSchedule } from "@/shared/pass-schedule";
import { PASSE_STATUS_LABELS, type Passe, VISITA_TIPO_LABELS } from "@/shared/schemas/passes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { EmptyState } from "@/web/components/empty-state";
import { AddLink, ListFilters, ListScreen, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { RelativeTime } from "@/web/components/relative-time";
import { RequirePermission } from "@/web/components/require-permission";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { type Condominios, useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { unidadeOptions } from "@/web/lib/lookups.queries";
import { usePermission } from "@/web/lib/me.queries";
import { isFiltered, type ListParams, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/list";
import { PasseStatusBadge, VisitaTipoBadge } from "./passe-badges";
import { LIST } from "./passe-labels";
import { passesListOptions } from "./passes.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.passes.list);

const STATUS_OPTIONS = PASSE_STATUSES.map((s) => [s, PASSE_STATUS_LABELS[s]] as const);
const TIPO_OPTIONS = VISITA_TIPOS.map((t) => [t, VISITA_TIPO_LABELS[t]] as const);

/** An id from the URL that is not among the options yet still needs an item to show. */
function withSelected(options: [string, string][], value: string | undefined, pending: boolean, label: string) {
  if (value && !options.some(([id]) => id === value)) options.unshift([value, pending ? "Carregando..." : label]);
  return options;
}

/**
 * Condomínio and unidade: the units are those of the chosen condominium, or of the only one (a
 * morador, a tenant with one building, who sees no condominium filter). Changing the condominium
 * clears the unit.
 */
function LocalFilters({
  list,
  condominios,
  condominioId,
  unidadeId,
}: {
  list: ListParams;
  condominios: Condominios;
  condominioId: string | undefined;
  unidadeId: string | undefined;
}) {
  const unidadesOf = condominioId ?? condominios.only?.id ?? "";
  const unidades = useQuery(unidadeOptions(unidadesOf));

  const unidadeChoices = withSelected(
    (unidades.data ?? []).map((u) => [u.id, unidadeLabel(u)]),
    unidadeId,
    unidades.isPending && !!unidadesOf,
    "Unidade selecionada",
  );

  return (
    <>
      <CondominioFilter
        condominios={condominios}
        value={condominioId}
        onChange={(condominio_id) => list.update({ condominio_id, unidade_id: undefined })}
      />
      <SelectFilter
        id="filtro-unidade"
        label="Unidade"
        allLabel="Todas"
        value={unidadeId}
        onChange={(unidade_id) => list.update({ unidade_id })}
        options={unidadeChoices}
      />
    </>
  );
}

function VerPasse({ p, className }: { p: Passe; className?: string }) {
  return (
    <Button asChild variant={className ? "outline" : "ghost"} size={className ? "default" : "sm"} className={className}>
      <Link to={`${LIST}/${p.id}`} aria-label={`Ver passe de ${p.nome}`}>
        <Eye aria-hidden="true" />
        Ver
      </Link>
    </Button>
  );
}

/**
 * Nome, Tipo, Unidade (and its condominium when the tenant has several), Horário, Status, Usos,
 * Último uso and Ações. Tipo and Último uso show from xl up (the type's badge goes under the name
 * meanwhile), so the rest fits a 1024 px tablet.
 */
function passeColumns(showCondominio: boolean): ListColumn<Passe>[] {
  return [
    {
      header: "Nome",
      place: "title",
      className: "min-w-40 whitespace-normal",
      cell: (p) => (
        <div className="flex flex-col items-start gap-1">
          <Link to={`${LIST}/${p.id}`} className="font-medium hover:underline">
            {p.nome}
          </Link>
          {p.descricao && <p className="text-muted-foreground text-xs">{p.descricao}</p>}
          <VisitaTipoBadge tipo={p.tipo} className="whitespace-normal text-left xl:hidden" />
        </div>
      ),
      card: (p) => (
        <>
          <Link to={`${LIST}/${p.id}`} className="hover:underline">
            {p.nome}
          </Link>
          {p.descricao && <p className="font-normal text-muted-foreground text-xs">{p.descricao}</p>}
        </>
      ),
    },
    { header: "Tipo", from: "xl", cell: (p) => <VisitaTipoBadge tipo={p.tipo} /> },
    {
      header: "Unidade",
      className: "min-w-32 whitespace-normal",
      cell: (p) => (
        <>
          <span>{unidadeLabel(p.unidade)}</span>
          {showCondominio && (
            <p className="text-muted-foreground text-xs" data-testid="condominio">
              {p.condominio.nome}
            </p>
          )}
        </>
      ),
    },
    {
      header: "Horário",
      className: "min-w-40 whitespace-normal",
      testId: "horario",
      skeleton: "w-32",
      cell: (p) => describeSchedule(p),
    },
    { header: "Status", place: "aside", cell: (p) => <PasseStatusBadge status={p.status} /> },
    { header: "Usos", align: "right", className: "tabular-nums", testId: "usos", skeleton: "w-8", cell: (p) => p.usos },
    {
      header: "Último uso",
      from: "xl",
      cell: (p) =>
        p.ultimo_uso_em ? (
          <RelativeTime value={p.ultimo_uso_em} />
        ) : (
          <span className="text-muted-foreground">Nunca</span>
        ),
    },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      skeleton: "w-12",
      cell: (p) => <VerPasse p={p} />,
      card: (p) => <VerPasse p={p} className="w-full" />,
    },
  ];
}

/** Passes (pre-authorisations, docs/product.md, "Passes"): filtered and paged by the API. */
export default function PassesListPage() {
  return (
    <RequirePermission permission="passes:ler">
      <PassesListScreen />
    </RequirePermission>
  );
}

function PassesListScreen() {
  const list$ = useListParams();
  const filters = {
    condominio_id: list$.uuid("condominio_id"),
    unidade_id: list$.uuid("unidade_id"),
    status: list$.oneOf("status", PASSE_STATUSES),
    tipo: list$.oneOf("tipo", VISITA_TIPOS),
    q: list$.q,
    page: list$.page,
  };
  const list = useQuery(passesListOptions(filters));
  const filtered = isFiltered(filters);
  const canManage = usePermission("passes:gerenciar");
  const topRef = useRef<HTMLDivElement>(null);
  // Several condominiums: each row names its own, and the list filters by one (docs/product.md, "Lists and search").
  const condominios = useCondominios();
  // A new pass starts where the list is filtered.
  const newHref = filters.condominio_id
    ? `${LIST}/novo?condominio_id=${filters.condominio_id}${filters.unidade_id ? `&unidade_id=${filters.unidade_id}` : ""}`
    : `${LIST}/novo`;

  return (
    <ListScreen
      ref={topRef}
      title={CONSOLE_SCREENS.passes.list}
      description="Autorizações de entrada combinadas com antecedência: cada passe tem um PIN e um QR Code para a portaria."
      actions={
        <>
          <RefreshButton refetch={list.refetch} description="Lista de passes atualizada." />
          {canManage && <AddLink to={newHref}>Novo passe</AddLink>}
        </>
      }
      filters={
        <ListFilters
          list={list$}
          searchId="busca-passes"
          searchLabel="Buscar passes"
          placeholder="Nome, descrição, documento ou unidade"
          columns={
            condominios.many || filters.condominio_id
              ? "md:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_14rem_12rem_9rem_11rem_auto]"
              : "md:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_12rem_9rem_11rem_auto]"
          }
          clearKeys={["condominio_id", "unidade_id", "status", "tipo"]}
          filtered={filtered}
        >
          <LocalFilters
            list={list$}
            condominios={condominios}
            condominioId={filters.condominio_id}
            unidadeId={filters.unidade_id}
          />
          <SelectFilter
            id="filtro-status"
            label="Status"
            allLabel="Todos"
            value={filters.status}
            onChange={(status) => list$.update({ status })}
            options={STATUS_OPTIONS}
          />
          <SelectFilter
            id="filtro-tipo"
            label="Tipo"
            allLabel="Todos"
            value={filters.tipo}
            onChange={(tipo) => list$.update({ tipo })}
            options={TIPO_OPTIONS}
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
      errorTitle="Não foi possível carregar os passes."
      empty={
        <EmptyState
          icon={filtered ? SearchX : Ticket}
          title="Nenhum passe encontrado."
          description={
            filtered
              ? "Tente ajustar os filtros ou a busca."
              : "Crie um passe para liberar a entrada de um visitante sem precisar ligar para a unidade."
          }
          action={canManage && !filtered && <AddLink to={newHref}>Criar primeiro passe</AddLink>}
        />
      }
    >
      {(items) => (
        <ResponsiveList
          label="Passes"
          loading={list.isPending}
          stale={list.isPlaceholderData}
          items={items}
          rowKey={(p) => p.id}
          rowProps={(p) => ({ "data-passe-id": p.id })}
          columns={passeColumns(condominios.many)}
        />
      )}
    </ListScreen>
  );
}
