/**
 * The PIN-guess limit at the gate (docs/decisions/023-passes-and-access-log.md): per validator (a
 * porteiro's login or an API key) and per condominium. Like the sign-in throttle
 * (docs/decisions/011-sign-in-throttling.md, auth/login-throttle.ts), an attempt is counted and
 * admitted or refused in one upsert on better-auth's `rate_limit` table, before the PIN is looked
 * up: parallel attempts queue on the counter's row lock and each sees the previous one's count, so
 * a burst gets exactly the budget's worth of guesses, on every instance. Once the PIN has been
 * looked up, one that named a pass gives its count back (a busy gate types many right PINs); only
 * a wrong PIN stays counted.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { rateLimit } from "../../db/schema";
import { tooManyRequests } from "../../http/errors";

/**
 * Wrong PINs tolerated in a window before the gate asks to wait: per validator and per
 * condominium. The validator's budget is the smaller one, so a single stolen login or key stops
 * itself long before it can use the condominium's up and lock the other porteiros out of PIN
 * entry; several guessing together still hit the condominium's limit.
 */
export const PIN_GUESS_LIMIT = { porValidador: 10, porCondominio: 30, windowMs: 15 * 60_000 };

const KEY_PREFIX = "guarita:pin:";

/** Who typed the PIN, as the counters name them. */
export interface PinValidator {
  userId: string | null;
  apiKeyId: string | null;
  /** A gate's kiosk or phone line (the virtual attendant there): its own budget, "totem:<id>", "telefone:<gate>". */
  dispositivo?: string;
}

/** One counted attempt: the counters it took, each with its window, to give back if the PIN was right. */
export interface PinAttempt {
  counters: { key: string; windowStart: number }[];
}

type Counted = { admitted: true; windowStart: number } | { admitted: false; retryAfterSeconds: number };

/**
 * Counts one attempt on `key` and decides, under the row lock of the upsert: a window opens with
 * the first counted attempt and lasts `windowMs`; inside it, an attempt is admitted while fewer
 * than `max` are counted. A refused attempt is not counted (it checked no PIN) and learns when the
 * window ends. The row's `id` is set to the admitted attempt's, so RETURNING tells this attempt
 * whether it was admitted.
 */
async function countAttempt(db: Executor, key: string, max: number, now: number): Promise<Counted> {
  const attemptId = randomUUID();
  const windowStartsAfter = now - PIN_GUESS_LIMIT.windowMs;
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
  const waitMs = Math.min(PIN_GUESS_LIMIT.windowMs, row.lastRequest + PIN_GUESS_LIMIT.windowMs - now);
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Gives one count back to `key`, unless its window has been restarted since (then it is not ours). */
async function giveBack(db: Executor, counter: { key: string; windowStart: number }) {
  await db
    .update(rateLimit)
    .set({ count: sql`GREATEST(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, counter.key), eq(rateLimit.lastRequest, counter.windowStart)));
}

// The texts the console shows (docs/product.md, "Portaria"); the exact wait goes in Retry-After.
const VALIDATOR_SPENT =
  "Você digitou muitos PINs incorretos nos últimos 15 minutos. Aguarde alguns minutos ou leia o QR Code do passe.";
const CONDOMINIUM_SPENT =
  "Muitos PINs incorretos neste condomínio nos últimos 15 minutos. Aguarde alguns minutos ou leia o QR Code do passe.";

/**
 * Counts a PIN attempt against the validator's budget, then the condominium's; throws the 429
 * (with Retry-After) when either is spent. A refusal by the condominium gives the validator's
 * count back, so a refused attempt costs nothing.
 */
export async function admitPinAttempt(
  db: Executor,
  condominioId: string,
  who: PinValidator,
  now: Date,
): Promise<PinAttempt> {
  const at = now.getTime();
  const validator = who.apiKeyId
    ? `chave:${who.apiKeyId}`
    : who.dispositivo
      ? who.dispositivo
      : `login:${who.userId ?? "desconhecido"}`;
  const mineKey = `${KEY_PREFIX}validador:${condominioId}:${validator}`;
  const mine = await countAttempt(db, mineKey, PIN_GUESS_LIMIT.porValidador, at);
  if (!mine.admitted) {
    throw tooManyRequests(VALIDATOR_SPENT, mine.retryAfterSeconds);
  }
  const condoKey = `${KEY_PREFIX}condominio:${condominioId}`;
  const condo = await countAttempt(db, condoKey, PIN_GUESS_LIMIT.porCondominio, at);
  if (!condo.admitted) {
    await giveBack(db, { key: mineKey, windowStart: mine.windowStart });
    throw tooManyRequests(CONDOMINIUM_SPENT, condo.retryAfterSeconds);
  }
  return {
    counters: [
      { key: mineKey, windowStart: mine.windowStart },
      { key: condoKey, windowStart: condo.windowStart },
    ],
  };
}

/** After the lookup: a PIN that named a pass (or an attempt that failed before answering) is not a guess. */
export async function forgivePinAttempt(db: Executor, attempt: PinAttempt): Promise<void> {
  for (const counter of attempt.counters) await giveBack(db, counter);
}
