import { useQuery } from "@tanstack/react-query";
import { DoorOpen, SearchX, Undo2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { ACESSO_ORIGENS, VISITA_TIPOS } from "@/shared/domain";
import { ACESSO_ORIGEM_LABELS, type AcessoListRow } from "@/shared/schemas/acessos";
import { VISITA_TIPO_LABELS } from "@/shared/schemas/passes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { DateFilter } from "@/web/components/date-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { ListFilters, ListScreen, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { RequirePermission } from "@/web/components/require-permission";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { Badge } from "@/web/components/ui/badge";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Switch } from "@/web/components/ui/switch";
import { VisitorThumbnail } from "@/web/components/visitor-thumbnail";
import { ZonedTime } from "@/web/components/zoned-time";
import { consoleTitle } from "@/web/console/placeholder-page";
import { type Condominios, useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { unidadeOptions } from "@/web/lib/lookups.queries";
import { isDateOnly, periodoParaApi } from "@/web/lib/periodo";
import { ALL, isFiltered, type ListParams, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/list";
import { type AcessoFilters, acessosListOptions } from "./acessos.queries";

const TITLE = CONSOLE_SCREENS.acessos.list;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

const TIPO_OPTIONS = VISITA_TIPOS.map((t) => [t, VISITA_TIPO_LABELS[t]] as const);
const ORIGEM_OPTIONS = ACESSO_ORIGENS.map((o) => [o, ACESSO_ORIGEM_LABELS[o]] as const);
/** ?presentes=true: only who is inside now (the dashboard's "No condomínio agora" links here). */
const PRESENTES = ["true"] as const;

/** Everyone reads the log; a morador's comes scoped to their units by the server. */
export default function AcessosListPage() {
  return (
    <RequirePermission permission="acessos:ler">
      <AcessosList />
    </RequirePermission>
  );
}

/** The filters as the URL keeps them: the period as calendar days, anything malformed dropped. */
function useAcessoParams(list$: ListParams, condominios: Condominios) {
  const [search] = useSearchParams();
  const condominio_id = list$.uuid("condominio_id");
  const de = search.get("de");
  const ate = search.get("ate");
  return {
    q: list$.q,
    condominio_id,
    // A unit only means something inside the condominium chosen with it (or the only one).
    unidade_id: condominio_id || condominios.only ? list$.uuid("unidade_id") : undefined,
    tipo: list$.oneOf("tipo", VISITA_TIPOS),
    origem: list$.oneOf("origem", ACESSO_ORIGENS),
    presentes: list$.oneOf("presentes", PRESENTES),
    de: isDateOnly(de) ? de : undefined,
    ate: isDateOnly(ate) ? ate : undefined,
    page: list$.page,
  };
}

function AcessosList() {
  const list$ = useListParams();
  // Several condominiums: each row names its own, and the list filters by one (docs/product.md, "Lists and search").
  const condominios = useCondominios();
  const params = useAcessoParams(list$, condominios);
  const apiFilters: AcessoFilters = { ...params, ...periodoParaApi(params.de, params.ate) };
  const list = useQuery(acessosListOptions(apiFilters));
  const filtered = isFiltered(params);

  return (
    <ListScreen
      title={TITLE}
      description="Quem entrou e saiu dos condomínios, por passe, solicitação autorizada ou autorização de morador."
      actions={
        <>
          <RefreshButton refetch={list.refetch} description="Entradas e saídas atualizadas." />
          <ExportCsvLink path="/api/acessos/export.csv" filters={apiFilters} />
        </>
      }
      filters={
        <ListFilters
          list={list$}
          searchId="busca-acessos"
          searchLabel="Buscar"
          placeholder="Nome, documento ou unidade"
          columns="md:grid-cols-2 xl:grid-cols-4"
          clearKeys={["condominio_id", "unidade_id", "tipo", "origem", "presentes", "de", "ate"]}
          filtered={filtered}
        >
          <CondominioFilter
            condominios={condominios}
            value={params.condominio_id}
            // A unit of the previous condominium would match nothing.
            onChange={(condominio_id) => list$.update({ condominio_id, unidade_id: undefined })}
          />
          <UnidadeFilter
            condominioId={params.condominio_id ?? condominios.only?.id}
            value={params.unidade_id}
            onChange={(unidade_id) => list$.update({ unidade_id })}
          />
          <SelectFilter
            id="filtro-tipo"
            label="Tipo"
            allLabel="Todos os tipos"
            value={params.tipo}
            onChange={(tipo) => list$.update({ tipo })}
            options={TIPO_OPTIONS}
          />
          <SelectFilter
            id="filtro-origem"
            label="Origem"
            allLabel="Todas as origens"
            value={params.origem}
            onChange={(origem) => list$.update({ origem })}
            options={ORIGEM_OPTIONS}
          />
          <DateFilter
            id="filtro-de"
            label="Entrada de"
            value={params.de}
            max={params.ate}
            onChange={(de) => list$.update({ de })}
          />
          <DateFilter
            id="filtro-ate"
            label="Entrada até"
            value={params.ate}
            min={params.de}
            onChange={(ate) => list$.update({ ate })}
          />
          <div className="flex min-h-9 items-center gap-3">
            <Switch
              id="filtro-presentes"
              checked={params.presentes === "true"}
              onCheckedChange={(on) => list$.update({ presentes: on ? "true" : undefined })}
            />
            <Label htmlFor="filtro-presentes" className="leading-snug">
              Somente quem está no condomínio agora
            </Label>
          </div>
        </ListFilters>
      }
      query={list}
      page={list$.page}
      onPageChange={list$.goToPage}
      countLoading={<Skeleton className="h-4 w-24" />}
      errorTitle="Não foi possível carregar as entradas e saídas."
      empty={
        <EmptyState
          icon={filtered ? SearchX : DoorOpen}
          title={params.presentes ? "Ninguém no condomínio agora." : "Nenhuma entrada encontrada."}
          description={
            filtered
              ? "Tente ajustar os filtros ou a busca."
              : "As entradas registradas na portaria aparecem aqui, com a saída de cada pessoa."
          }
        />
      }
    >
      {(items) => (
        <AcessosTable
          items={items}
          loading={list.isPending}
          stale={list.isPlaceholderData}
          showCondominio={condominios.many}
        />
      )}
    </ListScreen>
  );
}

function AcessosTable({
  items,
  loading,
  stale,
  showCondominio,
}: {
  items: AcessoListRow[];
  loading: boolean;
  stale: boolean;
  /** Name each record's condominium under its unit: the tenant has several. */
  showCondominio: boolean;
}) {
  return (
    <ResponsiveList
      label={TITLE}
      loading={loading}
      stale={stale}
      items={items}
      rowKey={(a) => a.id}
      rowProps={(a) => ({ "data-acesso-id": a.id })}
      columns={acessoColumns(showCondominio)}
    />
  );
}

/** Nome, Tipo, Unidade, Origem, Entrada and Saída (docs/product.md, "Entradas e saídas"). */
function acessoColumns(showCondominio: boolean): ListColumn<AcessoListRow>[] {
  return [
    {
      header: "Nome",
      place: "title",
      className: "min-w-32 whitespace-normal",
      skeleton: "w-24",
      cell: (a) => (
        <div className="flex flex-col items-start gap-1">
          <Nome a={a} />
          <TipoBadge a={a} className="whitespace-normal text-left xl:hidden" />
        </div>
      ),
      card: (a) => <Nome a={a} />,
    },
    // From xl up; below it the badge goes under the name, so the rest fits a 1024 px tablet.
    { header: "Tipo", place: "aside", from: "xl", skeleton: "w-24", cell: (a) => <TipoBadge a={a} /> },
    {
      header: "Unidade",
      className: "min-w-32 whitespace-normal",
      skeleton: "w-24",
      cell: (a) => (
        <div className="flex flex-col">
          <span>{unidadeLabel(a.unidade)}</span>
          {showCondominio && (
            <span className="text-muted-foreground text-xs" data-testid="condominio">
              {a.condominio.nome}
            </span>
          )}
        </div>
      ),
    },
    {
      header: "Origem",
      className: "min-w-28 whitespace-normal",
      skeleton: "w-24",
      cell: (a) => (
        <div className="flex flex-col">
          <span>{ACESSO_ORIGEM_LABELS[a.origem]}</span>
          {a.autorizado_por_nome && (
            <span className="text-muted-foreground text-xs">Autorizado por {a.autorizado_por_nome}</span>
          )}
        </div>
      ),
    },
    {
      header: "Entrada",
      className: "min-w-32 whitespace-normal",
      skeleton: "w-24",
      cell: (a) => <Momento value={a.entrada_em} por={a.entrada_por} timeZone={a.condominio.timezone} />,
    },
    {
      header: "Saída",
      className: "min-w-32 whitespace-normal",
      testId: "saida",
      skeleton: "w-24",
      cell: (a) => <Saida a={a} />,
    },
  ];
}

/**
 * The name and masked document; beside them the visitor's photo when the entry came from a request
 * with one (docs/product.md, "Fotos").
 */
function Nome({ a }: { a: AcessoListRow }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <VisitorThumbnail src={a.foto_miniatura_url} nome={a.nome} />
      <div className="flex min-w-0 flex-col break-words">
        <span className="font-medium">{a.nome}</span>
        {a.documento && <span className="font-normal text-muted-foreground text-xs">Doc. {a.documento}</span>}
      </div>
    </div>
  );
}

function TipoBadge({ a, className }: { a: AcessoListRow; className?: string }) {
  return (
    <Badge variant="secondary" className={className}>
      {VISITA_TIPO_LABELS[a.tipo]}
    </Badge>
  );
}

/** When they left, "Não entrou" (the gate opened, nobody came in) or "No condomínio". */
function Saida({ a }: { a: AcessoListRow }) {
  if (a.saida_em) return <Momento value={a.saida_em} por={a.saida_por} timeZone={a.condominio.timezone} />;
  if (a.nao_entrou_em)
    return (
      <div className="flex flex-col items-start gap-1">
        <Badge variant="secondary">
          <Undo2 aria-hidden="true" />
          Não entrou
        </Badge>
        {a.nao_entrou_por && <span className="text-muted-foreground text-xs">Informado por {a.nao_entrou_por}</span>}
      </div>
    );
  return (
    <Badge
      variant="outline"
      className="border-green-200 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-400/15 dark:text-green-200"
    >
      <DoorOpen aria-hidden="true" />
      No condomínio
    </Badge>
  );
}

/** "12/03/2025 14:32" on the condominium's clock (docs/product.md, "Horários"), and who registered it. */
function Momento({ value, por, timeZone }: { value: string; por: string | null; timeZone: string }) {
  return (
    <div className="flex flex-col">
      {/* The zone's name ("(horário de Manaus)") may go under the time; the time itself stays whole. */}
      <ZonedTime value={value} timeZone={timeZone} className="[&_time]:whitespace-nowrap" />
      {por && <span className="text-muted-foreground text-xs">por {por}</span>}
    </div>
  );
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
    <div className="grid gap-2">
      <Label htmlFor="filtro-unidade">Unidade</Label>
      <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)} disabled={!condominioId}>
        <SelectTrigger id="filtro-unidade" className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{condominioId ? "Todas as unidades" : "Escolha o condomínio"}</SelectItem>
          {options.map(([id, label]) => (
            <SelectItem key={id} value={id}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
