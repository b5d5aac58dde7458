/**
 * "Entregas" of one webhook, in a dialog: the situation filter, the deliveries (newest first) with
 * their event, status, attempts, last answer and next attempt, and per delivery "Detalhes" (every
 * attempt and the JSON body sent) and "Reenviar". The filter and the page live in the dialog only.
 */
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, Inbox, RefreshCw, SearchX, Send } from "lucide-react";
import { useState } from "react";
import type { WebhookEntregaStatus } from "@/shared/domain";
import {
  WEBHOOK_ENTREGA_STATUS_LABELS,
  WEBHOOK_EVENTO_LABELS,
  type Webhook,
  type WebhookEntrega,
} from "@/shared/schemas/webhooks";
import type { StatusTone } from "@/shared/status-catalogue";
import { EmptyState } from "@/web/components/empty-state";
import { Pagination } from "@/web/components/pagination";
import { formatDateTime, formatDateTimeLong, RelativeTime, toDate, useNow } from "@/web/components/relative-time";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  type RowDialogProps,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { useReenviarEntrega, type WebhookEntregaFilters, webhookEntregasOptions } from "./configuracoes.queries";
import { ConteudoDaLista, FiltroSituacao, ListaItens, ListaSkeleton, useVoltaDaPaginaVazia } from "./listas";
import { webhookNome } from "./webhooks-dialogs";

const STATUS_TONES: Record<WebhookEntregaStatus, StatusTone> = {
  pendente: "amber",
  entregue: "green",
  falhou: "red",
};

const FILTROS: readonly (readonly [WebhookEntregaStatus | undefined, string])[] = [
  [undefined, "Todas"],
  ["pendente", "Pendentes"],
  ["entregue", "Entregues"],
  ["falhou", "Falharam"],
];

const VAZIO_FILTRADO: Record<WebhookEntregaStatus, string> = {
  pendente: "Nenhuma entrega pendente.",
  entregue: "Nenhuma entrega concluída.",
  falhou: "Nenhuma entrega que falhou.",
};

export function EntregaStatusBadge({ status }: { status: WebhookEntregaStatus }) {
  return (
    <Badge variant="outline" data-status={status} className={toneClasses(STATUS_TONES[status])}>
      {WEBHOOK_ENTREGA_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The deliveries of `webhook`; null closes the dialog. */
export function EntregasDialog({
  webhook,
  onOpenChange,
  onCloseAutoFocus,
}: RowDialogProps & { webhook: Webhook | null }) {
  return (
    <Dialog open={!!webhook} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        {webhook && (
          <>
            <DialogHeader>
              <DialogTitle>Entregas</DialogTitle>
              <DialogDescription className="[overflow-wrap:anywhere]">
                {webhookNome(webhook)}
                {webhook.descricao && <span className="block font-mono text-xs">{webhook.url}</span>}
                <span className="block">
                  Da mais nova para a mais antiga. Sem uma resposta 2xx, cada entrega é tentada de novo por até 24
                  horas.
                </span>
              </DialogDescription>
            </DialogHeader>
            <EntregasConteudo key={webhook.id} webhookId={webhook.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EntregasConteudo({ webhookId }: { webhookId: string }) {
  const [filters, setFilters] = useState<WebhookEntregaFilters>({ page: 1 });
  const page = filters.page ?? 1;
  const query = useQuery(webhookEntregasOptions(webhookId, filters));
  const [refreshing, setRefreshing] = useState(false);

  const data = query.data;
  const items = data?.items ?? [];
  // A redelivery under "Falharam" can empty the last page.
  useVoltaDaPaginaVazia(query, page, () => setFilters((f) => ({ ...f, page: (f.page ?? 1) - 1 })));

  async function atualizar() {
    setRefreshing(true);
    try {
      const result = await query.refetch();
      if (result.isError) toast.error("Erro ao atualizar", { description: errorMessage(result.error) });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FiltroSituacao
          name="filtro-situacao-entregas"
          value={filters.status}
          options={FILTROS}
          onChange={(status) => setFilters({ status, page: 1 })}
          denso
        />
        <Button variant="outline" size="sm" onClick={() => void atualizar()} disabled={refreshing}>
          {refreshing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          Atualizar
        </Button>
      </div>
      <ConteudoDaLista
        query={query}
        erro="Não foi possível carregar as entregas."
        carregando={<ListaSkeleton label="Carregando entregas" />}
        vazio={
          filters.status ? (
            <EmptyState
              icon={SearchX}
              title={VAZIO_FILTRADO[filters.status]}
              description="Escolha “Todas” para ver as outras entregas."
            />
          ) : (
            <EmptyState
              icon={Inbox}
              title="Nenhuma entrega ainda."
              description="Quando acontecer um dos eventos escolhidos, a entrega aparece aqui com cada tentativa."
            />
          )
        }
      >
        <ListaItens label="Entregas" stale={query.isPlaceholderData}>
          {items.map((entrega) => (
            <EntregaItem key={entrega.id} webhookId={webhookId} entrega={entrega} />
          ))}
        </ListaItens>
      </ConteudoDaLista>
      {data && (
        <Pagination
          page={page}
          pageSize={data.page_size}
          total={data.total}
          totalTruncated={data.total_truncated}
          itemsOnPage={items.length}
          onPageChange={(next) => setFilters((f) => ({ ...f, page: next }))}
          disabled={query.isPlaceholderData}
        />
      )}
    </div>
  );
}

/**
 * When the job tries again: "em 5 minutos", or "em instantes" when it is due within a minute (or
 * overdue: the job is on it), which a relative time would call "há menos de um minuto".
 */
function ProximaTentativa({ value }: { value: string }) {
  const now = useNow();
  const date = toDate(value);
  if (date.getTime() - now >= 60_000) return <RelativeTime value={date} />;
  return (
    <time dateTime={date.toISOString()} title={formatDateTimeLong(date)}>
      em instantes
    </time>
  );
}

/** "HTTP 200", or the error when no HTTP answer came. */
function resultado(statusHttp: number | null, erro: string | null): string {
  if (statusHttp !== null) return `HTTP ${statusHttp}`;
  return erro ?? "—";
}

function EntregaItem({ webhookId, entrega }: { webhookId: string; entrega: WebhookEntrega }) {
  const [aberta, setAberta] = useState(false);
  const reenviar = useReenviarEntrega();
  const detalhesId = `entrega-detalhes-${entrega.id}`;
  const evento = WEBHOOK_EVENTO_LABELS[entrega.tipo];

  async function onReenviar() {
    try {
      await reenviar.mutateAsync({ webhookId, entregaId: entrega.id });
      toast.success("Entrega reenviada", { description: `${evento}: o resultado aparece nesta lista.` });
    } catch (error) {
      toast.error("Não foi possível reenviar a entrega", { description: errorMessage(error) });
    }
  }

  return (
    <li className="grid min-w-0 gap-3 p-4" data-entrega={entrega.id} data-status={entrega.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <span className="break-words font-medium">{evento}</span>
          <span className="text-muted-foreground text-xs">
            <code className="break-all font-mono">{entrega.tipo}</code> · <RelativeTime value={entrega.created_at} />
          </span>
        </div>
        <EntregaStatusBadge status={entrega.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Tentativas</dt>
        <dd>{entrega.tentativas}</dd>
        <dt className="text-muted-foreground">Último código HTTP</dt>
        <dd>{entrega.ultimo_status_http ?? "—"}</dd>
        {entrega.ultimo_erro && (
          <>
            <dt className="text-muted-foreground">Último erro</dt>
            <dd className="[overflow-wrap:anywhere]">{entrega.ultimo_erro}</dd>
          </>
        )}
        {entrega.status === "pendente" && entrega.proxima_tentativa_em && (
          <>
            <dt className="text-muted-foreground">Próxima tentativa</dt>
            <dd>
              <ProximaTentativa value={entrega.proxima_tentativa_em} />
            </dd>
          </>
        )}
        {entrega.entregue_em && (
          <>
            <dt className="text-muted-foreground">Entregue</dt>
            <dd>
              <RelativeTime value={entrega.entregue_em} />
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={aberta}
          aria-controls={detalhesId}
          onClick={() => setAberta((v) => !v)}
        >
          <ChevronDown className={cn("transition-transform", aberta && "rotate-180")} aria-hidden="true" />
          Detalhes
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onReenviar()}
          disabled={reenviar.isPending}
          aria-label={`Reenviar a entrega ${evento}`}
        >
          {reenviar.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {reenviar.isPending ? "Reenviando..." : "Reenviar"}
        </Button>
      </div>
      <div id={detalhesId} hidden={!aberta} className="grid min-w-0 gap-3">
        {aberta && <EntregaDetalhes entrega={entrega} />}
      </div>
    </li>
  );
}

/** Every attempt (oldest first) and the JSON body, formatted when it parses. */
function EntregaDetalhes({ entrega }: { entrega: WebhookEntrega }) {
  let corpo = entrega.corpo;
  try {
    corpo = JSON.stringify(JSON.parse(entrega.corpo), null, 2);
  } catch {
    // Shown as sent.
  }
  return (
    <>
      <div className="grid min-w-0 gap-2">
        <h3 className="font-medium text-sm">Tentativas</h3>
        {entrega.historico.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhuma tentativa ainda.</p>
        ) : (
          <ol className="divide-y rounded-md border text-sm">
            {entrega.historico.map((tentativa, index) => (
              <li
                // Attempts never change once written; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-2"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span
                    className={cn(
                      "font-medium",
                      tentativa.status_http !== null && tentativa.status_http >= 200 && tentativa.status_http < 300
                        ? "text-green-700 dark:text-green-400"
                        : "text-destructive",
                    )}
                  >
                    {resultado(tentativa.status_http, tentativa.erro)}
                  </span>
                  {tentativa.status_http !== null &&
                    tentativa.erro &&
                    tentativa.erro !== `Resposta HTTP ${tentativa.status_http}` && (
                      <span className="text-muted-foreground"> · {tentativa.erro}</span>
                    )}
                </span>
                <span className="text-muted-foreground text-xs">
                  {tentativa.duracao_ms} ms ·{" "}
                  <time dateTime={tentativa.created_at}>{formatDateTime(tentativa.created_at)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <figure className="grid min-w-0 gap-2">
        <figcaption className="font-medium text-sm">Corpo enviado (JSON)</figcaption>
        {/* Focusable so the keyboard can scroll it (a long body scrolls inside the box, never the page). */}
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="max-h-72 min-w-0 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {corpo}
        </pre>
      </figure>
    </>
  );
}
