/**
 * The PIN-guess limit under parallel requests (docs/decisions/023-passes-and-access-log.md): a
 * burst of guesses sent at once, over real HTTP connections to the app, gets no more checked PINs
 * than the budget allows, on the console's route and on the gate controllers' /api/v1 route alike.
 * Runs on PGlite and on PostgreSQL: each attempt is counted in one statement before its PIN is
 * looked up, so the limit holds whatever order the database runs the requests' statements in.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem, TEST_ORIGIN } from "../../../../tests/support/system";
import { addDays, localClock } from "../../../shared/pass-schedule";
import { passeValidacoes } from "../../db/schema";
import { PIN_GUESS_LIMIT } from "./pin-throttle";

const system = setupTestSystem();
const TZ = "America/Sao_Paulo";

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Condo = Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let tenant: Tenant;
let server: ReturnType<typeof serve>;
let baseUrl: string;

beforeAll(async () => {
  tenant = await createTenantWithMember(system(), { role: "sindico" });
  server = serve({ fetch: system().app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Who sends the burst: a gate controller's key (/api/v1) or a porteiro's login (the console). */
type Validator = { route: "v1"; secret: string } | { route: "console"; cookie: string };

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { resultado?: string; liberado?: boolean; error?: { message: string } };
}

/** One POST over a real connection, as a gate controller or the console's browser sends it. */
async function validate(who: Validator, condo: Condo, pin: string): Promise<Answer> {
  const v1 = who.route === "v1";
  const res = await fetch(`${baseUrl}${v1 ? "/api/v1/passes/validar" : "/api/portaria/validacoes"}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(v1 ? { authorization: `Bearer ${who.secret}` } : { cookie: who.cookie, origin: TEST_ORIGIN }),
    },
    body: JSON.stringify({ condominio_id: condo.condominio.id, pin }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

/** Local HH:MM in São Paulo, `minutes` from now. */
function hm(minutes: number): string {
  const { seconds } = localClock(new Date(Date.now() + minutes * 60_000), TZ);
  const m = Math.floor(seconds / 60);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** A condominium with one pass valid now; returns its PIN and `count` other PINs, all wrong. */
async function condoWithPass(count: number) {
  const condo = await createCondominioWithUnidade(system(), tenant.org.id);
  const today = localClock(new Date(), TZ).date;
  const res = await tenant.api.post("/api/passes", {
    json: {
      condominio_id: condo.condominio.id,
      unidade_id: condo.unidade.id,
      tipo: "visitante",
      nome: "Maria Visitante",
      modalidade: "recorrente",
      data_inicio: addDays(today, -1),
      data_fim: addDays(today, 30),
      dias_semana: [0, 1, 2, 3, 4, 5, 6],
      hora_inicio: hm(-60),
      hora_fim: hm(60),
      intervalo_minimo_segundos: 0,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const pin = res.body.pin as string;
  const wrong = Array.from({ length: count + 1 }, (_, i) => String(100_000 + i * 7919))
    .filter((p) => p !== pin)
    .slice(0, count);
  return { condo, pin, wrong };
}

async function newKey() {
  const { key } = await createApiKeyClient(system(), tenant.cookie, `Portão ${Math.random()}`);
  return { route: "v1", secret: key.segredo } as const;
}
async function newPorteiro() {
  const { cookie } = await addSignedInMember(system(), tenant.org.id, "porteiro");
  return { route: "console", cookie } as const;
}

/** Every answer is a checked wrong PIN or a 429 that says when to come back. */
function tally(answers: Answer[]) {
  const checked = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 429);
  expect(checked.length + refused.length, JSON.stringify(answers.find((a) => ![200, 429].includes(a.status)))).toBe(
    answers.length,
  );
  for (const a of checked) expect(a.body.resultado).toBe("pin_invalido");
  for (const a of refused) {
    const seconds = Number(a.retryAfter);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(PIN_GUESS_LIMIT.windowMs / 1000);
  }
  return { checked: checked.length, refused };
}

async function loggedWrongPins(condo: Condo) {
  const rows = await system()
    .handle.db.select({ id: passeValidacoes.id })
    .from(passeValidacoes)
    .where(and(eq(passeValidacoes.condominioId, condo.condominio.id), eq(passeValidacoes.resultado, "pin_invalido")));
  return rows.length;
}

describe("PIN-guess limit under a parallel burst", () => {
  for (const route of ["v1", "console"] as const) {
    const where = route === "v1" ? "one API key on /api/v1/passes/validar" : "one porteiro's login on the console";
    it(`50 parallel wrong PINs from ${where}: 10 are checked, 40 get 429 with Retry-After, and the right PIN waits too`, async () => {
      const { condo, pin, wrong } = await condoWithPass(50);
      const who = route === "v1" ? await newKey() : await newPorteiro();

      const { checked, refused } = tally(await Promise.all(wrong.map((guess) => validate(who, condo, guess))));
      expect(checked).toBe(PIN_GUESS_LIMIT.porValidador);
      expect(refused).toHaveLength(50 - PIN_GUESS_LIMIT.porValidador);
      expect(refused[0]!.body.error?.message).toContain("Você digitou muitos PINs incorretos");
      expect(await loggedWrongPins(condo)).toBe(PIN_GUESS_LIMIT.porValidador);

      // A right guess after the burst doesn't open the gate nor name the pass holder.
      const right = await validate(who, condo, pin);
      expect(right.status).toBe(429);
      expect(right.body).not.toHaveProperty("liberado");
      expect(Number(right.retryAfter)).toBeGreaterThan(0);
    });
  }

  it("the condominium's budget holds too: four validators guessing at once get 30 checked PINs in all", async () => {
    const perValidator = PIN_GUESS_LIMIT.porValidador + 2;
    const { condo, pin, wrong } = await condoWithPass(4 * perValidator);
    const validators = [await newKey(), await newKey(), await newPorteiro(), await newPorteiro()];

    const bursts = await Promise.all(
      validators.map((who, v) =>
        Promise.all(wrong.slice(v * perValidator, (v + 1) * perValidator).map((guess) => validate(who, condo, guess))),
      ),
    );
    const counts = bursts.map((answers) => tally(answers).checked);
    for (const n of counts) expect(n).toBeLessThanOrEqual(PIN_GUESS_LIMIT.porValidador);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(PIN_GUESS_LIMIT.porCondominio);
    expect(await loggedWrongPins(condo)).toBe(PIN_GUESS_LIMIT.porCondominio);

    // Another porteiro, who guessed nothing, waits at this gate as well.
    const fresh = await validate(await newPorteiro(), condo, pin);
    expect(fresh.status).toBe(429);
    expect(fresh.body.error?.message).toContain("Muitos PINs incorretos neste condomínio");
    expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
  });
});
