import { useQuery } from "@tanstack/react-query";
import { Home, SearchX } from "lucide-react";
import { Link } from "react-router";
import type { UnidadeListItem } from "@/shared/schemas/unidades";
import { EmptyState } from "@/web/components/empty-state";
import { AddLink, ImportLink, ListScreen, RowActions } from "@/web/components/list-screen";
import { ActiveBadge, CondominioStatusFilters, useCondominioStatusFilters } from "@/web/components/registry";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useMissingPrerequisite } from "@/web/lib/first-steps";
import { usePermission } from "@/web/lib/me.queries";
import type { Route } from "./+types/list";
import { unidadesListOptions } from "./unidades.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Unidades");

const STATUS_OPTIONS = [
  ["ativa", "Ativa"],
  ["inativa", "Inativa"],
] as const;
const STATUSES = STATUS_OPTIONS.map(([value]) => value);

/** Unit list (docs/product.md, "Unidades"). */
export default function UnidadesListPage() {
  const state = useCondominioStatusFilters(STATUSES);
  const { filters, filtered } = state;
  // Several condominiums: the same code can exist in two, so each unit names its own.
  const showCondominio = state.condominios.many;
  const list = useQuery(unidadesListOptions(filters));
  // Everyone reads units (a morador only their own); only owners and síndicos register them.
  const canEdit = usePermission("cadastros:editar");
  // A new unit starts in the condominium the list is filtered by.
  const newHref = filters.condominio_id
    ? `/app/unidades/nova?condominio_id=${filters.condominio_id}`
    : "/app/unidades/nova";

  // A new tenant: say what to register first (docs/decisions/009, "first minutes").
  const firstStep = useMissingPrerequisite("unidades", !filtered && list.data?.total === 0);
  return (
    <ListScreen
      title="Unidades"
      description="Gerencie as unidades dos condomínios e seus moradores."
      actions={
        canEdit && (
          <>
            <ImportLink condominioId={filters.condominio_id} />
            <AddLink to={newHref}>Nova Unidade</AddLink>
          </>
        )
      }
      filters={
        <CondominioStatusFilters
          state={state}
          searchId="busca-unidades"
          searchLabel="Buscar unidades"
          placeholder="Código, torre, ramal ou observações"
          statusAllLabel="Todas"
          statusOptions={STATUS_OPTIONS}
        />
      }
      query={list}
      page={filters.page}
      onPageChange={state.params.goToPage}
      loading={<LoadingState message="Carregando unidades..." />}
      errorTitle="Não foi possível carregar as unidades."
      empty={
        <EmptyState
          icon={filtered ? SearchX : Home}
          title="Nenhuma unidade encontrada."
          description={firstStep?.description ?? (filtered ? "Tente ajustar os filtros ou a busca." : undefined)}
          action={
            firstStep ? (
              <AddLink to={firstStep.to}>{firstStep.label}</AddLink>
            ) : (
              canEdit && <AddLink to={newHref}>Cadastrar unidade</AddLink>
            )
          }
        />
      }
    >
      {(items) => (
        <ResponsiveList
          label="Unidades"
          stale={list.isPlaceholderData}
          items={items}
          rowKey={(u) => u.id}
          rowProps={(u) => ({ "data-unidade-id": u.id })}
          columns={unidadeColumns(showCondominio, canEdit)}
        />
      )}
    </ListScreen>
  );
}

/**
 * Código, Torre, Condomínio (when there are several), Ramal, Moradores, Observações, Status and
 * Ações. Observações, the widest, shows from xl up so the rest fits a 1024 px tablet; the unit's
 * detail has them.
 */
function unidadeColumns(showCondominio: boolean, canEdit: boolean): ListColumn<UnidadeListItem>[] {
  const columns: (ListColumn<UnidadeListItem> | false)[] = [
    {
      header: "Código",
      place: "title",
      cell: (u) => (
        <Link to={`/app/unidades/${u.id}`} className="font-medium hover:underline">
          {u.codigo}
        </Link>
      ),
    },
    { header: "Torre", cell: (u) => u.torre ?? "-" },
    showCondominio && {
      header: "Condomínio",
      className: "min-w-36 whitespace-normal",
      testId: "condominio",
      cell: (u) => u.condominio.nome,
    },
    { header: "Ramal", cell: (u) => u.pbx_ramal ?? "-" },
    { header: "Moradores", testId: "moradores", cell: (u) => u.moradores },
    {
      header: "Observações",
      from: "xl",
      className: "max-w-64 truncate",
      cell: (u) => <span title={u.observacoes ?? undefined}>{u.observacoes ?? "-"}</span>,
    },
    { header: "Status", place: "aside", cell: (u) => <ActiveBadge active={u.enabled} feminine /> },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      cell: (u) => <RowActions to={`/app/unidades/${u.id}`} name={`unidade ${u.codigo}`} editable={canEdit} />,
      card: (u) => (
        <RowActions to={`/app/unidades/${u.id}`} name={`unidade ${u.codigo}`} editable={canEdit} layout="card" />
      ),
    },
  ];
  return columns.filter((c) => c !== false);
}
