/**
 * Pieces shared by the registry screens (condomínios, unidades, pessoas, chamadas, solicitações):
 * the frame of a screen under a list and of a record's detail/edit screens, the not-found view, a
 * definition list, the badges, the condominium field of the forms and the condominium/status
 * filters of the people and unit lists.
 */
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { ArrowLeft, FileQuestion, Pencil, Star } from "lucide-react";
import type * as React from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { type AnyForm, SelectField } from "@/web/components/form-field";
import { ListFilters, SelectFilter } from "@/web/components/list-screen";
import { PageHeader } from "@/web/components/page-header";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { LoadingState } from "@/web/components/ui/spinner";
import { condominioOptions } from "@/web/console/solicitacoes/lookups.queries";
import { ApiError } from "@/web/lib/api";
import { isFiltered, isUuid, useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";

/** Ids are displayed truncated to 8 characters (SPEC.md section 9). */
export function shortId(id: string) {
  return id.slice(0, 8);
}

export function isNotFound(error: unknown) {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The arrow back to where the screen was opened from; `label` names it for screen readers. */
export function BackButton({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className={cn("shrink-0", className)}>
      <Link to={to} aria-label={label}>
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** A screen under a list (detail, new, edit): the back button, the title and actions, the content. */
export function SubScreen({
  width,
  backTo,
  backLabel,
  title,
  description,
  actions,
  children,
}: {
  /** The max-w-* class: forms are narrower than details. */
  width: string;
  backTo: string;
  backLabel: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("mx-auto flex w-full flex-col gap-6", width)}>
      <div className="flex items-start gap-2">
        <BackButton to={backTo} label={backLabel} className="mt-0.5" />
        <PageHeader className="min-w-0 flex-1" title={title} description={description} actions={actions} />
      </div>
      {children}
    </div>
  );
}

export function NotFoundCard({
  title,
  description,
  backTo,
  backLabel,
}: {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Card>
        <CardContent>
          <EmptyState
            icon={FileQuestion}
            title={<h1 className="font-bold text-2xl tracking-tight">{title}</h1>}
            description={description}
            action={
              <Button asChild>
                <Link to={backTo}>
                  <ArrowLeft aria-hidden="true" />
                  {backLabel}
                </Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** The texts a record's screens (detail and edit) share, and the list they go back to. */
export interface RecordLabels {
  list: string;
  /** "Voltar para pessoas". */
  backLabel: string;
  notFoundTitle: string;
  notFoundDescription: string;
  /** "Não foi possível carregar a pessoa." */
  errorTitle: string;
  /** "Carregando pessoa..." */
  loading: string;
}

/**
 * The detail or edit screen of one record: the not-found view for a missing (or malformed) id, and
 * otherwise the header over the record, its loading state or its error with a retry. The header
 * goes back to the list unless `backTo` says otherwise.
 */
export function RecordScreen<T>({
  query,
  labels,
  backTo = labels.list,
  backLabel = labels.backLabel,
  children,
  ...header
}: Omit<React.ComponentProps<typeof SubScreen>, "backTo" | "backLabel" | "children"> & {
  query: UseQueryResult<T>;
  labels: RecordLabels;
  backTo?: string;
  backLabel?: string;
  children: (record: T) => React.ReactNode;
}) {
  if (query.isError && isNotFound(query.error)) {
    return (
      <NotFoundCard
        title={labels.notFoundTitle}
        description={labels.notFoundDescription}
        backTo={labels.list}
        backLabel={labels.backLabel}
      />
    );
  }
  return (
    <SubScreen backTo={backTo} backLabel={backLabel} {...header}>
      {query.isError ? (
        <ErrorState title={labels.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <LoadingState message={labels.loading} />
      ) : (
        children(query.data)
      )}
    </SubScreen>
  );
}

/** A record's edit screen: the form over the loaded record, going back to its detail. */
export function EditScreen<T extends { id: string }>({
  query,
  labels,
  title,
  description,
  children,
}: {
  query: UseQueryResult<T>;
  labels: RecordLabels;
  title: string;
  description: string;
  children: (record: T) => React.ReactNode;
}) {
  return (
    <RecordScreen
      query={query}
      labels={labels}
      width="max-w-3xl"
      backTo={query.data ? `${labels.list}/${query.data.id}` : labels.list}
      backLabel="Voltar"
      title={title}
      description={description}
    >
      {children}
    </RecordScreen>
  );
}

/** A record's create screen: the form, going back to the list. */
export function NewScreen({
  labels,
  title,
  description,
  children,
}: {
  labels: RecordLabels;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <SubScreen
      width="max-w-3xl"
      backTo={labels.list}
      backLabel={labels.backLabel}
      title={title}
      description={description}
    >
      {children}
    </SubScreen>
  );
}

/** The "Editar" button of a detail screen. */
export function EditLink({ to }: { to: string }) {
  return (
    <Button asChild>
      <Link to={to}>
        <Pencil aria-hidden="true" />
        Editar
      </Link>
    </Button>
  );
}

/** Marks the resident a unit calls first. */
export function ResponsavelBadge() {
  return (
    <Badge variant="secondary">
      <Star aria-hidden="true" />
      Responsável
    </Badge>
  );
}

/** Label/value pairs as a <dl>, two columns from the small breakpoint. */
export function DataList({
  items,
  className,
}: {
  items: [label: string, value: React.ReactNode][];
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-4 sm:grid-cols-2", className)}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0 space-y-1">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="break-words font-medium">{value ?? <span className="text-muted-foreground">-</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Ativo"/"Inativo" or "Ativa"/"Inativa" (SPEC.md section 4). */
export function ActiveBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  const label = active ? (feminine ? "Ativa" : "Ativo") : feminine ? "Inativa" : "Inativo";
  return (
    <Badge
      variant="outline"
      data-active={active}
      className={
        active
          ? "border-green-200 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-400/15 dark:text-green-200"
          : "border-gray-200 bg-gray-100 text-gray-800 dark:border-gray-400/30 dark:bg-gray-400/15 dark:text-gray-200"
      }
    >
      {label}
    </Badge>
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
      allLabel="Todos"
      value={value}
      onChange={onChange}
      options={options}
    />
  );
}

/** The state of the people and unit lists, kept in the URL: search, condominium, status and page. */
export function useCondominioStatusFilters<S extends string>(statuses: readonly S[]) {
  const params = useListParams();
  const filters = {
    q: params.q,
    condominio_id: params.uuid("condominio_id"),
    status: params.oneOf("status", statuses),
    page: params.page,
  };
  return { params, filters, filtered: isFiltered(filters) };
}

/** The filter bar of the people and unit lists: search, condominium ("Todos" or one) and status. */
export function CondominioStatusFilters({
  state: { params, filters, filtered },
  searchId,
  searchLabel,
  placeholder,
  statusAllLabel,
  statusOptions,
}: {
  state: ReturnType<typeof useCondominioStatusFilters>;
  searchId: string;
  searchLabel: string;
  placeholder: string;
  statusAllLabel: string;
  statusOptions: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <ListFilters
      list={params}
      searchId={searchId}
      searchLabel={searchLabel}
      placeholder={placeholder}
      columns="md:grid-cols-[minmax(0,1fr)_14rem_10rem_auto]"
      clearKeys={["condominio_id", "status"]}
      filtered={filtered}
    >
      <CondominioFilter value={filters.condominio_id} onChange={(v) => params.update({ condominio_id: v })} />
      <SelectFilter
        id="filtro-status"
        label="Status"
        allLabel={statusAllLabel}
        value={filters.status}
        onChange={(status) => params.update({ status })}
        options={statusOptions}
      />
    </ListFilters>
  );
}

/** A link to a record's condominium, by name once the cached options have it. */
export function CondominioLink({ id }: { id: string }) {
  const condominios = useQuery(condominioOptions());
  const nome = condominios.data?.find((c) => c.id === id)?.nome;
  return (
    <Link to={`/app/condominios/${id}`} className="hover:underline">
      {nome ?? `#${shortId(id)}`}
    </Link>
  );
}

/**
 * The required condominium select of the forms: the active condominiums, and the record's own
 * (`current`) even when it is inactive, so editing does not silently move the record.
 */
export function CondominioField<T extends FieldValues & { condominio_id: string }>({
  form,
  current,
  className,
  onValueChange,
}: {
  form: AnyForm<T>;
  current?: string;
  className?: string;
  onValueChange?: (value: string) => void;
}) {
  const condominios = useQuery(condominioOptions());
  const choices = (condominios.data ?? []).filter((c) => c.enabled || c.id === current);

  let placeholder = "Selecione um condomínio";
  if (condominios.isPending) placeholder = "Carregando condomínios...";
  else if (condominios.isError) placeholder = "Condomínios indisponíveis";
  else if (choices.length === 0) placeholder = "Nenhum condomínio cadastrado";

  return (
    <SelectField
      form={form}
      name={"condominio_id" as FieldPath<T>}
      label="Condomínio"
      required
      placeholder={placeholder}
      options={choices.map((c) => [c.id, c.nome] as const)}
      disabled={condominios.isPending || choices.length === 0}
      onValueChange={onValueChange}
      className={className}
    />
  );
}

/** ?condominio_id=, which the new-unit and new-person links carry to preselect the condominium. */
export function useCondominioParam() {
  const [params] = useSearchParams();
  const id = params.get("condominio_id");
  return isUuid(id) ? id : undefined;
}
