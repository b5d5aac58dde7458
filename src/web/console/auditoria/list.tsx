import { useQuery } from "@tanstack/react-query";
import { ArrowRight, ChevronDown, SearchX, ShieldCheck } from "lucide-react";
import { Fragment, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ROLE_LABELS } from "@/shared/permissions";
import {
  AUDITORIA_ACAO_LABELS,
  AUDITORIA_ACOES,
  AUDITORIA_DADO_PESSOAL,
  AUDITORIA_ENTIDADE_LABELS,
  AUDITORIA_ENTIDADES,
  type Auditoria,
} from "@/shared/schemas/auditoria";
import { DateFilter } from "@/web/components/date-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ExportCsvLink } from "@/web/components/export-csv-link";
import { ListFilters, ListScreen, ListTable, SelectFilter } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { RequirePermission } from "@/web/components/require-permission";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { ATOR_TIPO_LABELS, atorLabel, diffRows, entidadeHref, temDetalhes, VAZIO } from "@/web/lib/auditoria-format";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { isDateOnly, periodoParaApi } from "@/web/lib/periodo";
import { ALL, isFiltered, type ListParams, useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/list";
import { type AuditoriaFilters, auditoriaListOptions, membrosOpcoesOptions } from "./auditoria.queries";

const TITLE = CONSOLE_SCREENS.auditoria.list;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

const ACAO_OPTIONS = AUDITORIA_ACOES.map((a) => [a, AUDITORIA_ACAO_LABELS[a]] as const);
const ENTIDADE_OPTIONS = AUDITORIA_ENTIDADES.map((e) => [e, AUDITORIA_ENTIDADE_LABELS[e]] as const);
const FILTER_KEYS = ["de", "ate", "acao", "entidade", "ator_id"];
/** The API takes actor ids up to this long; anything else in the URL is dropped, not sent. */
const MAX_ATOR_ID = 100;

/** The audit trail (docs/product.md, "Auditoria"): owner and síndicos only; the server answers 403 to anyone else. */
export default function AuditoriaListPage() {
  return (
    <RequirePermission permission="auditoria:ler">
      <AuditoriaList />
    </RequirePermission>
  );
}

/** The filters as the URL keeps them: the period as calendar days, anything malformed dropped. */
function useAuditoriaParams(list$: ListParams) {
  const [search] = useSearchParams();
  const de = search.get("de");
  const ate = search.get("ate");
  const atorId = search.get("ator_id")?.trim();
  return {
    de: isDateOnly(de) ? de : undefined,
    ate: isDateOnly(ate) ? ate : undefined,
    acao: list$.oneOf("acao", AUDITORIA_ACOES),
    entidade: list$.oneOf("entidade", AUDITORIA_ENTIDADES),
    ator_id: atorId && atorId.length <= MAX_ATOR_ID ? atorId : undefined,
    page: list$.page,
  };
}

function AuditoriaList() {
  const list$ = useListParams();
  const params = useAuditoriaParams(list$);
  const apiFilters: AuditoriaFilters = { ...params, ...periodoParaApi(params.de, params.ate) };
  const list = useQuery(auditoriaListOptions(apiFilters));
  const filtered = isFiltered(params);

  return (
    <ListScreen
      title={TITLE}
      description="Quem fez o quê, quando e de onde: alterações, decisões, visualizações de dados pessoais, exportações e entradas no sistema. Os registros não podem ser alterados nem apagados."
      actions={
        <>
          <RefreshButton refetch={list.refetch} description="Registros de auditoria atualizados." />
          <ExportCsvLink path="/api/auditoria/export.csv" filters={apiFilters} />
        </>
      }
      filters={
        <ListFilters list={list$} columns="md:grid-cols-2 xl:grid-cols-3" clearKeys={FILTER_KEYS} filtered={filtered}>
          <DateFilter
            id="filtro-de"
            label="Período: de"
            value={params.de}
            max={params.ate}
            onChange={(de) => list$.update({ de })}
          />
          <DateFilter
            id="filtro-ate"
            label="Período: até"
            value={params.ate}
            min={params.de}
            onChange={(ate) => list$.update({ ate })}
          />
          <PessoaFilter value={params.ator_id} onChange={(ator_id) => list$.update({ ator_id })} />
          <SelectFilter
            id="filtro-acao"
            label="Ação"
            allLabel="Todas as ações"
            value={params.acao}
            onChange={(acao) => list$.update({ acao })}
            options={ACAO_OPTIONS}
          />
          <SelectFilter
            id="filtro-entidade"
            label="Entidade"
            allLabel="Todas as entidades"
            value={params.entidade}
            onChange={(entidade) => list$.update({ entidade })}
            options={ENTIDADE_OPTIONS}
          />
        </ListFilters>
      }
      query={list}
      page={list$.page}
      onPageChange={list$.goToPage}
      countLoading={<Skeleton className="h-4 w-24" />}
      errorTitle="Não foi possível carregar a auditoria."
      empty={
        <EmptyState
          icon={filtered ? SearchX : ShieldCheck}
          title="Nenhum registro encontrado."
          description={
            filtered
              ? "Tente ajustar os filtros."
              : "Cada alteração, visualização de dados pessoais e entrada no sistema aparece aqui."
          }
        />
      }
    >
      {(items) => <AuditoriaResults items={items} loading={list.isPending} stale={list.isPlaceholderData} />}
    </ListScreen>
  );
}

const COLUMNS = 6;

/** Which entries have "Detalhes" open, shared by the table and the narrow-screen list. */
function useExpanded() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { isOpen: (id: string) => open.has(id), toggle };
}

/**
 * The entries: a table from md up, a list of cards below it (six columns and the fields before
 * and after do not fit 360 px). Only one of them is displayed, so only one is in the accessibility tree.
 */
function AuditoriaResults({ items, loading, stale }: { items: Auditoria[]; loading: boolean; stale: boolean }) {
  const expanded = useExpanded();
  return (
    <>
      <div className="md:hidden">
        <AuditoriaCards items={items} loading={loading} stale={stale} expanded={expanded} />
      </div>
      <div className="hidden md:block">
        <AuditoriaTable items={items} loading={loading} stale={stale} expanded={expanded} />
      </div>
    </>
  );
}

type Expanded = ReturnType<typeof useExpanded>;

/** "Detalhes", with what it opens named for screen readers (every row has one). */
function DetalhesButton({
  a,
  expanded,
  controls,
  onToggle,
}: {
  a: Auditoria;
  expanded: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onToggle}
    >
      <ChevronDown className={cn("transition-transform", expanded && "rotate-180")} aria-hidden="true" />
      Detalhes
      <span className="sr-only">
        : {a.resumo}, {formatDateTime(a.ocorrido_em)}
      </span>
    </Button>
  );
}

function Quando({ value }: { value: string }) {
  return (
    <div className="flex flex-col">
      <time dateTime={value} className="whitespace-nowrap tabular-nums">
        {formatDateTime(value)}
      </time>
      <RelativeTime value={value} className="text-muted-foreground text-xs" />
    </div>
  );
}

function AuditoriaTable({
  items,
  loading,
  stale,
  expanded,
}: {
  items: Auditoria[];
  loading: boolean;
  stale: boolean;
  expanded: Expanded;
}) {
  return (
    <ListTable
      loading={loading}
      stale={stale}
      skeleton={{ rows: 5, columns: COLUMNS, width: "w-24" }}
      head={
        <>
          <TableHead>Quando</TableHead>
          <TableHead>Quem</TableHead>
          <TableHead>Ação</TableHead>
          {/* From xl up; below it the entity goes under the action, so the rest fits a 1024 px tablet. */}
          <TableHead className="hidden xl:table-cell">Entidade</TableHead>
          <TableHead>Resumo</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Detalhes</span>
          </TableHead>
        </>
      }
    >
      {items.map((a) => {
        const open = expanded.isOpen(a.id);
        const detailsId = `auditoria-detalhes-${a.id}`;
        return (
          <Fragment key={a.id}>
            <TableRow data-auditoria-id={a.id} className={cn(open && "border-b-0")}>
              {/* The relative time may take two lines, so the table fits a 1024 px tablet. */}
              <TableCell className="min-w-32 whitespace-normal">
                <Quando value={a.ocorrido_em} />
              </TableCell>
              <TableCell className="min-w-32 whitespace-normal [overflow-wrap:anywhere]">
                <Ator a={a} />
              </TableCell>
              <TableCell className="min-w-28 whitespace-normal">
                <div className="flex flex-col items-start gap-1">
                  <Badge variant="secondary" className="whitespace-normal text-left">
                    {AUDITORIA_ACAO_LABELS[a.acao]}
                  </Badge>
                  <span className="text-muted-foreground text-xs xl:hidden">
                    {AUDITORIA_ENTIDADE_LABELS[a.entidade]}
                  </span>
                </div>
              </TableCell>
              <TableCell className="hidden min-w-28 whitespace-normal xl:table-cell">
                {AUDITORIA_ENTIDADE_LABELS[a.entidade]}
              </TableCell>
              {/* A name or code with no space in it breaks where it must rather than widen the table. */}
              <TableCell className="min-w-40 whitespace-normal [overflow-wrap:anywhere]">{a.resumo}</TableCell>
              <TableCell className="text-right">
                {temDetalhes(a) && (
                  <DetalhesButton a={a} expanded={open} controls={detailsId} onToggle={() => expanded.toggle(a.id)} />
                )}
              </TableCell>
            </TableRow>
            {open && (
              <TableRow id={detailsId} className="bg-muted/30 hover:bg-muted/30">
                <TableCell colSpan={COLUMNS} className="whitespace-normal pb-4">
                  <Detalhes a={a} />
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        );
      })}
    </ListTable>
  );
}

function AuditoriaCards({
  items,
  loading,
  stale,
  expanded,
}: {
  items: Auditoria[];
  loading: boolean;
  stale: boolean;
  expanded: Expanded;
}) {
  if (loading)
    return (
      <ul className="divide-y rounded-lg border" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="space-y-2 p-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-40" />
          </li>
        ))}
      </ul>
    );
  return (
    <ul
      className={cn("divide-y rounded-lg border", stale && "opacity-60")}
      aria-label="Registros de auditoria"
      aria-busy={stale || undefined}
    >
      {items.map((a) => {
        const open = expanded.isOpen(a.id);
        const detailsId = `auditoria-detalhes-lista-${a.id}`;
        return (
          <li key={a.id} className="flex flex-col gap-2 p-3" data-auditoria-item={a.id}>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge variant="secondary" className="whitespace-normal text-left">
                {AUDITORIA_ACAO_LABELS[a.acao]}
              </Badge>
              <span className="text-muted-foreground text-xs">{AUDITORIA_ENTIDADE_LABELS[a.entidade]}</span>
            </div>
            <p className="text-sm">{a.resumo}</p>
            <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
              <Ator a={a} />
              <Quando value={a.ocorrido_em} />
            </div>
            {temDetalhes(a) && (
              <div>
                <DetalhesButton a={a} expanded={open} controls={detailsId} onToggle={() => expanded.toggle(a.id)} />
              </div>
            )}
            {open && (
              <div id={detailsId} className="rounded-md bg-muted/30 p-2">
                <Detalhes a={a} compact />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The actor's name (or "Sistema", "Anônimo"...), what kind of actor when it is not a user, and the IP. */
function Ator({ a }: { a: Auditoria }) {
  const nome = atorLabel(a);
  const tipo = ATOR_TIPO_LABELS[a.ator_tipo];
  return (
    <div className="flex flex-col">
      <span className="font-medium">{nome}</span>
      {a.ator_tipo !== "usuario" && tipo !== nome && <span className="text-muted-foreground text-xs">{tipo}</span>}
      {a.ip && <span className="text-muted-foreground text-xs tabular-nums">IP {a.ip}</span>}
    </div>
  );
}

/**
 * The record's id, its name as the record says today, and its fields before and after, side by side.
 * Personal data is named, never kept (docs/decisions/030-personal-data-out-of-the-audit-trail.md).
 */
function Detalhes({ a, compact = false }: { a: Auditoria; compact?: boolean }) {
  const rows = diffRows(a.antes, a.depois);
  const href = entidadeHref(a);
  const pessoal = rows.some((r) => r.antes === AUDITORIA_DADO_PESSOAL || r.depois === AUDITORIA_DADO_PESSOAL);
  return (
    <div className="flex max-w-4xl flex-col gap-3">
      {a.entidade_nome && (
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="text-muted-foreground">Nome no cadastro atual:</span>
          <span>{a.entidade_nome}</span>
        </p>
      )}
      {a.entidade_id && (
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="text-muted-foreground">Identificador do registro:</span>
          <span className="break-all font-mono text-xs">{a.entidade_id}</span>
          {href && (
            <Link to={href} className="text-primary underline-offset-4 hover:underline">
              Abrir {AUDITORIA_ENTIDADE_LABELS[a.entidade].toLowerCase()}
            </Link>
          )}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Este registro não guarda campos antes e depois.</p>
      ) : compact ? (
        <ul className="divide-y rounded-md border bg-background" aria-label={`Campos antes e depois: ${a.resumo}`}>
          {rows.map((r) => (
            <li key={r.campo} className="flex flex-col gap-1 p-2">
              <span className="font-mono text-xs">{r.campo}</span>
              <span className="flex flex-wrap items-center gap-x-1.5 text-sm">
                <span className="sr-only">Antes:</span>
                <Valor value={r.antes} muted />
                <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">Depois:</span>
                <Valor value={r.depois} muted={!r.alterado} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Table className="rounded-md border bg-background">
          <caption className="sr-only">Campos antes e depois: {a.resumo}</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Campo</TableHead>
              <TableHead>Antes</TableHead>
              <TableHead>Depois</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.campo} className="hover:bg-transparent">
                <TableCell className="align-top font-mono text-xs">{r.campo}</TableCell>
                <TableCell className="min-w-32 whitespace-normal align-top">
                  <Valor value={r.antes} muted />
                </TableCell>
                <TableCell className="min-w-32 whitespace-normal align-top">
                  <span className="flex items-start gap-1.5">
                    <ArrowRight className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <Valor value={r.depois} muted={!r.alterado} />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pessoal && (
        <p className="text-muted-foreground text-xs">
          Dados pessoais não ficam guardados na auditoria: ela registra quais campos mudaram, e o nome vem do cadastro
          atual (anonimizado, se for o caso).
        </p>
      )}
    </div>
  );
}

function Valor({ value, muted = false }: { value: string; muted?: boolean }) {
  if (value === AUDITORIA_DADO_PESSOAL)
    return <span className="text-muted-foreground italic">dado pessoal, não guardado</span>;
  if (value === VAZIO)
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">{VAZIO}</span>
        <span className="sr-only">vazio</span>
      </span>
    );
  return <span className={cn("break-all", muted && "text-muted-foreground")}>{value}</span>;
}

/** The team's members by user id: what the chosen person did. */
function PessoaFilter({ value, onChange }: { value: string | undefined; onChange: (value?: string) => void }) {
  const membros = useQuery(membrosOpcoesOptions());
  const options: [string, string][] = (membros.data ?? []).map((m) => [
    m.user_id,
    `${m.nome} (${ROLE_LABELS[m.papel]})`,
  ]);
  // Someone from the URL who is not (or no longer) on the team still needs an item to show.
  if (value && !membros.data?.some((m) => m.user_id === value))
    options.unshift([value, membros.isPending ? "Carregando..." : "Pessoa selecionada"]);
  return (
    <div className="grid gap-2">
      <Label htmlFor="filtro-pessoa">Pessoa</Label>
      <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
        <SelectTrigger
          id="filtro-pessoa"
          className="w-full"
          aria-describedby={membros.isError ? "filtro-pessoa-erro" : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>Todas as pessoas</SelectItem>
          {options.map(([id, label]) => (
            <SelectItem key={id} value={id}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {membros.isError && (
        <p id="filtro-pessoa-erro" className="text-destructive text-xs">
          Não foi possível carregar a equipe.
        </p>
      )}
    </div>
  );
}
