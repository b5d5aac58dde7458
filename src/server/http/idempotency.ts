/**
 * `Idempotency-Key` on the POSTs of /api/v1 (docs/decisions/021-idempotency.md). A PBX that
 * retries after a timeout must not create two calls: the first request with a key claims it (an
 * INSERT that only one of two concurrent requests wins), runs, and stores its answer; a retry
 * with the same key and the same body gets that answer again (`Idempotent-Replayed: true`), one
 * with another body gets 422, and one arriving while the first still runs gets 409.
 *
 * Keys belong to an API key (two integrations may pick the same string) and last a day
 * (housekeeping). A 5xx is not stored: the retry runs again. A claim left by a process that died
 * mid-request is taken over after ABANDONED_AFTER_S.
 */
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Database } from "../db/client";
import { apiIdempotencia as idem } from "../db/schema";
import type { AppEnv } from "./context";
import { AppError, badRequest, conflict } from "./errors";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
const ABANDONED_AFTER_S = 60;
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotent(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const chave = c.req.header(IDEMPOTENCY_HEADER);
    if (chave === undefined) return next();
    if (!VALID_KEY.test(chave)) {
      throw badRequest("Idempotency-Key inválida: use de 1 a 255 caracteres visíveis (um UUID, por exemplo).", [
        { path: "Idempotency-Key", message: "Use de 1 a 255 caracteres visíveis" },
      ]);
    }
    const apiKeyId = c.get("apiKey").id;
    const rota = `${c.req.method} ${c.req.path}`;
    const corpoHash = createHash("sha256")
      .update(await c.req.text())
      .digest("hex");
    const mine = and(eq(idem.apiKeyId, apiKeyId), eq(idem.chave, chave));

    let claimed =
      (
        await db
          .insert(idem)
          .values({ apiKeyId, chave, rota, corpoHash })
          .onConflictDoNothing()
          .returning({ chave: idem.chave })
      ).length > 0;

    if (!claimed) {
      const [first] = await db.select().from(idem).where(mine);
      if (first && (first.rota !== rota || first.corpoHash !== corpoHash)) {
        throw new AppError(
          422,
          "IDEMPOTENCY_KEY_REUSED",
          "Esta Idempotency-Key já foi usada com outra requisição. Use uma chave nova para cada operação.",
        );
      }
      if (first && first.statusHttp !== null) {
        c.header(REPLAYED_HEADER, "true");
        if (first.resposta === null) return c.body(null, first.statusHttp as 204);
        return c.json(first.resposta, first.statusHttp as ContentfulStatusCode);
      }
      // Still running, or left behind by a process that died: take over only the latter.
      claimed =
        (
          await db
            .update(idem)
            .set({ createdAt: sql`now()` })
            .where(
              and(
                mine,
                isNull(idem.statusHttp),
                lt(idem.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_S})`),
              ),
            )
            .returning({ chave: idem.chave })
        ).length > 0;
      // (No row at all: the first attempt just failed with a 5xx and let go; the next retry runs.)
      if (!claimed) {
        c.header("Retry-After", "1");
        throw conflict("Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.");
      }
    }

    await next();
    const status = c.res.status;
    if (status >= 500) {
      await db.delete(idem).where(mine);
      return;
    }
    const text = await c.res.clone().text();
    let resposta: unknown = null;
    if (text) {
      try {
        resposta = JSON.parse(text);
      } catch {
        resposta = null;
      }
    }
    await db.update(idem).set({ statusHttp: status, resposta }).where(mine);
  };
}
