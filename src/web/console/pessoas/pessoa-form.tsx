import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CANAIS_PREFERIDOS, type CanalPreferido } from "@/shared/domain";
import { CANAL_LABELS, type Pessoa, type PessoaInput, pessoaInputSchema } from "@/shared/schemas/pessoas";
import { InputField, SelectField, SwitchField } from "@/web/components/form-field";
import { FormCard, FormLayout, useSaveHandler } from "@/web/components/form-layout";
import { PhoneField } from "@/web/components/phone-input";
import type { RecordLabels } from "@/web/components/record-screen";
import { CondominioField } from "@/web/components/registry";
import { useSavePessoa } from "./pessoas.queries";

export const LIST = "/app/pessoas";
export const PESSOA: RecordLabels = {
  list: LIST,
  backLabel: "Voltar para pessoas",
  notFoundTitle: "Pessoa não encontrada",
  notFoundDescription: "A pessoa que você está procurando não existe ou foi removida.",
  errorTitle: "Não foi possível carregar a pessoa.",
  loading: "Carregando pessoa...",
};
const FIELDS = [
  "condominio_id",
  "nome",
  "documento",
  "telefone_e164",
  "email",
  "pbx_ramal",
  "canal_preferido",
] as const;

/**
 * The "Automático" choice of the channel select: no preferred channel (null in the API), which a
 * select item cannot hold as its value. Its label stays short enough for the closed select on a
 * 360 px phone (the select's value does not wrap or clip); the hint spells out the rule.
 */
const AUTOMATICO = "automatico";
const CANAL_OPTIONS = [
  [AUTOMATICO, "Automático (WhatsApp ou e-mail)"],
  ...CANAIS_PREFERIDOS.map((canal) => [canal, CANAL_LABELS[canal]] as const),
] as const;

type PessoaFormValues = Omit<PessoaInput, "canal_preferido"> & {
  canal_preferido: CanalPreferido | typeof AUTOMATICO;
};

/** The API's schema, reading the select's "Automático" as no preferred channel. */
const pessoaFormSchema = z.preprocess(
  (values: PessoaFormValues) => ({
    ...values,
    canal_preferido: values.canal_preferido === AUTOMATICO ? null : values.canal_preferido,
  }),
  pessoaInputSchema,
);

/** Person form (docs/product.md, "Pessoas"), with the channel that reaches them about visits. */
export function PessoaForm({ pessoa, condominioId }: { pessoa?: Pessoa; condominioId?: string }) {
  const editing = !!pessoa;
  const save = useSavePessoa(pessoa?.id);
  const form = useForm({
    resolver: zodResolver(pessoaFormSchema),
    defaultValues: {
      condominio_id: pessoa?.condominio_id ?? condominioId ?? "",
      nome: pessoa?.nome ?? "",
      documento: pessoa?.documento ?? "",
      telefone_e164: pessoa?.telefone_e164 ?? "",
      email: pessoa?.email ?? "",
      pbx_ramal: pessoa?.pbx_ramal ?? "",
      canal_preferido: pessoa?.canal_preferido ?? AUTOMATICO,
      ativo: pessoa?.ativo ?? true,
    },
  });

  const onSubmit = useSaveHandler(form, {
    fields: FIELDS,
    save: save.mutateAsync,
    success: editing ? "Pessoa atualizada!" : "Pessoa criada!",
    errorTitle: editing ? "Erro ao atualizar pessoa" : "Erro ao criar pessoa",
    goTo: LIST,
  });

  return (
    <FormLayout
      form={form}
      onSubmit={onSubmit}
      note={
        editing
          ? "As alterações serão aplicadas imediatamente no sistema."
          : "Após criar a pessoa, você poderá associá-la a unidades e definir permissões."
      }
      cancelTo={LIST}
      submitLabel={editing ? "Salvar alterações" : "Criar Pessoa"}
    >
      <FormCard className="md:grid-cols-2">
        <CondominioField form={form} current={pessoa?.condominio_id} className="md:col-span-2" />
        <InputField
          form={form}
          name="nome"
          label="Nome completo"
          required
          placeholder="Nome da pessoa"
          className="md:col-span-2"
        />
        <InputField form={form} name="documento" label="Documento" placeholder="RG ou CPF" />
        <InputField form={form} name="email" label="E-mail" type="email" placeholder="nome@exemplo.com" />
        <PhoneField
          form={form}
          name="telefone_e164"
          label="Telefone"
          hint="Com DDD. De outro país: + e o código do país."
        />
        <InputField form={form} name="pbx_ramal" label="Ramal" placeholder="Ex.: 2101" />
        <SelectField
          form={form}
          name="canal_preferido"
          label="Canal preferido"
          placeholder="Selecione um canal"
          options={CANAL_OPTIONS}
          hint="Por onde a pessoa recebe o link para autorizar ou negar uma visita. No automático: WhatsApp se houver telefone, senão e-mail."
          className="md:col-span-2"
        />
        <SwitchField
          form={form}
          name="ativo"
          label="Pessoa ativa"
          hint="Pessoas inativas não são chamadas para autorizar acessos."
          className="md:col-span-2"
        />
      </FormCard>
    </FormLayout>
  );
}
