/**
 * The webhook dialogs: "Novo webhook" (URL, description and events, then, in place, its signing
 * secret once), "Editar webhook" (the same form, filled in), and the new secret after "Gerar novo
 * segredo". A secret lives in its dialog's state only: closing the dialog drops it for good.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Copy, Plus, Save, TriangleAlert, Webhook as WebhookIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { WEBHOOK_EVENTOS, type WebhookEvento } from "@/shared/domain";
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
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api";
import { reportApiError } from "./campos";
import { useAlterarWebhook, useCriarWebhook } from "./configuracoes.queries";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

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
  const [open, setOpen] = useState(false);
  const [criado, setCriado] = useState<WebhookComSegredo | null>(null);
  const criar = useCriarWebhook();
  const busy = criar.isPending;

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      // The secret is gone for good once the dialog closes: nothing on the client keeps it.
      setCriado(null);
      criar.reset();
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Novo webhook
        </Button>
      </DialogTrigger>
      <DialogContent
        busy={busy}
        // A click beside the dialog must not throw away a secret that was not copied yet.
        onInteractOutside={(event) => (busy || criado) && event.preventDefault()}
        aria-describedby={criado ? AVISO_ID : undefined}
      >
        {criado ? (
          <SegredoView webhook={criado} titulo="Webhook criado" onDone={() => onOpenChange(false)} />
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
              onSubmit={async (values) => setCriado(await criar.mutateAsync(values))}
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
}: {
  webhook: Webhook | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
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
}: {
  webhook: WebhookComSegredo | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
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
  // The field the server refused: focused once the form is enabled again (a disabled input takes no focus).
  const refusedField = useRef<(typeof WEBHOOK_FIELDS)[number] | null>(null);
  useEffect(() => {
    if (submitting || !refusedField.current) return;
    form.setFocus(refusedField.current);
    refusedField.current = null;
  }, [submitting, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      // A refused address (private, loopback) comes back on `url`, under the field.
      reportApiError(form, error, WEBHOOK_FIELDS, errorTitle);
      if (error instanceof ApiError) {
        refusedField.current =
          WEBHOOK_FIELDS.find((field) => error.fields.some((f) => f.path === field)) ?? refusedField.current;
      }
    }
  });

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
      <Controller
        control={form.control}
        name="eventos"
        render={({ field, fieldState }) => (
          <EventosFieldset
            idPrefix={idPrefix}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            firstRef={field.ref}
            error={fieldState.error?.message}
            disabled={submitting}
          />
        )}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={submitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : submitIcon}
          {submitting ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Eventos": one native checkbox per event, its pt-BR label and its code, in a fieldset. */
function EventosFieldset({
  idPrefix,
  value,
  onChange,
  onBlur,
  firstRef,
  error,
  disabled,
}: {
  idPrefix: string;
  value: readonly string[];
  onChange: (next: WebhookEvento[]) => void;
  onBlur: () => void;
  /** Focused when the form finds no event chosen. */
  firstRef: React.Ref<HTMLInputElement>;
  error?: string;
  disabled: boolean;
}) {
  const hintId = `${idPrefix}-eventos-hint`;
  const errorId = `${idPrefix}-eventos-error`;
  function toggle(evento: WebhookEvento, checked: boolean) {
    const next = new Set(value as WebhookEvento[]);
    if (checked) next.add(evento);
    else next.delete(evento);
    onChange(WEBHOOK_EVENTOS.filter((e) => next.has(e)));
  }
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={[error && errorId, hintId].filter(Boolean).join(" ")}>
      <legend className="mb-1 font-medium text-sm">
        Eventos
        <span aria-hidden="true" className="ml-1 text-destructive">
          *
        </span>
      </legend>
      <p id={hintId} className="text-muted-foreground text-xs">
        Cada evento marcado gera uma entrega para esta URL.
      </p>
      <ul className="divide-y rounded-md border">
        {WEBHOOK_EVENTOS.map((evento, index) => {
          const id = `${idPrefix}-evento-${evento.replace(/[._]/g, "-")}`;
          return (
            <li key={evento}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-muted/50 has-[:checked]:bg-accent"
              >
                <input
                  ref={index === 0 ? firstRef : undefined}
                  id={id}
                  type="checkbox"
                  value={evento}
                  checked={value.includes(evento)}
                  onChange={(event) => toggle(evento, event.target.checked)}
                  onBlur={onBlur}
                  disabled={disabled}
                  aria-invalid={error ? true : undefined}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="grid min-w-0 gap-0.5">
                  <span>{WEBHOOK_EVENTO_LABELS[evento]}</span>
                  <code className="break-all font-mono text-muted-foreground text-xs">{evento}</code>
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
}

/**
 * The secret, once: selected on arrival so it can be copied at once, with how a receiver checks
 * the signature, "Copiar" and "Concluir".
 */
function SegredoView({ webhook, titulo, onDone }: { webhook: WebhookComSegredo; titulo: string; onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copiado, setCopiado] = useState(false);

  useEffect(() => {
    // The form (or the confirmation) that had the focus is gone: the focus moves to the secret.
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function selecionar() {
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  async function copiar() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("sem área de transferência");
      await navigator.clipboard.writeText(webhook.segredo);
      setCopiado(true);
      toast.success("Segredo copiado", { description: "Guarde-o no sistema que recebe as entregas." });
    } catch {
      // No clipboard (an insecure origin or a refused permission): select it for Ctrl+C instead.
      selecionar();
      toast.info("Copie o segredo selecionado", { description: "Use Ctrl+C (ou ⌘+C) para copiá-lo." });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{titulo}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          Entregas para {webhookNome(webhook)} são assinadas com este segredo.
        </DialogDescription>
      </DialogHeader>
      <p
        id={AVISO_ID}
        className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Copie agora: este segredo não será mostrado de novo.</strong> Se ele se
          perder, gere um novo segredo.
        </span>
      </p>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={SEGREDO_ID}>Segredo de assinatura</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={SEGREDO_ID}
            readOnly
            value={webhook.segredo}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
            autoComplete="off"
            className="min-w-0 flex-1 font-mono text-xs"
            aria-describedby={AVISO_ID}
          />
          <Button type="button" variant="outline" onClick={() => void copiar()} className="shrink-0">
            {copiado ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copiado ? "Copiado" : "Copiar"}
          </Button>
        </div>
      </div>
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
          compare o resultado em hexadecimal com <code className="font-mono text-foreground text-xs">v1</code>. Recuse a
          entrega se forem diferentes ou se <code className="font-mono text-foreground text-xs">t</code> for antigo
          demais.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Concluir
        </Button>
      </DialogFooter>
    </>
  );
}
