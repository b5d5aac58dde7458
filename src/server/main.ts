/**
 * Start: env → database → migrations → demo seed → app → listen; stop cleanly on SIGTERM/SIGINT.
 * With WEB_CONCURRENCY > 1 this process is the primary of that many workers (cluster.ts), each of
 * which runs all of this.
 */
import "../shared/zod-config";
// Before any shared schema is built: routes call `.openapi()` on them, which this import adds to zod.
import "@hono/zod-openapi";
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { resolveAuthSecret } from "./auth/secret";
import { createSystem } from "./bootstrap";
import { announceReady, runPrimary } from "./cluster";
import { lockDataDirOrExit } from "./db/data-dir-lock";
import { DEMO_LOGINS, DEMO_PASSWORD, hasAnyTenant, seedDemo } from "./db/seed/demo";
import { demoGuardRefusal } from "./demo-guard";
import { type Env, loadEnv } from "./env";
import { createLogger } from "./http/logger";
import { nfseConfigFromEnv } from "./nfse/nfse";
import { createBlobStore } from "./storage";

const LOCAL_SECRET_WARNING =
  "BETTER_AUTH_SECRET não definido: usando um segredo local em DATA_DIR; várias instâncias precisam do mesmo valor";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

async function main(env: Env, started: number) {
  await lockDataDirOrExit(env);
  const logger = createLogger(env.LOG_LEVEL);
  const { secret, generated } = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  if (generated && env.DATABASE_URL) {
    logger.warn(LOCAL_SECRET_WARNING);
  }

  const system = await createSystem({
    logger,
    database: env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
      : { dataDir: path.join(env.DATA_DIR, "pglite") },
    authSecret: secret,
    publicUrl: env.PUBLIC_URL,
    publicUrlExplicit: env.PUBLIC_URL_EXPLICIT,
    trustedOrigins: env.TRUSTED_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    signInPerMinute: env.AUTH_SIGNIN_PER_MINUTE,
    maxLoginFailures: env.AUTH_MAX_LOGIN_FAILURES,
    maxLoginFailuresPerIp: env.AUTH_MAX_LOGIN_FAILURES_PER_IP,
    webClientDir: path.join(ROOT, "build", "web", "client"),
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            stripe: {
              secretKey: env.STRIPE_SECRET_KEY,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            },
          }
        : {},
    nfse: nfseConfigFromEnv(env),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
    migrate: env.MIGRATE_ON_START,
    attendantLlm: {
      ATTENDANT_LLM_BASE_URL: env.ATTENDANT_LLM_BASE_URL,
      ATTENDANT_LLM_API_KEY: env.ATTENDANT_LLM_API_KEY,
      ATTENDANT_LLM_MODEL: env.ATTENDANT_LLM_MODEL,
    },
    twilio: env.TWILIO_AUTH_TOKEN
      ? { authToken: env.TWILIO_AUTH_TOKEN, accountSid: env.TWILIO_ACCOUNT_SID, voiceFrom: env.TWILIO_VOICE_FROM }
      : undefined,
    channels: {
      whatsapp:
        env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID
          ? {
              accessToken: env.WHATSAPP_ACCESS_TOKEN,
              phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
              template: env.WHATSAPP_TEMPLATE,
              photoTemplate: env.WHATSAPP_TEMPLATE_FOTO,
              packageTemplate: env.WHATSAPP_TEMPLATE_ENCOMENDA,
              bookingTemplate: env.WHATSAPP_TEMPLATE_RESERVA,
              appSecret: env.WHATSAPP_APP_SECRET,
              verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            }
          : undefined,
      sms:
        env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
          ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
          : undefined,
      // Channels without keys are off except on the demo tenant, or everywhere on a demonstration server.
      demoForEveryTenant: env.GUARITA_DEMO,
    },
    mailDir: path.join(env.DATA_DIR, "mail"),
    storage: createBlobStore(env),
  });
  logger.info({ database: system.handle.kind }, "banco de dados pronto e migrado");
  if (system.mailer.mailDir) {
    logger.info(
      { pasta: system.mailer.mailDir },
      "sem SMTP_URL: os e-mails são gravados como arquivos .eml nesta pasta",
    );
  } else {
    logger.info({ de: system.mailer.from }, "e-mails enviados pelo servidor SMTP de SMTP_URL");
  }

  const seedsDemoTenant = env.SEED_DEMO && !(await hasAnyTenant(system.handle.db));
  const refusal = demoGuardRefusal({
    publicUrl: env.PUBLIC_URL,
    publicUrlExplicit: env.PUBLIC_URL_EXPLICIT,
    allowDemo: env.GUARITA_DEMO,
    seedsDemoTenant,
    demoPayments: !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY),
  });
  if (refusal) {
    console.error(refusal);
    await system.close();
    process.exit(1);
  }
  if (seedsDemoTenant) {
    const summary = await seedDemo(system.handle.db, system.auth);
    logger.info(summary, "cliente de demonstração criado");
    const lines = DEMO_LOGINS.map((l) => `  ${l.role.padEnd(9)} ${l.email} / ${DEMO_PASSWORD}`).join("\n");
    console.info(`\nDados de demonstração criados. Logins:\n${lines}\n`);
  }

  system.startJobs();
  const server = serve({ fetch: system.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const ms = Math.round(performance.now() - started);
    logger.info({ port: info.port, host: env.HOST, ms, pid: process.pid }, "servidor no ar");
    if (cluster.isWorker) announceReady({ url: env.PUBLIC_URL, database: system.handle.kind });
    else console.info(`Guarita pronto em ${env.PUBLIC_URL} (${system.handle.kind}, ${ms} ms)`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "encerrando");
    // Stop accepting connections, let in-flight requests finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    system.closeStreams();
    server.close(async () => {
      await system.close().catch((error) => logger.error({ err: error }, "erro ao fechar o banco"));
      process.exit(0);
    });
    // Keep-alive sockets with no request in flight would otherwise hold close() open.
    if ("closeIdleConnections" in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // The primary is gone (even by kill -9): stop rather than serve on alone, unsupervised.
  if (cluster.isWorker) process.on("disconnect", () => shutdown("primary encerrado"));
}

function start() {
  const started = performance.now();
  const env = loadEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    const logger = createLogger(env.LOG_LEVEL);
    // Every worker signs and checks the same cookies: the secret is settled once, before any starts.
    const { secret, generated } = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
    if (generated) logger.warn(LOCAL_SECRET_WARNING);
    runPrimary({ workers: env.WEB_CONCURRENCY, env: { BETTER_AUTH_SECRET: secret }, logger, started });
    return;
  }
  main(env, started).catch((error) => {
    console.error("Falha ao iniciar o Guarita:", error);
    process.exit(1);
  });
}

try {
  start();
} catch (error) {
  console.error("Falha ao iniciar o Guarita:", error);
  process.exit(1);
}
