/**
 * The only module that reads process.env. Everything configurable is declared, documented and
 * validated here; the rest of the server receives a typed `Env`.
 */
import path from "node:path";
import { z } from "zod";
import { isValidCnpjNumber, onlyDigits } from "../shared/br-format";
import { parseTrustProxy, type TrustProxy } from "./http/client-ip";
import { DEFAULT_MAIL_FROM, parseMailbox } from "./mail/address";

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
  /**
   * Public base URL (links, cookies). When set, only its origin and TRUSTED_ORIGINS may call the API;
   * when unset, links use http://localhost:PORT and each request's own origin is allowed.
   */
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
  /**
   * Apply pending migrations at start (default). `false`: only check that none is pending, for an
   * app role without DDL rights; the owner runs `npm run db:migrate` first (README, "Run on PostgreSQL").
   */
  MIGRATE_ON_START: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === undefined || v === "" || v === "true" || v === "1"),
  /** PostgreSQL server. When unset, embedded PGlite stores data in DATA_DIR. */
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().startsWith("postgres").optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Server processes on this machine sharing the port (server/cluster.ts); more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Signs session cookies. Required when several instances share a database. */
  BETTER_AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /** Our reverse proxies: false, a hop count, or addresses/CIDRs; the client IP is the rightmost untrusted hop. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TrustProxy => {
      try {
        return parseTrustProxy(v);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `use false, um número de proxies ou endereços/CIDRs: ${error}` });
        return z.NEVER;
      }
    }),
  /** Sign-in attempts allowed per client IP per minute (better-auth's limiter). */
  AUTH_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Failed sign-ins for one e-mail from one client IP before each further attempt is delayed. */
  AUTH_MAX_LOGIN_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed sign-ins from one client IP, over every e-mail, before its attempts are delayed. */
  AUTH_MAX_LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Seed the demo tenant at start when the database has no tenant yet. Defaults to true on PGlite. */
  SEED_DEMO: z.enum(["true", "false", "1", "0", ""]).optional(),
  /** Allows the demo tenant and demo payments on a public https:// PUBLIC_URL (demo-guard.ts). */
  GUARITA_DEMO: booleanish,
  /** Lets webhooks point to loopback and private addresses (tests, on-premise installs). */
  WEBHOOKS_ALLOW_PRIVATE: booleanish,
  /** WhatsApp Cloud API (docs/product.md, "Resident link"); without them, WhatsApp is off (the demo panel on the demo tenant or with GUARITA_DEMO). */
  WHATSAPP_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(10).optional()),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess(emptyAsUndefined, z.string().regex(/^\d+$/).optional()),
  WHATSAPP_TEMPLATE: z.preprocess(emptyAsUndefined, z.string().min(1).default("guarita_visita")),
  /** The same template with the visitor's photo as its image header (docs/product.md, "Fotos"); unset = text only. */
  WHATSAPP_TEMPLATE_FOTO: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The template of the residents' package notices (docs/decisions/043-deliveries.md); unset = they go by SMS or e-mail. */
  WHATSAPP_TEMPLATE_ENCOMENDA: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The template of the residents' booking notices (docs/decisions/044-common-area-bookings.md); unset = they go by SMS or e-mail. */
  WHATSAPP_TEMPLATE_RESERVA: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Verify WhatsApp's delivery receipts (/api/webhooks/whatsapp): the Meta app's secret and your verify token. */
  WHATSAPP_APP_SECRET: z.preprocess(emptyAsUndefined, z.string().min(10).optional()),
  WHATSAPP_VERIFY_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /**
   * Twilio (docs/decisions/037-phone-line-and-whatsapp.md). TWILIO_AUTH_TOKEN alone verifies the
   * phone line's webhooks (the attendant answers calls); with TWILIO_ACCOUNT_SID, TWILIO_FROM sends
   * SMS and TWILIO_VOICE_FROM places the residents' calls. Without them SMS and calls are off (the
   * demo panel on the demo tenant or with GUARITA_DEMO).
   */
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().startsWith("AC").optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(10).optional()),
  TWILIO_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  TWILIO_VOICE_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, "TWILIO_VOICE_FROM: um número em E.164, como +5511912345678")
      .optional(),
  ),
  /**
   * The virtual attendant's language-model engine (docs/decisions/035): any OpenAI-compatible chat API
   * ("https://api.openai.com/v1", "http://localhost:11434/v1"); unset = the embedded engine only. The
   * key is sent as a bearer token (none for a local server that asks for none); the model is required
   * with the URL.
   */
  ATTENDANT_LLM_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: "use uma URL http:// ou https://, como https://api.openai.com/v1" })
      .optional(),
  ),
  ATTENDANT_LLM_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  ATTENDANT_LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  /**
   * Photos (docs/decisions/038-photo-storage.md). Unset: files under DATA_DIR/files, one machine. Set:
   * any S3-compatible bucket shared by every instance: AWS S3 (STORAGE_S3_REGION; without keys, the
   * SDK's default credentials such as the instance's role) or, with STORAGE_S3_ENDPOINT, MinIO,
   * Cloudflare R2… (keys required).
   */
  STORAGE_S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "um nome de bucket S3: 3 a 63 caracteres, letras minúsculas, números, pontos e hífens",
      )
      .optional(),
  ),
  STORAGE_S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: "use uma URL http:// ou https://, como https://minio.exemplo.com.br:9000" })
      .optional(),
  ),
  STORAGE_S3_REGION: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+$/, "uma região, como sa-east-1 (AWS) ou auto (Cloudflare R2)")
      .optional(),
  ),
  STORAGE_S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  STORAGE_S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Stripe keys; without them, payments run in the labelled demo mode. */
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().startsWith("sk_").optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyAsUndefined, z.string().startsWith("pk_").optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().startsWith("whsec_").optional()),
  /**
   * The NFS-e of paid invoices through Focus NFe (docs/decisions/045-plans-and-billing.md); all of
   * NFSE_PROVIDER … NFSE_ITEM_LISTA_SERVICO together, or none (invoices say the nota is not issued automatically).
   */
  NFSE_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["focusnfe"], { error: "use focusnfe" }).optional()),
  NFSE_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  NFSE_AMBIENTE: z.preprocess(
    emptyAsUndefined,
    z.enum(["homologacao", "producao"], { error: "use homologacao ou producao" }).default("homologacao"),
  ),
  /** Guarita's CNPJ (with or without the mask), its inscrição municipal and its city's IBGE code. */
  NFSE_PRESTADOR_CNPJ: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isValidCnpjNumber, "CNPJ inválido: use os 14 dígitos, com ou sem pontuação")
      .transform(onlyDigits)
      .optional(),
  ),
  NFSE_PRESTADOR_IM: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  NFSE_PRESTADOR_MUNICIPIO: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{7}$/, "o código IBGE do município, com 7 dígitos (São Paulo: 3550308)")
      .optional(),
  ),
  /** The ISS rate in percent, as "2.0" or "2,0". */
  NFSE_ALIQUOTA: z.preprocess(
    (v) => (typeof v === "string" ? emptyAsUndefined(v.trim().replace(",", ".")) : v),
    z.coerce
      .number({ error: "a alíquota do ISS em porcentagem, como 2.0" })
      .min(0, "a alíquota do ISS em porcentagem, entre 0 e 5")
      .max(5, "a alíquota do ISS em porcentagem, entre 0 e 5")
      .optional(),
  ),
  /** The service's item of LC 116/2003 ("01.07"), as the city registered the company. */
  NFSE_ITEM_LISTA_SERVICO: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  /** The city's own service code, where it asks for one (codigo_tributario_municipio). */
  NFSE_CODIGO_TRIBUTARIO_MUNICIPIO: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  /** SMTP server for e-mail (smtp:// or smtps://, credentials in the URL); unset = .eml files in DATA_DIR/mail. */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^smtps?$/, error: "use uma URL smtp:// ou smtps://" })
      .refine((v) => new URL(v).hostname !== "", "a URL precisa de um servidor (smtp://servidor:587)")
      .optional(),
  ),
  /** The From of every e-mail: `Nome <endereco>` or an address. */
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => parseMailbox(v) !== null, "use um endereço, como Guarita <nao-responda@guarita.app>")
      .default(DEFAULT_MAIL_FROM),
  ),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<RawEnv, "SEED_DEMO"> {
  /** Effective public URL, for links and cookies: PUBLIC_URL or http://localhost:PORT. */
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set; the origin rule and the demo guard depend on it. */
  PUBLIC_URL_EXPLICIT: boolean;
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
  const nfse = [
    "NFSE_PROVIDER",
    "NFSE_TOKEN",
    "NFSE_PRESTADOR_CNPJ",
    "NFSE_PRESTADOR_IM",
    "NFSE_PRESTADOR_MUNICIPIO",
    "NFSE_ALIQUOTA",
    "NFSE_ITEM_LISTA_SERVICO",
  ] as const;
  const nfseSet = nfse.filter((name) => raw[name] !== undefined);
  if (nfseSet.length > 0 && nfseSet.length < nfse.length) {
    const missing = nfse.filter((name) => raw[name] === undefined);
    throw new Error(
      `Configuração inválida:\n  ${nfse.join(", ")} vão juntas: defina todas (emissão da NFS-e) ou nenhuma (nota não emitida automaticamente); faltam ${missing.join(", ")}`,
    );
  }
  if (raw.NFSE_CODIGO_TRIBUTARIO_MUNICIPIO !== undefined && raw.NFSE_PROVIDER === undefined) {
    throw new Error(
      "Configuração inválida:\n  NFSE_CODIGO_TRIBUTARIO_MUNICIPIO precisa de NFSE_PROVIDER e das demais NFSE_*",
    );
  }
  if (raw.WEB_CONCURRENCY > 1 && !raw.DATABASE_URL) {
    throw new Error(
      "Configuração inválida:\n  WEB_CONCURRENCY acima de 1 precisa de DATABASE_URL: o banco embutido (PGlite) só pode ser aberto por um processo",
    );
  }
  if (raw.ATTENDANT_LLM_BASE_URL && !raw.ATTENDANT_LLM_MODEL) {
    throw new Error(
      "Configuração inválida:\n  ATTENDANT_LLM_BASE_URL precisa de ATTENDANT_LLM_MODEL: o nome do modelo no provedor (como gpt-4o-mini)",
    );
  }
  // A provider's keys go together: half a configuration would send nothing and say nothing.
  const groups = [["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"]] as const;
  for (const group of groups) {
    const set = group.filter((name) => raw[name] !== undefined);
    if (set.length > 0 && set.length < group.length) {
      throw new Error(
        `Configuração inválida:\n  ${group.join(", ")} vão juntas: defina todas (envio real) ou nenhuma (modo de demonstração)`,
      );
    }
  }
  // Twilio: the token alone verifies the phone line; sending SMS or placing calls needs the account too.
  for (const sender of ["TWILIO_FROM", "TWILIO_VOICE_FROM"] as const) {
    if (raw[sender] !== undefined && (raw.TWILIO_ACCOUNT_SID === undefined || raw.TWILIO_AUTH_TOKEN === undefined)) {
      throw new Error(
        `Configuração inválida:\n  ${sender} precisa de TWILIO_ACCOUNT_SID e TWILIO_AUTH_TOKEN: defina as três (envio real) ou nenhuma (modo de demonstração)`,
      );
    }
  }
  if (raw.TWILIO_ACCOUNT_SID !== undefined && raw.TWILIO_AUTH_TOKEN === undefined) {
    throw new Error("Configuração inválida:\n  TWILIO_ACCOUNT_SID precisa de TWILIO_AUTH_TOKEN");
  }
  checkStorage(raw);
  const seed =
    raw.SEED_DEMO === undefined || raw.SEED_DEMO === ""
      ? !raw.DATABASE_URL
      : raw.SEED_DEMO === "true" || raw.SEED_DEMO === "1";
  return {
    ...raw,
    PUBLIC_URL: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    PUBLIC_URL_EXPLICIT: raw.PUBLIC_URL !== undefined,
    DATA_DIR: path.resolve(raw.DATA_DIR),
    SEED_DEMO: seed,
  };
}

/** Half an S3 configuration would quietly keep the photos on this machine, or fail on the first upload. */
function checkStorage(raw: RawEnv): void {
  const fail = (message: string) => {
    throw new Error(`Configuração inválida:\n  ${message}`);
  };
  const others = [
    "STORAGE_S3_ENDPOINT",
    "STORAGE_S3_REGION",
    "STORAGE_S3_ACCESS_KEY_ID",
    "STORAGE_S3_SECRET_ACCESS_KEY",
  ] as const;
  if (raw.STORAGE_S3_BUCKET === undefined) {
    const set = others.filter((name) => raw[name] !== undefined);
    if (set.length > 0) {
      fail(`${set.join(", ")} precisa de STORAGE_S3_BUCKET: sem o bucket, as fotos ficam em DATA_DIR/files`);
    }
    return;
  }
  if ((raw.STORAGE_S3_ACCESS_KEY_ID === undefined) !== (raw.STORAGE_S3_SECRET_ACCESS_KEY === undefined)) {
    fail("STORAGE_S3_ACCESS_KEY_ID e STORAGE_S3_SECRET_ACCESS_KEY vão juntas: defina as duas");
  }
  if (raw.STORAGE_S3_ENDPOINT === undefined && raw.STORAGE_S3_REGION === undefined) {
    fail("STORAGE_S3_BUCKET sem STORAGE_S3_ENDPOINT (AWS S3) precisa de STORAGE_S3_REGION, como sa-east-1");
  }
  if (raw.STORAGE_S3_ENDPOINT !== undefined && raw.STORAGE_S3_ACCESS_KEY_ID === undefined) {
    fail(
      "STORAGE_S3_ENDPOINT precisa de STORAGE_S3_ACCESS_KEY_ID e STORAGE_S3_SECRET_ACCESS_KEY: as chaves de acesso do servidor S3",
    );
  }
}
