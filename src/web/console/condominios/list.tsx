import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { Building2, SearchX } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { AddLink, ListFilters, ListScreen, ListTable, RowActions } from "@/web/components/list-screen";
import { ActiveBadge, shortId } from "@/web/components/registry";
import { TableCell, TableHead, TableRow } from "@/web/components/ui/table";
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
        <ListTable
          loading={list.isPending}
          stale={list.isPlaceholderData}
          skeleton={{ rows: 4, columns: 5, width: "w-24" }}
          head={
            <>
              <TableHead>Nome</TableHead>
              <TableHead>Timezone</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Criado em</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </>
          }
        >
          {items.map((c) => (
            <TableRow key={c.id} data-condominio-id={c.id}>
              <TableCell className="whitespace-normal">
                <Link to={`/app/condominios/${c.id}`} className="font-medium hover:underline">
                  {c.nome}
                </Link>
                <div className="font-mono text-muted-foreground text-xs">#{shortId(c.id)}</div>
              </TableCell>
              <TableCell>{c.timezone}</TableCell>
              <TableCell>
                <ActiveBadge active={c.enabled} />
              </TableCell>
              <TableCell>{format(new Date(c.created_at), "dd/MM/yyyy")}</TableCell>
              <TableCell className="text-right">
                <RowActions to={`/app/condominios/${c.id}`} name={c.nome} editable={canEdit} />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListScreen>
  );
}
