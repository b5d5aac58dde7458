import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import type * as React from "react";
import { useEffect, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { SOLICITACAO_TIPOS } from "@/shared/domain";
import { expiracaoText } from "@/shared/schemas/condominios";
import {
  type SolicitacaoCreate,
  type SolicitacaoCreateInput,
  solicitacaoCreateSchema,
} from "@/shared/schemas/solicitacoes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { tipoLabel } from "@/shared/status-catalogue";
import { InputField, SelectField, TextareaField } from "@/web/components/form-field";
import { FormLayout, useSaveHandler } from "@/web/components/form-layout";
import { PendingPhotoPicker } from "@/web/components/pending-photo-picker";
import { PhoneField } from "@/web/components/phone-input";
import { SubScreen } from "@/web/components/record-screen";
import { CondominioField } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { condominioOptions, unidadeOptions } from "@/web/lib/lookups.queries";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/new";
import { enviarFotoDaNovaSolicitacao } from "./fotos-pendentes";
import { useCreateSolicitacao } from "./solicitacoes.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.solicitacoes.create!.title);

const LIST = "/app/solicitacoes";

const DEFAULTS = {
  condominio_id: "",
  unidade_id: "",
  tipo: "visitante",
  nome_visitante: "",
  doc_visitante: "",
  telefone_visitante: "",
  motivo: "",
  expiracao_em: "",
} satisfies SolicitacaoCreateInput;

const FIELDS = Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[];
const TIPO_OPTIONS = SOLICITACAO_TIPOS.map((tipo) => [tipo, tipoLabel(tipo)] as const);

/** A choice list that failed to load, with its retry, under the select it feeds. */
function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="text-destructive text-sm md:col-span-2" role="alert">
      Não foi possível carregar {what}: {errorMessage(error)}{" "}
      <Button variant="link" className="h-auto p-0" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
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

/**
 * "Foto do visitante" (docs/decisions/039-visitor-photos.md): optional; taken or chosen here, sent
 * once the request exists. Says beside the control why the photo is taken and how long it is kept.
 */
function FotoVisitante({
  foto,
  onFoto,
  retencaoDias,
  disabled,
}: {
  foto: Blob | null;
  onFoto: (foto: Blob | null) => void;
  retencaoDias: number | undefined;
  disabled: boolean;
}) {
  const titleId = useId();
  const hintId = useId();
  const retencao =
    retencaoDias === undefined
      ? "após o prazo de retenção do condomínio"
      : `após ${retencaoDias === 1 ? "1 dia" : `${retencaoDias} dias`} (prazo de retenção do condomínio)`;
  return (
    <SectionCard
      title="Foto do visitante"
      titleId={titleId}
      description="Opcional. Ajuda o morador a reconhecer quem está no portão."
      className="gap-4"
    >
      <fieldset aria-labelledby={titleId} className="grid min-w-0 gap-4" data-testid="foto-visitante">
        <p id={hintId} className="text-muted-foreground text-sm">
          A foto aparece para o morador decidir e é apagada {retencao}.
        </p>
        <PendingPhotoPicker
          foto={foto}
          onFoto={onFoto}
          disabled={disabled}
          describedBy={hintId}
          readyText="Foto pronta: será enviada ao criar a solicitação."
        />
      </fieldset>
    </SectionCard>
  );
}

/** New access request (docs/product.md, "Solicitações"): the API's own zod schema validates the form. */
export default function NovaSolicitacaoPage() {
  const create = useCreateSolicitacao();
  const form = useForm<SolicitacaoCreateInput, unknown, SolicitacaoCreate>({
    resolver: zodResolver(solicitacaoCreateSchema),
    defaultValues: DEFAULTS,
  });
  const condominioId = useWatch({ control: form.control, name: "condominio_id" }) ?? "";

  // The server lists only what the caller reaches: a morador gets their own condominium and units.
  const condominios = useQuery(condominioOptions());
  const unidades = useQuery(unidadeOptions(condominioId));
  const unidadeChoices = (unidades.data ?? []).filter((u) => u.enabled);
  const condominioChoices = (condominios.data ?? []).filter((c) => c.enabled);

  // Nothing to choose (a morador of one unit, a tenant with one condominium): choose it for them,
  // once, without overriding a choice already made. A submit made before the lists arrived showed
  // "Selecione…" on these fields: re-validating clears it the moment the choice is made for them.
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

  const [foto, setFoto] = useState<Blob | null>(null);

  const onSubmit = useSaveHandler(form, {
    fields: FIELDS,
    // The request first, then its photo: a failed upload leaves the request as it is, and its detail
    // offers to send the same photo again (docs/decisions/039-visitor-photos.md).
    save: async (values) => {
      const created = await create.mutateAsync(values);
      const fotoErro = foto ? await enviarFotoDaNovaSolicitacao(created.id, foto) : null;
      return { created, fotoErro };
    },
    success: "Solicitação criada!",
    successDescription: (values) => `Solicitação para ${values.nome_visitante} registrada.`,
    errorTitle: "Erro ao criar solicitação",
    // The porteiro follows the visitor's request (calls, decision) on its own screen, not in the list.
    goTo: ({ created }) => `${LIST}/${created.id}`,
    afterSave: ({ fotoErro }) => {
      if (fotoErro)
        toast.error("A solicitação foi criada, mas a foto não foi enviada", {
          description: `${fotoErro} Envie a foto de novo nesta tela.`,
        });
    },
  });

  let unidadePlaceholder = "Selecione uma unidade";
  if (!condominioId) unidadePlaceholder = "Selecione um condomínio primeiro";
  else if (unidades.isPending) unidadePlaceholder = "Carregando unidades...";
  else if (unidades.isError) unidadePlaceholder = "Unidades indisponíveis";
  else if (unidadeChoices.length === 0) unidadePlaceholder = "Nenhuma unidade ativa neste condomínio";

  // The datetime-local picker starts at the current minute; the schema checks "in the future".
  const minExpiracao = format(new Date(), "yyyy-MM-dd'T'HH:mm");
  // Left empty, the request waits the condominium's default (docs/product.md, "Condomínios").
  const escolhido = condominios.data?.find((c) => c.id === condominioId);
  const expiracaoHint = escolhido
    ? `Em branco, a solicitação expira ${expiracaoText(escolhido.expiracao_solicitacao_minutos)} após a criação se ninguém responder (padrão do condomínio). Para outro prazo, escolha a data e a hora.`
    : "Em branco, vale o prazo padrão do condomínio escolhido. Para outro prazo, escolha a data e a hora.";

  return (
    <SubScreen
      width="max-w-4xl"
      backTo={LIST}
      backLabel="Voltar para solicitações"
      title={CONSOLE_SCREENS.solicitacoes.create!.title}
      description="Cadastre uma solicitação de acesso para um visitante ou prestador de serviço."
    >
      <FormLayout
        form={form}
        onSubmit={onSubmit}
        note={
          <>
            A solicitação será criada com status <strong>Pendente</strong> e os moradores da unidade serão notificados
            para autorizar ou negar o acesso.
          </>
        }
        cancelTo={LIST}
        submitLabel="Criar Solicitação"
        pendingLabel="Criando..."
      >
        <p className="text-muted-foreground text-sm">
          Campos marcados com{" "}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
          <span className="sr-only">asterisco</span> são obrigatórios.
        </p>

        <Group title="Localização" description="Onde o visitante vai entrar.">
          <CondominioField
            form={form}
            onValueChange={() => form.setValue("unidade_id", "", { shouldValidate: form.formState.isSubmitted })}
          />
          {condominios.isError && (
            <LoadError what="os condomínios" error={condominios.error} onRetry={() => void condominios.refetch()} />
          )}

          <SelectField
            // Remount per condominium, so the previous condominium's choice never lingers.
            key={condominioId}
            form={form}
            name="unidade_id"
            label="Unidade"
            required
            placeholder={unidadePlaceholder}
            options={unidadeChoices.map((u) => [u.id, unidadeLabel(u)] as const)}
            disabled={!condominioId || unidades.isPending || unidadeChoices.length === 0}
          />
          {condominioId && unidades.isError && (
            <LoadError what="as unidades" error={unidades.error} onRetry={() => void unidades.refetch()} />
          )}

          <SelectField
            form={form}
            name="tipo"
            label="Tipo de visita"
            required
            placeholder="Selecione o tipo de visita"
            options={TIPO_OPTIONS}
          />
        </Group>

        <Group title="Dados do Visitante" description="Quem vai entrar no condomínio.">
          <InputField
            form={form}
            name="nome_visitante"
            label="Nome completo"
            required
            placeholder="Nome do visitante"
            className="md:col-span-2"
          />
          <InputField form={form} name="doc_visitante" label="Documento" placeholder="RG ou CPF" />
          <PhoneField form={form} name="telefone_visitante" label="Telefone" />
        </Group>

        <FotoVisitante
          foto={foto}
          onFoto={setFoto}
          retencaoDias={typeof escolhido?.retencao_fotos_dias === "number" ? escolhido.retencao_fotos_dias : undefined}
          disabled={form.formState.isSubmitting}
        />

        <Group title="Informações Adicionais" description="Motivo da visita e validade da solicitação.">
          <TextareaField
            form={form}
            name="motivo"
            label="Motivo da visita"
            placeholder="Ex.: entrega, visita familiar, manutenção"
            className="md:col-span-2"
          />
          <InputField
            form={form}
            name="expiracao_em"
            label="Expira em"
            hint={expiracaoHint}
            type="datetime-local"
            min={minExpiracao}
          />
        </Group>
      </FormLayout>
    </SubScreen>
  );
}
