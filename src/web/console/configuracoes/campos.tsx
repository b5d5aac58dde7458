/**
 * The pieces the settings forms share: the role choice (with what each role may do), the person
 * picker of a morador, the group of checkboxes (permissions, events), and how a save goes through
 * the API (a refused field inline and focused, the message in a toast).
 */
import { useQuery } from "@tanstack/react-query";
import { CheckIcon, ChevronDownIcon, Home, RefreshCw } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, type FieldPath, type FieldValues, type UseFormReturn, useFormState } from "react-hook-form";
import { INVITABLE_ROLES, type InvitableRole } from "@/shared/domain";
import { ROLE_LABELS } from "@/shared/permissions";
import { type AnyForm, Field } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { SelectContent } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { pessoaDetailOptions, pessoasListOptions } from "@/web/console/pessoas/pessoas.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { condominioOptions } from "@/web/lib/lookups.queries";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";

/**
 * One line on what each invitable role may do (src/shared/permissions.ts in words), shown in the
 * choice itself so whoever invites knows what they grant before granting it.
 */
export const ROLE_DESCRIPTIONS: Record<InvitableRole, string> = {
  sindico: "Acesso completo: cadastros, solicitações, equipe e dados da administradora.",
  porteiro: "Controle de acesso: decide solicitações e consulta pessoas, unidades e chamadas.",
  operador: "Central de operadores: atende a fila dos condomínios que cobre, além do que o porteiro faz.",
  morador: "Registra visitantes e acompanha os acessos das próprias unidades.",
};

/**
 * The role select. Built on the Radix parts rather than the shared SelectItem because each option
 * carries a description that must not end up in the closed trigger (only ItemText is copied there).
 */
export function RoleSelect({
  id,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  triggerRef,
}: {
  id: string;
  value: InvitableRole | undefined;
  onChange: (value: InvitableRole) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** Focused when the form finds the choice missing or wrong. */
  triggerRef?: React.Ref<HTMLButtonElement>;
}) {
  return (
    <Field
      id={id}
      label="Papel"
      required
      error={error}
      hint={value ? ROLE_DESCRIPTIONS[value] : "O papel define o que a pessoa pode ver e fazer no console."}
    >
      {(describedBy) => (
        <SelectPrimitive.Root
          value={value ?? ""}
          onValueChange={(next) => onChange(next as InvitableRole)}
          disabled={disabled}
        >
          <SelectPrimitive.Trigger
            ref={triggerRef}
            id={id}
            onBlur={onBlur}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(
              "flex h-9 w-full items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground dark:bg-input/20 dark:hover:bg-input/40",
              "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
              "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
            )}
          >
            <SelectPrimitive.Value placeholder="Selecione o papel" />
            <SelectPrimitive.Icon asChild>
              <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectContent>
            {INVITABLE_ROLES.map((role) => (
              <SelectPrimitive.Item
                key={role}
                value={role}
                className="relative flex w-full cursor-default select-none flex-col items-start gap-0.5 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground"
              >
                <span className="absolute top-2 right-2 flex size-3.5 items-center justify-center">
                  <SelectPrimitive.ItemIndicator>
                    <CheckIcon className="size-4" aria-hidden="true" />
                  </SelectPrimitive.ItemIndicator>
                </span>
                <SelectPrimitive.ItemText>{ROLE_LABELS[role]}</SelectPrimitive.ItemText>
                <span className="max-w-80 whitespace-normal text-muted-foreground text-xs">
                  {ROLE_DESCRIPTIONS[role]}
                </span>
              </SelectPrimitive.Item>
            ))}
          </SelectContent>
        </SelectPrimitive.Root>
      )}
    </Field>
  );
}

export interface PessoaEscolhida {
  id: string;
  nome: string;
}

const SEARCH_DEBOUNCE_MS = 250;
/** Enough to find someone by a few letters; more is a sign the search should be narrower. */
const PICKER_PAGE_SIZE = 20;

/**
 * "Pessoa cadastrada": search the people registry (server-side, active people only) and pick one
 * with radio buttons (arrows move between them, as in any radio group). The chosen person's units
 * are shown, because they are exactly what the morador's login will reach.
 */
export function PessoaPicker({
  id,
  value,
  onChange,
  error,
  disabled,
  searchRef,
}: {
  id: string;
  value: PessoaEscolhida | null;
  onChange: (pessoa: PessoaEscolhida | null) => void;
  error?: string;
  disabled?: boolean;
  /** The search box takes the focus when the server says the choice is wrong. */
  searchRef?: React.Ref<HTMLInputElement>;
}) {
  const uid = useId();
  const searchId = `${id}-busca`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const pessoas = useQuery(pessoasListOptions({ q: q || undefined, status: "ativo", page_size: PICKER_PAGE_SIZE }));
  const condominios = useQuery(condominioOptions());
  const condominioNome = (condominioId: string) => condominios.data?.find((c) => c.id === condominioId)?.nome;
  const items = pessoas.data?.items ?? [];

  let list: React.ReactNode;
  if (pessoas.isError && !pessoas.data) {
    list = (
      <div className="flex flex-col items-start gap-2 p-3 text-sm">
        <p className="text-destructive">Não foi possível buscar as pessoas: {errorMessage(pessoas.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void pessoas.refetch()}>
          <RefreshCw aria-hidden="true" />
          Tentar novamente
        </Button>
      </div>
    );
  } else if (pessoas.isPending) {
    list = (
      <p className="flex items-center gap-2 p-3 text-muted-foreground text-sm">
        <Spinner />
        Carregando pessoas...
      </p>
    );
  } else if (items.length === 0) {
    list = (
      <p className="p-3 text-muted-foreground text-sm">
        {q ? "Nenhuma pessoa encontrada para esta busca." : "Nenhuma pessoa ativa cadastrada."}
      </p>
    );
  } else {
    list = (
      <ul className={cn("divide-y", pessoas.isPlaceholderData && "opacity-60")}>
        {items.map((p) => {
          const optionId = `${uid}-${p.id}`;
          const detail = [condominioNome(p.condominio_id), p.email].filter(Boolean).join(" · ");
          return (
            <li key={p.id}>
              <label
                htmlFor={optionId}
                className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-muted/50 has-[:checked]:bg-accent"
              >
                <input
                  id={optionId}
                  type="radio"
                  name={`${id}-opcoes`}
                  value={p.id}
                  checked={value?.id === p.id}
                  onChange={() => onChange({ id: p.id, nome: p.nome })}
                  disabled={disabled}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="grid min-w-0">
                  <span className="font-medium">{p.nome}</span>
                  {detail && <span className="break-words text-muted-foreground text-xs">{detail}</span>}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={[error && errorId, hintId].filter(Boolean).join(" ")}>
      <legend className="mb-2 font-medium text-sm">
        Pessoa cadastrada
        <span aria-hidden="true" className="ml-2 text-destructive">
          *
        </span>
      </legend>
      <p id={hintId} className="text-muted-foreground text-xs">
        O login do morador verá as solicitações e as chamadas das unidades desta pessoa.
      </p>
      <Label htmlFor={searchId} className="sr-only">
        Buscar pessoa
      </Label>
      <Input
        ref={searchRef}
        id={searchId}
        type="search"
        placeholder="Buscar por nome, documento ou e-mail"
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        disabled={disabled}
        aria-controls={`${id}-lista`}
      />
      <div
        id={`${id}-lista`}
        className="max-h-52 overflow-y-auto rounded-md border"
        aria-busy={pessoas.isFetching || undefined}
      >
        {list}
      </div>
      {pessoas.data && pessoas.data.total > items.length && (
        <p className="text-muted-foreground text-xs">
          Mostrando {items.length} de {pessoas.data.total}. Refine a busca para encontrar outra pessoa.
        </p>
      )}
      <EscolhaAtual pessoa={value} />
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The chosen person and their units: what the login will reach, said before saving. */
function EscolhaAtual({ pessoa }: { pessoa: PessoaEscolhida | null }) {
  const detail = useQuery({ ...pessoaDetailOptions(pessoa?.id ?? ""), enabled: !!pessoa });
  if (!pessoa) return null;
  let unidades: React.ReactNode;
  if (detail.isPending) unidades = "carregando unidades...";
  else if (detail.isError) unidades = "não foi possível carregar as unidades.";
  else if (detail.data.unidades.length === 0)
    unidades = "nenhuma unidade ainda. O login só verá solicitações depois que ela for associada a uma unidade.";
  else unidades = detail.data.unidades.map((u) => (u.torre ? `${u.codigo} · ${u.torre}` : u.codigo)).join(", ");
  return (
    <div className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm" aria-live="polite">
      <Home className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p className="min-w-0 break-words">
        <span className="font-medium">{pessoa.nome}</span> — Unidades: {unidades}
      </p>
    </div>
  );
}

/**
 * A required choice of several (permissions, events): one native checkbox per option, with its pt-BR
 * label and its code, in a fieldset described by its hint and error. The value keeps the options'
 * order, whatever order they were ticked in.
 */
export function CheckboxGroupField<T extends FieldValues, V extends string>({
  form,
  name,
  idPrefix,
  optionIdPrefix,
  legend,
  hint,
  options,
  labels,
}: {
  form: AnyForm<T>;
  /** A field whose value is an array of `options`. */
  name: FieldPath<T>;
  /** Of the hint's and the error's ids. */
  idPrefix: string;
  /** Of each checkbox's id, followed by its option (punctuation as hyphens). */
  optionIdPrefix: string;
  legend: string;
  hint: string;
  options: readonly V[];
  labels: Record<V, string>;
}) {
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState, formState }) => {
        const value = (field.value ?? []) as readonly V[];
        const error = fieldState.error?.message;
        function toggle(option: V, checked: boolean) {
          const next = new Set(value);
          if (checked) next.add(option);
          else next.delete(option);
          field.onChange(options.filter((o) => next.has(o)));
        }
        return (
          <fieldset
            className="grid min-w-0 gap-2"
            aria-describedby={[error && errorId, hintId].filter(Boolean).join(" ")}
          >
            <legend className="mb-1 font-medium text-sm">
              {legend}
              <span aria-hidden="true" className="ml-1 text-destructive">
                *
              </span>
            </legend>
            <p id={hintId} className="text-muted-foreground text-xs">
              {hint}
            </p>
            <ul className="divide-y rounded-md border">
              {options.map((option, index) => {
                const id = `${optionIdPrefix}-${option.replace(/[^a-z0-9-]/gi, "-")}`;
                return (
                  <li key={option}>
                    <label
                      htmlFor={id}
                      className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-muted/50 has-[:checked]:bg-accent"
                    >
                      <input
                        // The first box takes the focus when the form finds nothing chosen.
                        ref={index === 0 ? field.ref : undefined}
                        id={id}
                        type="checkbox"
                        value={option}
                        checked={value.includes(option)}
                        onChange={(event) => toggle(option, event.target.checked)}
                        onBlur={field.onBlur}
                        disabled={formState.isSubmitting}
                        aria-invalid={error ? true : undefined}
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                      />
                      <span className="grid min-w-0 gap-0.5">
                        <span>{labels[option]}</span>
                        <code className="break-all font-mono text-muted-foreground text-xs">{option}</code>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {error && (
              <p id={errorId} className="text-destructive text-sm">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

/**
 * The submit handler of a form that saves through the API: `save` gets the checked values, and a
 * failure reaches the form (see reportApiError). The first field the API refuses takes the focus
 * once the submission is over, not from the handler: the fields are disabled while it runs, and a
 * disabled control cannot take the focus.
 */
export function useApiSubmit<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  fields: readonly FieldPath<T>[],
  errorTitle: string,
  save: (values: TOut) => Promise<void>,
) {
  const { isSubmitting } = useFormState({ control: form.control });
  const refused = useRef<FieldPath<T> | null>(null);
  useEffect(() => {
    if (isSubmitting || !refused.current) return;
    form.setFocus(refused.current);
    refused.current = null;
  }, [isSubmitting, form]);

  return form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      refused.current = reportApiError(form, error, fields, errorTitle);
    }
  });
}

/**
 * A failed save: the fields the API names get its messages inline, and a toast carries the server's
 * pt-BR message — for 403, 404, 409 and 429 the only place it appears. Returns the first field
 * named, for the caller to focus when the form is enabled again.
 */
function reportApiError<T extends FieldValues>(
  form: AnyForm<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
  title: string,
): FieldPath<T> | null {
  let first: FieldPath<T> | null = null;
  if (error instanceof ApiError) {
    for (const field of error.fields) {
      if (!(fields as readonly string[]).includes(field.path)) continue;
      form.setError(field.path as FieldPath<T>, { message: field.message });
      first ??= field.path as FieldPath<T>;
    }
  }
  toast.error(title, { description: errorMessage(error) });
  return first;
}
