/**
 * "Encomendas" (docs/product.md, "Encomendas"). Staff: every package the gate received, filtered by
 * the API (status, waiting ones first by default; condominium, unit, carrier, period, perishable,
 * search) and paged, with "Receber encomendas", "Registrar retirada" and the CSV of what the filters
 * match. A morador: their own packages, the code to collect them and who they authorise
 * (morador-encomendas.tsx). Realtime: the lists' keys start with "encomendas", so a package handed
 * over at another tablet shows "Retirada" here without a reload.
 */
import { useQuery } from "@tanstack/react-query";
import { Eye, Package, PackageCheck, SearchX } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ENCOMENDA_STATUSES, TRANSPORTADORAS } from "@/shared/domain";
import { ENCOMENDA_STATUS_LABELS, type Encomenda, TRANSPORTADORA_LABELS } from "@/shared/schemas/encomendas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { DateFilter } from "@/web/components/date-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { AddLink, ListFilters, ListScreen, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { RequirePermission } from "@/web/components/require-permission";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { LoadingState } from "@/web/components/ui/spinner";
import { ZonedTime } from "@/web/components/zoned-time";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { unidadeOptions } from "@/web/lib/lookups.queries";
import { meQueryOptions } from "@/web/lib/me.queries";
import { isDateOnly, periodoParaApi } from "@/web/lib/periodo";
import { ALL, type ListParams, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/list";
import { EncomendaStatusBadge, encomendaResumo, LIST, PerecivelBadge } from "./encomenda-ui";
import { type EncomendaFilters, encomendasListOptions } from "./encomendas.queries";
import { MoradorEncomendas } from "./morador-encomendas";
import { RetiradaDialog } from "./retirada-dialog";

const TITLE = CONSOLE_SCREENS.encomendas.list;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

/** The status filter's default: what the gate works on. `?status=todos` shows every status. */
const DEFAULT_STATUS = "aguardando";
const STATUS_OPTIONS = ENCOMENDA_STATUSES.map((s) => [s, ENCOMENDA_STATUS_LABELS[s]] as const);
const TRANSPORTADORA_OPTIONS = TRANSPORTADORAS.map((t) => [t, TRANSPORTADORA_LABELS[t]] as const);
const PERECIVEL_OPTIONS = [
  ["true", "Somente perecíveis"],
  ["false", "Não perecíveis"],
] as const;

/** Everyone reads packages: staff the gate's screen, a morador their own (the server scopes both). */
export default function EncomendasPage() {
  return (
    <RequirePermission permission="encomendas:ler">
      <EncomendasPorPapel />
    </RequirePermission>
  );
}

function EncomendasPorPapel() {
  const me = useQuery(meQueryOptions());
  if (!me.data) return <LoadingState message="Carregando..." />;
  if (!me.data.permissions.includes("encomendas:operar")) return <MoradorEncomendas />;
  return <EncomendasStaff organizationId={me.data.organization.id} />;
}

/** The filters as the URL keeps them: the period as calendar days, anything malformed dropped. */
function useEncomendaParams(list$: ListParams, onlyCondominio: string | undefined) {
  const [search] = useSearchParams();
  const condominio_id = list$.uuid("condominio_id");
  const statusParam = search.get("status");
  const de = search.get("de");
  const ate = search.get("ate");
  return {
    q: list$.q,
    condominio_id,
    unidade_id: condominio_id || onlyCondominio ? list$.uuid("unidade_id") : undefined,
    status: statusParam === ALL ? undefined : (list$.oneOf("status", ENCOMENDA_STATUSES) ?? DEFAULT_STATUS),
    /** Whether the status select shows "Todos" (the URL said so) rather than the default. */
    todosStatus: statusParam === ALL,
    transportadora: list$.oneOf("transportadora", TRANSPORTADORAS),
    perecivel: list$.oneOf("perecivel", ["true", "false"] as const),
    de: isDateOnly(de) ? de : undefined,
    ate: isDateOnly(ate) ? ate : undefined,
    page: list$.page,
  };
}

function EncomendasStaff({ organizationId }: { organizationId: string }) {
  const list$ = useListParams();
  const condominios = useCondominios();
  const params = useEncomendaParams(list$, condominios.only?.id);
  const { todosStatus, de, ate, ...rest } = params;
  const apiFilters: EncomendaFilters = { ...rest, ...periodoParaApi(de, ate) };
  const list = useQuery(encomendasListOptions(apiFilters));
  // The default status is no filter the porteiro chose: the empty state then says there is nothing waiting.
  const filtered = !!(
    params.q ||
    params.condominio_id ||
    params.unidade_id ||
    params.transportadora ||
    params.perecivel ||
    params.de ||
    params.ate ||
    params.todosStatus ||
    (params.status && params.status !== DEFAULT_STATUS)
  );
  const topRef = useRef<HTMLDivElement>(null);
  const [retirada, setRetirada] = useState<{ open: boolean; encomenda?: Encomenda }>({ open: false });

  return (
    <>
      <ListScreen
        ref={topRef}
        title={TITLE}
        description="Encomendas recebidas na portaria: os moradores são avisados com o código de retirada."
        actions={
          <>
            <RefreshButton refetch={list.refetch} description="Encomendas atualizadas." />
            <ExportCsvLink path="/api/encomendas/export.csv" filters={apiFilters} />
            <Button variant="outline" onClick={() => setRetirada({ open: true })}>
              <PackageCheck aria-hidden="true" />
              Registrar retirada
            </Button>
            <AddLink to={`${LIST}/nova`}>Receber encomendas</AddLink>
          </>
        }
        filters={
          <ListFilters
            list={list$}
            searchId="busca-encomendas"
            searchLabel="Buscar"
            placeholder="Rastreio, unidade, destinatário ou local"
            columns="md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            clearKeys={["condominio_id", "unidade_id", "status", "transportadora", "perecivel", "de", "ate"]}
            filtered={filtered}
          >
            <CondominioFilter
              condominios={condominios}
              value={params.condominio_id}
              onChange={(condominio_id) => list$.update({ condominio_id, unidade_id: undefined })}
            />
            <UnidadeFilter
              condominioId={params.condominio_id ?? condominios.only?.id}
              value={params.unidade_id}
              onChange={(unidade_id) => list$.update({ unidade_id })}
            />
            <SelectFilter
              id="filtro-status"
              label="Status"
              allLabel="Todos"
              value={todosStatus ? undefined : params.status}
              // "Todos" is kept in the URL: without it the default (waiting) applies.
              onChange={(status) => list$.update({ status: status ?? ALL })}
              options={STATUS_OPTIONS}
            />
            <SelectFilter
              id="filtro-transportadora"
              label="Transportadora"
              allLabel="Todas"
              value={params.transportadora}
              onChange={(transportadora) => list$.update({ transportadora })}
              options={TRANSPORTADORA_OPTIONS}
            />
            <SelectFilter
              id="filtro-perecivel"
              label="Perecível"
              allLabel="Todas"
              value={params.perecivel}
              onChange={(perecivel) => list$.update({ perecivel })}
              options={PERECIVEL_OPTIONS}
            />
            <DateFilter
              id="filtro-de"
              label="Recebida de"
              value={params.de}
              max={params.ate}
              onChange={(value) => list$.update({ de: value })}
            />
            <DateFilter
              id="filtro-ate"
              label="Recebida até"
              value={params.ate}
              min={params.de}
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
        errorTitle="Não foi possível carregar as encomendas."
        empty={
          <EmptyState
            icon={filtered ? SearchX : Package}
            title={filtered ? "Nenhuma encomenda encontrada." : "Nenhuma encomenda aguardando retirada."}
            description={
              filtered
                ? "Tente ajustar os filtros ou a busca."
                : "Registre o que chegar na portaria: os moradores recebem o aviso com o código de retirada."
            }
            action={!filtered && <AddLink to={`${LIST}/nova`}>Receber encomendas</AddLink>}
          />
        }
      >
        {(items) => (
          <ResponsiveList
            label={TITLE}
            loading={list.isPending}
            stale={list.isPlaceholderData}
            items={items}
            rowKey={(e) => e.id}
            rowProps={(e) => ({ "data-encomenda-id": e.id })}
            columns={encomendaColumns(condominios.many, (encomenda) => setRetirada({ open: true, encomenda }))}
          />
        )}
      </ListScreen>
      <RetiradaDialog
        open={retirada.open}
        onOpenChange={(open) => setRetirada((current) => ({ ...current, open }))}
        organizationId={organizationId}
        encomenda={retirada.encomenda}
      />
    </>
  );
}

/** Encomenda, Unidade, Recebida, Local, Status and Ações; Local from xl up, so the rest fits a 1024 px tablet. */
function encomendaColumns(showCondominio: boolean, entregar: (e: Encomenda) => void): ListColumn<Encomenda>[] {
  return [
    {
      header: "Encomenda",
      place: "title",
      className: "min-w-36 whitespace-normal",
      cell: (e) => (
        <div className="flex flex-col items-start gap-1">
          <Link to={`${LIST}/${e.id}`} className="font-medium [overflow-wrap:anywhere] hover:underline">
            {encomendaResumo(e)}
          </Link>
          {e.destinatario && <span className="text-muted-foreground text-xs">Para {e.destinatario.nome}</span>}
          {e.perecivel && <PerecivelBadge />}
        </div>
      ),
      card: (e) => (
        <>
          <Link to={`${LIST}/${e.id}`} className="[overflow-wrap:anywhere] hover:underline">
            {encomendaResumo(e)}
          </Link>
          {e.perecivel && (
            <span className="mt-1 block">
              <PerecivelBadge />
            </span>
          )}
        </>
      ),
    },
    {
      header: "Unidade",
      className: "min-w-32 whitespace-normal",
      testId: "unidade",
      cell: (e) => (
        <div className="flex flex-col">
          <span>{unidadeLabel(e.unidade)}</span>
          {showCondominio && (
            <span className="text-muted-foreground text-xs" data-testid="condominio">
              {e.condominio.nome}
            </span>
          )}
        </div>
      ),
    },
    {
      header: "Recebida",
      className: "min-w-32 whitespace-normal",
      skeleton: "w-24",
      cell: (e) => (
        <div className="flex flex-col">
          <ZonedTime value={e.recebida_em} timeZone={e.condominio.timezone} className="[&_time]:whitespace-nowrap" />
          {e.recebida_por_nome && <span className="text-muted-foreground text-xs">por {e.recebida_por_nome}</span>}
        </div>
      ),
    },
    { header: "Local", from: "xl", className: "whitespace-normal", cell: (e) => e.local ?? "—" },
    { header: "Status", place: "aside", cell: (e) => <EncomendaStatusBadge status={e.status} /> },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      skeleton: "w-16",
      // Icons named for screen readers (and a tooltip), as the other lists' rows do, so the row fits a 1024 px
      // tablet beside the sidebar; "Entregar" in words from xl up.
      cell: (e) => (
        <div className="flex justify-end gap-1">
          {e.status === "aguardando" && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => entregar(e)}
              aria-label={`Entregar ${encomendaResumo(e)}`}
              title="Entregar"
            >
              <PackageCheck aria-hidden="true" />
              <span className="hidden xl:inline">Entregar</span>
            </Button>
          )}
          <Button asChild variant="ghost" size="icon">
            <Link to={`${LIST}/${e.id}`} aria-label={`Ver ${encomendaResumo(e)}`} title="Ver">
              <Eye aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ),
      card: (e) => (
        <div className="grid w-full gap-2">
          {e.status === "aguardando" && (
            <Button className="w-full" onClick={() => entregar(e)}>
              <PackageCheck aria-hidden="true" />
              Entregar
            </Button>
          )}
          <Button asChild variant="outline" className="w-full">
            <Link to={`${LIST}/${e.id}`} aria-label={`Ver ${encomendaResumo(e)}`}>
              <Eye aria-hidden="true" />
              Ver
            </Link>
          </Button>
        </div>
      ),
    },
  ];
}

/** The units of the chosen condominium; without one there is nothing to choose from. */
function UnidadeFilter({
  condominioId,
  value,
  onChange,
}: {
  condominioId: string | undefined;
  value: string | undefined;
  onChange: (value?: string) => void;
}) {
  const unidades = useQuery(unidadeOptions(condominioId ?? ""));
  const options: [string, string][] = (unidades.data ?? []).map((u) => [u.id, unidadeLabel(u)]);
  if (value && !unidades.data?.some((u) => u.id === value))
    options.unshift([value, unidades.isPending ? "Carregando..." : "Unidade selecionada"]);
  return (
    <SelectFilter
      id="filtro-unidade"
      label="Unidade"
      allLabel={condominioId ? "Todas" : "Escolha o condomínio"}
      value={value}
      onChange={onChange}
      options={options}
    />
  );
}
