/** Shared start-up of the database CLIs: configuration, the database, migrations applied. */
import "../../shared/zod-config";
import path from "node:path";
import { resolveAuthSecret } from "../auth/secret";
import { createSystem } from "../bootstrap";
import { loadEnv } from "../env";
import { createLogger } from "../http/logger";
import { createBlobStore } from "../storage";
import { lockDataDirOrExit } from "./data-dir-lock";

export async function openSystemFromEnv() {
  const env = loadEnv();
  await lockDataDirOrExit(env);
  const logger = createLogger(env.LOG_LEVEL);
  const system = await createSystem({
    logger,
    database: env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: 2 } : { dataDir: path.join(env.DATA_DIR, "pglite") },
    authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR).secret,
    publicUrl: env.PUBLIC_URL,
    publicUrlExplicit: env.PUBLIC_URL_EXPLICIT,
    // What a command enqueues is delivered by the running server; the settings only have to be valid.
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailDir: path.join(env.DATA_DIR, "mail"),
    storage: createBlobStore(env),
  });
  return { env, logger, system };
}
