/**
 * "Receber encomendas" (docs/product.md, "Encomendas"), tablet first: the condominium this tablet
 * works at (remembered, like Portaria's), the unit found by its code or tower, optionally the
 * resident named on the label, and one or more packages for that unit, each with its carrier, its
 * tracking code (typed or read from the label's barcode), where it is kept, whether it is
 * perishable and notes. One submit is one batch: one pickup code and one notice to the residents.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { PackagePlus, ScanBarcode, Trash2, X } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { TRANSPORTADORAS } from "@/shared/domain";
import {
  type EncomendaCreate,
  type EncomendaCreateInput,
  encomendaCreateSchema,
  LOTE_MAX_ITENS,
  TRANSPORTADORA_LABELS,
} from "@/shared/schemas/encomendas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { type AnyForm, Field, InputField, SelectField, TextareaField } from "@/web/components/form-field";
import { FormCard } from "@/web/components/form-layout";
import { NewScreen } from "@/web/components/record-screen";
import { RequirePermission } from "@/web/components/require-permission";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { unidadeDetailOptions } from "@/web/console/unidades/unidades.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { unidadeOptions } from "@/web/lib/lookups.queries";
import { meQueryOptions } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/new";
import { CodeScannerDialog } from "./code-scanner";
import { ENCOMENDA, LIST, pickCondominio, readGateCondominio, storeGateCondominio } from "./encomenda-ui";
import { useReceberEncomendas } from "./encomendas.queries";
import { filtrarUnidades } from "./unidade-busca";

const TITLE = CONSOLE_SCREENS.encomendas.create!.title;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

const TRANSPORTADORA_OPTIONS = TRANSPORTADORAS.map((t) => [t, TRANSPORTADORA_LABELS[t]] as const);
/** "Todos os moradores" in the resident select (Radix needs a non-empty value). */
const TODOS = "todos";
/** Units listed under the search box at most: the porteiro types more to narrow them. */
const MAX_SUGESTOES = 8;

type Form = AnyForm<EncomendaCreateInput>;

const novoItem = (): EncomendaCreateInput["itens"][number] => ({
  transportadora: "" as never,
  transportadora_outra: "",
  rastreio: "",
  local: "",
  perecivel: false,
  observacoes: "",
});

export default function NovaEncomendaPage() {
  return (
    <RequirePermission permission="encomendas:operar">
      <NovaEncomendaScreen />
    </RequirePermission>
  );
}

function NovaEncomendaScreen() {
  const me = useQuery(meQueryOptions());
  const organizationId = me.data?.organization.id;
  return (
    <NewScreen
      labels={ENCOMENDA}
      title={TITLE}
      description="Registre o que chegou para uma unidade: os moradores recebem o aviso com o código de retirada."
    >
      {organizationId ? <ReceberForm organizationId={organizationId} /> : <LoadingState message="Carregando..." />}
    </NewScreen>
  );
}

function ReceberForm({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const condominios = useCondominios();
  const receber = useReceberEncomendas();
  const form = useForm<EncomendaCreateInput, unknown, EncomendaCreate>({
    resolver: zodResolver(encomendaCreateSchema),
    defaultValues: { condominio_id: "", unidade_id: "", destinatario_pessoa_id: null, itens: [novoItem()] },
  });
  const itens = useFieldArray({ control: form.control, name: "itens" });
  const condominioId = useWatch({ control: form.control, name: "condominio_id" });

  // The tablet's gate: the condominium chosen last time here (or the only one).
  const escolhido = pickCondominio(readGateCondominio(organizationId), condominios.items);
  useEffect(() => {
    if (escolhido && !form.getValues("condominio_id")) form.setValue("condominio_id", escolhido);
  }, [escolhido, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const lote = await receber.mutateAsync(values);
      const n = lote.itens.length;
      toast.success(n === 1 ? "Encomenda registrada" : `${n} encomendas registradas`, {
        description: "Os moradores foram avisados com o código de retirada.",
      });
      navigate(`${LIST}/${lote.itens[0]!.id}`);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          form.setError(field.path as never, { message: field.message });
        }
      }
      toast.error("Não foi possível registrar a encomenda", { description: errorMessage(error) });
    }
  });

  const submitting = form.formState.isSubmitting;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-busy={submitting}>
      <FormCard className="md:grid-cols-2">
        {condominios.many && (
          <SelectField
            form={form}
            name="condominio_id"
            label="Condomínio"
            required
            placeholder={condominios.isPending ? "Carregando..." : "Selecione o condomínio"}
            options={condominios.items.map((c) => [c.id, c.nome] as const)}
            onValueChange={(id) => {
              storeGateCondominio(organizationId, id);
              form.setValue("unidade_id", "");
              form.setValue("destinatario_pessoa_id", null);
            }}
          />
        )}
        <UnidadeBusca form={form} condominioId={condominioId} />
        <Destinatario form={form} />
      </FormCard>

      {itens.fields.map((field, index) => (
        <ItemCard
          key={field.id}
          form={form}
          index={index}
          total={itens.fields.length}
          onRemove={() => itens.remove(index)}
        />
      ))}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          type="button"
          variant="outline"
          size="lg"
          disabled={itens.fields.length >= LOTE_MAX_ITENS || submitting}
          onClick={() => itens.append(novoItem(), { shouldFocus: false })}
        >
          <PackagePlus aria-hidden="true" />
          Adicionar outra encomenda
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" size="lg" onClick={() => navigate(LIST)} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting && <Spinner />}
            {submitting
              ? "Registrando..."
              : itens.fields.length === 1
                ? "Registrar encomenda"
                : `Registrar ${itens.fields.length} encomendas`}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * "Unidade": a search box over the condominium's active units (code or tower) and the matches as
 * buttons a thumb can hit on a tablet; once chosen, the unit's label and "Trocar".
 */
function UnidadeBusca({ form, condominioId }: { form: Form; condominioId: string }) {
  const id = useId();
  const listId = `${id}-lista`;
  const [busca, setBusca] = useState("");
  const unidades = useQuery(unidadeOptions(condominioId));
  const ativas = useMemo(() => (unidades.data ?? []).filter((u) => u.enabled), [unidades.data]);
  const sugestoes = useMemo(() => filtrarUnidades(ativas, busca), [ativas, busca]);
  return (
    <Controller
      control={form.control}
      name="unidade_id"
      render={({ field, fieldState }) => {
        const escolhida = ativas.find((u) => u.id === field.value);
        return (
          <Field
            id="unidade_id"
            label="Unidade"
            required
            error={fieldState.error?.message}
            hint={
              !condominioId
                ? "Selecione o condomínio primeiro."
                : unidades.isError
                  ? errorMessage(unidades.error)
                  : escolhida
                    ? undefined
                    : "Digite o número ou a torre da unidade."
            }
            className="md:col-span-2"
          >
            {(describedBy) =>
              escolhida ? (
                <div className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 p-3">
                  <span className="font-medium" data-testid="unidade-escolhida">
                    {unidadeLabel(escolhida)}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    onClick={() => {
                      field.onChange("");
                      form.setValue("destinatario_pessoa_id", null);
                      setBusca("");
                      setTimeout(() => document.getElementById("unidade_id")?.focus(), 0);
                    }}
                  >
                    <X aria-hidden="true" />
                    Trocar
                  </Button>
                </div>
              ) : (
                <div className="grid gap-2">
                  <Input
                    id="unidade_id"
                    ref={field.ref}
                    type="search"
                    autoComplete="off"
                    placeholder={unidades.isPending && condominioId ? "Carregando unidades..." : "Ex.: 101 ou Torre A"}
                    value={busca}
                    disabled={!condominioId || unidades.isPending}
                    aria-describedby={describedBy}
                    aria-invalid={fieldState.error ? true : undefined}
                    aria-controls={listId}
                    onChange={(event) => setBusca(event.target.value)}
                  />
                  {condominioId && unidades.data && (
                    <ul id={listId} aria-label="Unidades encontradas" className="grid gap-2 sm:grid-cols-2">
                      {sugestoes.slice(0, MAX_SUGESTOES).map((u) => (
                        <li key={u.id}>
                          <Button
                            type="button"
                            variant="outline"
                            className="h-11 w-full justify-start"
                            onClick={() => {
                              field.onChange(u.id);
                              form.setValue("destinatario_pessoa_id", null);
                              form.clearErrors("unidade_id");
                            }}
                          >
                            {unidadeLabel(u)}
                          </Button>
                        </li>
                      ))}
                      {sugestoes.length === 0 && (
                        <li className="text-muted-foreground text-sm">
                          Nenhuma unidade ativa com esse número ou torre.
                        </li>
                      )}
                      {sugestoes.length > MAX_SUGESTOES && (
                        <li className="text-muted-foreground text-sm sm:col-span-2">
                          Mais {sugestoes.length - MAX_SUGESTOES} unidades: digite mais para encontrar.
                        </li>
                      )}
                    </ul>
                  )}
                </div>
              )
            }
          </Field>
        );
      }}
    />
  );
}

/** "Destinatário": the resident named on the label; none tells every resident of the unit. */
function Destinatario({ form }: { form: Form }) {
  const unidadeId = useWatch({ control: form.control, name: "unidade_id" });
  const unidade = useQuery({ ...unidadeDetailOptions(unidadeId ?? ""), enabled: !!unidadeId });
  if (!unidadeId) return null;
  const moradores = unidade.data?.moradores_ativos ?? [];
  return (
    <Controller
      control={form.control}
      name="destinatario_pessoa_id"
      render={({ field }) => (
        <Field
          id="destinatario_pessoa_id"
          label="Destinatário (opcional)"
          hint="Sem destinatário, todos os moradores da unidade são avisados."
          className="md:col-span-2"
        >
          {(describedBy) => (
            <select
              id="destinatario_pessoa_id"
              className="h-9 w-full rounded-md border bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
              value={field.value ?? TODOS}
              disabled={unidade.isPending}
              aria-describedby={describedBy}
              onChange={(event) => field.onChange(event.target.value === TODOS ? null : event.target.value)}
            >
              <option value={TODOS}>
                {unidade.isPending ? "Carregando moradores..." : "Todos os moradores da unidade"}
              </option>
              {moradores.map((m) => (
                <option key={m.pessoa_id} value={m.pessoa_id}>
                  {m.nome}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    />
  );
}

function ItemCard({
  form,
  index,
  total,
  onRemove,
}: {
  form: Form;
  index: number;
  total: number;
  onRemove: () => void;
}) {
  const transportadora = useWatch({ control: form.control, name: `itens.${index}.transportadora` });
  const [lendo, setLendo] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <FormCard className="md:grid-cols-2">
        <div className="flex items-center justify-between gap-2 md:col-span-2">
          <h2 id={headingId} className="font-semibold text-lg">
            {total === 1 ? "Encomenda" : `Encomenda ${index + 1}`}
          </h2>
          {total > 1 && (
            <Button type="button" variant="ghost" onClick={onRemove} aria-label={`Remover encomenda ${index + 1}`}>
              <Trash2 aria-hidden="true" />
              Remover
            </Button>
          )}
        </div>
        <SelectField
          form={form}
          name={`itens.${index}.transportadora`}
          label="Transportadora"
          required
          placeholder="Selecione a transportadora"
          options={TRANSPORTADORA_OPTIONS}
        />
        {transportadora === "outra" ? (
          <InputField
            form={form}
            name={`itens.${index}.transportadora_outra`}
            label="Nome da transportadora"
            required
          />
        ) : (
          <div className="hidden md:block" />
        )}
        <div className="grid gap-2 md:col-span-2 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
          <InputField form={form} name={`itens.${index}.rastreio`} label="Código de rastreio" placeholder="Opcional" />
          <Button type="button" variant="outline" className="h-9" onClick={() => setLendo(true)}>
            <ScanBarcode aria-hidden="true" />
            Ler código de barras
          </Button>
        </div>
        <InputField
          form={form}
          name={`itens.${index}.local`}
          label="Onde está guardada"
          placeholder="Ex.: Armário 3, Sala de encomendas"
        />
        <Controller
          control={form.control}
          name={`itens.${index}.perecivel`}
          render={({ field }) => (
            <div className="flex items-center gap-3 self-end rounded-md border p-3">
              <input
                id={`itens.${index}.perecivel`}
                type="checkbox"
                className="size-5 shrink-0 accent-primary"
                ref={field.ref}
                checked={!!field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
              <label htmlFor={`itens.${index}.perecivel`} className="text-sm">
                Refrigerado / comida
                <span className="block text-muted-foreground text-xs">
                  Os moradores são avisados de novo até confirmarem.
                </span>
              </label>
            </div>
          )}
        />
        <TextareaField
          form={form}
          name={`itens.${index}.observacoes`}
          label="Observações"
          placeholder="Ex.: caixa grande, amassada"
          className="md:col-span-2"
        />
      </FormCard>
      <CodeScannerDialog
        kind="etiqueta"
        open={lendo}
        onOpenChange={setLendo}
        onRead={(text) => {
          form.setValue(`itens.${index}.rastreio`, text.slice(0, 60), { shouldDirty: true });
          toast.success("Código lido", { description: text.slice(0, 60) });
        }}
      />
    </section>
  );
}
