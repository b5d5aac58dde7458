/**
 * API keys on /api/v1 (docs/decisions/019-api-keys.md): `Authorization: Bearer gk_…`.
 *
 * - The secret is 32 random bytes; only its SHA-256 is stored, looked up through a unique index. A
 *   fast hash is right here (unlike passwords): the secret has 256 bits, nothing to guess.
 * - A revoked key fails at once on every instance: every request reads the row.
 * - A key acts inside its own tenant only (the route reads `c.var.apiKey.organizationId`) and with
 *   its scopes only (403 naming the missing scope).
 * - Each key has a request budget per minute, counted in PostgreSQL so every instance shares it;
 *   past it, 429 with Retry-After.
 * - `ultimo_uso_em` is written at most once a minute per key, by a conditional UPDATE.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { ApiKeyScope } from "../../shared/domain";
import type { Database } from "../db/client";
import { apiKeys } from "../db/schema";
import type { AppEnv } from "../http/context";
import { AppError, forbidden, unauthorized } from "../http/errors";
import { hitLimit } from "../http/rate-limit";

export const API_KEY_PREFIX = "gk_";
/** Requests per key per minute. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
const LIMIT_WINDOW_MS = 60_000;

export interface ApiKeyContext {
  id: string;
  organizationId: string;
  nome: string;
  escopos: readonly ApiKeyScope[];
}

/** A new secret: `gk_` + 43 base64url characters; the prefix shown in lists is its first 11. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + 8), hash: hashApiKey(secret) };
}

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

const INVALID_KEY = "Chave de API inválida ou revogada.";
const MISSING_KEY = "Envie a chave de API no cabeçalho Authorization: Bearer <chave>.";

function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/** Authenticates the key and checks one scope; sets `c.var.apiKey`. */
export function requireApiKey(db: Database, scope: ApiKeyScope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = bearerOf(c.req.header("authorization"));
    if (!secret) throw unauthorized(MISSING_KEY);
    if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) throw unauthorized(INVALID_KEY);
    const [key] = await db
      .select({
        id: apiKeys.id,
        organizationId: apiKeys.organizationId,
        nome: apiKeys.nome,
        escopos: apiKeys.escopos,
        ultimoUsoEm: apiKeys.ultimoUsoEm,
      })
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, hashApiKey(secret)), isNull(apiKeys.revogadoEm)));
    if (!key) throw unauthorized(INVALID_KEY);

    if (!(await hitLimit(db, `api-key:${key.id}`, { max: API_KEY_REQUESTS_PER_MINUTE, windowMs: LIMIT_WINDOW_MS }))) {
      c.header("Retry-After", String(LIMIT_WINDOW_MS / 1000));
      throw new AppError(
        429,
        "TOO_MANY_REQUESTS",
        `Limite de ${API_KEY_REQUESTS_PER_MINUTE} requisições por minuto desta chave atingido. Tente novamente em instantes.`,
      );
    }
    const escopos = key.escopos as ApiKeyScope[];
    if (!escopos.includes(scope)) throw forbidden(`Esta chave de API não tem a permissão "${scope}".`);

    if (!key.ultimoUsoEm || Date.now() - key.ultimoUsoEm.getTime() > LIMIT_WINDOW_MS) {
      await db
        .update(apiKeys)
        .set({ ultimoUsoEm: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, key.id),
            or(isNull(apiKeys.ultimoUsoEm), lt(apiKeys.ultimoUsoEm, sql`now() - interval '1 minute'`)),
          ),
        );
    }
    c.set("apiKey", { id: key.id, organizationId: key.organizationId, nome: key.nome, escopos });
    await next();
  };
}
