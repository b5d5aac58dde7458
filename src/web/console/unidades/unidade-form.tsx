import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type UnidadeDetail, type UnidadeInput, unidadeInputSchema } from "@/shared/schemas/unidades";
import { InputField, SwitchField, TextareaField } from "@/web/components/form-field";
import { FormCard, FormLayout, useSaveHandler } from "@/web/components/form-layout";
import type { RecordLabels } from "@/web/components/record-screen";
import { CondominioField } from "@/web/components/registry";
import { useSaveUnidade } from "./unidades.queries";

export const LIST = "/app/unidades";
export const UNIDADE: RecordLabels = {
  list: LIST,
  backLabel: "Voltar para unidades",
  notFoundTitle: "Unidade não encontrada",
  notFoundDescription: "A unidade que você está procurando não existe ou foi removida.",
  errorTitle: "Não foi possível carregar a unidade.",
  loading: "Carregando unidade...",
};
const FIELDS = ["condominio_id", "codigo", "torre", "pbx_ramal", "observacoes"] as const;

/** Unit form (docs/product.md, "Unidades"). */
export function UnidadeForm({ unidade, condominioId }: { unidade?: UnidadeDetail; condominioId?: string }) {
  const editing = !!unidade;
  const save = useSaveUnidade(unidade?.id);
  const form = useForm<UnidadeInput>({
    resolver: zodResolver(unidadeInputSchema),
    defaultValues: {
      condominio_id: unidade?.condominio_id ?? condominioId ?? "",
      codigo: unidade?.codigo ?? "",
      torre: unidade?.torre ?? "",
      pbx_ramal: unidade?.pbx_ramal ?? "",
      observacoes: unidade?.observacoes ?? "",
      enabled: unidade?.enabled ?? true,
    },
  });

  const onSubmit = useSaveHandler(form, {
    fields: FIELDS,
    save: save.mutateAsync,
    success: editing ? "Unidade atualizada!" : "Unidade criada!",
    errorTitle: editing ? "Erro ao atualizar unidade" : "Erro ao criar unidade",
    goTo: LIST,
  });

  return (
    <FormLayout
      form={form}
      onSubmit={onSubmit}
      note={editing ? undefined : "Após criar a unidade, você poderá associar moradores a ela."}
      cancelTo={LIST}
      submitLabel={editing ? "Salvar alterações" : "Criar Unidade"}
    >
      <FormCard className="md:grid-cols-2">
        <CondominioField form={form} current={unidade?.condominio_id} className="md:col-span-2" />
        <InputField form={form} name="codigo" label="Código" required placeholder="Ex.: 101" />
        <InputField form={form} name="torre" label="Torre" placeholder="Ex.: Torre A" />
        <InputField form={form} name="pbx_ramal" label="Ramal" placeholder="Ex.: 2101" />
        <TextareaField form={form} name="observacoes" label="Observações" className="md:col-span-2" />
        <SwitchField
          form={form}
          name="enabled"
          label="Unidade ativa"
          hint="Unidades inativas não recebem novas solicitações."
          className="md:col-span-2"
        />
      </FormCard>
    </FormLayout>
  );
}
