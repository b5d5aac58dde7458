/**
 * "Linha do tempo" of a request (docs/product.md, "Solicitações"): created (by whom or which API key), each photo
 * of the visitor or why there is none (docs/decisions/039-visitor-photos.md), each message
 * to a resident (channel, destination, sent, delivered, opened, decided through the link, or its
 * failure), each call with its status and duration, "Sem resposta dos moradores", the decision and
 * by whom, the expiry, the gate command and its delivery — oldest first, in an ordered list, with
 * times in the condominium's timezone.
 */
import type { LucideIcon } from "lucide-react";
import {
  Ban,
  Camera,
  CameraOff,
  Check,
  ClipboardPlus,
  DoorOpen,
  Eye,
  Hourglass,
  MessageSquareText,
  PhoneCall,
  PhoneIncoming,
  PhoneOff,
  TimerOff,
  TriangleAlert,
  X,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { CHAMADA_FINAIS } from "@/shared/domain";
import { formatDuracao } from "@/shared/schemas/chamadas";
import type { SolicitacaoDetail } from "@/shared/schemas/solicitacoes";
import { WEBHOOK_ENTREGA_STATUS_LABELS } from "@/shared/schemas/webhooks";
import { chamadaStatusDisplay, type StatusTone } from "@/shared/status-catalogue";
import { FotoProcessando } from "@/web/components/foto-processando";
import { StatusBadge, toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";
import {
  buildTimeline,
  type ChamadaDaSolicitacao,
  type ComandoPortao,
  canalTexto,
  chamadaTitulo,
  criadaPorTexto,
  decisaoPorTexto,
  decisaoTitulo,
  formatInZone,
  fotoExibicao,
  fotoPorTexto,
  fotoTitulo,
  motivoNegacaoTexto,
  type Notificacao,
  notificacaoEstado,
  notificacaoFalhaTexto,
  notificacaoPassos,
  notificacaoTitulo,
  ordemTexto,
  quoted,
  registradaPorTexto,
  respostaTexto,
  semRespostaTexto,
  type TimelineEntry,
  tentativasTexto,
} from "./timeline-entries";

const ENTREGA_TONE: Record<ComandoPortao["status"], StatusTone> = {
  pendente: "amber",
  entregue: "green",
  falhou: "red",
};

/** A time in the condominium's zone, with seconds (the section's description names the zone). */
function ZonedTime({ value, timeZone, className }: { value: string; timeZone: string; className?: string }) {
  return (
    <time dateTime={new Date(value).toISOString()} className={className}>
      {formatInZone(value, timeZone, { seconds: true })}
    </time>
  );
}

/** Small term/value rows under an entry; they stack in two narrow columns even at 360 px. */
function Facts({ items }: { items: [term: string, value: React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Item({
  icon: Icon,
  tone,
  at,
  timeZone,
  title,
  badge,
  last,
  kind,
  children,
}: {
  icon: LucideIcon;
  tone: StatusTone;
  at: string | null;
  timeZone: string;
  title: string;
  badge?: React.ReactNode;
  last: boolean;
  kind: TimelineEntry["kind"];
  children?: React.ReactNode;
}) {
  return (
    <li className="flex gap-3" data-kind={kind}>
      <div className="flex flex-col items-center" aria-hidden="true">
        <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-full border", toneClasses(tone))}>
          <Icon className="size-4" />
        </span>
        {!last && <span className="my-1 w-px flex-1 bg-border" />}
      </div>
      <div className={cn("min-w-0 flex-1 space-y-1.5 pt-1", !last && "pb-6")}>
        {at && (
          <ZonedTime value={at} timeZone={timeZone} className="block text-muted-foreground text-sm tabular-nums" />
        )}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="break-words font-medium leading-snug">{title}</p>
          {badge}
        </div>
        {children}
      </div>
    </li>
  );
}

function Muted({ children }: { children: React.ReactNode }) {
  return <p className="break-words text-muted-foreground text-sm">{children}</p>;
}

function ChamadaDetails({ chamada: c, timeZone }: { chamada: ChamadaDaSolicitacao; timeZone: string }) {
  const registrada = registradaPorTexto(c.criado_por);
  const resposta = respostaTexto(c);
  const fim = c.finalizado_em ? (
    <ZonedTime key="fim" value={c.finalizado_em} timeZone={timeZone} className="tabular-nums" />
  ) : CHAMADA_FINAIS.includes(c.status) ? (
    "—"
  ) : (
    "Em andamento"
  );
  return (
    <>
      <Facts
        items={[
          ["Ramal", c.ramal_discado ?? c.pessoa?.pbx_ramal ?? "—"],
          ["Provedor", c.provedor ?? "—"],
          ["Fim", fim],
          [
            "Duração",
            <span key="duracao" className="font-mono tabular-nums">
              {formatDuracao(c.duracao_segundos)}
            </span>,
          ],
        ]}
      />
      {resposta && (
        <p
          className={cn(
            "flex items-start gap-1.5 font-medium text-sm",
            c.resposta === "autorizado" ? "text-green-800 dark:text-green-300" : "text-red-800 dark:text-red-300",
          )}
          data-testid="resposta-chamada"
        >
          <PhoneIncoming className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {resposta}
            {c.respondido_em && (
              <>
                {" em "}
                <ZonedTime value={c.respondido_em} timeZone={timeZone} className="tabular-nums" />
              </>
            )}
          </span>
        </p>
      )}
      {registrada && <Muted>{registrada}</Muted>}
      <Button asChild variant="outline" size="sm" className="mt-1">
        <Link
          to={`/app/chamadas/${c.id}`}
          aria-label={`Ver ${chamadaTitulo(c).replace(/^Chamada/, "chamada")}, iniciada em ${formatInZone(c.iniciado_em, timeZone, { seconds: true })}`}
        >
          <Eye aria-hidden="true" />
          Ver chamada
        </Link>
      </Button>
    </>
  );
}

function ComandoDetails({ comando: c, timeZone }: { comando: ComandoPortao; timeZone: string }) {
  const facts: [string, React.ReactNode][] = [
    ["Tentativas", tentativasTexto(c.tentativas)],
    ["Último código HTTP", c.ultimo_status_http ?? "—"],
  ];
  if (c.entregue_em) {
    facts.push([
      "Entregue em",
      <ZonedTime key="entregue" value={c.entregue_em} timeZone={timeZone} className="tabular-nums" />,
    ]);
  }
  return (
    <>
      <p className="text-sm">
        <span className="text-muted-foreground">Enviado para </span>
        {c.webhook.descricao && <span className="break-words">{c.webhook.descricao} </span>}
        <span className="break-all font-mono text-xs">
          {c.webhook.descricao ? `(${c.webhook.origem})` : c.webhook.origem}
        </span>
      </p>
      <Facts items={facts} />
    </>
  );
}

function NotificacaoDetails({ notificacao: n, timeZone }: { notificacao: Notificacao; timeZone: string }) {
  const facts: [string, React.ReactNode][] = [
    ["Canal", canalTexto(n)],
    [
      "Para",
      <span key="destino" className="break-all">
        {n.destino}
      </span>,
    ],
    ["Ordem", `${ordemTexto(n.ordem)} na ordem de chamada`],
  ];
  for (const passo of notificacaoPassos(n)) {
    facts.push([
      passo.label,
      <ZonedTime key={passo.label} value={passo.at} timeZone={timeZone} className="tabular-nums" />,
    ]);
  }
  const falha = notificacaoFalhaTexto(n);
  return (
    <>
      <Facts items={facts} />
      {falha && (
        <p
          className={cn(
            "flex items-start gap-1.5 text-sm",
            n.status === "falhou" ? "font-medium text-red-800 dark:text-red-300" : "text-muted-foreground",
          )}
          data-testid="falha-notificacao"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{falha}</span>
        </p>
      )}
    </>
  );
}

function Entry({ entry, timeZone, last }: { entry: TimelineEntry; timeZone: string; last: boolean }) {
  const common = { at: entry.at, timeZone, last, kind: entry.kind };
  switch (entry.kind) {
    case "criada": {
      const por = criadaPorTexto(entry.autor);
      return (
        <Item {...common} icon={ClipboardPlus} tone="slate" title="Solicitação criada">
          {por && <Muted>{por}</Muted>}
          {entry.portao && <Muted>Visitante no portão {quoted(entry.portao)}</Muted>}
        </Item>
      );
    }
    case "foto": {
      const { foto } = entry;
      const por = fotoPorTexto(foto);
      return (
        <Item
          {...common}
          icon={fotoExibicao(foto) === "ausente" ? CameraOff : Camera}
          tone={fotoExibicao(foto) === "ausente" ? "grey" : "sky"}
          title={fotoTitulo(foto)}
        >
          {por && <Muted>{por}</Muted>}
          {foto.portao && <Muted>No portão {quoted(foto.portao.nome)}</Muted>}
          {fotoExibicao(foto) === "processando" && <FotoProcessando compact announce={false} className="mt-1 w-fit" />}
        </Item>
      );
    }
    case "notificacao": {
      const estado = notificacaoEstado(entry.notificacao);
      return (
        <Item
          {...common}
          icon={MessageSquareText}
          tone={estado.tone}
          title={notificacaoTitulo(entry.notificacao)}
          badge={
            <Badge variant="outline" data-status={entry.notificacao.status} className={toneClasses(estado.tone)}>
              {estado.label}
            </Badge>
          }
        >
          <NotificacaoDetails notificacao={entry.notificacao} timeZone={timeZone} />
        </Item>
      );
    }
    case "sem_resposta":
      return (
        <Item {...common} icon={PhoneOff} tone="orange" title="Sem resposta dos moradores">
          <Muted>{semRespostaTexto(entry.semMensagens, entry.pendente, entry.naoConfigurados)}</Muted>
        </Item>
      );
    case "chamada":
      return (
        <Item
          {...common}
          icon={PhoneCall}
          tone={chamadaStatusDisplay(entry.chamada.status).tone}
          title={chamadaTitulo(entry.chamada)}
          badge={<StatusBadge kind="chamada" status={entry.chamada.status} />}
        >
          <ChamadaDetails chamada={entry.chamada} timeZone={timeZone} />
        </Item>
      );
    case "decisao": {
      const por = decisaoPorTexto(entry.por, entry.viaChave, entry.via);
      const motivo = motivoNegacaoTexto(entry.motivo);
      return (
        <Item
          {...common}
          icon={entry.status === "autorizado" ? Check : X}
          tone={entry.status === "autorizado" ? "green" : "red"}
          title={decisaoTitulo(entry.status)}
        >
          {por && <Muted>{por}</Muted>}
          {motivo && (
            <p className="whitespace-pre-wrap break-words text-sm" data-testid="motivo-negacao-linha">
              {motivo}
            </p>
          )}
        </Item>
      );
    }
    case "expirada":
      return (
        <Item {...common} icon={TimerOff} tone="grey" title="Solicitação expirada">
          <Muted>Não houve decisão até o prazo de expiração.</Muted>
        </Item>
      );
    case "cancelada":
      return <Item {...common} icon={Ban} tone="slate" title="Solicitação cancelada" />;
    case "comando":
      return (
        <Item
          {...common}
          icon={DoorOpen}
          tone={ENTREGA_TONE[entry.comando.status]}
          title="Comando de abertura do portão"
          badge={
            <Badge
              variant="outline"
              data-status={entry.comando.status}
              className={toneClasses(ENTREGA_TONE[entry.comando.status])}
            >
              {WEBHOOK_ENTREGA_STATUS_LABELS[entry.comando.status]}
            </Badge>
          }
        >
          <ComandoDetails comando={entry.comando} timeZone={timeZone} />
        </Item>
      );
    case "aguardando":
      return (
        <Item {...common} icon={Hourglass} tone="amber" title="Aguardando decisão">
          <Muted>
            {entry.expiracaoEm ? (
              <>
                Expira em <ZonedTime value={entry.expiracaoEm} timeZone={timeZone} className="tabular-nums" />
              </>
            ) : (
              "Sem expiração"
            )}
          </Muted>
        </Item>
      );
  }
}

/** The ordered list; `labelledBy` is the id of the section heading that names it. */
export function SolicitacaoTimeline({
  solicitacao: s,
  labelledBy,
}: {
  solicitacao: SolicitacaoDetail;
  labelledBy: string;
}) {
  const entries = buildTimeline(s);
  const timeZone = s.condominio.timezone;
  return (
    <div className="space-y-4">
      <ol aria-labelledby={labelledBy} data-testid="linha-do-tempo">
        {entries.map((entry, index) => (
          <Entry key={entryKey(entry)} entry={entry} timeZone={timeZone} last={index === entries.length - 1} />
        ))}
      </ol>
      {s.chamadas.length === 0 && (
        <p className="text-muted-foreground text-sm">Nenhuma chamada registrada para esta solicitação.</p>
      )}
    </div>
  );
}

function entryKey(entry: TimelineEntry): string {
  if (entry.kind === "chamada") return `chamada-${entry.chamada.id}`;
  if (entry.kind === "comando") return `comando-${entry.comando.entrega_id}`;
  if (entry.kind === "notificacao") return `notificacao-${entry.notificacao.id}`;
  if (entry.kind === "foto") return `foto-${entry.foto.id}`;
  return entry.kind;
}
