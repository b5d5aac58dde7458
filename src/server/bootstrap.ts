/**
 * Builds a running system from configuration: database (and migrations), auth, the app. main.ts
 * serves it; tests and benchmarks build it the same way on their own databases.
 */
// Before any shared schema is built (CLIs and tests start here): routes call `.openapi()` on them,
// which this import adds to zod.
import "@hono/zod-openapi";
import type { Logger } from "pino";
import { createApp } from "./app";
import { type AttendantEngineEnv, createAttendantEngine } from "./attendant/engine";
import { createAuth } from "./auth/auth";
import { createLoginThrottle } from "./auth/login-throttle";
import { createSessionResolver } from "./auth/session-resolver";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { applyMigrations, refusePendingMigrations } from "./db/migrate";
import type { TrustProxy } from "./http/client-ip";
import { createOriginPolicy } from "./http/origin-policy";
import { startScheduler } from "./jobs/scheduler";
import { DEFAULT_MAIL_FROM } from "./mail/address";
import { createMailer } from "./mail/mailer";
import { selectAttendantEngine } from "./modules/atendente/atendente.service";
import { type CameraCapture, startCameraCapture } from "./modules/fotos/camera.service";
import { createFotoRenderer } from "./modules/fotos/foto-render.service";
import { createWhatsAppReplyDispatcher } from "./modules/telefonia/whatsapp-visitante.service";
import { createNfse, type NfseConfig } from "./nfse/nfse";
import { type ChannelsConfig, createChannels } from "./notifications/channels";
import { createWhatsAppTextSender } from "./notifications/channels/whatsapp-text";
import { createNotificationDispatcher } from "./notifications/dispatcher";
import { createPayments, type PaymentsConfig } from "./payments/payments";
import { createEventBus } from "./realtime/event-bus";
import type { BlobStore } from "./storage";
import { createWebhookDispatcher } from "./webhooks/dispatcher";

export interface SystemOptions {
  logger: Logger;
  /** An already open database; otherwise `database` says which one to open. */
  handle?: DatabaseHandle;
  database?: { url: string; poolMax?: number } | { dataDir: string | null };
  authSecret: string;
  /** Effective public URL (links, cookies). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (default true); when false, each request's own origin is allowed. */
  publicUrlExplicit?: boolean;
  trustedOrigins?: string[];
  trustProxy?: TrustProxy;
  webClientDir?: string;
  signInPerMinute?: number;
  maxLoginFailures?: number;
  maxLoginFailuresPerIp?: number;
  sseHeartbeatMs?: number;
  /** How long an instance reuses a resolved session (default 5 s; 0 = never; decision 027). */
  sessionCacheTtlMs?: number;
  /** Stripe keys; omitted = demo mode. */
  payments?: PaymentsConfig;
  /** The NFS-e provider of paid invoices; omitted = the nota is not issued automatically. */
  nfse?: NfseConfig;
  /** WhatsApp and SMS providers for the residents' messages; omitted = off, the demo channel on the demo tenant only (notifications/channels). */
  channels?: Omit<ChannelsConfig, "emailDemo">;
  /**
   * TWILIO_AUTH_TOKEN verifies the phone line's webhooks; with TWILIO_ACCOUNT_SID and
   * TWILIO_VOICE_FROM the residents are also called ("Ligação"). Omitted = no phone line, calls off
   * (the demo panel on the demo tenant). `fetch` is the tests' fake HTTP layer for api.twilio.com.
   */
  twilio?: { authToken: string; accountSid?: string; voiceFrom?: string; fetch?: typeof globalThis.fetch };
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may point to loopback and private addresses (tests, on-premise). */
  webhooksAllowPrivate?: boolean;
  /**
   * MIGRATE_ON_START (default true). False: apply nothing, only refuse to start while migrations are
   * pending, for an app role that does not own the tables (README, "Run on PostgreSQL").
   */
  migrate?: boolean;
  /** SMTP server for e-mail; omitted = each message is an `.eml` file in `mailDir`. */
  smtpUrl?: string;
  /** The From of every e-mail (default `Guarita <nao-responda@guarita.app>`). */
  mailFrom?: string;
  /** Folder of the `.eml` files (main: DATA_DIR/mail; tests: a temporary folder). Required without `smtpUrl`. */
  mailDir?: string;
  /**
   * Where photos are kept (docs/decisions/038-photo-storage.md): main builds it from DATA_DIR and
   * STORAGE_S3_*; tests pass a temporary files store or one on a local S3-compatible server.
   */
  storage: BlobStore;
  /** ATTENDANT_LLM_*: the attendant's language model; omitted = the embedded engine alone (decision 035). */
  attendantLlm?: AttendantEngineEnv;
}

export async function createSystem(options: SystemOptions) {
  // Before the database opens, so a configuration mistake leaves nothing to close.
  if (!options.smtpUrl && !options.mailDir) {
    throw new Error("createSystem: sem smtpUrl, informe mailDir (a pasta dos e-mails em .eml)");
  }
  // The attendant's engine is one per process (its NLU is trained once); with a model configured,
  // each fallback to the embedded engine is logged by reason only, never with what was said.
  const attendantLlm = options.attendantLlm;
  if (attendantLlm?.ATTENDANT_LLM_BASE_URL) {
    selectAttendantEngine(() =>
      createAttendantEngine(attendantLlm, {
        onFallback: (reason) => options.logger.warn({ reason }, "atendente: turno respondido pelo motor embarcado"),
      }),
    );
  }
  const handle = options.handle ?? (await openDatabase(options.database ?? { dataDir: null }, options.logger));
  try {
    if (options.migrate ?? true) await applyMigrations(handle);
    else await refusePendingMigrations(handle);
  } catch (error) {
    // A role without DDL rights, pending migrations: leave no connection open behind the error.
    if (!options.handle) await handle.close().catch(() => {});
    throw error;
  }
  const originPolicy = createOriginPolicy({
    publicUrl: options.publicUrl,
    publicUrlExplicit: options.publicUrlExplicit ?? true,
    trustedOrigins: options.trustedOrigins ?? [],
  });
  const auth = createAuth({
    db: handle.db,
    logger: options.logger,
    secret: options.authSecret,
    baseURL: options.publicUrl,
    originPolicy,
    signInPerMinute: options.signInPerMinute,
  });
  const throttle = createLoginThrottle(handle.db, {
    maxFailuresPerAccount: options.maxLoginFailures ?? 5,
    maxFailuresPerIp: options.maxLoginFailuresPerIp ?? 30,
  });
  const bus = createEventBus(handle, options.logger);
  const sessions = createSessionResolver({ auth, handle, logger: options.logger, ttlMs: options.sessionCacheTtlMs });
  await sessions.start();
  const mailer = createMailer({
    db: handle.db,
    logger: options.logger,
    smtpUrl: options.smtpUrl,
    from: options.mailFrom ?? DEFAULT_MAIL_FROM,
    mailDir: options.mailDir ?? null,
    listen: handle.listen,
  });
  const webhooks = createWebhookDispatcher({
    db: handle.db,
    logger: options.logger,
    allowPrivate: options.webhooksAllowPrivate ?? false,
    listen: handle.listen,
  });
  const notifications = createNotificationDispatcher({
    db: handle.db,
    logger: options.logger,
    channels: createChannels(handle.db, {
      ...options.channels,
      voice:
        options.twilio?.accountSid && options.twilio.voiceFrom
          ? {
              accountSid: options.twilio.accountSid,
              authToken: options.twilio.authToken,
              from: options.twilio.voiceFrom,
              publicUrl: options.publicUrl,
              fetch: options.twilio.fetch,
            }
          : undefined,
      emailDemo: mailer.transport === "arquivo",
    }),
    // Background jobs have no request: the residents' links use the public URL.
    linkBase: options.publicUrl,
    listen: handle.listen,
  });
  // The attendant's lines to WhatsApp visitors go out from the gate's own number with the same token.
  const whatsAppToken = options.channels?.whatsapp?.accessToken;
  const whatsAppReplies = createWhatsAppReplyDispatcher({
    db: handle.db,
    logger: options.logger,
    sender: whatsAppToken ? createWhatsAppTextSender({ accessToken: whatsAppToken }) : null,
    listen: handle.listen,
  });
  // Uploads are answered once checked; their renditions are made here, one at a time
  // (docs/decisions/040-photos-rendered-in-background.md).
  const fotoRenderer = createFotoRenderer({ db: handle.db, store: options.storage, logger: options.logger });
  const nfse = createNfse(options.nfse);
  const { app, closeStreams } = createApp({
    handle,
    auth,
    sessions,
    throttle,
    logger: options.logger,
    bus,
    payments: createPayments(options.payments),
    nfse,
    secret: options.authSecret,
    publicUrl: options.publicUrl,
    // With PUBLIC_URL set, links use it; without, the address the síndico is using (the origin rule
    // already admitted the request's Origin), so an invitation sent from 192.168.0.10 works there.
    linkBase: (request) =>
      (options.publicUrlExplicit ?? true) ? options.publicUrl : (request.headers.get("origin") ?? options.publicUrl),
    originPolicy,
    trustProxy: options.trustProxy ?? false,
    webClientDir: options.webClientDir,
    sseHeartbeatMs: options.sseHeartbeatMs,
    webhooksAllowPrivate: options.webhooksAllowPrivate ?? false,
    receipts: {
      whatsapp:
        options.channels?.whatsapp?.appSecret && options.channels.whatsapp.verifyToken
          ? { appSecret: options.channels.whatsapp.appSecret, verifyToken: options.channels.whatsapp.verifyToken }
          : undefined,
      twilio: options.channels?.sms ? { authToken: options.channels.sms.authToken } : undefined,
    },
    twilio: options.twilio ? { authToken: options.twilio.authToken } : undefined,
    demoForEveryTenant: options.channels?.demoForEveryTenant ?? false,
    store: options.storage,
    fotoRenderer,
  });
  // Gate cameras' snapshots, taken in the background when a request is created at a gate with a
  // camera (docs/decisions/039-visitor-photos.md, "Gate cameras"); every instance follows the
  // events, and the database decides which one captures.
  const cameras: CameraCapture | null = await startCameraCapture({
    db: handle.db,
    store: options.storage,
    secret: options.authSecret,
    logger: options.logger,
    bus,
  }).catch((error) => {
    options.logger.error(
      { err: error },
      "falha ao escutar eventos para as câmeras dos portões; sem imagens das câmeras",
    );
    return null;
  });
  let stopJobs: (() => void) | null = null;
  return {
    app,
    handle,
    auth,
    bus,
    /** Transactional e-mail: `enqueueMail` writes to its outbox, the jobs deliver it. */
    mailer,
    /** Outbound webhooks: deliveries are written with the events, the jobs send them. */
    webhooks,
    /** Photos' blobs (docs/decisions/038-photo-storage.md). */
    store: options.storage,
    /** Gate cameras' background snapshots; null when the events could not be followed. */
    cameras,
    /** Uploaded photos' renditions, made in the background (docs/decisions/040). */
    fotoRenderer,
    /** Residents' messages and escalation (docs/product.md, "Resident link"). */
    notifications,
    /** The attendant's lines to WhatsApp visitors (docs/product.md, "Atendente virtual"). */
    whatsAppReplies,
    /** Expiry, e-mail, webhook and housekeeping timers; main starts them, tests run the jobs directly. */
    startJobs() {
      stopJobs ??= startScheduler({
        db: handle.db,
        bus,
        throttle,
        mailer,
        webhooks,
        notifications,
        whatsAppReplies,
        store: options.storage,
        fotoRenderer,
        linkBase: options.publicUrl,
        listen: handle.listen,
        nfse,
        logger: options.logger,
      });
    },
    /** Ends event streams first, so the HTTP server can close, then the database. */
    closeStreams,
    async close() {
      stopJobs?.();
      closeStreams();
      // Before the database closes: a capture under way writes its row's outcome.
      await cameras?.stop();
      await fotoRenderer.close();
      await mailer.close();
      await webhooks.close();
      await notifications.close();
      await whatsAppReplies.close();
      await bus.close();
      await sessions.close();
      await handle.close();
    },
  };
}

export type System = Awaited<ReturnType<typeof createSystem>>;
