/**
 * Periodic work of an app instance: request expiry every 30 s (so "within a minute" holds), e-mail
 * and webhook delivery every 5 s and at once when an enqueue commits (NOTIFY), the residents'
 * package notices the same way and their reminders every minute (docs/decisions/043-deliveries.md),
 * the booking notices likewise and the bookings' day-before reminders every minute
 * (docs/decisions/044-common-area-bookings.md),
 * the NFS-e of paid invoices every 30 s when a provider is configured (nfse-issuance.ts),
 * hourly housekeeping, and the daily retention of visitor data (retention.ts; also a minute after start).
 * Every job is safe to run on all instances at once.
 */
import type { Logger } from "pino";
import type { LoginThrottle } from "../auth/login-throttle";
import type { Database, DatabaseHandle, Unlisten } from "../db/client";
import type { Mailer } from "../mail/mailer";
import { closeIdle, followRequests } from "../modules/atendente/atendente.service";
import { syncCentral } from "../modules/central/central.service";
import type { FotoRenderer } from "../modules/fotos/foto-render.service";
import { purgeDeletedBlobs } from "../modules/fotos/fotos.service";
import type { WhatsAppReplyDispatcher } from "../modules/telefonia/whatsapp-visitante.service";
import type { NfseProvider } from "../nfse/nfse-provider";
import { createBookingNoticeSender } from "../notifications/booking-notices-deliver";
import type { NotificationDispatcher } from "../notifications/dispatcher";
import { createPackageNoticeSender } from "../notifications/package-notices-deliver";
import type { EventBus } from "../realtime/event-bus";
import type { BlobStore } from "../storage";
import type { WebhookDispatcher } from "../webhooks/dispatcher";
import { remindBookings } from "./booking-reminders";
import { coalescedRunner } from "./coalesced-run";
import { expireOverdue } from "./expire-solicitacoes";
import {
  deleteExpiredCheckouts,
  deleteOldIdempotencyKeys,
  deleteOldWebhookDeliveries,
  deleteSentMail,
  deleteStaleRateLimits,
} from "./housekeeping";
import { runNfseIssuance } from "./nfse-issuance";
import { remindPackages } from "./package-reminders";
import { anonymiseExpired } from "./retention";

const EVENT_RETENTION_MS = 7 * 86_400_000;
const RETENTION_INTERVAL_MS = 86_400_000;
/** The first retention run waits for the start's own work (migrations, demo seed, first requests). */
const RETENTION_FIRST_RUN_MS = 60_000;

export function startScheduler(deps: {
  db: Database;
  bus: EventBus;
  throttle: LoginThrottle;
  mailer: Mailer;
  webhooks: WebhookDispatcher;
  notifications: NotificationDispatcher;
  /** The attendant's lines to WhatsApp visitors. */
  whatsAppReplies: WhatsAppReplyDispatcher;
  /** Photos' blobs: retention deletes the expired ones, housekeeping purges what is still queued. */
  store: BlobStore;
  /** Uploads are rendered when accepted; the timer takes what a stopped process left (docs/decisions/040). */
  fotoRenderer: FotoRenderer;
  /** The origin of the console's links in the residents' package notices (PUBLIC_URL). */
  linkBase: string;
  /** LISTEN for the package and booking notices' outboxes; without it they go out on the timer only. */
  listen?: DatabaseHandle["listen"];
  /** The NFS-e provider of paid invoices (nfse-issuance.ts); null: not issued automatically. */
  nfse?: NfseProvider | null;
  logger: Logger;
}) {
  const { db, bus, throttle, mailer, webhooks, notifications, whatsAppReplies, store, fotoRenderer, logger } = deps;
  const log = logger.child({ component: "jobs" });

  // The residents' package notices go through the same channels as their messages about visitors.
  const packageNotices = createPackageNoticeSender({
    db,
    channels: notifications.channels,
    linkBase: deps.linkBase,
    logger,
    listen: deps.listen,
  });
  const packageReminders = coalescedRunner(async () => {
    try {
      const counts = await remindPackages(db);
      if (counts.perecivel + counts.lembrete > 0) log.info(counts, "encomendas: moradores avisados de novo");
    } catch (error) {
      log.error({ err: error }, "falha nos lembretes de encomendas");
    }
  });
  const runPackageReminders = () => void packageReminders.runNow();

  // The residents' booking notices, the same way; the day-before reminders every minute.
  const bookingNotices = createBookingNoticeSender({
    db,
    channels: notifications.channels,
    linkBase: deps.linkBase,
    logger,
    listen: deps.listen,
  });
  const bookingReminders = coalescedRunner(async () => {
    try {
      const counts = await remindBookings(db);
      if (counts.lembrete > 0) log.info(counts, "reservas: moradores lembrados");
    } catch (error) {
      log.error({ err: error }, "falha nos lembretes de reservas");
    }
  });
  const runBookingReminders = () => void bookingReminders.runNow();

  // Paid invoices' NFS-e (docs/decisions/045-plans-and-billing.md): due notas every 30 s.
  const nfseIssuance = coalescedRunner(async () => {
    try {
      const counts = await runNfseIssuance({ db, nfse: deps.nfse ?? null, logger: log });
      if (Object.values(counts).some((n) => n > 0)) log.info(counts, "nfse: notas fiscais processadas");
    } catch (error) {
      log.error({ err: error }, "falha na emissão das notas fiscais");
    }
  });
  const runNfse = () => void nfseIssuance.runNow();

  async function expire() {
    try {
      let n: number;
      do {
        n = await expireOverdue(db);
        if (n > 0) log.info({ expired: n }, "solicitações expiradas");
      } while (n > 0 && !stopped);
    } catch (error) {
      log.error({ err: error }, "falha ao expirar solicitações");
    }
  }

  async function escalate() {
    try {
      const n = await notifications.escalate();
      if (n > 0) log.info({ escalated: n }, "moradores: próximo contato ou sem resposta");
    } catch (error) {
      log.error({ err: error }, "falha no escalonamento aos moradores");
    }
  }

  async function housekeeping() {
    try {
      await bus.prune(new Date(Date.now() - EVENT_RETENTION_MS));
      await throttle.prune();
      const checkouts = await deleteExpiredCheckouts(db);
      const rateLimits = await deleteStaleRateLimits(db);
      const emails = await deleteSentMail(db);
      const webhookDeliveries = await deleteOldWebhookDeliveries(db);
      const idempotencyKeys = await deleteOldIdempotencyKeys(db);
      // Blobs a crash left queued after their photos' rows were deleted (docs/decisions/039).
      const photoFiles = await purgeDeletedBlobs(db, store);
      const counts = { checkouts, rateLimits, emails, webhookDeliveries, idempotencyKeys, photoFiles };
      if (Object.values(counts).some((n) => n > 0)) log.info(counts, "limpeza periódica");
    } catch (error) {
      log.error({ err: error }, "falha na limpeza periódica");
    }
  }

  // One run at a time per process; a late timer while a run is going joins the next one.
  const retention = coalescedRunner(async () => {
    try {
      const { porCondominio: _, ...counts } = await anonymiseExpired(db, new Date(), {
        shouldStop: () => stopped,
        store,
      });
      if (Object.values(counts).some((n) => n > 0)) log.info(counts, "retenção: dados de visitantes anonimizados");
    } catch (error) {
      log.error({ err: error }, "falha na retenção de dados de visitantes");
    }
  });
  const runRetention = () => void retention.runNow();

  // The virtual attendant's visitors hear a resident's decision at once (the event), or within a
  // few seconds when a notification was missed (the timer); idle conversations are closed.
  const attendant = coalescedRunner(async () => {
    try {
      await followRequests(db);
      const closed = await closeIdle(db);
      if (closed > 0) log.info({ closed }, "atendente: conversas ociosas encerradas");
    } catch (error) {
      log.error({ err: error }, "falha ao acompanhar as conversas do atendente");
    }
  });
  const runAttendant = () => void attendant.runNow();

  // The operators' central (docs/decisions/042-operators-central.md): at once after what may put an
  // item in the queue or take one out, and every few seconds for what time does (SLAs, silent kiosks).
  const central = coalescedRunner(async () => {
    try {
      await syncCentral(db);
    } catch (error) {
      log.error({ err: error }, "falha ao atualizar a fila da central");
    }
  });
  const runCentral = () => void central.runNow();
  const unwatchCentral = bus
    .subscribeAll((_, event) => {
      if (!event.type.startsWith("central.")) runCentral();
    })
    .catch((error) => {
      log.error({ err: error }, "falha ao escutar eventos para a central; atualização a cada 3 s");
      return null;
    });
  const unwatchAttendant = bus
    .subscribeAll((_, event) => {
      if (event.type.startsWith("solicitacao.") && (event.status !== "pendente" || event.sem_resposta_moradores))
        runAttendant();
    })
    .catch((error) => {
      log.error({ err: error }, "falha ao escutar eventos para o atendente; acompanhamento a cada 3 s");
      return null;
    });

  let stopped = false;
  const timers = [
    setInterval(expire, 30_000),
    // The NOTIFY below sends new mail at once; this catches retries that came due and lost NOTIFYs.
    setInterval(mailer.kick, 5_000),
    // Webhook retries come due on their own schedule (10 s at the soonest).
    setInterval(webhooks.kick, 5_000),
    // Residents: the next one is reached when the condominium's wait (15 s at the least) ends.
    setInterval(escalate, 5_000),
    setInterval(notifications.kick, 5_000),
    // Package notices: at once on the NOTIFY below; retries come due 10 s apart at the soonest.
    setInterval(packageNotices.kick, 5_000),
    // A perishable's repeat is due every 30 minutes: a minute late at most.
    setInterval(runPackageReminders, 60_000),
    // Booking notices: at once on the NOTIFY below; the day-before reminder a minute late at most.
    setInterval(bookingNotices.kick, 5_000),
    setInterval(runBookingReminders, 60_000),
    ...(deps.nfse ? [setInterval(runNfse, 30_000)] : []),
    // The attendant's WhatsApp lines: at once on the NOTIFY below; retries come due 10 s apart at the soonest.
    setInterval(whatsAppReplies.kick, 5_000),
    setInterval(runAttendant, 3_000),
    setInterval(runCentral, 3_000),
    setInterval(fotoRenderer.kick, 30_000),
    setInterval(housekeeping, 3_600_000),
    setInterval(runRetention, RETENTION_INTERVAL_MS),
    setTimeout(runRetention, RETENTION_FIRST_RUN_MS),
  ];
  for (const t of timers) t.unref();
  const unwatch: Promise<Unlisten | null> = mailer.watch().catch((error) => {
    log.error({ err: error }, "falha ao escutar a fila de e-mails; entrega a cada 5 s");
    return null;
  });
  const unwatchWebhooks: Promise<Unlisten | null> = webhooks.watch().catch((error) => {
    log.error({ err: error }, "falha ao escutar a fila de webhooks; entrega a cada 5 s");
    return null;
  });
  const unwatchNotifications: Promise<Unlisten | null> = notifications.watch().catch((error) => {
    log.error({ err: error }, "falha ao escutar a fila de mensagens aos moradores; envio a cada 5 s");
    return null;
  });
  const unwatchPackageNotices: Promise<Unlisten | null> = (
    deps.listen ? packageNotices.watch() : Promise.resolve(null)
  ).catch((error) => {
    log.error({ err: error }, "falha ao escutar a fila de avisos de encomenda; envio a cada 5 s");
    return null;
  });
  const unwatchBookingNotices: Promise<Unlisten | null> = (
    deps.listen ? bookingNotices.watch() : Promise.resolve(null)
  ).catch((error) => {
    log.error({ err: error }, "falha ao escutar a fila de avisos de reserva; envio a cada 5 s");
    return null;
  });
  const unwatchWhatsApp: Promise<Unlisten | null> = whatsAppReplies.watch().catch((error) => {
    log.error({ err: error }, "falha ao escutar a fila de falas do atendente no WhatsApp; envio a cada 5 s");
    return null;
  });
  void expire();
  void escalate();
  mailer.kick();
  webhooks.kick();
  notifications.kick();
  packageNotices.kick();
  runPackageReminders();
  bookingNotices.kick();
  runBookingReminders();
  if (deps.nfse) runNfse();
  whatsAppReplies.kick();
  fotoRenderer.kick();
  void housekeeping();
  return () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
    void unwatch.then((u) => u?.()).catch(() => undefined);
    void unwatchWebhooks.then((u) => u?.()).catch(() => undefined);
    void unwatchNotifications.then((u) => u?.()).catch(() => undefined);
    void unwatchPackageNotices.then((u) => u?.()).catch(() => undefined);
    void packageNotices.close();
    void unwatchBookingNotices.then((u) => u?.()).catch(() => undefined);
    void bookingNotices.close();
    void unwatchAttendant.then((u) => u?.()).catch(() => undefined);
    void unwatchCentral.then((u) => u?.()).catch(() => undefined);
    void unwatchWhatsApp.then((u) => u?.()).catch(() => undefined);
  };
}
