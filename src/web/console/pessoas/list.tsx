import { useQuery } from "@tanstack/react-query";
import { RefreshCw, SearchX, Users } from "lucide-react";
import { Link } from "react-router";
import { formatPhone } from "@/shared/phone";
import type { Pessoa } from "@/shared/schemas/pessoas";
import { EmptyState } from "@/web/components/empty-state";
import { AddLink, ImportLink, ListScreen } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { ActiveBadge, CondominioStatusFilters, shortId, useCondominioStatusFilters } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { useMissingPrerequisite } from "@/web/lib/first-steps";
import { usePermission } from "@/web/lib/me.queries";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/list";
import { pessoasListOptions } from "./pessoas.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Pessoas");

const STATUS_OPTIONS = [
  ["ativo", "Ativo"],
  ["inativo", "Inativo"],
] as const;
const STATUSES = STATUS_OPTIONS.map(([value]) => value);

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex min-w-0 gap-2 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}:</dt>
      <dd className="min-w-0 truncate" title={value ?? undefined}>
        {value ?? "-"}
      </dd>
    </div>
  );
}

/** `condominio`: the person's condominium, named when the tenant has several (docs/product.md, "Lists and search"). */
function PessoaCard({ p, editable, condominio }: { p: Pessoa; editable: boolean; condominio?: string }) {
  return (
    <li className="min-w-0">
      <Card className="h-full min-w-0 gap-3 py-4" data-pessoa-id={p.id}>
        <CardContent className="flex h-full flex-col gap-3 px-4">
          <div className="flex items-start gap-3">
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
              aria-hidden="true"
            >
              {p.nome.trim().charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold" title={p.nome}>
                {p.nome}
              </h2>
              <p className="font-mono text-muted-foreground text-xs">#{shortId(p.id)}</p>
            </div>
            <ActiveBadge active={p.ativo} />
          </div>
          <dl className="grid min-w-0 gap-1">
            {condominio !== undefined && <Row label="Condomínio" value={condominio} />}
            <Row label="Documento" value={p.documento} />
            <Row label="E-mail" value={p.email} />
            <Row label="Telefone" value={formatPhone(p.telefone_e164)} />
            <Row label="Ramal" value={p.pbx_ramal} />
          </dl>
          <div className="mt-auto flex gap-2">
            <Button asChild variant="outline" size="sm" className="flex-1">
              <Link to={`/app/pessoas/${p.id}`} aria-label={`Ver ${p.nome}`}>
                Ver
              </Link>
            </Button>
            {editable && (
              <Button asChild variant="outline" size="sm" className="flex-1">
                <Link to={`/app/pessoas/${p.id}/editar`} aria-label={`Editar ${p.nome}`}>
                  Editar
                </Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** People list, as cards (docs/product.md, "Pessoas"). */
/** The people registry is staff-only: a morador gets the no-permission state. */
export default function PessoasListPage() {
  return (
    <RequirePermission permission="pessoas:ler">
      <PessoasListScreen />
    </RequirePermission>
  );
}

function PessoasListScreen() {
  const state = useCondominioStatusFilters(STATUSES);
  const { filters, filtered } = state;
  const list = useQuery(pessoasListOptions(filters));
  // A porteiro reads the registry (to identify people at the gate) but does not change it.
  const canEdit = usePermission("cadastros:editar");

  // A new tenant: say what to register first (docs/decisions/009, "first minutes").
  const firstStep = useMissingPrerequisite("pessoas", !filtered && list.data?.total === 0);
  return (
    <ListScreen
      title="Pessoas"
      description="Gerencie os moradores e funcionários dos condomínios."
      actions={
        <>
          <RefreshButton refetch={list.refetch} description="Lista de pessoas atualizada." />
          {canEdit && <ImportLink condominioId={filters.condominio_id} />}
          {canEdit && <AddLink to="/app/pessoas/nova">Nova Pessoa</AddLink>}
        </>
      }
      filters={
        <CondominioStatusFilters
          state={state}
          searchId="busca-pessoas"
          searchLabel="Buscar pessoas"
          placeholder="Nome, documento, e-mail ou ramal"
          statusAllLabel="Todos"
          statusOptions={STATUS_OPTIONS}
        />
      }
      query={list}
      page={filters.page}
      onPageChange={state.params.goToPage}
      countLoading={<p>Carregando pessoas...</p>}
      loading={
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <li key={i} className="space-y-3 rounded-xl border p-4" aria-hidden="true">
              <Skeleton className="h-10 w-40" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-3/4" />
            </li>
          ))}
        </ul>
      }
      error={
        // The server's message goes in the title: "Erro ao carregar pessoas: {message}" (docs/product.md, "Pessoas").
        <Alert variant="destructive">
          <AlertTitle className="line-clamp-none">Erro ao carregar pessoas: {errorMessage(list.error)}</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void list.refetch()}>
              <RefreshCw aria-hidden="true" />
              Tentar novamente
            </Button>
          </AlertDescription>
        </Alert>
      }
      empty={
        <EmptyState
          icon={filtered ? SearchX : Users}
          title="Nenhuma pessoa encontrada"
          description={firstStep?.description ?? (filtered ? "Tente ajustar os filtros ou a busca." : undefined)}
          action={
            firstStep ? (
              <AddLink to={firstStep.to}>{firstStep.label}</AddLink>
            ) : (
              canEdit && <AddLink to="/app/pessoas/nova">Cadastrar pessoa</AddLink>
            )
          }
        />
      }
    >
      {(items) => (
        <ul
          className={cn("grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3", list.isPlaceholderData && "opacity-60")}
          aria-busy={list.isPlaceholderData || undefined}
          aria-label="Pessoas"
        >
          {items.map((p) => (
            <PessoaCard
              key={p.id}
              p={p}
              editable={canEdit}
              condominio={
                state.condominios.many
                  ? (state.condominios.nomeOf(p.condominio_id) ?? `#${shortId(p.condominio_id)}`)
                  : undefined
              }
            />
          ))}
        </ul>
      )}
    </ListScreen>
  );
}
