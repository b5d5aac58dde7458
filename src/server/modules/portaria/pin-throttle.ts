/**
 * The PIN-guess limit at the gate (docs/decisions/023-passes-and-access-log.md): per validator (a
 * porteiro's login or an API key) and per condominium, counted and decided atomically by
 * auth/guess-throttle.ts. A PIN that named a pass gives its count back; only a wrong PIN stays counted.
 */

import {
  admitGuess,
  forgiveGuess,
  type GuessAttempt,
  type GuessKind,
  type GuessValidator,
} from "../../auth/guess-throttle";
import type { Executor } from "../../db/client";

/**
 * Wrong PINs tolerated in a window before the gate asks to wait: per validator and per
 * condominium. Several guessing together still hit the condominium's limit.
 */
export const PIN_GUESS_LIMIT = { porValidador: 10, porCondominio: 30, windowMs: 15 * 60_000 };

// The texts the console shows (docs/product.md, "Portaria").
const PIN_GUESSES: GuessKind = {
  prefix: "guarita:pin:",
  ...PIN_GUESS_LIMIT,
  validatorSpent:
    "Você digitou muitos PINs incorretos nos últimos 15 minutos. Aguarde alguns minutos ou leia o QR Code do passe.",
  condominiumSpent:
    "Muitos PINs incorretos neste condomínio nos últimos 15 minutos. Aguarde alguns minutos ou leia o QR Code do passe.",
};

/** Who typed the PIN, as the counters name them. */
export type PinValidator = GuessValidator;
export type PinAttempt = GuessAttempt;

export function admitPinAttempt(db: Executor, condominioId: string, who: PinValidator, now: Date): Promise<PinAttempt> {
  return admitGuess(db, PIN_GUESSES, condominioId, who, now);
}

/** After the lookup: a PIN that named a pass (or an attempt that failed before answering) is not a guess. */
export function forgivePinAttempt(db: Executor, attempt: PinAttempt): Promise<void> {
  return forgiveGuess(db, attempt);
}
