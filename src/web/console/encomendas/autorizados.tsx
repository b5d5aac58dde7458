/**
 * "Quem pode retirar" (docs/product.md, "Encomendas"; docs/decisions/043-deliveries.md): the people a
 * unit authorises to collect its packages besides its residents ("Minha diarista pode retirar"). The
 * porteiro sees them when the pickup code is typed and picks one as who collected. Added with the
 * shared autorizadoCreateSchema (the API checks the same, and that the last day has not passed in the
 * condominium's timezone); removed after a confirmation. One block per unit: ids carry the unit.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { UserCheck, UserPlus, UserX } from "lucide-react";
import type * as React from "react";
import { useRef } from "react";
import { type FieldPath, get, useForm } from "react-hook-form";
import type { z } from "zod";
import { type Autorizado, type AutorizadoCreateInput, autorizadoCreateSchema } from "@/shared/schemas/encomendas";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { ErrorState } from "@/web/components/error-state";
import { Field } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { diaBr } from "@/web/lib/encomendas-resumo";
import { toast } from "@/web/lib/toast";
import { autorizadosOptions, useCreateAutorizado, useRemoveAutorizado } from "./encomendas.queries";

type FormValues = AutorizadoCreateInput;
type FormOutput = z.output<typeof autorizadoCreateSchema>;

/** The fields the API's errors may name. */
const FIELDS: FieldPath<FormValues>[] = ["nome", "documento", "valido_ate"];

/** Today as the date input writes it, on the browser's clock (the API checks on the condominium's). */
function hojeLocal(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The people one unit authorises, with "Adicionar" and "Remover". `titulo` names the unit when the
 * resident has several (an <h3> under the screen's "Quem pode retirar").
 */
export function AutorizadosEncomendas({ unidadeId, titulo }: { unidadeId: string; titulo?: string }) {
  const autorizados = useQuery(autorizadosOptions(unidadeId));
  const region = useRef<HTMLElement>(null);
  const headingId = `autorizados-${unidadeId}-titulo`;

  let list: React.ReactNode;
  if (autorizados.isPending) {
    list = (
      <div className="space-y-2">
        <span className="sr-only" role="status">
          Carregando pessoas autorizadas...
        </span>
        <Skeleton className="h-12 w-full" aria-hidden="true" />
      </div>
    );
  } else if (!autorizados.data) {
    list = (
      <ErrorState
        title="Não foi possível carregar quem pode retirar."
        error={autorizados.error}
        onRetry={() => void autorizados.refetch()}
      />
    );
  } else if (autorizados.data.length === 0) {
    list = (
      <p className="rounded-lg border border-dashed p-3 text-muted-foreground text-sm">
        Só os moradores da unidade podem retirar as encomendas.
      </p>
    );
  } else {
    list = (
      <ul className="space-y-2" aria-label={titulo ? `Pessoas autorizadas: ${titulo}` : "Pessoas autorizadas"}>
        {autorizados.data.map((a) => (
          <AutorizadoItem key={a.id} autorizado={a} unidadeId={unidadeId} onRemoved={() => region.current?.focus()} />
        ))}
      </ul>
    );
  }

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={titulo ? headingId : undefined}
      aria-label={titulo ? undefined : "Quem pode retirar"}
      className="space-y-4 rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      data-unidade-id={unidadeId}
    >
      {titulo && (
        <h3 id={headingId} className="font-semibold">
          {titulo}
        </h3>
      )}
      {list}
      <AutorizadoForm unidadeId={unidadeId} titulo={titulo} />
    </section>
  );
}

function AutorizadoItem({
  autorizado: a,
  unidadeId,
  onRemoved,
}: {
  autorizado: Autorizado;
  unidadeId: string;
  onRemoved: () => void;
}) {
  const remove = useRemoveAutorizado(unidadeId);
  const removed = useRef(false);

  async function confirm() {
    try {
      await remove.mutateAsync(a.id);
      removed.current = true;
      toast.success("Autorização removida", { description: `${a.nome} não pode mais retirar as encomendas.` });
    } catch (error) {
      toast.error("Não foi possível remover", { description: errorMessage(error) });
      throw error;
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3" data-autorizado-id={a.id}>
      <UserCheck className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 basis-40 space-y-0.5">
        <p className="break-words font-medium">{a.nome}</p>
        <p className="flex flex-wrap gap-x-2 text-muted-foreground text-sm">
          {a.documento && <span>Documento {a.documento}</span>}
          <span>{a.valido_ate ? `Até ${diaBr(a.valido_ate)}` : "Sem data final"}</span>
        </p>
        {!a.vigente && (
          <Badge variant="outline" className="border-destructive/50 text-destructive">
            Vencida
          </Badge>
        )}
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" className="ml-auto shrink-0" aria-label={`Remover ${a.nome}`}>
            <UserX aria-hidden="true" />
            Remover
          </Button>
        }
        title={`Remover ${a.nome}?`}
        description="Essa pessoa deixa de poder retirar as encomendas da unidade. Você pode autorizá-la de novo depois."
        confirmLabel="Remover"
        pendingLabel="Removendo..."
        confirmVariant="destructive"
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          // The row is gone with its button: the focus goes to the unit's block instead.
          if (!removed.current) return;
          event.preventDefault();
          onRemoved();
        }}
      />
    </li>
  );
}

function AutorizadoForm({ unidadeId, titulo }: { unidadeId: string; titulo?: string }) {
  const create = useCreateAutorizado();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(autorizadoCreateSchema),
    defaultValues: { unidade_id: unidadeId, nome: "", documento: "", valido_ate: null },
  });
  const { errors, isSubmitting } = form.formState;
  const id = (name: string) => `autorizado-${unidadeId}-${name}`;
  const error = (name: FieldPath<FormValues>) => (get(errors, name) as { message?: string } | undefined)?.message;
  const control = (name: FieldPath<FormValues>, describedBy: string | undefined) => ({
    id: id(name),
    disabled: isSubmitting,
    "aria-invalid": error(name) ? (true as const) : undefined,
    "aria-describedby": describedBy,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await create.mutateAsync(values);
      toast.success("Pessoa autorizada", { description: `${saved.nome} pode retirar as encomendas da unidade.` });
      form.reset({ unidade_id: unidadeId, nome: "", documento: "", valido_ate: null });
      setTimeout(() => form.setFocus("nome"), 0);
    } catch (err) {
      reportSaveError(form, err, FIELDS, "Não foi possível autorizar");
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-lg border bg-muted/30 p-3 sm:p-4"
      aria-label={titulo ? `Autorizar uma pessoa a retirar: ${titulo}` : "Autorizar uma pessoa a retirar"}
      aria-busy={isSubmitting || undefined}
    >
      <p className="font-medium text-sm">Autorizar uma pessoa</p>
      <Field id={id("nome")} label="Nome" required error={error("nome")}>
        {(describedBy) => (
          <Input
            {...control("nome", describedBy)}
            aria-required
            autoComplete="off"
            placeholder="Ex.: Maria da Silva (diarista)"
            {...form.register("nome")}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("documento")}
          label="Documento"
          hint="Opcional. A portaria confere na entrega."
          error={error("documento")}
        >
          {(describedBy) => (
            <Input
              {...control("documento", describedBy)}
              autoComplete="off"
              placeholder="RG ou CPF"
              {...form.register("documento")}
            />
          )}
        </Field>
        <Field
          id={id("valido_ate")}
          label="Último dia"
          hint="Opcional. Em branco: até você remover."
          error={error("valido_ate")}
        >
          {(describedBy) => (
            <Input
              {...control("valido_ate", describedBy)}
              type="date"
              min={hojeLocal()}
              {...form.register("valido_ate", { setValueAs: (v: unknown) => (v ? v : null) })}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <Spinner /> : <UserPlus aria-hidden="true" />}
          {isSubmitting ? "Autorizando..." : "Autorizar"}
        </Button>
      </div>
    </form>
  );
}
