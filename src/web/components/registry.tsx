/**
 * Small pieces shared by the registry screens (condomínios, unidades, pessoas, chamadas): a
 * definition list, the badges and links, the condominium field of the forms and the
 * condominium/status filters of the people and unit lists.
 */
import { useQuery } from "@tanstack/react-query";
import { Pencil, Star } from "lucide-react";
import type * as React from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { type AnyForm, SelectField } from "@/web/components/form-field";
import { ListFilters, SelectFilter } from "@/web/components/list-screen";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { useCondominios } from "@/web/lib/condominios";
import { shortId } from "@/web/lib/console-screens";
import { condominioOptions } from "@/web/lib/lookups.queries";
import { isFiltered, isUuid, useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";

/** Ids are displayed truncated to 8 characters (docs/product.md, "Lists and search"). */
export { shortId };

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

/** "Ativo"/"Inativo" or "Ativa"/"Inativa" (docs/product.md, "Statuses and labels"). */
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

/**
 * The state of the people and unit lists, kept in the URL: search, condominium, status and page; and
 * the caller's condominiums, whose count decides whether rows name theirs (docs/product.md, "Lists and search").
 */
export function useCondominioStatusFilters<S extends string>(statuses: readonly S[]) {
  const params = useListParams();
  const condominios = useCondominios();
  const filters = {
    q: params.q,
    condominio_id: params.uuid("condominio_id"),
    status: params.oneOf("status", statuses),
    page: params.page,
  };
  return { params, filters, filtered: isFiltered(filters), condominios };
}

/**
 * The filter bar of the people and unit lists: search, condominium ("Todos os condomínios" or one,
 * when there are several) and status.
 */
export function CondominioStatusFilters({
  state: { params, filters, filtered, condominios },
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
      columns={
        condominios.many || filters.condominio_id
          ? "md:grid-cols-[minmax(0,1fr)_14rem_10rem_auto]"
          : "md:grid-cols-[minmax(0,1fr)_10rem_auto]"
      }
      clearKeys={["condominio_id", "status"]}
      filtered={filtered}
    >
      <CondominioFilter
        condominios={condominios}
        value={filters.condominio_id}
        onChange={(condominio_id) => params.update({ condominio_id })}
      />
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
