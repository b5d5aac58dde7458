/**
 * The webhook dialogs: "Novo webhook" (URL, description and events, then, in place, its signing
 * secret once), "Editar webhook" (the same form, filled in), and the new secret after "Gerar novo
 * segredo". A secret lives in its dialog's state only: closing the dialog drops it for good.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Save, Webhook as WebhookIcon } from "lucide-react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { WEBHOOK_EVENTOS } from "@/shared/domain";
import {
  WEBHOOK_EVENTO_LABELS,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
  type WebhookComSegredo,
  type WebhookInput,
  type WebhookUpdate,
  webhookInputSchema,
} from "@/shared/schemas/webhooks";
import { InputField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type RowDialogProps,
} from "@/web/components/ui/dialog";
import { toast } from "@/web/lib/toast";
import { CheckboxGroupField, useApiSubmit } from "./campos";
import { useAlterarWebhook, useCriarWebhook } from "./configuracoes.queries";
import { SegredoUmaVez, useDialogComSegredo } from "./segredo";

const WEBHOOK_FIELDS = ["url", "descricao", "eventos"] as const;
const SEGREDO_ID = "webhook-segredo";
const AVISO_ID = "webhook-segredo-aviso";

type Saida = z.output<typeof webhookInputSchema>;
type Form = UseFormReturn<WebhookInput, unknown, Saida>;

/** How the list and the dialogs name a webhook: its description, else its URL. */
export function webhookNome(webhook: Pick<Webhook, "descricao" | "url">): string {
  return webhook.descricao || webhook.url;
}

/** The "Novo webhook" button and its dialog; the form mounts with the dialog, so each opening starts empty. */
export function NovoWebhookDialog() {
  const criar = useCriarWebhook();
  const segredo = useDialogComSegredo<WebhookComSegredo>(criar, AVISO_ID);
  return (
    <Dialog {...segredo.dialogProps}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Novo webhook
        </Button>
      </DialogTrigger>
      <DialogContent {...segredo.contentProps}>
        {segredo.criado ? (
          <SegredoView webhook={segredo.criado} titulo="Webhook criado" onDone={segredo.fechar} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Novo webhook</DialogTitle>
              <DialogDescription>
                Informe o endereço do sistema que vai receber os avisos e marque os eventos que ele deve receber.
              </DialogDescription>
            </DialogHeader>
            <WebhookForm
              idPrefix="novo-webhook"
              defaultValues={{ url: "", descricao: "", eventos: [] }}
              submitLabel="Criar webhook"
              pendingLabel="Criando..."
              submitIcon={<WebhookIcon aria-hidden="true" />}
              onSubmit={async (values) => segredo.setCriado(await criar.mutateAsync(values))}
              errorTitle="Não foi possível criar o webhook"
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Editar webhook": URL, description and events of `webhook`; null closes the dialog. */
export function EditarWebhookDialog({
  webhook,
  onOpenChange,
  onCloseAutoFocus,
}: RowDialogProps & { webhook: Webhook | null }) {
  const alterar = useAlterarWebhook();
  const busy = alterar.isPending;
  return (
    <Dialog open={!!webhook} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent busy={busy} onCloseAutoFocus={onCloseAutoFocus}>
        {webhook && (
          <>
            <DialogHeader>
              <DialogTitle>Editar webhook</DialogTitle>
              <DialogDescription>
                As alterações valem para os próximos eventos; as entregas já registradas seguem como estão.
              </DialogDescription>
            </DialogHeader>
            <WebhookForm
              key={webhook.id}
              idPrefix="editar-webhook"
              defaultValues={{ url: webhook.url, descricao: webhook.descricao ?? "", eventos: webhook.eventos }}
              submitLabel="Salvar alterações"
              pendingLabel="Salvando..."
              submitIcon={<Save aria-hidden="true" />}
              errorTitle="Não foi possível salvar o webhook"
              onSubmit={async (values) => {
                // Only what changed: an unchanged URL is not checked again, and nothing changed is no request.
                const input: WebhookUpdate = {};
                if (values.url !== webhook.url) input.url = values.url;
                if (values.descricao !== webhook.descricao) input.descricao = values.descricao;
                if (values.eventos.join() !== [...webhook.eventos].sort().join()) input.eventos = values.eventos;
                if (Object.keys(input).length > 0) {
                  await alterar.mutateAsync({ id: webhook.id, input });
                  toast.success("Webhook atualizado", { description: webhookNome({ ...webhook, ...values }) });
                }
                onOpenChange(false);
              }}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The new secret after "Gerar novo segredo"; null closes the dialog (and forgets the secret). */
export function NovoSegredoDialog({
  webhook,
  onOpenChange,
  onCloseAutoFocus,
}: RowDialogProps & { webhook: WebhookComSegredo | null }) {
  return (
    <Dialog open={!!webhook} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        onInteractOutside={(event) => event.preventDefault()}
        aria-describedby={AVISO_ID}
      >
        {webhook && <SegredoView webhook={webhook} titulo="Novo segredo gerado" onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({
  idPrefix,
  defaultValues,
  submitLabel,
  pendingLabel,
  submitIcon,
  errorTitle,
  onSubmit: save,
}: {
  idPrefix: string;
  defaultValues: WebhookInput;
  submitLabel: string;
  pendingLabel: string;
  submitIcon: React.ReactNode;
  errorTitle: string;
  onSubmit: (values: Saida) => Promise<void>;
}) {
  const form: Form = useForm<WebhookInput, unknown, Saida>({
    resolver: zodResolver(webhookInputSchema),
    defaultValues,
  });
  const submitting = form.formState.isSubmitting;
  // A refused address (private, loopback) comes back on `url`, under the field.
  const onSubmit = useApiSubmit(form, WEBHOOK_FIELDS, errorTitle, save);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <InputField
        form={form}
        name="url"
        label="URL"
        type="url"
        inputMode="url"
        required
        placeholder="https://sistema.exemplo.com.br/guarita"
        hint="Endereço público (http:// ou https://) que recebe um POST com o evento em JSON."
      />
      <InputField
        form={form}
        name="descricao"
        label="Descrição"
        placeholder="Controlador do portão da Torre A"
        hint="Opcional: para reconhecer o webhook na lista."
      />
      <CheckboxGroupField
        form={form}
        name="eventos"
        idPrefix={`${idPrefix}-eventos`}
        optionIdPrefix={`${idPrefix}-evento`}
        legend="Eventos"
        hint="Cada evento marcado gera uma entrega para esta URL."
        options={WEBHOOK_EVENTOS}
        labels={WEBHOOK_EVENTO_LABELS}
      />
      <DialogFormFooter submitting={submitting} label={submitLabel} pendingLabel={pendingLabel} icon={submitIcon} />
    </form>
  );
}

function SegredoView({ webhook, titulo, onDone }: { webhook: WebhookComSegredo; titulo: string; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{titulo}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          Entregas para {webhookNome(webhook)} são assinadas com este segredo.
        </DialogDescription>
      </DialogHeader>
      <SegredoUmaVez
        id={SEGREDO_ID}
        avisoId={AVISO_ID}
        aviso={
          <>
            <strong className="font-semibold">Copie agora: este segredo não será mostrado de novo.</strong> Se ele se
            perder, gere um novo segredo.
          </>
        }
        label="Segredo de assinatura"
        segredo={webhook.segredo}
        copiadoLabel="Copiado"
        copiadoToast={{ title: "Segredo copiado", description: "Guarde-o no sistema que recebe as entregas." }}
        selecionadoToast={{ title: "Copie o segredo selecionado", description: "Use Ctrl+C (ou ⌘+C) para copiá-lo." }}
        onDone={onDone}
      >
        <div className="grid gap-2 rounded-md bg-muted p-3 text-sm">
          <p className="font-medium">Como conferir a assinatura</p>
          <p className="text-muted-foreground">
            Cada entrega traz o cabeçalho{" "}
            <code className="font-mono text-foreground text-xs [overflow-wrap:anywhere]">
              {WEBHOOK_SIGNATURE_HEADER}: t=&lt;unix&gt;,v1=&lt;assinatura&gt;
            </code>
            . Calcule o HMAC-SHA256, com este segredo, de{" "}
            <code className="break-all font-mono text-foreground text-xs">&lt;t&gt;.&lt;corpo&gt;</code> (o valor de{" "}
            <code className="font-mono text-foreground text-xs">t</code>, um ponto e o corpo exatamente como chegou) e
            compare o resultado em hexadecimal com <code className="font-mono text-foreground text-xs">v1</code>. Recuse
            a entrega se forem diferentes ou se <code className="font-mono text-foreground text-xs">t</code> for antigo
            demais.
          </p>
        </div>
      </SegredoUmaVez>
    </>
  );
}
