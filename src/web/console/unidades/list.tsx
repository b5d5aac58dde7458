import { useQuery } from "@tanstack/react-query";
import { Home, SearchX } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { AddLink, ListScreen, ListTable, RowActions } from "@/web/components/list-screen";
import { ActiveBadge, CondominioStatusFilters, useCondominioStatusFilters } from "@/web/components/registry";
import { LoadingState } from "@/web/components/ui/spinner";
import { TableCell, TableHead, TableRow } from "@/web/components/ui/table";
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
      actions={canEdit && <AddLink to={newHref}>Nova Unidade</AddLink>}
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
        <ListTable
          stale={list.isPlaceholderData}
          head={
            <>
              <TableHead>Código</TableHead>
              <TableHead>Torre</TableHead>
              <TableHead>Ramal</TableHead>
              <TableHead>Moradores</TableHead>
              <TableHead>Observações</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </>
          }
        >
          {items.map((u) => (
            <TableRow key={u.id} data-unidade-id={u.id}>
              <TableCell>
                <Link to={`/app/unidades/${u.id}`} className="font-medium hover:underline">
                  {u.codigo}
                </Link>
              </TableCell>
              <TableCell>{u.torre ?? "-"}</TableCell>
              <TableCell>{u.pbx_ramal ?? "-"}</TableCell>
              <TableCell data-testid="moradores">{u.moradores}</TableCell>
              <TableCell className="max-w-64 truncate" title={u.observacoes ?? undefined}>
                {u.observacoes ?? "-"}
              </TableCell>
              <TableCell>
                <ActiveBadge active={u.enabled} feminine />
              </TableCell>
              <TableCell className="text-right">
                <RowActions to={`/app/unidades/${u.id}`} name={`unidade ${u.codigo}`} editable={canEdit} />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListScreen>
  );
}
