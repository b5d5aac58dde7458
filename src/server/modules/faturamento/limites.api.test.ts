/**
 * The plan's limits, enforced (docs/decisions/045-plans-and-billing.md): condominiums and units are
 * refused past the plan's numbers with a message that names the limit and a link to "Plano e
 * faturamento", parallel creations cannot pass it, nothing is taken away when a plan shrinks, and the
 * attendant's conversations of the month stop at the limit with a message the visitor understands.
 * The numbers are the plan catalogue's (src/shared/plans.ts), the same the site's plan cards print.
 */
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  assinaturas,
  atendenteConversas,
  atendenteEnvios,
  condominios,
  portoes,
  unidades,
  usoMensal,
} from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { ATENDIMENTO_INDISPONIVEL_VISITANTE, limiteAtingidoMensagem, PLANO_PATH } from "@/shared/faturamento";
import { LIMITED_RESOURCES, limitLines, limitOf, PLAN_IDS, PLANS, type PlanId } from "@/shared/plans";
import { darAssinatura } from "../../../../tests/support/billing";
import {
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem } from "../../../../tests/support/system";
import { answerCall } from "../telefonia/linha-visitante.service";
import { whatsAppTurn } from "../telefonia/whatsapp-visitante.service";
import { mesDeUso } from "./assinatura.service";
import { usoDaOrganizacao } from "./limites.service";

const system = setupTestSystem();
const db = () => system().handle.db;
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;

async function tenantNoPlano(plano: PlanId): Promise<Tenant> {
  const t = await createTenantWithMember(system(), { role: "sindico" });
  await darAssinatura(system(), t.org.id, { plano });
  return t;
}

async function mudarPlano(t: Tenant, plano: PlanId) {
  await db().update(assinaturas).set({ plano }).where(eq(assinaturas.organizationId, t.org.id));
}

async function contar(table: typeof condominios | typeof unidades | typeof atendenteConversas, org: string) {
  const [row] = await db().select({ n: count() }).from(table).where(eq(table.organizationId, org));
  return row!.n;
}

const novoCondominio = (t: Tenant, nome: string, enabled = true) =>
  t.api.post("/api/condominios", { json: { nome, timezone: "America/Sao_Paulo", enabled } });

const novaUnidade = (t: Tenant, condominioId: string, codigo: string, enabled = true) =>
  t.api.post("/api/unidades", {
    json: { condominio_id: condominioId, codigo, torre: null, pbx_ramal: null, observacoes: null, enabled },
  });

/** Active units written straight into the table (fast), as if registered before the limit existed. */
async function unidadesDiretas(org: string, condominioId: string, n: number, prefixo = "D") {
  if (n <= 0) return;
  await db()
    .insert(unidades)
    .values(
      Array.from({ length: n }, (_, i) => ({
        organizationId: org,
        condominioId,
        codigo: `${prefixo}${i + 1}`,
        busca: buildSearchText([`${prefixo}${i + 1}`]),
      })),
    );
}

async function condominiosDiretos(org: string, n: number) {
  for (let i = 0; i < n; i++) {
    const nome = `Anterior ${i + 1}`;
    await db()
      .insert(condominios)
      .values({ organizationId: org, nome, busca: buildSearchText([nome]) });
  }
}

function expectPlanLimit(
  res: { status: number; body: { error: { code: string; message: string; link?: string } } },
  message: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.error).toMatchObject({ code: "PLAN_LIMIT", message, link: PLANO_PATH });
}

function planilha(condominioId: string, codigos: string[]) {
  const linhas = ["Torre;Unidade;Ramal;Nome do morador;CPF;Telefone;E-mail;Responsável (sim/não)"];
  for (const codigo of codigos) linhas.push(`Torre I;${codigo};;;;;;`);
  const form = new FormData();
  form.set("condominio_id", condominioId);
  form.set("arquivo", new File([new TextEncoder().encode(`\uFEFF${linhas.join("\r\n")}`)], "unidades.csv"));
  return form;
}

describe("limite de condomínios", () => {
  it("Avançado: the second condominium is refused naming the limit, nothing created; upgrading lifts it at once", async () => {
    const t = await tenantNoPlano("avancado");
    expect((await novoCondominio(t, "Residencial Primeiro")).status).toBe(201);

    const second = await novoCondominio(t, "Residencial Segundo");
    expectPlanLimit(
      second,
      "O plano Avançado inclui 1 condomínio. Para cadastrar outro, mude de plano em Plano e faturamento.",
    );
    expect(await contar(condominios, t.org.id)).toBe(1);

    // An inactive one is not counted, so it may be registered; making it active is what the plan refuses.
    const inactive = await novoCondominio(t, "Residencial Inativo", false);
    expect(inactive.status).toBe(201);
    const reactivate = await t.api.put(`/api/condominios/${inactive.body.id}`, {
      json: { nome: "Residencial Inativo", timezone: "America/Sao_Paulo", enabled: true },
    });
    expectPlanLimit(reactivate, limiteAtingidoMensagem("condominios", "avancado"));
    expect((await t.api.get(`/api/condominios/${inactive.body.id}`)).body.enabled).toBe(false);

    await mudarPlano(t, "personalizado");
    const again = await t.api.put(`/api/condominios/${inactive.body.id}`, {
      json: { nome: "Residencial Inativo", timezone: "America/Sao_Paulo", enabled: true },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.enabled).toBe(true);
    expect((await novoCondominio(t, "Residencial Segundo")).status).toBe(201);
    expect(await usoDaOrganizacao(db(), t.org.id, new Date())).toMatchObject({ condominios: 3 });
  });

  it("ten parallel creations on an Avançado account with none: exactly one is created", async () => {
    const t = await tenantNoPlano("avancado");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => novoCondominio(t, `Paralelo ${i + 1}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(403)]);
    for (const r of results.filter((r) => r.status === 403)) expect(r.body.error.code).toBe("PLAN_LIMIT");
    expect(await contar(condominios, t.org.id)).toBe(1);
  });

  it("a plan that shrinks takes nothing away: both condominiums stay listed and editable, only a third is refused", async () => {
    const t = await tenantNoPlano("avancado");
    await condominiosDiretos(t.org.id, 2);
    const list = await t.api.get("/api/condominios");
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((c: { enabled: boolean }) => c.enabled)).toEqual([true, true]);
    const edit = await t.api.put(`/api/condominios/${list.body.items[0].id}`, {
      json: { nome: "Anterior 1 (renomeado)", timezone: "America/Sao_Paulo", enabled: true },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expectPlanLimit(await novoCondominio(t, "Terceiro"), limiteAtingidoMensagem("condominios", "avancado"));
    expect(await contar(condominios, t.org.id)).toBe(2);
    expect(await usoDaOrganizacao(db(), t.org.id, new Date())).toEqual({
      condominios: 2,
      unidades: 0,
      atendimentos: 0,
    });
  });

  it("an account without a subscription (a contract with sales) is unlimited", async () => {
    const t = await createTenantWithMember(system(), { role: "sindico" });
    for (const nome of ["Um", "Dois", "Três"])
      expect((await novoCondominio(t, `Residencial ${nome}`)).status).toBe(201);
  });
});

describe("limite de unidades", () => {
  it("Essencial: 200 units, by spreadsheet and one by one; the 201st is refused, a spreadsheet counts its whole batch", async () => {
    const t = await tenantNoPlano("essencial");
    const condo = await novoCondominio(t, "Residencial Essencial");
    expect(condo.status).toBe(201);
    const condominioId = condo.body.id as string;

    const lote = Array.from({ length: 199 }, (_, i) => String(i + 1));
    const imported = await t.api.post("/api/importacoes", { form: planilha(condominioId, lote) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.unidades_criadas).toBe(199);

    // Two more in one file would make 201: the whole file is refused, none of it written.
    const excess = await t.api.post("/api/importacoes", { form: planilha(condominioId, ["900", "901"]) });
    expectPlanLimit(excess, limiteAtingidoMensagem("unidades", "essencial"));
    expect(await contar(unidades, t.org.id)).toBe(199);

    expect((await novaUnidade(t, condominioId, "200")).status).toBe(201);
    const over = await novaUnidade(t, condominioId, "201");
    expectPlanLimit(
      over,
      "O plano Essencial inclui até 200 unidades. Para cadastrar mais, mude de plano em Plano e faturamento.",
    );
    expect(await contar(unidades, t.org.id)).toBe(200);

    // An inactive unit is not counted; reactivating it is refused at the limit.
    const inactive = await novaUnidade(t, condominioId, "300", false);
    expect(inactive.status, JSON.stringify(inactive.body)).toBe(201);
    const reactivate = await t.api.put(`/api/unidades/${inactive.body.id}`, {
      json: {
        condominio_id: condominioId,
        codigo: "300",
        torre: null,
        pbx_ramal: null,
        observacoes: null,
        enabled: true,
      },
    });
    expectPlanLimit(reactivate, limiteAtingidoMensagem("unidades", "essencial"));
    expect((await t.api.get(`/api/unidades/${inactive.body.id}`)).body.enabled).toBe(false);
    expect(await usoDaOrganizacao(db(), t.org.id, new Date())).toMatchObject({ condominios: 1, unidades: 200 });

    await mudarPlano(t, "avancado");
    expect((await novaUnidade(t, condominioId, "201")).status).toBe(201);
  });
});

describe("the limits the server enforces are the plan cards' numbers (src/shared/plans.ts)", () => {
  const numericos = PLAN_IDS.flatMap((plano) =>
    (["condominios", "unidades"] as const).flatMap((recurso) => {
      const limite = limitOf(PLANS[plano].limites, recurso);
      return limite === null ? [] : [{ plano, recurso, limite }];
    }),
  );

  it("has numeric limits to compare (the catalogue has not lost them)", () => {
    expect(numericos.length).toBeGreaterThan(0);
    expect(LIMITED_RESOURCES).toContain("condominios");
  });

  for (const { plano, recurso, limite } of numericos) {
    it(`${plano}: ${recurso} allowed up to ${limite} and refused at ${limite + 1}, with the card's number`, async () => {
      const t = await tenantNoPlano(plano);
      let criar: () => Promise<{ status: number; body: any }>;
      if (recurso === "condominios") {
        await condominiosDiretos(t.org.id, limite - 1);
        let n = 0;
        criar = () => novoCondominio(t, `Limite ${++n}`);
      } else {
        // The units' condominium written straight in: this test is about units only.
        const { condominio } = await createCondominioWithUnidade(system(), t.org.id);
        await unidadesDiretas(t.org.id, condominio.id, limite - 2);
        let n = 0;
        criar = () => novaUnidade(t, condominio.id, `L${++n}`);
      }
      const last = await criar();
      expect(last.status, JSON.stringify(last.body)).toBe(201);
      const over = await criar();
      expectPlanLimit(over, limiteAtingidoMensagem(recurso, plano));

      // The same number on the plan's card and in the refusal.
      const numero = new Intl.NumberFormat("pt-BR").format(limite);
      expect(over.body.error.message).toContain(` ${numero} `);
      const card = limitLines(PLANS[plano].limites).join(" | ");
      expect(card).toMatch(new RegExp(`(^|\\D)${limite}(\\D|$)`));
      expect(PLANS[plano].recursos.slice(0, 2)).toEqual(limitLines(PLANS[plano].limites));
    });
  }
});

describe("atendimentos do mês", () => {
  type Kiosk = { api: ReturnType<typeof client>; gateId: string; condominioId: string };

  async function kiosk(t: Tenant): Promise<Kiosk> {
    const { condominio } = await createCondominioWithUnidade(system(), t.org.id, { nome: "Residencial do Totem" });
    const gate = await t.api.post("/api/portoes", { json: { condominio_id: condominio.id, nome: "Portaria" } });
    expect(gate.status).toBe(201);
    const created = await t.api.post("/api/totens", {
      json: { nome: "Totem", condominio_id: condominio.id, portao_id: gate.body.id },
    });
    const codigo = String(created.body.link).split("/").pop();
    const paired = await client(system()).post("/api/totem/parear", { json: { codigo } });
    expect(paired.status).toBe(200);
    return {
      api: client(system(), { cookie: cookieFrom(paired.headers) }),
      gateId: gate.body.id,
      condominioId: condominio.id,
    };
  }

  async function usoDoMes(org: string, atendimentos: number) {
    await db()
      .insert(usoMensal)
      .values({ organizationId: org, mes: mesDeUso(new Date()), atendimentos })
      .onConflictDoUpdate({ target: [usoMensal.organizationId, usoMensal.mes], set: { atendimentos } });
  }

  const uso = async (org: string) => (await usoDaOrganizacao(db(), org, new Date())).atendimentos;

  it("Essencial at 1000 this month: the kiosk's visitor is told the attendant is unavailable, and nothing starts", async () => {
    const t = await tenantNoPlano("essencial");
    const k = await kiosk(t);
    await usoDoMes(t.org.id, 1000);
    const res = await k.api.post("/api/totem/conversas", { json: {} });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "PLAN_LIMIT", message: ATENDIMENTO_INDISPONIVEL_VISITANTE });
    expect(await contar(atendenteConversas, t.org.id)).toBe(0);
    expect(await uso(t.org.id)).toBe(1000);

    // The phone line says it and hangs up.
    const twiml = await answerCall(
      { db: db(), secret: "s" },
      { portaoId: k.gateId, callSid: `CA${crypto.randomUUID().replace(/-/g, "")}`, demo: true },
    );
    expect(twiml).toContain(ATENDIMENTO_INDISPONIVEL_VISITANTE);
    expect(twiml).toContain("<Hangup");
    expect(await contar(atendenteConversas, t.org.id)).toBe(0);

    // WhatsApp answers with it: the only way WhatsApp replies is a conversation's line, so one is
    // kept closed at once, and not counted.
    const turn = await whatsAppTurn(
      { db: db(), secret: "s" },
      {
        organizationId: t.org.id,
        portaoId: k.gateId,
        contato: "5511987654321",
        texto: "Entrega para o 101",
        demo: true,
      },
    );
    expect(turn).toMatchObject({ falas: [ATENDIMENTO_INDISPONIVEL_VISITANTE], encerrada: true });
    // A real visitor's answer goes out through the outbox, as every WhatsApp line does.
    await db()
      .update(portoes)
      .set({ whatsappNumeroId: `wa-${k.gateId}` })
      .where(eq(portoes.id, k.gateId));
    await whatsAppTurn(
      { db: db(), secret: "s" },
      { organizationId: t.org.id, portaoId: k.gateId, contato: "5511912345678", texto: "Oi", demo: false },
    );
    const queued = await db()
      .select({ texto: atendenteEnvios.texto, destino: atendenteEnvios.destino })
      .from(atendenteEnvios)
      .where(eq(atendenteEnvios.organizationId, t.org.id));
    expect(queued).toEqual([{ texto: ATENDIMENTO_INDISPONIVEL_VISITANTE, destino: "5511912345678" }]);
    const open = await db()
      .select({ n: count() })
      .from(atendenteConversas)
      .where(and(eq(atendenteConversas.organizationId, t.org.id), eq(atendenteConversas.etapa, "identificando")));
    expect(open[0]!.n).toBe(0);
    expect(await uso(t.org.id)).toBe(1000);

    // The text API (an intercom's integration) gets the refusal with the visitor's message.
    const integracao = await createApiKeyClient(system(), t.cookie);
    const viaApi = await integracao.api.post("/api/v1/atendente/conversas", {
      json: { condominio_id: k.condominioId, portao_id: k.gateId },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect(viaApi.status).toBe(403);
    expect(viaApi.body.error).toMatchObject({ code: "PLAN_LIMIT", message: ATENDIMENTO_INDISPONIVEL_VISITANTE });
    expect(await uso(t.org.id)).toBe(1000);

    // Upgrading lifts it at once (Avançado: unlimited, still counted for the plan page).
    await mudarPlano(t, "avancado");
    expect((await k.api.post("/api/totem/conversas", { json: {} })).status).toBe(201);
    expect(await uso(t.org.id)).toBe(1001);
  });

  it("Essencial at 999: one more conversation starts and is counted; at 1000 the next is refused", async () => {
    const t = await tenantNoPlano("essencial");
    const k = await kiosk(t);
    await usoDoMes(t.org.id, 999);
    const res = await k.api.post("/api/totem/conversas", { json: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.mensagens.length).toBeGreaterThan(0);
    expect(await uso(t.org.id)).toBe(1000);
    expect((await k.api.post("/api/totem/conversas", { json: {} })).status).toBe(403);
    expect(await contar(atendenteConversas, t.org.id)).toBe(1);
  });

  it("parallel starts at 999: exactly one passes", async () => {
    const t = await tenantNoPlano("essencial");
    const k = await kiosk(t);
    await usoDoMes(t.org.id, 999);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => k.api.post("/api/totem/conversas", { json: {} })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await contar(atendenteConversas, t.org.id)).toBe(1);
    expect(await uso(t.org.id)).toBe(1000);
  });

  it("the first conversation of a month counts from 1; an account without a subscription is counted but never refused", async () => {
    const t = await tenantNoPlano("essencial");
    const k = await kiosk(t);
    expect((await k.api.post("/api/totem/conversas", { json: {} })).status).toBe(201);
    expect(await uso(t.org.id)).toBe(1);

    const contrato = await createTenantWithMember(system(), { role: "sindico" });
    const k2 = await kiosk(contrato);
    await usoDoMes(contrato.org.id, 50_000);
    expect((await k2.api.post("/api/totem/conversas", { json: {} })).status).toBe(201);
    expect(await uso(contrato.org.id)).toBe(50_001);
  });
});
