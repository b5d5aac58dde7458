/**
 * The webhooks card: each subscription (at most 20, newest first) stacked with its URL, events,
 * situation and latest delivery, and its actions — "Entregas", "Editar", "Pausar"/"Reativar" and,
 * in its menu, "Gerar novo segredo" and "Excluir" behind confirmations that name the webhook.
 */
import { useQuery } from "@tanstack/react-query";
import { History, KeyRound, MoreHorizontal, Pause, Pencil, Play, Trash2, Webhook as WebhookIcon } from "lucide-react";
import type * as React from "react";
import { useRef, useState } from "react";
import { WEBHOOK_EVENTO_LABELS, type Webhook, type WebhookComSegredo } from "@/shared/schemas/webhooks";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/web/components/ui/dropdown-menu";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import {
  useAlterarWebhook,
  useExcluirWebhook,
  useGerarSegredoWebhook,
  webhooksListOptions,
} from "./configuracoes.queries";
import { ConteudoDaLista, ListaItens, ListaSkeleton } from "./listas";
import { EditarWebhookDialog, NovoSegredoDialog, NovoWebhookDialog, webhookNome } from "./webhooks-dialogs";
import { EntregaStatusBadge, EntregasDialog } from "./webhooks-entregas";

const HEADING_ID = "webhooks-titulo";
/** Each action's button, so the focus goes back to it when its dialog closes. */
const botaoId = (acao: "entregas" | "editar" | "pausar" | "acoes", webhookId: string) => `${acao}-webhook-${webhookId}`;

type Acao =
  | { kind: "entregas" | "editar" | "segredo" | "excluir"; webhook: Webhook }
  | { kind: "segredo-novo"; webhook: WebhookComSegredo };

function SituacaoBadge({ webhook }: { webhook: Webhook }) {
  return (
    <Badge
      variant="outline"
      data-status={webhook.ativa ? "ativo" : "pausado"}
      className={toneClasses(webhook.ativa ? "green" : "grey")}
    >
      {webhook.ativa ? "Ativo" : "Pausado"}
    </Badge>
  );
}

function Eventos({ webhook }: { webhook: Webhook }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Eventos de ${webhookNome(webhook)}`}>
      {webhook.eventos.map((evento) => (
        <li key={evento}>
          <Badge variant="outline" className="whitespace-normal font-normal" title={evento}>
            {WEBHOOK_EVENTO_LABELS[evento]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function UltimaEntrega({ webhook }: { webhook: Webhook }) {
  const ultima = webhook.ultima_entrega;
  if (!ultima) return <span className="text-muted-foreground">Nenhuma ainda</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <EntregaStatusBadge status={ultima.status} />
      {ultima.status_http !== null && <span>HTTP {ultima.status_http}</span>}
      <RelativeTime value={ultima.em} className="text-muted-foreground" />
    </span>
  );
}

/**
 * One of a row's buttons. The id brings the focus back when its dialog closes; the name says which
 * webhook, since every row has the same buttons.
 */
function BotaoAcao(props: { id: string; "aria-label": string } & React.ComponentProps<typeof Button>) {
  return <Button variant="outline" size="sm" {...props} />;
}

function WebhookItem({
  webhook,
  pausando,
  onAcao,
  onPausar,
}: {
  webhook: Webhook;
  pausando: boolean;
  onAcao: (kind: "entregas" | "editar" | "segredo" | "excluir", webhook: Webhook) => void;
  onPausar: (webhook: Webhook) => void;
}) {
  const nome = webhookNome(webhook);
  return (
    <li className="grid min-w-0 gap-3 p-4" data-webhook={webhook.url} data-webhook-id={webhook.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          {webhook.descricao && <span className="break-words font-medium">{webhook.descricao}</span>}
          <span
            className={cn(
              "font-mono text-xs [overflow-wrap:anywhere]",
              webhook.descricao ? "text-muted-foreground" : "font-medium text-sm",
            )}
          >
            {webhook.url}
          </span>
        </div>
        <SituacaoBadge webhook={webhook} />
      </div>
      <Eventos webhook={webhook} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Última entrega</dt>
        <dd>
          <UltimaEntrega webhook={webhook} />
        </dd>
        <dt className="text-muted-foreground">Segredo</dt>
        <dd>
          <code className="font-mono text-muted-foreground text-xs" title="Início do segredo, para reconhecê-lo">
            {webhook.segredo_prefixo}…
          </code>
        </dd>
        <dt className="text-muted-foreground">Criado em</dt>
        <dd>
          <time dateTime={webhook.created_at}>{formatDateTime(webhook.created_at)}</time>
        </dd>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <BotaoAcao
          id={botaoId("entregas", webhook.id)}
          onClick={() => onAcao("entregas", webhook)}
          aria-label={`Entregas do webhook ${nome}`}
        >
          <History aria-hidden="true" />
          Entregas
        </BotaoAcao>
        <BotaoAcao
          id={botaoId("editar", webhook.id)}
          onClick={() => onAcao("editar", webhook)}
          aria-label={`Editar o webhook ${nome}`}
        >
          <Pencil aria-hidden="true" />
          Editar
        </BotaoAcao>
        <BotaoAcao
          id={botaoId("pausar", webhook.id)}
          onClick={() => onPausar(webhook)}
          disabled={pausando}
          aria-label={`${webhook.ativa ? "Pausar" : "Reativar"} o webhook ${nome}`}
        >
          {pausando ? <Spinner /> : webhook.ativa ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {webhook.ativa ? "Pausar" : "Reativar"}
        </BotaoAcao>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              id={botaoId("acoes", webhook.id)}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Mais ações do webhook ${nome}`}
            >
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent inline align="end" className="w-56">
            <DropdownMenuItem onSelect={() => onAcao("segredo", webhook)}>
              <KeyRound aria-hidden="true" />
              Gerar novo segredo
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onAcao("excluir", webhook)}>
              <Trash2 aria-hidden="true" />
              Excluir webhook
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}

export function WebhooksCard() {
  const query = useQuery(webhooksListOptions());
  const alterar = useAlterarWebhook();
  const excluir = useExcluirWebhook();
  const gerarSegredo = useGerarSegredoWebhook();
  const [acao, setAcao] = useState<Acao | null>(null);
  // The button an action was last opened from: the focus goes back to it when its dialog closes.
  const lastTrigger = useRef<string | null>(null);
  // A rotated secret waits for the confirmation to close before its own dialog opens.
  const segredoGerado = useRef<WebhookComSegredo | null>(null);

  function abrir(kind: "entregas" | "editar" | "segredo" | "excluir", webhook: Webhook) {
    lastTrigger.current = botaoId(kind === "entregas" || kind === "editar" ? kind : "acoes", webhook.id);
    setAcao({ kind, webhook });
  }

  /** Back to the button that opened the dialog, or to the heading once the webhook is gone (deleted). */
  function returnFocus(event: Event) {
    event.preventDefault();
    const trigger = lastTrigger.current ? document.getElementById(lastTrigger.current) : null;
    (trigger ?? document.getElementById(HEADING_ID))?.focus();
  }

  /** The rotation's confirmation closed: show the new secret now, or return the focus. */
  function afterSegredoConfirm(event: Event) {
    const novo = segredoGerado.current;
    segredoGerado.current = null;
    if (novo) {
      event.preventDefault();
      setAcao({ kind: "segredo-novo", webhook: novo });
    } else {
      returnFocus(event);
    }
  }

  async function pausar(webhook: Webhook) {
    const ativa = !webhook.ativa;
    try {
      await alterar.mutateAsync({ id: webhook.id, input: { ativa } });
      toast.success(ativa ? "Webhook reativado" : "Webhook pausado", {
        description: ativa
          ? `${webhookNome(webhook)} volta a receber os eventos escolhidos.`
          : `${webhookNome(webhook)} não recebe novos eventos até ser reativado; entregas pendentes continuam.`,
      });
    } catch (error) {
      toast.error(ativa ? "Não foi possível reativar o webhook" : "Não foi possível pausar o webhook", {
        description: errorMessage(error),
      });
    }
  }

  const items = query.data?.items ?? [];
  const pausandoId = alterar.isPending && alterar.variables?.input.ativa !== undefined ? alterar.variables.id : null;

  const excluindo = acao?.kind === "excluir" ? acao.webhook : null;
  const rotacionando = acao?.kind === "segredo" ? acao.webhook : null;

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={HEADING_ID} tabIndex={-1} className="text-lg outline-none">
            Webhooks
          </h2>
        </CardTitle>
        <CardDescription>
          O Guarita avisa os seus sistemas quando algo acontece, com um POST assinado para cada URL cadastrada. Até 20
          webhooks.
        </CardDescription>
        <CardAction>
          <NovoWebhookDialog />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <ConteudoDaLista
          query={query}
          erro="Não foi possível carregar os webhooks."
          carregando={<ListaSkeleton label="Carregando webhooks" larguras={["w-56 max-w-full", "w-32"]} />}
          vazio={
            <EmptyState
              icon={WebhookIcon}
              title="Nenhum webhook cadastrado."
              description="Cadastre um webhook para que um sistema seu seja avisado quando uma solicitação for criada ou decidida, ou quando o portão deve abrir."
            />
          }
        >
          <ListaItens label="Webhooks">
            {items.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                webhook={webhook}
                pausando={pausandoId === webhook.id}
                onAcao={abrir}
                onPausar={(w) => void pausar(w)}
              />
            ))}
          </ListaItens>
        </ConteudoDaLista>
      </CardContent>

      <EntregasDialog
        webhook={acao?.kind === "entregas" ? acao.webhook : null}
        onOpenChange={(next) => !next && setAcao(null)}
        onCloseAutoFocus={returnFocus}
      />
      <EditarWebhookDialog
        webhook={acao?.kind === "editar" ? acao.webhook : null}
        onOpenChange={(next) => !next && setAcao(null)}
        onCloseAutoFocus={returnFocus}
      />
      <NovoSegredoDialog
        webhook={acao?.kind === "segredo-novo" ? acao.webhook : null}
        onOpenChange={(next) => !next && setAcao(null)}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmDialog
        open={!!rotacionando}
        onOpenChange={(next) => !next && setAcao((current) => (current?.kind === "segredo" ? null : current))}
        title="Gerar novo segredo?"
        description={
          rotacionando
            ? `O segredo atual (${rotacionando.segredo_prefixo}…) deixa de valer na hora: as próximas entregas, inclusive as pendentes, são assinadas com o novo. Atualize o sistema que recebe as entregas logo em seguida.`
            : ""
        }
        confirmLabel="Gerar novo segredo"
        pendingLabel="Gerando..."
        onCloseAutoFocus={afterSegredoConfirm}
        onConfirm={async () => {
          if (!rotacionando) return;
          try {
            segredoGerado.current = await gerarSegredo.mutateAsync(rotacionando.id);
          } catch (error) {
            toast.error("Não foi possível gerar um novo segredo", { description: errorMessage(error) });
          }
        }}
      />
      <ConfirmDialog
        confirmVariant="destructive"
        open={!!excluindo}
        onOpenChange={(next) => !next && setAcao(null)}
        title="Excluir webhook?"
        description={
          excluindo ? (
            <span className="[overflow-wrap:anywhere]">
              {excluindo.url} deixa de receber entregas e o histórico de entregas é apagado. Não é possível desfazer.
            </span>
          ) : (
            ""
          )
        }
        confirmLabel="Excluir webhook"
        pendingLabel="Excluindo..."
        onCloseAutoFocus={returnFocus}
        onConfirm={async () => {
          if (!excluindo) return;
          try {
            await excluir.mutateAsync(excluindo.id);
            toast.success("Webhook excluído", { description: webhookNome(excluindo) });
          } catch (error) {
            toast.error("Não foi possível excluir o webhook", { description: errorMessage(error) });
          }
        }}
      />
    </Card>
  );
}
