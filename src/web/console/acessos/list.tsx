import { useQuery } from "@tanstack/react-query";
import { DoorOpen, SearchX } from "lucide-react";
import { useSearchParams } from "react-router";
import { ACESSO_ORIGENS, VISITA_TIPOS } from "@/shared/domain";
import { ACESSO_ORIGEM_LABELS, type Acesso } from "@/shared/schemas/acessos";
import { VISITA_TIPO_LABELS } from "@/shared/schemas/passes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { DateFilter } from "@/web/components/date-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { ListFilters, ListScreen, ListTable, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { formatDateTime } from "@/web/components/relative-time";
import { RequirePermission } from "@/web/components/require-permission";
import { Badge } from "@/web/components/ui/badge";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Switch } from "@/web/components/ui/switch";
import { TableCell, TableHead, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { condominioOptions, unidadeOptions } from "@/web/lib/lookups.queries";
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
function useAcessoParams(list$: ListParams) {
  const [search] = useSearchParams();
  const condominio_id = list$.uuid("condominio_id");
  const de = search.get("de");
  const ate = search.get("ate");
  return {
    q: list$.q,
    condominio_id,
    // A unit only means something inside the condominium chosen with it.
    unidade_id: condominio_id ? list$.uuid("unidade_id") : undefined,
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
  const params = useAcessoParams(list$);
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
            value={params.condominio_id}
            // A unit of the previous condominium would match nothing.
            onChange={(condominio_id) => list$.update({ condominio_id, unidade_id: undefined })}
          />
          <UnidadeFilter
            condominioId={params.condominio_id}
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
      {(items) => <AcessosTable items={items} loading={list.isPending} stale={list.isPlaceholderData} />}
    </ListScreen>
  );
}

function AcessosTable({ items, loading, stale }: { items: Acesso[]; loading: boolean; stale: boolean }) {
  return (
    <ListTable
      loading={loading}
      stale={stale}
      skeleton={{ rows: 5, columns: 6, width: "w-24" }}
      head={
        <>
          <TableHead>Nome</TableHead>
          <TableHead>Tipo</TableHead>
          <TableHead>Unidade</TableHead>
          <TableHead>Origem</TableHead>
          <TableHead>Entrada</TableHead>
          <TableHead>Saída</TableHead>
        </>
      }
    >
      {items.map((a) => (
        <TableRow key={a.id} data-acesso-id={a.id}>
          <TableCell className="min-w-40 whitespace-normal">
            <div className="flex flex-col">
              <span className="font-medium">{a.nome}</span>
              {a.documento && <span className="text-muted-foreground text-xs">Doc. {a.documento}</span>}
            </div>
          </TableCell>
          <TableCell>
            <Badge variant="secondary">{VISITA_TIPO_LABELS[a.tipo]}</Badge>
          </TableCell>
          <TableCell className="min-w-36 whitespace-normal">
            <div className="flex flex-col">
              <span>{unidadeLabel(a.unidade)}</span>
              <span className="text-muted-foreground text-xs">{a.condominio.nome}</span>
            </div>
          </TableCell>
          <TableCell className="min-w-36 whitespace-normal">
            <div className="flex flex-col">
              <span>{ACESSO_ORIGEM_LABELS[a.origem]}</span>
              {a.autorizado_por_nome && (
                <span className="text-muted-foreground text-xs">Autorizado por {a.autorizado_por_nome}</span>
              )}
            </div>
          </TableCell>
          <TableCell className="min-w-36 whitespace-normal">
            <Momento value={a.entrada_em} por={a.entrada_por} />
          </TableCell>
          <TableCell className="min-w-36 whitespace-normal" data-testid="saida">
            {a.saida_em ? (
              <Momento value={a.saida_em} por={a.saida_por} />
            ) : (
              <Badge
                variant="outline"
                className="border-green-200 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-400/15 dark:text-green-200"
              >
                <DoorOpen aria-hidden="true" />
                No condomínio
              </Badge>
            )}
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** "12/03/2025 14:32" and who registered it. */
function Momento({ value, por }: { value: string; por: string | null }) {
  return (
    <div className="flex flex-col">
      <span className="whitespace-nowrap tabular-nums">{formatDateTime(value)}</span>
      {por && <span className="text-muted-foreground text-xs">por {por}</span>}
    </div>
  );
}

function CondominioFilter({ value, onChange }: { value: string | undefined; onChange: (value?: string) => void }) {
  const condominios = useQuery(condominioOptions());
  const options: [string, string][] = (condominios.data ?? []).map((c) => [c.id, c.nome]);
  // A condominium from the URL that is not among the options yet still needs an item to show.
  if (value && !condominios.data?.some((c) => c.id === value))
    options.unshift([value, condominios.isPending ? "Carregando..." : "Condomínio selecionado"]);
  return (
    <SelectFilter
      id="filtro-condominio"
      label="Condomínio"
      allLabel="Todos os condomínios"
      value={value}
      onChange={onChange}
      options={options}
    />
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
