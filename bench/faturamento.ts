/**
 * Plans and billing at scale (docs/decisions/045-plans-and-billing.md; docs/benchmarks.md, "Plano e
 * faturamento"), on two tenants of their own, so the other parts' tenant keeps no subscription:
 * - the owner's account on Avançado (yearly): 2 condominiums, 5,000 units, this month's attendant usage
 *   and FATURAMENTO_FATURAS invoices (1,000) over six years (paid, a few failed or voided, a third with
 *   an NFS-e issued);
 * - an Essencial account with one condominium of 150 units (the limit is 200).
 * Then, through the real app as each owner: the plan page's summary (whose usage counts run on every
 * load), the invoices' first and a deep page; a unit created where the plan counts them (Essencial) and
 * where it does not (Avançado); a condominium refused at Avançado's limit (403 PLAN_LIMIT); the
 * read-only guard's lookup on a staff write (PUT of a unit) with the subscription and with none,
 * alternated call by call, the lookup alone, and the write refused (402 past the grace period); the
 * attendant's monthly counter (`registrarAtendimento`, in a transaction as its caller runs it) on a
 * limited plan, an unlimited one and at the limit, and a conversation opened through /api/v1 on the
 * limited plan, allowed and refused. Target: p95 under 50 ms.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { System } from "../src/server/bootstrap";
import type { Database } from "../src/server/db/client";
import { estadoCobranca, mesDeUso } from "../src/server/modules/faturamento/assinatura.service";
import { registrarAtendimento } from "../src/server/modules/faturamento/limites.service";
import { darAssinatura } from "../tests/support/billing";
import { createApiKeyClient, createTenantWithMember } from "../tests/support/factories";
import type { CallResult } from "../tests/support/http";
import type { BenchCase } from "./access";

export const FATURAMENTO_FATURAS = Number(process.env.BENCH_FATURAMENTO_FATURAS ?? 1_000);
export const FATURAMENTO_TARGET_MS = 50;
/** The Avançado account's registry: two condominiums of 2,500 units. */
const UNITS_PER_CONDO = 2_500;
/** The Essencial account's units (its plan allows 200, so creating one is counted and allowed). */
const ESSENCIAL_UNITS = 150;
/** The attendant's conversations already started this month on the Avançado account (the summary shows it). */
const ATENDIMENTOS_NO_MES = 4_321;
/** Six years of invoices back from today. */
const DAYS_BACK = 6 * 365;

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A number written into the statement (interval arithmetic needs a typed value, not an unknown parameter). */
const lit = (n: number) => sql.raw(String(Math.trunc(n)));

export interface FaturamentoSeed {
  condominios: number;
  unidades: number;
  faturas: number;
  faturas_pagas: number;
  atendimentos_no_mes: number;
  unidades_essencial: number;
  seconds: number;
}

/** The two accounts and what the cases below need of them. */
export interface FaturamentoWorld {
  avancado: Tenant & { assinaturaId: string; condominioId: string };
  essencial: Tenant & { assinaturaId: string; condominioId: string };
  seed: FaturamentoSeed;
}

async function seedUnits(db: Database, organizationId: string, condominioId: string, n: number, ramal: number) {
  await db.execute(sql`
    INSERT INTO unidades (organization_id, condominio_id, codigo, torre, pbx_ramal, busca)
    SELECT ${organizationId}, ${condominioId}, (100 + g % 25 * 100 + g / 25)::text, 'Bloco ' || (g / 250 + 1),
           (${lit(ramal)} + g)::text,
           lower((100 + g % 25 * 100 + g / 25)::text || ' bloco ' || (g / 250 + 1) || ' ' || (${lit(ramal)} + g)::text)
    FROM generate_series(0, ${lit(n - 1)}) g`);
}

async function seedCondominio(db: Database, organizationId: string, nome: string, timezone: string) {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO condominios (organization_id, nome, timezone) VALUES (${organizationId}, ${nome}, ${timezone})
      RETURNING id`),
  );
  return row!.id;
}

/**
 * The invoices of the Avançado account, one every DAYS_BACK / n days up to today, inserted in the order
 * they were made: 92% paid (a third of those with an NFS-e issued, the rest "nao_configurada"), 6%
 * failed with the card's reason, 2% voided; a tenth carries a proration line besides the plan's.
 */
async function seedFaturas(db: Database, assinaturaId: string, n: number) {
  await db.execute(sql`
    WITH g AS (SELECT gs, random() AS r, random() AS rn,
                      now() - make_interval(secs => (${lit(n)} - gs) * ${lit((DAYS_BACK * 86_400) / n)}) AS criada
               FROM generate_series(1, ${lit(n)}) gs),
         s AS (SELECT g.*, CASE WHEN g.r < 0.92 THEN 'paga' WHEN g.r < 0.98 THEN 'falhou' ELSE 'anulada' END AS status,
                      g.gs % 10 = 0 AS prorata
               FROM g)
    INSERT INTO faturas (assinatura_id, invoice_ref, status, descricao, valor_centavos, itens, periodo_inicio, periodo_fim,
                         paga_em, motivo_falha, nfse_status, nfse_ref, nfse_numero, nfse_url, created_at, updated_at)
    SELECT ${assinaturaId}, 'demo_in_' || s.gs, s.status,
           CASE WHEN s.prorata THEN 'Mudança para o plano Avançado (proporcional)' ELSE 'Plano Avançado (anual)' END,
           CASE WHEN s.prorata THEN 38133 ELSE 114900 END,
           CASE WHEN s.prorata
                THEN '[{"descricao":"Plano Avançado (proporcional)","valor_centavos":40833},{"descricao":"Crédito do plano Essencial","valor_centavos":-2700}]'::jsonb
                ELSE '[{"descricao":"Plano Avançado (anual, cobrado por mês)","valor_centavos":114900}]'::jsonb END,
           s.criada, s.criada + interval '1 month',
           CASE WHEN s.status = 'paga' THEN s.criada + interval '2 minutes' END,
           CASE WHEN s.status = 'falhou' THEN 'Cartão recusado pelo banco emissor.' END,
           CASE WHEN s.status = 'paga' AND s.rn < 0.33 THEN 'emitida' ELSE 'nao_configurada' END,
           CASE WHEN s.status = 'paga' AND s.rn < 0.33 THEN 'nfse_' || s.gs END,
           CASE WHEN s.status = 'paga' AND s.rn < 0.33 THEN (20240000 + s.gs)::text END,
           CASE WHEN s.status = 'paga' AND s.rn < 0.33 THEN 'https://nfse.exemplo.gov.br/nota/' || s.gs END,
           s.criada, s.criada
    FROM s ORDER BY s.criada`);
}

/** Seeds both accounts (owners signed in), then VACUUM ANALYZE as a live database's autovacuum would. */
export async function seedBenchFaturamento(system: System, n: number = FATURAMENTO_FATURAS): Promise<FaturamentoWorld> {
  const t0 = performance.now();
  const db = system.handle.db;
  const a = await createTenantWithMember(system, { role: "owner", name: "Administradora Bench Avançado" });
  const norte = await seedCondominio(db, a.org.id, "Residencial Faturamento Norte", "America/Sao_Paulo");
  const sul = await seedCondominio(db, a.org.id, "Residencial Faturamento Sul", "America/Recife");
  await seedUnits(db, a.org.id, norte, UNITS_PER_CONDO, 70_000);
  await seedUnits(db, a.org.id, sul, UNITS_PER_CONDO, 80_000);
  const assinaturaA = await darAssinatura(system, a.org.id, {
    plano: "avancado",
    ciclo: "yearly",
    cartaoBandeira: "visa",
    cartaoFinal: "4242",
    cartaoValidade: "12/30",
    compromissoAte: new Date(Date.now() + 200 * 86_400_000),
  });
  await seedFaturas(db, assinaturaA.id, n);
  await db.execute(sql`
    INSERT INTO uso_mensal (organization_id, mes, atendimentos)
    VALUES (${a.org.id}, ${mesDeUso(new Date())}, ${ATENDIMENTOS_NO_MES}),
           (${a.org.id}, (${mesDeUso(new Date())}::date - interval '1 month')::date, 5870)`);

  const e = await createTenantWithMember(system, { role: "owner", name: "Condomínio Bench Essencial" });
  const unico = await seedCondominio(db, e.org.id, "Residencial Faturamento Essencial", "America/Sao_Paulo");
  await seedUnits(db, e.org.id, unico, ESSENCIAL_UNITS, 90_000);
  const assinaturaE = await darAssinatura(system, e.org.id, { plano: "essencial", ciclo: "monthly" });

  for (const table of ["condominios", "unidades", "assinaturas", "faturas", "uso_mensal"]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  const [counts] = rowsOf<Omit<FaturamentoSeed, "seconds">>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM condominios WHERE organization_id = ${a.org.id})::int AS condominios,
             (SELECT count(*) FROM unidades WHERE organization_id = ${a.org.id})::int AS unidades,
             (SELECT count(*) FROM faturas WHERE assinatura_id = ${assinaturaA.id})::int AS faturas,
             (SELECT count(*) FROM faturas WHERE assinatura_id = ${assinaturaA.id} AND status = 'paga')::int AS faturas_pagas,
             (SELECT atendimentos FROM uso_mensal WHERE organization_id = ${a.org.id} AND mes = ${mesDeUso(new Date())})::int
               AS atendimentos_no_mes,
             (SELECT count(*) FROM unidades WHERE organization_id = ${e.org.id})::int AS unidades_essencial`),
  );
  return {
    avancado: { ...a, assinaturaId: assinaturaA.id, condominioId: norte },
    essencial: { ...e, assinaturaId: assinaturaE.id, condominioId: unico },
    seed: { ...counts!, seconds: Math.round((performance.now() - t0) / 100) / 10 },
  };
}

/**
 * The measured reads, as the Avançado account's owner. Each is asserted once: the summary shows the
 * plan and the seeded usage, the pages carry invoices and the total.
 */
export async function faturamentoCases(world: FaturamentoWorld): Promise<BenchCase[]> {
  const api = world.avancado.api;
  // The last page at the list's own page size (the console's).
  const first = await api.get("/api/faturamento/faturas");
  const deep = Math.max(1, Math.ceil(world.seed.faturas / Number(first.body?.page_size ?? 24)));
  const cases: BenchCase[] = [
    ["faturamento: resumo (uso contado)", () => api.get("/api/faturamento")],
    ["faturamento: faturas, 1ª página", () => api.get("/api/faturamento/faturas")],
    [`faturamento: faturas, página ${deep} (a última)`, () => api.get(`/api/faturamento/faturas?page=${deep}`)],
  ];
  const resumo = await api.get("/api/faturamento");
  const uso = resumo.body?.uso as { recurso: string; usado: number }[] | undefined;
  if (
    resumo.status !== 200 ||
    resumo.body.plano !== "avancado" ||
    uso?.find((u) => u.recurso === "unidades")?.usado !== world.seed.unidades ||
    uso?.find((u) => u.recurso === "atendimentos")?.usado !== world.seed.atendimentos_no_mes
  ) {
    throw new Error(`faturamento: resumo inesperado: HTTP ${resumo.status} ${JSON.stringify(resumo.body)}`);
  }
  for (const [name, call] of cases.slice(1)) {
    const res = (await call()) as { status: number; body: { items?: unknown[]; total?: number } };
    if (res.status !== 200 || !res.body.items?.length || res.body.total !== world.seed.faturas) {
      throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
    }
  }
  return cases;
}

type Answer = Pick<CallResult, "status" | "body">;
type Check = (res: Answer) => boolean;
const planLimit: Check = (res) => res.status === 403 && res.body?.error?.code === "PLAN_LIMIT";

/**
 * Each write `rounds` times, one at a time after 10 to warm up; a wrong answer fails the run. `after`
 * undoes what a call left (a created unit) outside the timing, so every call meets the same state.
 */
async function timed(
  name: string,
  rounds: number,
  call: (i: number) => Promise<Answer>,
  ok: Check,
  after?: (res: Answer) => Promise<unknown>,
): Promise<[string, number[]]> {
  const warm = 10;
  const times: number[] = [];
  for (let i = 0; i < rounds + warm; i++) {
    const t = performance.now();
    const res = await call(i);
    const ms = performance.now() - t;
    if (!ok(res)) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
    if (i >= warm) times.push(ms);
    if (after) await after(res);
  }
  return [name, times];
}

/**
 * The limits, the read-only guard and the attendant's counter, timed. The accounts are left as seeded:
 * created units are deleted, the detached or overdue subscription restored, the usage reset.
 */
export async function runFaturamentoWrites(
  system: System,
  world: FaturamentoWorld,
  rounds: number,
): Promise<[string, number[]][]> {
  const db = system.handle.db;
  const { avancado: a, essencial: e } = world;
  const out: [string, number[]][] = [];
  const created = (res: { status: number }) => res.status === 201;
  const dropUnit = (res: Answer) => db.execute(sql`DELETE FROM unidades WHERE id = ${res.body.id}`);
  const unit = (condominioId: string, i: number) => ({
    condominio_id: condominioId,
    codigo: `N${i}`,
    torre: "Bloco Novo",
    pbx_ramal: null,
    observacoes: null,
  });

  // Creating a unit: Essencial counts the tenant's active units under an advisory lock; Avançado has no
  // unit limit, so nothing is counted (the subscription is still read).
  out.push(
    await timed(
      `POST unidade: Essencial (${ESSENCIAL_UNITS} de 200, conta)`,
      rounds,
      (i) => e.api.post("/api/unidades", { json: unit(e.condominioId, i) }),
      created,
      dropUnit,
    ),
  );
  out.push(
    await timed(
      `POST unidade: Avançado (${world.seed.unidades.toLocaleString("pt-BR")}, sem limite)`,
      rounds,
      (i) => a.api.post("/api/unidades", { json: unit(a.condominioId, i) }),
      created,
      dropUnit,
    ),
  );
  // Avançado allows one condominium; the account holds two (nothing is deleted when a plan shrinks).
  out.push(
    await timed(
      "POST condomínio: limite do Avançado (403)",
      rounds,
      (i) => a.api.post("/api/condominios", { json: { nome: `Residencial Novo ${i}` } }),
      planLimit,
    ),
  );

  // The read-only guard on a staff write it looks the subscription up for: the same PUT of a unit with
  // the subscription, with none (detached: a contract account), and refused past the grace period.
  // A sample of the first condominium's units (PUT refuses moving a unit to another condominium).
  const units = rowsOf<{ id: string; codigo: string; torre: string; pbx_ramal: string }>(
    await db.execute(sql`
      SELECT id, codigo, torre, pbx_ramal FROM unidades WHERE condominio_id = ${a.condominioId}
      ORDER BY random() LIMIT 100`),
  );
  const put = (i: number) => {
    const u = units[i % units.length]!;
    return a.api.put(`/api/unidades/${u.id}`, {
      json: {
        condominio_id: a.condominioId,
        codigo: u.codigo,
        torre: u.torre,
        pbx_ramal: u.pbx_ramal,
        observacoes: `Interfone revisado (${i})`,
      },
    });
  };
  const ok200 = (res: { status: number }) => res.status === 200;
  // Alternated call by call (the subscription detached and attached again between them, untimed), so
  // the shared machine's load falls on both alike.
  const detach = (on: boolean) =>
    db.execute(sql`UPDATE assinaturas SET organization_id = ${on ? a.org.id : null} WHERE id = ${a.assinaturaId}`);
  const withSub: number[] = [];
  const withoutSub: number[] = [];
  try {
    for (let i = 0; i < rounds + 10; i++) {
      for (const [times, on] of [
        [withSub, true],
        [withoutSub, false],
      ] as const) {
        await detach(on);
        const t = performance.now();
        const res = await put(2 * i + (on ? 0 : 1));
        const ms = performance.now() - t;
        if (!ok200(res)) throw new Error(`PUT unidade: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
        if (i >= 10) times.push(ms);
      }
    }
  } finally {
    await detach(true);
  }
  out.push(["PUT unidade: com assinatura (guarda consulta)", withSub]);
  out.push(["PUT unidade: sem assinatura (contrato)", withoutSub]);
  // The guard's own work on those writes: one read of the subscription by its organization's unique index.
  out.push(
    await timed(
      "guarda: estadoCobranca sozinha",
      rounds,
      async () => ({ status: (await estadoCobranca(db, a.org.id)).somenteLeitura ? 402 : 200, body: null }),
      ok200,
    ),
  );
  await db.execute(sql`
    UPDATE assinaturas SET status = 'inadimplente', falha_em = now() - interval '10 days' WHERE id = ${a.assinaturaId}`);
  try {
    out.push(
      await timed(
        "PUT unidade: somente leitura (402)",
        rounds,
        put,
        (res) => res.status === 402 && res.body?.error?.code === "ACCOUNT_READ_ONLY",
      ),
    );
  } finally {
    await db.execute(sql`UPDATE assinaturas SET status = 'ativa', falha_em = NULL WHERE id = ${a.assinaturaId}`);
  }

  // The attendant's monthly counter, in a transaction as startConversa runs it.
  const mes = mesDeUso(new Date());
  const setUsage = (org: string, n: number) =>
    db.execute(sql`
      INSERT INTO uso_mensal (organization_id, mes, atendimentos) VALUES (${org}, ${mes}, ${n})
      ON CONFLICT (organization_id, mes) DO UPDATE SET atendimentos = excluded.atendimentos`);
  const counter = (org: string) => async () => {
    const allowed = await db.transaction((tx) => registrarAtendimento(tx, org));
    return { status: allowed ? 200 : 403, body: { allowed } };
  };
  await setUsage(e.org.id, 300);
  out.push(await timed("registrarAtendimento: Essencial (300 de 1.000)", rounds, counter(e.org.id), ok200));
  out.push(await timed("registrarAtendimento: Avançado (ilimitado)", rounds, counter(a.org.id), ok200));
  await setUsage(e.org.id, 1_000);
  out.push(
    await timed("registrarAtendimento: Essencial no limite", rounds, counter(e.org.id), (r) => r.status === 403),
  );

  // A conversation opened through the integrations' API on the Essencial account: the counter with
  // the conversation's insert, in one transaction; refused once the month's 1,000 are used.
  const key = await createApiKeyClient(system, e.cookie, "Totem Bench");
  const open = () =>
    key.api.post("/api/v1/atendente/conversas", {
      json: { condominio_id: e.condominioId },
      headers: { "idempotency-key": randomUUID() },
    });
  out.push(await timed("v1: abrir conversa, Essencial no limite (403)", rounds, open, planLimit));
  await setUsage(e.org.id, 300);
  out.push(await timed("v1: abrir conversa, Essencial (conta)", rounds, open, created));
  await setUsage(a.org.id, ATENDIMENTOS_NO_MES);
  await setUsage(e.org.id, 0);
  return out;
}
