import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { Building2, SearchX } from "lucide-react";
import { Link } from "react-router";
import type { Condominio } from "@/shared/schemas/condominios";
import { EmptyState } from "@/web/components/empty-state";
import { AddLink, ListFilters, ListScreen, RowActions } from "@/web/components/list-screen";
import { ActiveBadge, shortId } from "@/web/components/registry";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useMissingPrerequisite } from "@/web/lib/first-steps";
import { usePermission } from "@/web/lib/me.queries";
import { useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/list";
import { condominiosListOptions } from "./condominios.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Condomínios");

/** Condominium list (docs/product.md, "Condomínios"). */
export default function CondominiosListPage() {
  const list$ = useListParams();
  const list = useQuery(condominiosListOptions({ q: list$.q, page: list$.page }));
  // Porteiros and moradores read condominiums (a morador only their own) but never register them.
  const canEdit = usePermission("cadastros:editar");

  // A new tenant: say what to register first (docs/decisions/009, "first minutes").
  const firstStep = useMissingPrerequisite("condominios", !list$.q && list.data?.total === 0);
  return (
    <ListScreen
      title="Condomínios"
      description="Gerencie os condomínios atendidos pela portaria remota."
      actions={canEdit && <AddLink to="/app/condominios/novo">Novo Condomínio</AddLink>}
      filters={
        <ListFilters
          list={list$}
          searchId="busca-condominios"
          searchLabel="Buscar condomínios"
          placeholder="Nome ou timezone"
          columns="md:max-w-md"
        />
      }
      query={list}
      page={list$.page}
      onPageChange={list$.goToPage}
      countLoading={<p>Carregando condomínios...</p>}
      errorTitle="Não foi possível carregar os condomínios."
      empty={
        <EmptyState
          icon={list$.q ? SearchX : Building2}
          title="Nenhum condomínio encontrado."
          description={firstStep?.description ?? (list$.q ? "Tente ajustar a busca." : undefined)}
          action={canEdit && <AddLink to="/app/condominios/novo">Cadastrar condomínio</AddLink>}
        />
      }
    >
      {(items) => (
        <ResponsiveList
          label="Condomínios"
          loading={list.isPending}
          stale={list.isPlaceholderData}
          skeletonRows={4}
          items={items}
          rowKey={(c) => c.id}
          rowProps={(c) => ({ "data-condominio-id": c.id })}
          columns={condominioColumns(canEdit)}
        />
      )}
    </ListScreen>
  );
}

/** Nome, Timezone, Status, Criado em and Ações. */
function condominioColumns(canEdit: boolean): ListColumn<Condominio>[] {
  return [
    {
      header: "Nome",
      place: "title",
      className: "whitespace-normal",
      skeleton: "w-32",
      cell: (c) => (
        <>
          <Link to={`/app/condominios/${c.id}`} className="font-medium hover:underline">
            {c.nome}
          </Link>
          <div className="font-mono font-normal text-muted-foreground text-xs">#{shortId(c.id)}</div>
        </>
      ),
    },
    { header: "Timezone", skeleton: "w-28", cell: (c) => c.timezone },
    { header: "Status", place: "aside", cell: (c) => <ActiveBadge active={c.enabled} /> },
    { header: "Criado em", cell: (c) => format(new Date(c.created_at), "dd/MM/yyyy") },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      cell: (c) => <RowActions to={`/app/condominios/${c.id}`} name={c.nome} editable={canEdit} />,
      card: (c) => <RowActions to={`/app/condominios/${c.id}`} name={c.nome} editable={canEdit} layout="card" />,
    },
  ];
}
