/**
 * The simulator's chain against the real app (docs/product.md, "Simulator"): it signs in, creates its key
 * and webhook, registers a visitor, calls the residents in order, the resident authorises by DTMF,
 * and the signed `portao.abrir` reaches its loopback listener, which verifies the signature. With
 * `voz`, the visitor calls the gate's phone line through the TwiML webhooks, signed as Twilio signs.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createSystem } from "@/server/bootstrap";
import { atendenteConversas, condominios, pessoas, unidadeMoradores, unidades } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { followRequests } from "@/server/modules/atendente/atendente.service";
import { createSimulator, type Outcome } from "../../scripts/simulator/simulator";
import {
  addUnidade,
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../support/factories";
import { setupTestSystem, TEST_ORIGIN, testSystemOptions } from "../support/system";
import { TWILIO_TOKEN } from "../support/twilio";

const system = setupTestSystem();
let delivering: ReturnType<typeof setInterval> | undefined;
let following: ReturnType<typeof setInterval> | undefined;
afterAll(() => {
  clearInterval(delivering);
  clearInterval(following);
});

/** A tenant with one unit where Ana Souza (responsible) and Bruno Lima live, in that calling order. */
async function tenantWithResidents() {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const { unidade } = await createCondominioWithUnidade(system(), sindico.org.id);
  const db = system().handle.db;
  for (const [nome, responsavel] of [
    ["Ana Souza", true],
    ["Bruno Lima", false],
  ] as const) {
    const [p] = await db
      .insert(pessoas)
      .values({
        organizationId: sindico.org.id,
        condominioId: unidade.condominioId,
        nome,
        busca: buildSearchText([nome]),
      })
      .returning();
    await db.insert(unidadeMoradores).values({
      organizationId: sindico.org.id,
      condominioId: unidade.condominioId,
      unidadeId: unidade.id,
      pessoaId: p!.id,
      isResponsavel: responsavel,
    });
  }
  return { sindico, unidade };
}

describe("npm run simulate", () => {
  it("plays attendant, PBX and gate: busy first resident, the second authorises, the gate opens on a signed webhook", async () => {
    const { sindico, unidade } = await tenantWithResidents();
    // The app's delivery job, as the scheduler would run it.
    delivering ??= setInterval(() => void system().webhooks.deliverDue(), 100);

    const lines: string[] = [];
    const outcomes: Outcome[] = ["ocupado", "autoriza"];
    const simulator = createSimulator({
      baseUrl: TEST_ORIGIN,
      auth: { demo: { email: sindico.email, password: sindico.password } },
      fetch: async (url, init) => system().app.request(url, init),
      log: (line) => lines.push(line),
      outcome: (attempt) => outcomes[attempt]!,
      ringMs: 10,
    });
    await simulator.setup();
    expect(simulator.receivesWebhooks).toBe(true);
    const result = await simulator.runChain(unidade.id);
    await simulator.teardown();

    expect(result).toMatchObject({ status: "autorizado", calls: 2, gateOpened: true });
    expect(lines.join("\n")).toMatch(/ligando para Ana Souza[\s\S]*Ana Souza: ocupado[\s\S]*ligando para Bruno Lima/);
    expect(lines.some((l) => l.includes("abrindo (webhook assinado: "))).toBe(true);

    const detail = await sindico.api.get(`/api/solicitacoes/${result.solicitacaoId}`);
    expect(detail.body).toMatchObject({ status: "autorizado", decidido_por_nome: "Bruno Lima" });
    expect(detail.body.chamadas.map((c: { status: string }) => c.status).sort()).toEqual(["concluida", "falhou"]);
    // Teardown removed the simulator's key and webhook.
    expect((await sindico.api.get("/api/integracoes/webhooks")).body.items).toEqual([]);
    const keys = await sindico.api.get("/api/integracoes/chaves?status=ativa");
    expect(keys.body.items).toEqual([]);
  });

  it("a run that authorises N visitors leaves N entries in the log, the ones nobody went through marked 'não entrou'", async () => {
    const { sindico } = await tenantWithResidents();
    delivering ??= setInterval(() => void system().webhooks.deliverDue(), 100);
    const N = 4;
    const went = [true, false, true, false];
    let sensed = 0;
    const lines: string[] = [];
    const simulator = createSimulator({
      baseUrl: TEST_ORIGIN,
      auth: { demo: { email: sindico.email, password: sindico.password } },
      fetch: async (url, init) => system().app.request(url, init),
      log: (line) => lines.push(line),
      outcome: () => "autoriza",
      passes: () => went[sensed++ % went.length]!,
      ringMs: 10,
    });
    const summary = await simulator.run({ intervalMs: 50, maxVisitors: N });
    expect(summary, lines.join("\n")).toMatchObject({ visitors: N, completed: N, failed: 0, exitCode: 0 });

    const authorised = await sindico.api.get("/api/solicitacoes?status=autorizado&page_size=100");
    expect(authorised.body.items).toHaveLength(N);
    const log = await sindico.api.get("/api/acessos?page_size=100");
    const bySolicitacao = new Map(
      log.body.items.map((x: { solicitacao_id: string; nao_entrou_em: string | null }) => [x.solicitacao_id, x]),
    );
    for (const s of authorised.body.items) expect(bySolicitacao.has(s.id), `entrada de ${s.id}`).toBe(true);
    expect(log.body.items).toHaveLength(N);
    const naoEntrou = log.body.items.filter((x: { nao_entrou_em: string | null }) => x.nao_entrou_em !== null);
    expect(naoEntrou).toHaveLength(went.filter((w) => !w).length);
    const inside = await sindico.api.get("/api/acessos?presentes=true&page_size=100");
    expect(inside.body.items).toHaveLength(N - naoEntrou.length);
  });

  it("survives the directory it reads: skips inactive units and condominiums, opens no gate for old authorisations, exits 0", async () => {
    const sindico = await createTenantWithMember(system(), { role: "sindico" });
    const db = system().handle.db;
    const orgId = sindico.org.id;
    const addResident = async (unidade: { id: string; condominioId: string }, nome: string) => {
      const [p] = await db
        .insert(pessoas)
        .values({ organizationId: orgId, condominioId: unidade.condominioId, nome, busca: buildSearchText([nome]) })
        .returning();
      await db.insert(unidadeMoradores).values({
        organizationId: orgId,
        condominioId: unidade.condominioId,
        unidadeId: unidade.id,
        pessoaId: p!.id,
        isResponsavel: true,
      });
    };
    // One unit that receives visitors; an inactive unit beside it and an inactive condominium's
    // unit, both still with residents (the directory a real PBX reads at such a tenant).
    const { condominio, unidade: ativa } = await createCondominioWithUnidade(system(), orgId, { codigo: "101" });
    await addResident(ativa, "Ana Ativa");
    const inativa = await addUnidade(system(), orgId, condominio.id, "102");
    await addResident(inativa, "Ivo Inativo");
    await db.update(unidades).set({ enabled: false }).where(eq(unidades.id, inativa.id));
    const fechado = await createCondominioWithUnidade(system(), orgId, { codigo: "201", nome: "Condomínio Fechado" });
    await addResident(fechado.unidade, "Célia Fechada");
    await db.update(condominios).set({ enabled: false }).where(eq(condominios.id, fechado.condominio.id));

    // An authorisation from before the simulator starts: a gate controller must not obey it now.
    const { key, api: keyApi } = await createApiKeyClient(system(), sindico.cookie, "Central PABX");
    const old = await keyApi.post("/api/v1/solicitacoes", {
      json: { condominio_id: condominio.id, unidade_id: ativa.id, nome_visitante: "Visita de Ontem" },
    });
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    expect((await sindico.api.post(`/api/solicitacoes/${old.body.id}/autorizar`)).status).toBe(200);

    // What the directory and the feed tell any integration about this tenant.
    const ids = async (query: string) =>
      (await keyApi.get(`/api/v1/unidades${query}`)).body.items.map(
        (u: { codigo: string; enabled: boolean; condominio_enabled: boolean }) =>
          `${u.codigo}:${u.enabled ? "ativa" : "inativa"}:${u.condominio_enabled ? "ativo" : "inativo"}`,
      );
    expect(await ids("")).toEqual(["101:ativa:ativo"]);
    expect((await ids("?status=todas")).sort()).toEqual(["101:ativa:ativo", "102:inativa:ativo", "201:ativa:inativo"]);
    expect((await ids("?status=inativa")).sort()).toEqual(["102:inativa:ativo", "201:ativa:inativo"]);
    const bad = await keyApi.get("/api/v1/unidades?status=fechada");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]).toMatchObject({ path: "status" });
    const all = await keyApi.get("/api/v1/eventos?depois_de=0&limite=500");
    const fromNow = await keyApi.get("/api/v1/eventos?desde=agora");
    expect(fromNow.body).toEqual({ items: [], ultimo_id: all.body.ultimo_id });
    expect(all.body.ultimo_id).toBeGreaterThan(0);
    expect((await keyApi.get("/api/v1/eventos?desde=agora&depois_de=3")).status).toBe(400);

    const lines: string[] = [];
    const errors: string[] = [];
    // Spreads the unit picks over the whole directory (each visitor draws three numbers).
    const draws = [0.1, 0.5, 0.9, 0.3];
    let draw = 0;
    const simulator = createSimulator({
      baseUrl: TEST_ORIGIN,
      auth: { key: key.segredo },
      fetch: async (url, init) => system().app.request(url, init),
      log: (line) => lines.push(line),
      error: (line) => errors.push(line),
      outcome: () => "autoriza",
      ringMs: 10,
      random: () => draws[draw++ % draws.length]!,
    });
    const summary = await simulator.run({ intervalMs: 10, maxVisitors: 4 });

    expect(errors).toEqual([]);
    expect(summary).toMatchObject({ visitors: 4, completed: 4, failed: 0, exitCode: 0 });
    expect(simulator.receivesWebhooks).toBe(false);
    const gateLines = lines.filter((l) => l.includes("[portão] abrindo"));
    expect(gateLines).toHaveLength(4);
    expect(gateLines.join("\n")).not.toContain(old.body.id.slice(0, 8));
    // Every visitor went to the one unit that receives visitors.
    const registered = await sindico.api.get("/api/solicitacoes?page_size=50");
    const unidadesUsadas = new Set(registered.body.items.map((s: { unidade_id: string }) => s.unidade_id));
    expect([...unidadesUsadas]).toEqual([ativa.id]);
    expect(registered.body.items).toHaveLength(5);
  });

  it("a refused visitor is reported and counted and the run goes on; nothing working or no server is exit code 1", async () => {
    const sindico = await createTenantWithMember(system(), { role: "sindico" });
    const db = system().handle.db;
    const { unidade } = await createCondominioWithUnidade(system(), sindico.org.id);
    const [p] = await db
      .insert(pessoas)
      .values({
        organizationId: sindico.org.id,
        condominioId: unidade.condominioId,
        nome: "Ana Souza",
        busca: buildSearchText(["Ana Souza"]),
      })
      .returning();
    await db.insert(unidadeMoradores).values({
      organizationId: sindico.org.id,
      condominioId: unidade.condominioId,
      unidadeId: unidade.id,
      pessoaId: p!.id,
      isResponsavel: true,
    });
    const { key } = await createApiKeyClient(system(), sindico.cookie, "Central PABX");
    const app = async (url: string, init?: RequestInit) => system().app.request(url, init);
    let calls = 0;
    const errors: string[] = [];
    // The server refuses the second visitor's call (a PBX meets such answers): only that visitor fails.
    const flaky = createSimulator({
      baseUrl: TEST_ORIGIN,
      auth: { key: key.segredo },
      fetch: async (url, init) => {
        if (url.endsWith("/api/v1/chamadas") && ++calls === 2) {
          return Response.json({ error: { message: "Falha simulada" } }, { status: 400 });
        }
        return app(url, init);
      },
      log: () => undefined,
      error: (line) => errors.push(line),
      outcome: () => "nega",
      ringMs: 10,
    });
    expect(await flaky.run({ intervalMs: 10, maxVisitors: 3 })).toMatchObject({
      visitors: 3,
      completed: 2,
      failed: 1,
      exitCode: 0,
    });
    expect(errors).toEqual([expect.stringContaining("Falha simulada")]);

    const unreachable = createSimulator({
      baseUrl: "http://127.0.0.1:9",
      auth: { key: key.segredo },
      log: () => undefined,
      error: () => undefined,
    });
    expect(await unreachable.run({ intervalMs: 10, maxVisitors: 3 })).toMatchObject({
      unreachable: true,
      exitCode: 1,
    });
  });
  it("--voz: the visitor calls the gate's line, says the visit and 'sim', the resident authorises, the call hears it and hangs up", async () => {
    // A server with the phone line (TWILIO_AUTH_TOKEN only: nobody is called through Twilio's API)
    // on the shared database; PUBLIC_URL is the address the simulator calls and signs.
    const voice = await createSystem({
      ...testSystemOptions(),
      handle: system().handle,
      publicUrl: TEST_ORIGIN,
      twilio: { authToken: TWILIO_TOKEN },
    });
    try {
      const { sindico, unidade } = await tenantWithResidents();
      const gate = await sindico.api.post("/api/portoes", {
        json: { condominio_id: unidade.condominioId, nome: "Portaria Social" },
      });
      expect(gate.status, JSON.stringify(gate.body)).toBe(201);
      // The scheduler's jobs: webhook deliveries, and the attendant telling the caller the decision.
      delivering ??= setInterval(() => void system().webhooks.deliverDue(), 100);
      following ??= setInterval(() => void followRequests(system().handle.db).catch(() => undefined), 100);

      const lines: string[] = [];
      const errors: string[] = [];
      const simulator = createSimulator({
        baseUrl: TEST_ORIGIN,
        auth: { demo: { email: sindico.email, password: sindico.password } },
        fetch: async (url, init) => voice.app.request(url, init),
        log: (line) => lines.push(line),
        error: (line) => errors.push(line),
        outcome: () => "autoriza",
        passes: () => true,
        ringMs: 10,
        voz: { token: TWILIO_TOKEN, pauseMs: () => 20 },
      });
      const summary = await simulator.run({ intervalMs: 10, maxVisitors: 1 });
      const log = lines.join("\n");
      expect(errors, log).toEqual([]);
      expect(summary, log).toMatchObject({ visitors: 1, completed: 1, failed: 0, exitCode: 0 });
      expect(log).toContain("[ligação]");
      expect(log).toContain("liga para a linha do portão Portaria Social");
      expect(log).toMatch(/atendente → \w+: "[^"]*atendente virtual/i);
      expect(log).toMatch(/\[ligação\] \w+: "Boa noite, sou [oa] \w+, vim ver [oa] (Ana|Bruno) do 101 da Torre A"/);
      expect(log).toMatch(/\[ligação\] \w+: "sim"/);
      expect(log).toMatch(/atendente → \w+: "[^"]*autorizada/i);
      expect(log).toContain("[ligação] a linha desligou a chamada de");
      expect(log).toContain("[portão] abrindo (webhook assinado: Portaria Social");

      // The attendant created the request at the gate the visitor called, and the resident decided it.
      const [conversa] = await system()
        .handle.db.select()
        .from(atendenteConversas)
        .where(and(eq(atendenteConversas.organizationId, sindico.org.id), eq(atendenteConversas.canal, "telefone")));
      expect(conversa).toMatchObject({ portaoId: gate.body.id, etapa: "concluida" });
      expect(conversa!.contato).toMatch(/^CA[0-9a-f]{32}$/);
      const detail = await sindico.api.get(`/api/solicitacoes/${conversa!.solicitacaoId}`);
      expect(detail.body).toMatchObject({ status: "autorizado", unidade_id: unidade.id, criado_pelo_atendente: true });
      expect(detail.body.chamadas.map((c: { status: string }) => c.status)).toEqual(["concluida"]);
    } finally {
      // The shared database stays open: only this instance's own parts close.
      await voice.notifications.close();
    }
  });

  it("--voz with a token the server does not have: the call is refused (403), reported and counted, exit code 1", async () => {
    const voice = await createSystem({
      ...testSystemOptions(),
      handle: system().handle,
      publicUrl: TEST_ORIGIN,
      twilio: { authToken: TWILIO_TOKEN },
    });
    try {
      const { sindico, unidade } = await tenantWithResidents();
      await sindico.api.post("/api/portoes", { json: { condominio_id: unidade.condominioId, nome: "Portaria" } });
      const errors: string[] = [];
      const simulator = createSimulator({
        baseUrl: TEST_ORIGIN,
        auth: { demo: { email: sindico.email, password: sindico.password } },
        fetch: async (url, init) => voice.app.request(url, init),
        log: () => undefined,
        error: (line) => errors.push(line),
        ringMs: 10,
        voz: { token: "not-the-servers-token", pauseMs: () => 10 },
      });
      expect(await simulator.run({ intervalMs: 10, maxVisitors: 2 })).toMatchObject({
        visitors: 2,
        completed: 0,
        failed: 2,
        exitCode: 1,
      });
      expect(errors).toEqual([expect.stringContaining("HTTP 403"), expect.stringContaining("HTTP 403")]);
      const conversas = await system()
        .handle.db.select()
        .from(atendenteConversas)
        .where(eq(atendenteConversas.organizationId, sindico.org.id));
      expect(conversas).toEqual([]);
    } finally {
      await voice.notifications.close();
    }
  });
});
