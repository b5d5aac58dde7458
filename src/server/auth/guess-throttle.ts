/**
 * Limits on guessing a short secret at the gate: a pass's PIN (docs/decisions/023-passes-and-access-log.md)
 * and a package's pickup code (docs/decisions/043-deliveries.md). Per validator (a porteiro's login,
 * an API key, a kiosk) and per condominium. Like the sign-in throttle
 * (docs/decisions/011-sign-in-throttling.md), an attempt is counted and admitted or refused in one
 * upsert on better-auth's `rate_limit` table, before the secret is looked up: parallel attempts queue
 * on the counter's row lock and each sees the previous one's count, so a burst gets exactly the
 * budget's worth of guesses, on every instance. Once looked up, an attempt that named something real
 * gives its count back (a busy gate types many right codes); only a wrong one stays counted.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { rateLimit } from "../db/schema";
import { tooManyRequests } from "../http/errors";

/** One secret's budget and the texts the console shows when it is spent (the exact wait goes in Retry-After). */
export interface GuessKind {
  /** The counters' key prefix ("guarita:pin:"). */
  prefix: string;
  porValidador: number;
  porCondominio: number;
  windowMs: number;
  validatorSpent: string;
  condominiumSpent: string;
}

/** Who typed the secret, as the counters name them. */
export interface GuessValidator {
  userId: string | null;
  apiKeyId: string | null;
  /** A gate's kiosk or phone line (the virtual attendant there): its own budget, "totem:<id>", "telefone:<gate>". */
  dispositivo?: string;
}

/** One counted attempt: the counters it took, each with its window, to give back if the secret was right. */
export interface GuessAttempt {
  counters: { key: string; windowStart: number }[];
}

type Counted = { admitted: true; windowStart: number } | { admitted: false; retryAfterSeconds: number };

/**
 * Counts one attempt on `key` and decides, under the row lock of the upsert: a window opens with
 * the first counted attempt and lasts `windowMs`; inside it, an attempt is admitted while fewer
 * than `max` are counted. A refused attempt is not counted (it checked nothing) and learns when the
 * window ends. The row's `id` is set to the admitted attempt's, so RETURNING tells this attempt
 * whether it was admitted.
 */
async function countAttempt(db: Executor, key: string, max: number, windowMs: number, now: number): Promise<Counted> {
  const attemptId = randomUUID();
  const windowStartsAfter = now - windowMs;
  const expired = sql`${rateLimit.lastRequest} <= ${windowStartsAfter}::bigint`;
  const admit = sql`(${expired} OR ${rateLimit.count} < ${max}::int)`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: attemptId, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 WHEN ${admit} THEN ${rateLimit.count} + 1 ELSE ${rateLimit.count} END`,
        lastRequest: sql`CASE WHEN ${expired} THEN ${now}::bigint ELSE ${rateLimit.lastRequest} END`,
        id: sql`CASE WHEN ${admit} THEN ${attemptId} ELSE ${rateLimit.id} END`,
      },
    })
    .returning({ id: rateLimit.id, lastRequest: rateLimit.lastRequest });
  if (!row || row.id === attemptId) return { admitted: true, windowStart: row?.lastRequest ?? now };
  const waitMs = Math.min(windowMs, row.lastRequest + windowMs - now);
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Gives one count back to `key`, unless its window has been restarted since (then it is not ours). */
async function giveBack(db: Executor, counter: { key: string; windowStart: number }) {
  await db
    .update(rateLimit)
    .set({ count: sql`GREATEST(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, counter.key), eq(rateLimit.lastRequest, counter.windowStart)));
}

/**
 * Counts an attempt against the validator's budget, then the condominium's; throws the 429 (with
 * Retry-After) when either is spent. A refusal by the condominium gives the validator's count back,
 * so a refused attempt costs nothing. The validator's budget is the smaller one, so a single stolen
 * login or key stops itself long before it can use the condominium's up and lock the other porteiros out.
 */
export async function admitGuess(
  db: Executor,
  kind: GuessKind,
  condominioId: string,
  who: GuessValidator,
  now: Date,
): Promise<GuessAttempt> {
  const at = now.getTime();
  const validator = who.apiKeyId
    ? `chave:${who.apiKeyId}`
    : who.dispositivo
      ? who.dispositivo
      : `login:${who.userId ?? "desconhecido"}`;
  const mineKey = `${kind.prefix}validador:${condominioId}:${validator}`;
  const mine = await countAttempt(db, mineKey, kind.porValidador, kind.windowMs, at);
  if (!mine.admitted) throw tooManyRequests(kind.validatorSpent, mine.retryAfterSeconds);
  const condoKey = `${kind.prefix}condominio:${condominioId}`;
  const condo = await countAttempt(db, condoKey, kind.porCondominio, kind.windowMs, at);
  if (!condo.admitted) {
    await giveBack(db, { key: mineKey, windowStart: mine.windowStart });
    throw tooManyRequests(kind.condominiumSpent, condo.retryAfterSeconds);
  }
  return {
    counters: [
      { key: mineKey, windowStart: mine.windowStart },
      { key: condoKey, windowStart: condo.windowStart },
    ],
  };
}

/** After the lookup: an attempt that named something real (or failed before answering) is not a guess. */
export async function forgiveGuess(db: Executor, attempt: GuessAttempt): Promise<void> {
  for (const counter of attempt.counters) await giveBack(db, counter);
}
