import { zodResolver } from "@hookform/resolvers/zod";
import { Clock } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  CONTATO_MORADOR,
  DEFAULT_TIMEZONE,
  EXPIRACAO_SOLICITACAO_MAX_MINUTOS,
  EXPIRACAO_SOLICITACAO_MIN_MINUTOS,
  EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS,
  RETENCAO_MAX_DIAS,
  RETENCAO_MIN_DIAS,
  RETENCAO_PADRAO_DIAS,
  TIMEZONES,
} from "@/shared/domain";
import {
  CONTATO_MORADOR_LABELS,
  type Condominio,
  type CondominioInput,
  condominioInputSchema,
  ENCOMENDA_LEMBRETE_PADRAO_DIAS,
} from "@/shared/schemas/condominios";
import { RETENCAO_FOTOS_MIN_DIAS, RETENCAO_FOTOS_PADRAO_DIAS } from "@/shared/schemas/fotos";
import { InputField, SelectField, SwitchField } from "@/web/components/form-field";
import { FormCard, FormLayout, useSaveHandler } from "@/web/components/form-layout";
import type { RecordLabels } from "@/web/components/record-screen";
import { SectionCard } from "@/web/components/section-card";
import { useSaveCondominio } from "./condominios.queries";

export const LIST = "/app/condominios";
export const CONDOMINIO: RecordLabels = {
  list: LIST,
  backLabel: "Voltar para condomínios",
  notFoundTitle: "Condomínio não encontrado",
  notFoundDescription: "O condomínio que você está procurando não existe ou foi removido.",
  errorTitle: "Não foi possível carregar o condomínio.",
  loading: "Carregando condomínio...",
};
const TIMEZONE_OPTIONS = TIMEZONES.map((tz) => [tz, tz] as const);
const CONTATO_OPTIONS = CONTATO_MORADOR.map((c) => [c, CONTATO_MORADOR_LABELS[c]] as const);

/** The zone's current UTC offset, e.g. "UTC-04:00", for the timezone panel. */
function offsetOf(timezone: string) {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "longOffset" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName");
    return part?.value.replace("GMT", "UTC") ?? "";
  } catch {
    return "";
  }
}

/**
 * Condominium form (docs/product.md, "Condomínios"): name, timezone and the active switch, then how the
 * residents are reached about a visitor: by message, by a phone call or one then the other, the wait for
 * each one's answer and whether all are reached at once,
 * how long a request waits for a decision before it expires, the packages' reminder and where delivery
 * people leave them (docs/decisions/043-deliveries.md), and how long visitor data is kept. The
 * timezone select is a controlled field of the form, so the chosen
 * zone is the one saved.
 */
export function CondominioForm({ condominio }: { condominio?: Condominio }) {
  const editing = !!condominio;
  const save = useSaveCondominio(condominio?.id);
  const form = useForm<CondominioInput>({
    resolver: zodResolver(condominioInputSchema),
    defaultValues: {
      nome: condominio?.nome ?? "",
      timezone: condominio?.timezone ?? DEFAULT_TIMEZONE,
      enabled: condominio?.enabled ?? true,
      espera_morador_segundos: condominio?.espera_morador_segundos ?? 60,
      notificar_todos_moradores: condominio?.notificar_todos_moradores ?? false,
      contato_morador: condominio?.contato_morador ?? "mensagem",
      retencao_dias: condominio?.retencao_dias ?? RETENCAO_PADRAO_DIAS,
      retencao_fotos_dias: condominio?.retencao_fotos_dias ?? RETENCAO_FOTOS_PADRAO_DIAS,
      expiracao_solicitacao_minutos: condominio?.expiracao_solicitacao_minutos ?? EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS,
      encomenda_lembrete_dias: condominio?.encomenda_lembrete_dias ?? ENCOMENDA_LEMBRETE_PADRAO_DIAS,
      encomenda_local_entrega: condominio?.encomenda_local_entrega ?? "",
    },
  });
  const avisoTitleId = useId();
  const expiracaoTitleId = useId();
  const encomendasTitleId = useId();
  const privacidadeTitleId = useId();
  const timezone = useWatch({ control: form.control, name: "timezone" }) ?? DEFAULT_TIMEZONE;

  const onSubmit = useSaveHandler(form, {
    fields: [
      "nome",
      "timezone",
      "contato_morador",
      "espera_morador_segundos",
      "notificar_todos_moradores",
      "expiracao_solicitacao_minutos",
      "encomenda_lembrete_dias",
      "encomenda_local_entrega",
      "retencao_dias",
      "retencao_fotos_dias",
    ],
    save: save.mutateAsync,
    success: editing ? "Condomínio atualizado!" : "Condomínio criado!",
    errorTitle: editing ? "Erro ao atualizar condomínio" : "Erro ao criar condomínio",
    goTo: LIST,
  });

  return (
    <FormLayout
      form={form}
      onSubmit={onSubmit}
      cancelTo={LIST}
      submitLabel={editing ? "Salvar alterações" : "Criar Condomínio"}
    >
      <FormCard>
        <InputField
          form={form}
          name="nome"
          label="Nome do condomínio"
          required
          placeholder="Ex.: Residencial das Palmeiras"
        />
        <SelectField
          form={form}
          name="timezone"
          label="Timezone"
          required
          placeholder="Selecione um timezone"
          options={TIMEZONE_OPTIONS}
        />

        <div
          className="flex items-start gap-3 rounded-lg border bg-muted/50 p-4 text-sm"
          data-testid="timezone-panel"
          aria-live="polite"
        >
          <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-medium">
              {timezone} <span className="text-muted-foreground">({offsetOf(timezone)})</span>
            </p>
            <p className="text-muted-foreground">
              Este timezone será usado para todas as datas e horários do condomínio.
            </p>
          </div>
        </div>

        <SwitchField
          form={form}
          name="enabled"
          label="Condomínio ativo"
          hint="Condomínios inativos não aparecem nas novas solicitações."
        />
      </FormCard>

      <SectionCard
        title="Aviso aos moradores"
        titleId={avisoTitleId}
        description="Como os moradores da unidade são avisados de uma visita."
        className="gap-4"
      >
        <fieldset aria-labelledby={avisoTitleId} className="grid min-w-0 gap-5">
          <SelectField
            form={form}
            name="contato_morador"
            label="Contato com o morador"
            required
            placeholder="Selecione como falar com o morador"
            options={CONTATO_OPTIONS}
            wrap
            hint="A mensagem vai pelo canal de cada morador (WhatsApp, SMS ou e-mail); a ligação é feita pelo Guarita, e o morador tecla 1 para autorizar ou 2 para negar. Entre um passo e o outro, o Guarita espera o tempo de espera por morador. Ligações precisam do Twilio configurado; na demonstração, elas aparecem no painel de demonstração da solicitação."
          />
          <InputField
            form={form}
            name="espera_morador_segundos"
            label="Tempo de espera por morador (segundos)"
            required
            type="number"
            inputMode="numeric"
            min={15}
            hint="Quanto tempo esperar a resposta de um morador antes do próximo passo: avisar o próximo morador ou, com mensagem e ligação, o outro contato."
          />
          <SwitchField
            form={form}
            name="notificar_todos_moradores"
            label="Avisar todos os moradores de uma vez"
            hint="Em vez de um por vez, na ordem de chamada (responsável primeiro)."
          />
        </fieldset>
      </SectionCard>

      <SectionCard
        title="Expiração das solicitações"
        titleId={expiracaoTitleId}
        description="Quanto tempo uma solicitação espera por uma decisão antes de expirar."
        className="gap-4"
      >
        <fieldset aria-labelledby={expiracaoTitleId} className="grid min-w-0 gap-5">
          <InputField
            form={form}
            name="expiracao_solicitacao_minutos"
            label="Expirar solicitações sem resposta após (minutos)"
            required
            type="number"
            inputMode="numeric"
            min={EXPIRACAO_SOLICITACAO_MIN_MINUTOS}
            hint={`Uma solicitação que ninguém autorizar ou negar nesse prazo expira, e o visitante não entra sem uma nova. De ${EXPIRACAO_SOLICITACAO_MIN_MINUTOS} a ${new Intl.NumberFormat("pt-BR").format(EXPIRACAO_SOLICITACAO_MAX_MINUTOS)} minutos (24 horas); padrão ${EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS}. Uma mudança vale para as próximas solicitações.`}
          />
        </fieldset>
      </SectionCard>

      <SectionCard
        title="Encomendas"
        titleId={encomendasTitleId}
        description="Lembretes aos moradores e onde os entregadores deixam as encomendas."
        className="gap-4"
      >
        <fieldset aria-labelledby={encomendasTitleId} className="grid min-w-0 gap-5">
          <InputField
            form={form}
            name="encomenda_lembrete_dias"
            label="Lembrete de encomenda após (dias)"
            required
            type="number"
            inputMode="numeric"
            min={0}
            hint={`Se uma encomenda continuar aguardando retirada por esse número de dias, os moradores da unidade recebem um lembrete, uma única vez. De 0 a 60 dias; 0 desliga o lembrete; padrão ${ENCOMENDA_LEMBRETE_PADRAO_DIAS}.`}
          />
          <InputField
            form={form}
            name="encomenda_local_entrega"
            label="Local de entrega das encomendas"
            placeholder="Ex.: Sala de encomendas, ao lado da guarita"
            hint="Onde os entregadores devem deixar as encomendas; o atendente virtual informa esse local a quem chega para entregar. Opcional, até 120 caracteres."
          />
        </fieldset>
      </SectionCard>

      <SectionCard
        title="Privacidade (LGPD)"
        titleId={privacidadeTitleId}
        description="Por quanto tempo os dados dos visitantes ficam guardados."
        className="gap-4"
      >
        <fieldset aria-labelledby={privacidadeTitleId} className="grid min-w-0 gap-5">
          <InputField
            form={form}
            name="retencao_dias"
            label="Retenção de dados de visitantes (dias)"
            required
            type="number"
            inputMode="numeric"
            min={RETENCAO_MIN_DIAS}
            hint={`Depois desse prazo, nome, documento e telefone dos visitantes são anonimizados. De ${RETENCAO_MIN_DIAS} a ${new Intl.NumberFormat("pt-BR").format(RETENCAO_MAX_DIAS)} dias.`}
          />
          <InputField
            form={form}
            name="retencao_fotos_dias"
            label="Retenção das fotos de visitantes (dias)"
            required
            type="number"
            inputMode="numeric"
            min={RETENCAO_FOTOS_MIN_DIAS}
            hint={`Depois desse prazo, as fotos dos visitantes são apagadas do armazenamento. De ${RETENCAO_FOTOS_MIN_DIAS} dia até a retenção de dados acima; padrão ${RETENCAO_FOTOS_PADRAO_DIAS}.`}
          />
        </fieldset>
      </SectionCard>
    </FormLayout>
  );
}
