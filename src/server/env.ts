/**
 * The only module that reads process.env. Everything configurable is declared, documented and
 * validated here; the rest of the server receives a typed `Env`.
 */
import path from "node:path";
import { z } from "zod";

const booleanish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Port and interface the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Public base URL, used by auth for cookies and trusted origins. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Extra origins allowed to call the API with cookies (comma separated). */
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
  /** PostgreSQL server. When unset, embedded PGlite stores data in DATA_DIR. */
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().startsWith("postgres").optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Signs session cookies. Required when several instances share a database. */
  BETTER_AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /** Honour X-Forwarded-For / X-Forwarded-Proto (only behind a trusted reverse proxy). */
  TRUST_PROXY: booleanish,
  /** Sign-in attempts allowed per client IP per minute (better-auth's limiter). */
  AUTH_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Failed sign-ins per e-mail within 15 minutes before that e-mail is locked out for the window. */
  AUTH_MAX_LOGIN_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Seed the demo tenant at start when the database has no tenant yet. Defaults to true on PGlite. */
  SEED_DEMO: z.enum(["true", "false", "1", "0", ""]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Stripe keys; without them, payments run in the labelled demo mode. */
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().startsWith("sk_").optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyAsUndefined, z.string().startsWith("pk_").optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().startsWith("whsec_").optional()),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<RawEnv, "SEED_DEMO"> {
  PUBLIC_URL: string;
  DATA_DIR: string;
  SEED_DEMO: boolean;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Configuração inválida:\n${details}`);
  }
  const raw = parsed.data;
  if (!!raw.STRIPE_SECRET_KEY !== !!raw.STRIPE_PUBLISHABLE_KEY) {
    throw new Error(
      "Configuração inválida:\n  STRIPE_SECRET_KEY e STRIPE_PUBLISHABLE_KEY vão juntas: defina as duas (Stripe) ou nenhuma (modo de demonstração)",
    );
  }
  const seed =
    raw.SEED_DEMO === undefined || raw.SEED_DEMO === ""
      ? !raw.DATABASE_URL
      : raw.SEED_DEMO === "true" || raw.SEED_DEMO === "1";
  return {
    ...raw,
    PUBLIC_URL: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    DATA_DIR: path.resolve(raw.DATA_DIR),
    SEED_DEMO: seed,
  };
}
