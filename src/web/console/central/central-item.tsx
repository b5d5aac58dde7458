/**
 * One item of the central's queue (docs/decisions/042-operators-central.md): where (condominium, gate), what
 * (the kind, who, the attendant's last words), the visitor's photo, how long it has waited and its SLA,
 * ticking every second; who holds it; and what the operator may do. The card itself takes the focus
 * (the list's roving focus: J/K or the arrows move it), and the buttons inside follow with Tab.
 */

import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Check, ExternalLink, Hand, Timer, Undo2, UserCog } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { CENTRAL_ROOTS } from "@/shared/query-keys";
import { CENTRAL_TIPO_LABELS, type CentralItem } from "@/shared/schemas/central";
import { DecisaoBotoes, type Escolha } from "@/web/components/decisao-botoes";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { VisitorThumbnail } from "@/web/components/visitor-thumbnail";
import { useDecidirSolicitacao } from "@/web/console/solicitacoes/solicitacoes.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { invalidateRoots } from "@/web/lib/realtime";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { durationWords, formatDuration, slaState, waitedSeconds } from "./central-time";

/**
 * Where "Abrir" (O) leads: a package's screen for a package's item (confirmed there), else the
 * conversation when the item has one, else the request.
 */
export function abrirHref(item: Pick<CentralItem, "conversa_id" | "solicitacao_id" | "encomenda_id">): string | null {
  if (item.encomenda_id) return `/app/encomendas/${item.encomenda_id}`;
  if (item.conversa_id) return `/app/atendimentos?id=${item.conversa_id}`;
  if (item.solicitacao_id) return `/app/solicitacoes/${item.solicitacao_id}`;
  return null;
}

/** What "Abrir" names, the same screen abrirHref leads to. */
export function abrirRotulo(item: Pick<CentralItem, "conversa_id" | "encomenda_id">): string {
  if (item.encomenda_id) return "Abrir encomenda";
  return item.conversa_id ? "Abrir conversa" : "Abrir solicitação";
}

export interface ItemPermissions {
  /** The signed-in user's id. */
  userId: string | undefined;
  supervisor: boolean;
}

/** What the signed-in operator may do with the item now. */
export function acoesDoItem(item: CentralItem, { userId, supervisor }: ItemPermissions) {
  const meu = item.status === "assumido" && item.assumido_por?.user_id === userId;
  return {
    meu,
    assumir: item.status === "aberto",
    liberar: item.status === "assumido" && (meu || supervisor),
    resolver: meu,
    decidir: meu && !!item.solicitacao_id,
    reatribuir: supervisor,
  };
}

export interface CentralItemCardProps {
  item: CentralItem;
  serverNow: number;
  permissions: ItemPermissions;
  /** Whether this card holds the list's tab stop. */
  current: boolean;
  busy: boolean;
  onFocusItem: (id: string) => void;
  onAssumir: (item: CentralItem) => void;
  onLiberar: (item: CentralItem) => void;
  onResolver: (item: CentralItem) => void;
  onReatribuir: (item: CentralItem) => void;
  cardRef?: React.Ref<HTMLElement>;
}

export function CentralItemCard({
  item,
  serverNow,
  permissions,
  current,
  busy,
  onFocusItem,
  onAssumir,
  onLiberar,
  onResolver,
  onReatribuir,
  cardRef,
}: CentralItemCardProps) {
  const acoes = acoesDoItem(item, permissions);
  const espera = waitedSeconds(item, serverNow);
  const sla = slaState(item, serverNow);
  const href = abrirHref(item);
  const titleId = `central-item-${item.id}-titulo`;
  const onde = [item.condominio.nome, item.portao ? `Portão ${item.portao.nome}` : null].filter(Boolean).join(" · ");

  return (
    <article
      ref={cardRef}
      tabIndex={current ? 0 : -1}
      aria-labelledby={titleId}
      data-central-item={item.id}
      data-conversa={item.conversa_id ?? undefined}
      data-solicitacao={item.solicitacao_id ?? undefined}
      data-encomenda={item.encomenda_id ?? undefined}
      data-status={item.status}
      data-escalado={sla.escalado || undefined}
      onFocus={() => onFocusItem(item.id)}
      className={cn(
        "grid min-w-0 gap-2 rounded-lg border bg-card p-3 outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60",
        current && "border-primary",
        sla.escalado && "border-l-4 border-l-red-600 bg-red-50 dark:border-l-red-400 dark:bg-red-400/10",
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <VisitorThumbnail src={item.foto_url} nome={item.titulo} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge variant="outline" className="whitespace-normal text-left">
              {CENTRAL_TIPO_LABELS[item.tipo]}
            </Badge>
            {item.para_voce && item.status === "aberto" && <Badge variant="secondary">Para você</Badge>}
            {sla.escalado && (
              <Badge
                variant="destructive"
                className="bg-red-700 text-white dark:bg-red-700"
                data-testid="central-escalado"
              >
                <AlertTriangle aria-hidden="true" />
                Escalado
              </Badge>
            )}
          </div>
          <h3 id={titleId} className="break-words font-medium [overflow-wrap:anywhere]">
            {item.titulo}
          </h3>
          <p className="break-words text-muted-foreground text-xs [overflow-wrap:anywhere]">{onde}</p>
          {item.detalhe && (
            <p className="line-clamp-2 break-words text-sm [overflow-wrap:anywhere]" data-testid="central-detalhe">
              {item.detalhe}
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1.5" data-testid="central-espera">
            <Timer className="size-4 text-muted-foreground" aria-hidden="true" />
            <span>
              Aguardando há{" "}
              <time
                className="font-medium font-mono tabular-nums"
                dateTime={`PT${espera}S`}
                title={durationWords(espera)}
              >
                {formatDuration(espera)}
              </time>
            </span>
          </span>
          <span
            data-testid="central-sla"
            className={cn(
              "tabular-nums",
              sla.escalado ? "font-semibold text-red-800 dark:text-red-200" : "text-muted-foreground",
            )}
          >
            {sla.escalado
              ? `Prazo para ${sla.etapa} vencido há ${formatDuration(-sla.restante)}`
              : `Prazo para ${sla.etapa}: ${formatDuration(sla.restante)}`}
          </span>
          {item.assumido_por && (
            <span className="font-medium" data-testid="central-com">
              {acoes.meu ? "com você" : `com ${item.assumido_por.nome}`}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {acoes.assumir && (
            <Button size="sm" onClick={() => onAssumir(item)} disabled={busy} aria-keyshortcuts="A">
              <Hand aria-hidden="true" />
              Assumir
            </Button>
          )}
          {acoes.resolver && (
            <Button
              size="sm"
              onClick={() => onResolver(item)}
              disabled={busy}
              aria-haspopup="dialog"
              aria-keyshortcuts="R"
            >
              <Check aria-hidden="true" />
              Resolver
            </Button>
          )}
          {acoes.liberar && (
            <Button size="sm" variant="outline" onClick={() => onLiberar(item)} disabled={busy} aria-keyshortcuts="L">
              <Undo2 aria-hidden="true" />
              Liberar
            </Button>
          )}
          {href && (
            <Button size="sm" variant="outline" asChild>
              <Link to={href} aria-keyshortcuts="O" data-testid="central-abrir">
                <ExternalLink aria-hidden="true" />
                {abrirRotulo(item)}
              </Link>
            </Button>
          )}
          {acoes.reatribuir && (
            <Button size="sm" variant="ghost" onClick={() => onReatribuir(item)} disabled={busy} aria-haspopup="dialog">
              <UserCog aria-hidden="true" />
              Reatribuir
            </Button>
          )}
        </div>
      </div>
      {acoes.decidir && item.solicitacao_id && (
        <DecidirSolicitacao solicitacaoId={item.solicitacao_id} titulo={item.titulo} />
      )}
    </article>
  );
}

/** "Autorizar" and "Negar" for the item's request, through the request's own endpoint and confirmations. */
function DecidirSolicitacao({ solicitacaoId, titulo }: { solicitacaoId: string; titulo: string }) {
  const decidir = useDecidirSolicitacao(solicitacaoId);
  const queryClient = useQueryClient();
  async function decide(decisao: Escolha, motivoNegacao: string | null) {
    try {
      await decidir.mutateAsync({ decisao, motivoNegacao });
      // The central resolves the item by itself; the queue is read again without waiting for the event.
      invalidateRoots(queryClient, CENTRAL_ROOTS);
      toast.success(decisao === "autorizar" ? "Entrada autorizada" : "Entrada negada", { description: titulo });
    } catch (error) {
      if (!(error instanceof ApiError && error.fields.some((f) => f.path === "motivo_negacao")))
        toast.error("Não foi possível decidir a solicitação", { description: errorMessage(error) });
      throw error;
    }
  }
  return <DecisaoBotoes onDecide={decide} className="sm:max-w-sm" />;
}
