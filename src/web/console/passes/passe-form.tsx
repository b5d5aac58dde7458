/**
 * The pass form (docs/product.md, "Passes"), new and edit: where (create only: the unit of a pass never changes),
 * who, and when. The API's own zod schemas validate it; the fields the API refuses get its
 * messages inline and the first of them takes the focus.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import type * as React from "react";
import { useEffect, useId, useRef } from "react";
import { type FieldPath, type FieldValues, type UseFormReturn, useForm, useFormState, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { VISITA_TIPOS } from "@/shared/domain";
import {
  type PasseDetail,
  type PasseUpdateInput,
  passeCreateSchema,
  passeUpdateSchema,
  VISITA_TIPO_LABELS,
} from "@/shared/schemas/passes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { type AnyForm, InputField, SelectField } from "@/web/components/form-field";
import { FormLayout } from "@/web/components/form-layout";
import { PhoneField } from "@/web/components/phone-input";
import { CondominioField, DataList } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { ApiError, errorMessage } from "@/web/lib/api";
import { condominioOptions, unidadeOptions } from "@/web/lib/lookups.queries";
import { toast } from "@/web/lib/toast";
import { formFieldOf, passeFieldDefaults } from "./passe-helpers";
import { LIST } from "./passe-labels";
import { useCreatePasse, useUpdatePasse } from "./passes.queries";
import { ScheduleFields } from "./schedule-fields";

const SHARED_FIELDS = [
  "tipo",
  "nome",
  "descricao",
  "documento",
  "telefone",
  "modalidade",
  "data_inicio",
  "data_fim",
  "dias_semana",
  "hora_inicio",
  "hora_fim",
  "intervalo_minimo_segundos",
] as const;
const CREATE_FIELDS = ["condominio_id", "unidade_id", ...SHARED_FIELDS] as const;
const TIPO_OPTIONS = VISITA_TIPOS.map((tipo) => [tipo, VISITA_TIPO_LABELS[tipo]] as const);

/**
 * Saves, then opens the pass (its PIN and QR Code are what the user came for). A refusal puts the
 * API's messages on the fields it names; the first takes the focus once the fields are enabled
 * again (a disabled control cannot take it while the submission runs).
 */
function usePasseSubmit<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  {
    fields,
    save,
    success,
    errorTitle,
  }: {
    fields: readonly string[];
    save: (values: TOut) => Promise<PasseDetail>;
    success: string;
    errorTitle: string;
  },
) {
  const navigate = useNavigate();
  const { isSubmitting } = useFormState({ control: form.control });
  const refused = useRef<FieldPath<T> | null>(null);
  useEffect(() => {
    if (isSubmitting || !refused.current) return;
    form.setFocus(refused.current);
    refused.current = null;
  }, [isSubmitting, form]);

  return form.handleSubmit(async (values) => {
    try {
      const passe = await save(values);
      toast.success(success, { description: passe.nome });
      navigate(`${LIST}/${passe.id}`);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const apiField of error.fields) {
          const name = formFieldOf(apiField.path, fields) as FieldPath<T> | null;
          if (!name) continue;
          form.setError(name, { message: apiField.message });
          refused.current ??= name;
        }
      }
      toast.error(errorTitle, { description: errorMessage(error) });
    }
  });
}

/** A group of fields: its heading names the fieldset. */
function Group({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <SectionCard title={title} titleId={titleId} description={description} className="gap-4">
      <fieldset aria-labelledby={titleId} className="grid min-w-0 gap-4 md:grid-cols-2">
        {children}
      </fieldset>
    </SectionCard>
  );
}

function RequiredNote() {
  return (
    <p className="text-muted-foreground text-sm">
      Campos marcados com{" "}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
      <span className="sr-only">asterisco</span> são obrigatórios.
    </p>
  );
}

/** A choice list that failed to load, with its retry, under the select it feeds. */
function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="text-destructive text-sm md:col-span-2" role="alert">
      Não foi possível carregar {what}: {errorMessage(error)}{" "}
      <Button type="button" variant="link" className="h-auto p-0" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

type SharedForm = AnyForm<PasseUpdateInput>;

/** Who the pass is for: what the porteiro reads at the gate. */
function VisitanteFields({ form }: { form: SharedForm }) {
  return (
    <>
      <SelectField
        form={form}
        name="tipo"
        label="Tipo"
        required
        placeholder="Selecione o tipo"
        options={TIPO_OPTIONS}
      />
      <InputField form={form} name="nome" label="Nome" required placeholder="Nome do visitante" />
      <InputField
        form={form}
        name="descricao"
        label="Descrição"
        placeholder="Ex.: diarista"
        hint="Aparece para o porteiro quando o passe é validado."
        className="md:col-span-2"
      />
      <InputField form={form} name="documento" label="Documento" placeholder="RG ou CPF" />
      <PhoneField form={form} name="telefone" label="Telefone" hint="Para enviar o passe pelo WhatsApp." />
    </>
  );
}

/** The browser's today, the first day a new pass is offered for. */
function today(): string {
  return format(new Date(), "yyyy-MM-dd");
}

/** A new pass; `condominioId`/`unidadeId` preselect where it is for (links from a unit). */
export function NovoPasseForm({ condominioId, unidadeId }: { condominioId?: string; unidadeId?: string }) {
  const create = useCreatePasse();
  const form = useForm({
    resolver: zodResolver(passeCreateSchema),
    defaultValues: {
      condominio_id: condominioId ?? "",
      unidade_id: unidadeId ?? "",
      ...passeFieldDefaults(undefined, today()),
    },
  });
  // The create form holds the update form's fields and two more: the shared fields take it as one.
  const shared = form as unknown as SharedForm;
  const chosenCondominio = useWatch({ control: form.control, name: "condominio_id" }) ?? "";

  // The server lists only what the caller reaches: a morador gets their own condominium and units.
  const condominios = useQuery(condominioOptions());
  const unidades = useQuery(unidadeOptions(chosenCondominio));
  const condominioChoices = (condominios.data ?? []).filter((c) => c.enabled);
  const unidadeChoices = (unidades.data ?? []).filter((u) => u.enabled || u.id === unidadeId);
  const timeZone = condominios.data?.find((c) => c.id === chosenCondominio)?.timezone;

  // Nothing to choose (a morador of one unit, a tenant with one condominium): choose it for them,
  // once, without overriding a choice already made.
  const onlyCondominio = condominioChoices.length === 1 ? condominioChoices[0]!.id : undefined;
  const onlyUnidade = unidadeChoices.length === 1 ? unidadeChoices[0]!.id : undefined;
  useEffect(() => {
    if (onlyCondominio && !form.getValues("condominio_id"))
      form.setValue("condominio_id", onlyCondominio, { shouldValidate: form.formState.isSubmitted });
  }, [form, onlyCondominio]);
  useEffect(() => {
    if (onlyUnidade && !form.getValues("unidade_id"))
      form.setValue("unidade_id", onlyUnidade, { shouldValidate: form.formState.isSubmitted });
  }, [form, onlyUnidade]);

  const onSubmit = usePasseSubmit(form, {
    fields: CREATE_FIELDS,
    save: create.mutateAsync,
    success: "Passe criado",
    errorTitle: "Erro ao criar passe",
  });

  let unidadePlaceholder = "Selecione uma unidade";
  if (!chosenCondominio) unidadePlaceholder = "Selecione um condomínio primeiro";
  else if (unidades.isPending) unidadePlaceholder = "Carregando unidades...";
  else if (unidades.isError) unidadePlaceholder = "Unidades indisponíveis";
  else if (unidadeChoices.length === 0) unidadePlaceholder = "Nenhuma unidade ativa neste condomínio";

  return (
    <FormLayout
      form={form}
      onSubmit={onSubmit}
      note="Ao criar o passe, ele recebe um PIN de 6 dígitos e um QR Code para você compartilhar com o visitante."
      cancelTo={LIST}
      submitLabel="Criar passe"
      pendingLabel="Criando..."
    >
      <RequiredNote />
      <Group title="Unidade" description="Para qual unidade o visitante vem.">
        <CondominioField
          form={form}
          onValueChange={() => form.setValue("unidade_id", "", { shouldValidate: form.formState.isSubmitted })}
        />
        {condominios.isError && (
          <LoadError what="os condomínios" error={condominios.error} onRetry={() => void condominios.refetch()} />
        )}
        <SelectField
          // Remount per condominium, so the previous condominium's choice never lingers.
          key={chosenCondominio}
          form={form}
          name="unidade_id"
          label="Unidade"
          required
          placeholder={unidadePlaceholder}
          options={unidadeChoices.map((u) => [u.id, unidadeLabel(u)] as const)}
          disabled={!chosenCondominio || unidades.isPending || unidadeChoices.length === 0}
        />
        {chosenCondominio && unidades.isError && (
          <LoadError what="as unidades" error={unidades.error} onRetry={() => void unidades.refetch()} />
        )}
      </Group>
      <Group title="Visitante" description="Quem vai usar o passe.">
        <VisitanteFields form={shared} />
      </Group>
      <Group title="Horário" description="Quando o passe abre o portão.">
        <ScheduleFields form={shared} timeZone={timeZone} />
      </Group>
    </FormLayout>
  );
}

/** Editing a pass: the visitor and the schedule. Its unit, PIN and QR Code stay. */
export function EditarPasseForm({ passe }: { passe: PasseDetail }) {
  const update = useUpdatePasse(passe.id);
  const form = useForm({
    resolver: zodResolver(passeUpdateSchema),
    defaultValues: passeFieldDefaults(passe, today()),
  });
  const onSubmit = usePasseSubmit(form, {
    fields: SHARED_FIELDS,
    save: update.mutateAsync,
    success: "Passe atualizado",
    errorTitle: "Erro ao atualizar passe",
  });

  return (
    <FormLayout
      form={form}
      onSubmit={onSubmit}
      note="O PIN e o QR Code continuam os mesmos: quem já recebeu o passe não precisa de um novo."
      cancelTo={`${LIST}/${passe.id}`}
      submitLabel="Salvar alterações"
    >
      <RequiredNote />
      <SectionCard
        title="Unidade"
        description="A unidade de um passe não muda. Para outra unidade, crie um novo passe."
        className="gap-4"
      >
        <DataList
          items={[
            ["Condomínio", passe.condominio.nome],
            ["Unidade", unidadeLabel(passe.unidade)],
          ]}
        />
      </SectionCard>
      <Group title="Visitante" description="Quem vai usar o passe.">
        <VisitanteFields form={form} />
      </Group>
      <Group title="Horário" description="Quando o passe abre o portão.">
        <ScheduleFields form={form} timeZone={passe.condominio.timezone} />
      </Group>
    </FormLayout>
  );
}
