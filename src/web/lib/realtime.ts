/**
 * Live updates (docs/product.md, "Live updates"; docs/architecture.md, "Realtime"). One EventSource on
 * /api/events per tab; each domain event invalidates the query-key roots it names (the query cache stays the
 * one copy of server data) and toasts what happened. After a drop it reconnects with exponential backoff and
 * resumes after the last event seen (`?lastEventId=`: an EventSource cannot set headers); when the tab
 * becomes visible again or the network comes back it refetches what is on screen and reconnects at once.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { EVENT_TYPES } from "@/shared/event-types";
import {
  ATENDIMENTO_ROOTS,
  CENTRAL_ROOTS,
  ENCOMENDA_ROOTS,
  FATURAMENTO_ROOTS,
  RESERVA_ROOTS,
  SOLICITACAO_ROOTS,
  TOTEM_ROOTS,
} from "@/shared/query-keys";
import type { DomainEvent } from "@/shared/schemas/events";
import { solicitacaoStatusDisplay } from "@/shared/status-catalogue";
import { toast } from "@/web/lib/toast";
import { isOwnAction } from "./own-actions";

export const EVENTS_URL = "/api/events";
/** What a resync refetches: everything that shows requests, the attendant's conversations, the kiosks, the central, the packages and the bookings. */
export const RESYNC_ROOTS = [
  ...SOLICITACAO_ROOTS,
  ...ATENDIMENTO_ROOTS,
  ...TOTEM_ROOTS,
  ...CENTRAL_ROOTS,
  ...ENCOMENDA_ROOTS,
  ...RESERVA_ROOTS,
  ...FATURAMENTO_ROOTS,
];

const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** Events older than this (replayed after a long drop) refresh the screen without a toast. */
const TOAST_MAX_AGE_MS = 60_000;

/** 1 s, 2 s, 4 s … up to 30 s, each randomised to between half and all of it. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The events' schema (and zod) download with the first event, not with the console's first screen
 * (docs/decisions/026); a failed download is tried again at the next event.
 */
let eventSchema: Promise<typeof import("@/shared/schemas/events")["domainEventSchema"]> | undefined;
function loadEventSchema() {
  eventSchema ??= import("@/shared/schemas/events").then(
    (module) => module.domainEventSchema,
    (error: unknown) => {
      eventSchema = undefined;
      throw error;
    },
  );
  return eventSchema;
}

export interface RealtimeHandlers {
  onEvent: (event: DomainEvent) => void;
  /** Refetch everything: the stream may have missed changes. */
  onResync: () => void;
}

export class RealtimeConnection {
  private source: EventSource | null = null;
  private lastEventId: number | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connectedOnce = false;
  private stopped = true;
  /** Events are handled one after another, in the order they arrived. */
  private received: Promise<void> = Promise.resolve();

  constructor(
    private readonly handlers: RealtimeHandlers,
    private readonly url: string = EVENTS_URL,
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    document.addEventListener("visibilitychange", this.onVisibilityChange);
    window.addEventListener("online", this.onOnline);
    this.connect();
  }

  stop() {
    this.stopped = true;
    document.removeEventListener("visibilitychange", this.onVisibilityChange);
    window.removeEventListener("online", this.onOnline);
    clearTimeout(this.timer);
    this.timer = undefined;
    this.source?.close();
    this.source = null;
  }

  private connect() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.source?.close();
    const url = this.lastEventId === null ? this.url : `${this.url}?lastEventId=${this.lastEventId}`;
    const source = new EventSource(url, { withCredentials: true });
    this.source = source;

    source.addEventListener("ready", () => {
      const reconnected = this.connectedOnce;
      this.connectedOnce = true;
      this.attempt = 0;
      // Missed events are replayed after lastEventId; with none seen yet there is nothing to resume from.
      if (reconnected && this.lastEventId === null) this.handlers.onResync();
    });
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (message) => this.receive(message as MessageEvent<string>));
    }
    source.onerror = () => {
      if (this.source !== source) return;
      // Take over from the browser's fixed-interval retry: back off, and resume with ?lastEventId.
      source.close();
      this.source = null;
      this.scheduleReconnect();
    };
  }

  private receive(message: MessageEvent<string>) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    this.received = this.received.then(async () => {
      const schema = await loadEventSchema().catch(() => null);
      if (!schema || this.stopped) return;
      const parsed = schema.safeParse(data);
      if (!parsed.success) return;
      const id = Number(message.lastEventId || parsed.data.id);
      if (Number.isSafeInteger(id) && (this.lastEventId === null || id > this.lastEventId)) this.lastEventId = id;
      this.handlers.onEvent(parsed.data);
    });
  }

  private scheduleReconnect() {
    if (this.stopped || this.timer) return;
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.connect();
    }, delay);
  }

  /** Back from the background or offline: refetch, and reconnect now if the stream is down. */
  private resume() {
    if (this.stopped) return;
    this.handlers.onResync();
    if (!this.source || this.source.readyState === EventSource.CLOSED) {
      this.attempt = 0;
      this.connect();
    }
  }

  private readonly onVisibilityChange = () => {
    if (document.visibilityState === "visible") this.resume();
  };

  private readonly onOnline = () => this.resume();
}

export function invalidateRoots(queryClient: QueryClient, roots: readonly string[]) {
  for (const root of new Set(roots)) void queryClient.invalidateQueries({ queryKey: [root] });
}

/** What a toast says; `tone` picks sonner's variant. */
export interface ToastContent {
  title: string;
  description: string;
  tone: "default" | "success" | "warning";
}

/**
 * The toast an event deserves, or null (docs/product.md, "Live updates"): "Nova solicitação", a
 * resident's decision through the link ("Morador autorizou a entrada de …"), "Sem resposta dos
 * moradores", "Solicitação de {visitante} atualizada". Call progress and messages sent to residents
 * (`notificacao.atualizada`) refresh the screens without a toast: they move several times a minute.
 */
export function toastFor(event: DomainEvent): ToastContent | null {
  if (event.type === "solicitacao.criada") {
    return {
      title: "Nova solicitação",
      description: `Solicitação para ${event.nome_visitante} foi criada.`,
      tone: "default",
    };
  }
  if (event.type !== "solicitacao.atualizada") return null;
  // A resident decided, through their link or signed in ("pelo aplicativo"): the gate hears it at once.
  const residentVia =
    event.decisao?.via === "link" ? "pelo link" : event.decisao?.via === "aplicativo" ? "pelo aplicativo" : null;
  if (event.decisao && residentVia && (event.status === "autorizado" || event.status === "negado")) {
    const autorizou = event.status === "autorizado";
    return {
      title: `Morador ${autorizou ? "autorizou" : "negou"} a entrada de ${event.nome_visitante}`,
      description: `${event.decisao.por_nome} decidiu ${residentVia}.`,
      tone: autorizou ? "success" : "default",
    };
  }
  if (event.sem_resposta_moradores) {
    return {
      title: "Sem resposta dos moradores",
      description: `Ninguém respondeu sobre ${event.nome_visitante}. Ligue para a unidade.`,
      tone: "warning",
    };
  }
  // Every toast names the visitor: at a busy gate "Solicitação atualizada" alone says nothing.
  return {
    title: `Solicitação de ${event.nome_visitante} atualizada`,
    description: event.status ? `Status alterado para ${solicitacaoStatusDisplay(event.status).label}.` : "",
    tone: "default",
  };
}

/** Toasts what happened, unless it is old (a replay after a drop) or this tab made the change. */
async function notify(event: DomainEvent) {
  const content = toastFor(event);
  if (!content) return;
  const age = Date.now() - new Date(event.created_at).getTime();
  if (age > TOAST_MAX_AGE_MS) return;
  if (event.solicitacao_id && (await isOwnAction(event.solicitacao_id))) return;
  const show = content.tone === "default" ? toast : toast[content.tone];
  show(content.title, { description: content.description });
}

/** Keeps the console live while it is mounted. Mount once, in the console shell. */
export function useRealtime() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const connection = new RealtimeConnection({
      onEvent: (event) => {
        invalidateRoots(queryClient, event.invalidate);
        void notify(event);
      },
      onResync: () => invalidateRoots(queryClient, RESYNC_ROOTS),
    });
    connection.start();
    return () => connection.stop();
  }, [queryClient]);
}
