import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { openEventStream } from "../../../../tests/support/sse";
import { setupTestSystem } from "../../../../tests/support/system";
import { addDays, localClock } from "../../../shared/pass-schedule";
import { eventos, passes, passeValidacoes, webhookEntregas } from "../../db/schema";
import { PIN_GUESS_LIMIT, validarPasse } from "../portaria/validacao.service";

const system = setupTestSystem();
const TZ = "America/Sao_Paulo";

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Condo = Awaited<ReturnType<typeof createCondominioWithUnidade>>;
type Morador = Awaited<ReturnType<typeof addSignedInMorador>>;
let a: Tenant;
let b: Tenant;
let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
let morador: Morador;
let condoA: Condo;
let condoA2: Condo;
let condoB: Condo;

/** Local HH:MM in São Paulo, `minutes` from now. */
function hm(minutes: number, timeZone = TZ): string {
  const { seconds } = localClock(new Date(Date.now() + minutes * 60_000), timeZone);
  const m = Math.floor(seconds / 60);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
const today = () => localClock(new Date(), TZ).date;

/** A recurring pass valid every day around now (or, with `outside`, hours away from now). */
function passInput(where: Condo, over: Record<string, unknown> = {}, outside = false) {
  return {
    condominio_id: where.condominio.id,
    unidade_id: where.unidade.id,
    tipo: "prestador",
    nome: "Maria Diarista",
    descricao: "diarista",
    documento: "12.345.678-9",
    telefone: "(11) 98888-7777",
    modalidade: "recorrente",
    data_inicio: addDays(today(), -1),
    data_fim: addDays(today(), 30),
    dias_semana: [0, 1, 2, 3, 4, 5, 6],
    hora_inicio: outside ? hm(120) : hm(-60),
    hora_fim: outside ? hm(180) : hm(60),
    ...over,
  };
}

/** The same fields for PUT, which keeps the unit. */
function updateInput(where: Condo, over: Record<string, unknown> = {}) {
  const { condominio_id: _c, unidade_id: _u, ...rest } = passInput(where, over);
  return rest;
}

async function createPass(api: Tenant["api"], input: Record<string, unknown>) {
  const res = await api.post("/api/passes", { json: input });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function validate(api: Tenant["api"], json: Record<string, unknown>) {
  return api.post("/api/portaria/validacoes", { json });
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  b = await createTenantWithMember(system(), { role: "sindico" });
  condoA = await createCondominioWithUnidade(system(), a.org.id, { codigo: "42", torre: null, nome: "Jardim A" });
  condoA2 = await createCondominioWithUnidade(system(), a.org.id, { codigo: "7", torre: null, nome: "Vila A2" });
  condoB = await createCondominioWithUnidade(system(), b.org.id);
  porteiro = await addSignedInMember(system(), a.org.id, "porteiro");
  morador = await addSignedInMorador(system(), a.org.id, condoA.unidade, { nome: "Ana Moradora" });
});

describe("passes", () => {
  it("a morador creates a recurring pass for their unit: PIN, signed QR token, link and WhatsApp message", async () => {
    const passe = await createPass(morador.api, passInput(condoA));
    expect(passe).toMatchObject({
      status: "ativo",
      nome: "Maria Diarista",
      modalidade: "recorrente",
      dias_semana: [0, 1, 2, 3, 4, 5, 6],
      usos: 0,
      ultimo_uso_em: null,
      intervalo_minimo_segundos: 120,
      unidade: { codigo: "42", torre: null },
      condominio: { nome: "Jardim A", timezone: TZ },
      criado_por_nome: "Ana Moradora",
      validacoes: [],
    });
    expect(passe.pin).toMatch(/^\d{6}$/);
    expect(passe.qr_token).toMatch(new RegExp(`^GP1\\.${passe.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(passe.link).toMatch(/\/p\/GP1\./);
    const url = new URL(passe.whatsapp_url);
    expect(url.origin + url.pathname).toBe("https://wa.me/5511988887777");
    expect(url.searchParams.get("text")).toContain(`PIN ${passe.pin}`);
    expect(url.searchParams.get("text")).toContain("Olá, Maria!");
  });

  it("a morador can't create or see passes of a unit they don't live in (404), nor another tenant anything", async () => {
    const other = await addUnidade(system(), a.org.id, condoA.condominio.id, "99");
    const res = await morador.api.post("/api/passes", {
      json: passInput({ condominio: condoA.condominio, unidade: other }),
    });
    expect(res.status).toBe(404);
    const staffPass = await createPass(a.api, passInput({ condominio: condoA.condominio, unidade: other }));
    expect((await morador.api.get(`/api/passes/${staffPass.id}`)).status).toBe(404);
    const list = await morador.api.get("/api/passes?page_size=200");
    expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(staffPass.id);

    for (const call of [
      b.api.get(`/api/passes/${staffPass.id}`),
      b.api.put(`/api/passes/${staffPass.id}`, { json: updateInput(condoA) }),
      b.api.post(`/api/passes/${staffPass.id}/suspender`),
      b.api.post(`/api/passes/${staffPass.id}/revogar`),
      b.api.post("/api/passes", { json: passInput(condoA) }),
    ]) {
      expect((await call).status).toBe(404);
    }
    expect((await b.api.get("/api/passes?page_size=200")).body.items).toEqual([]);
  });

  it("the visitor's page /p/<token> shows the QR Code and PIN without JavaScript; a forged token is a 404", async () => {
    const passe = await createPass(morador.api, passInput(condoA, { nome: "Visita da Página" }));
    const path = new URL(passe.link).pathname;
    const res = await system().app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain("Passe de Visita da Página");
    expect(html).toContain(passe.pin);
    expect(html).toContain('src="data:image/svg+xml;base64,');
    expect(html).not.toContain("<script");
    const forged = await system().app.request(`${path.slice(0, -2)}xx`);
    expect(forged.status).toBe(404);
    await a.api.post(`/api/passes/${passe.id}/revogar`);
    expect(await (await system().app.request(path)).text()).toContain("Revogado");
  });

  it("refuses a bad schedule with pt-BR field messages and writes nothing", async () => {
    const before = await system().handle.db.select({ id: passes.id }).from(passes);
    const res = await a.api.post("/api/passes", {
      json: passInput(condoA, { dias_semana: [], hora_fim: hm(-60), data_fim: addDays(today(), -5) }),
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      res.body.error.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(fields).toMatchObject({
      dias_semana: "Escolha ao menos um dia da semana",
      hora_fim: "A hora final deve ser diferente da inicial",
      data_fim: "A data final deve ser igual ou posterior à inicial",
    });
    expect(await system().handle.db.select({ id: passes.id }).from(passes)).toHaveLength(before.length);
  });

  it("edits the visitor and the schedule, keeping the unit and the PIN", async () => {
    const passe = await createPass(morador.api, passInput(condoA));
    const res = await morador.api.put(`/api/passes/${passe.id}`, {
      json: updateInput(condoA, {
        nome: "Maria Souza",
        dias_semana: [1, 3, 5],
        hora_inicio: "08:00",
        hora_fim: "17:00",
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      nome: "Maria Souza",
      dias_semana: [1, 3, 5],
      pin: passe.pin,
      unidade_id: passe.unidade_id,
    });
    const found = await a.api.get("/api/passes?q=souza");
    expect(found.body.items.map((p: { id: string }) => p.id)).toContain(passe.id);
  });

  it("suspends, reactivates and revokes; a revoked pass can't come back or be edited", async () => {
    const passe = await createPass(a.api, passInput(condoA));
    expect((await a.api.post(`/api/passes/${passe.id}/reativar`)).status).toBe(409);
    expect((await a.api.post(`/api/passes/${passe.id}/suspender`)).body.status).toBe("suspenso");
    expect((await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin })).body).toMatchObject({
      liberado: false,
      resultado: "suspenso",
    });
    expect((await a.api.post(`/api/passes/${passe.id}/reativar`)).body.status).toBe("ativo");
    expect((await a.api.post(`/api/passes/${passe.id}/revogar`)).body.status).toBe("revogado");
    const again = await a.api.post(`/api/passes/${passe.id}/reativar`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Não é possível reativar este passe: ele está revogado.");
    expect((await a.api.put(`/api/passes/${passe.id}`, { json: updateInput(condoA) })).status).toBe(409);
    expect((await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin })).body).toMatchObject({
      resultado: "revogado",
      mensagem: "Passe de Maria Diarista foi revogado.",
    });
  });
});

describe("at the gate", () => {
  it("validates a PIN inside the schedule, registers the entry and the exit, and logs every attempt", async () => {
    const passe = await createPass(morador.api, passInput(condoA, { nome: "Maria Souza" }));
    const res = await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      liberado: true,
      resultado: "liberado",
      mensagem: "Liberado: Maria Souza, diarista do apto 42",
      passe: { id: passe.id, nome: "Maria Souza", unidade: { codigo: "42" } },
    });

    // Anti-passback: the same pass again within 2 minutes does not open the gate.
    const twice = await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin });
    expect(twice.body).toMatchObject({ liberado: false, resultado: "antipassback" });

    const entry = await porteiro.api.post("/api/acessos", { json: { origem: "passe", validacao_id: res.body.id } });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body).toMatchObject({
      nome: "Maria Souza",
      origem: "passe",
      passe_id: passe.id,
      saida_em: null,
      autorizado_por_nome: "Ana Moradora",
    });
    const dup = await porteiro.api.post("/api/acessos", { json: { origem: "passe", validacao_id: res.body.id } });
    expect(dup.status).toBe(409);
    // The refused attempt can't register an entry.
    expect(
      (await porteiro.api.post("/api/acessos", { json: { origem: "passe", validacao_id: twice.body.id } })).status,
    ).toBe(409);

    const inside = await porteiro.api.get(`/api/acessos?condominio_id=${condoA.condominio.id}&presentes=true`);
    expect(inside.body.items.map((x: { id: string }) => x.id)).toContain(entry.body.id);
    const kpis = await a.api.get(`/api/dashboard/kpis?condominio_id=${condoA.condominio.id}`);
    expect(kpis.body.presentes).toBeGreaterThanOrEqual(1);
    // The morador sees their unit's record.
    const mine = await morador.api.get("/api/acessos?presentes=true");
    expect(mine.body.items.map((x: { id: string }) => x.id)).toContain(entry.body.id);

    const out = await porteiro.api.post(`/api/acessos/${entry.body.id}/saida`);
    expect(out.status).toBe(200);
    expect(out.body.saida_em).not.toBeNull();
    const outAgain = await porteiro.api.post(`/api/acessos/${entry.body.id}/saida`);
    expect(outAgain.status).toBe(409);
    expect(outAgain.body.error.message).toMatch(/^A saída de Maria Souza já foi registrada às \d\d:\d\d\.$/);
    const after = await porteiro.api.get(`/api/acessos?condominio_id=${condoA.condominio.id}&presentes=true`);
    expect(after.body.items.map((x: { id: string }) => x.id)).not.toContain(entry.body.id);

    const detail = await a.api.get(`/api/passes/${passe.id}`);
    expect(detail.body.usos).toBe(1);
    expect(detail.body.ultimo_uso_em).not.toBeNull();
    expect(detail.body.validacoes.map((v: { resultado: string }) => v.resultado)).toEqual(["antipassback", "liberado"]);

    const [event] = await system()
      .handle.db.select({ tipo: eventos.tipo })
      .from(eventos)
      .where(and(eq(eventos.organizationId, a.org.id), eq(eventos.tipo, "acesso.saida")));
    expect(event).toBeDefined();
  });

  it("refuses outside the schedule, saying when the pass is valid", async () => {
    const passe = await createPass(morador.api, passInput(condoA, {}, true));
    const res = await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin });
    expect(res.body).toMatchObject({ liberado: false, resultado: "fora_do_horario" });
    expect(res.body.mensagem).toContain(
      `Fora do horário: Maria Diarista pode entrar Todos os dias, ${passe.hora_inicio}`,
    );
    const [row] = await system().handle.db.select({ usos: passes.usos }).from(passes).where(eq(passes.id, passe.id));
    expect(row!.usos).toBe(0);
  });

  it("reads the schedule in the condominium's timezone with an injected clock (Manaus, server in UTC)", async () => {
    const manaus = await createCondominioWithUnidade(system(), a.org.id, { timezone: "America/Manaus", codigo: "3" });
    const passe = await createPass(
      a.api,
      passInput(manaus, {
        data_inicio: "2026-12-01",
        data_fim: "2027-03-31",
        dias_semana: [1, 3, 5],
        hora_inicio: "08:00",
        hora_fim: "17:00",
        intervalo_minimo_segundos: 0,
      }),
    );
    const who = { organizationId: a.org.id, userId: null, apiKeyId: null, nome: "Teste" };
    const at = (iso: string) =>
      validarPasse(
        system().handle.db,
        who,
        { condominio_id: manaus.condominio.id, pin: passe.pin },
        { secret: "test-secret-test-secret-test-secret-123", now: new Date(iso) },
      );
    // Monday 2026-12-07: 12:00Z is 08:00 in Manaus (UTC−4).
    expect((await at("2026-12-07T12:00:00Z")).resultado).toBe("liberado");
    expect((await at("2026-12-07T11:59:00Z")).resultado).toBe("fora_do_horario");
    expect((await at("2026-12-07T21:00:00Z")).resultado).toBe("fora_do_horario");
    expect((await at("2026-12-08T13:00:00Z")).resultado).toBe("fora_do_horario"); // Tuesday
    expect((await at("2026-11-30T13:00:00Z")).resultado).toBe("nao_iniciado");
    expect((await at("2027-04-02T13:00:00Z")).resultado).toBe("expirado");
  });

  it("QR tokens can't be forged, can't be used at another tenant's gate, and name the other condominium", async () => {
    const passe = await createPass(morador.api, passInput(condoA));
    const forged = `${passe.qr_token.slice(0, -2)}${passe.qr_token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await validate(porteiro.api, { condominio_id: condoA.condominio.id, qr: forged })).body).toMatchObject({
      resultado: "qr_invalido",
      passe: null,
    });
    // Another tenant's gate: the signature names tenant A, so B finds nothing (and its condominium of A is a 404).
    expect((await validate(b.api, { condominio_id: condoB.condominio.id, qr: passe.qr_token })).body).toMatchObject({
      resultado: "qr_invalido",
      passe: null,
    });
    expect((await validate(b.api, { condominio_id: condoA.condominio.id, qr: passe.qr_token })).status).toBe(404);
    expect(
      (await validate(porteiro.api, { condominio_id: condoA2.condominio.id, qr: passe.qr_token })).body,
    ).toMatchObject({
      resultado: "outro_condominio",
      mensagem: "Passe de Maria Diarista é de outro condomínio (Jardim A).",
      passe: null,
    });
    const ok = await validate(porteiro.api, { condominio_id: condoA.condominio.id, qr: passe.qr_token });
    expect(ok.body).toMatchObject({ liberado: true, metodo: "qr" });
    // The entry can't be registered by another tenant.
    expect((await b.api.post("/api/acessos", { json: { origem: "passe", validacao_id: ok.body.id } })).status).toBe(
      404,
    );
  });

  it("limits PIN guessing per validator and per condominium; another porteiro and the QR Code still work", async () => {
    const condo = await createCondominioWithUnidade(system(), a.org.id, { codigo: "5" });
    const passe = await createPass(a.api, passInput(condo, { intervalo_minimo_segundos: 0 }));
    const wrong = passe.pin === "000000" ? "000001" : "000000";
    const guess = async (api: Tenant["api"], times: number) => {
      for (let i = 0; i < times; i++) {
        const res = await validate(api, { condominio_id: condo.condominio.id, pin: wrong });
        expect(res.body.resultado).toBe("pin_invalido");
      }
    };
    // The attacker's own login stops itself...
    await guess(porteiro.api, PIN_GUESS_LIMIT.porValidador);
    const limited = await validate(porteiro.api, { condominio_id: condo.condominio.id, pin: passe.pin });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toContain("Você digitou muitos PINs incorretos");
    // ...and the other porteiros keep typing PINs at the same gate.
    const colega = await addSignedInMember(system(), a.org.id, "porteiro");
    expect((await validate(colega.api, { condominio_id: condo.condominio.id, pin: passe.pin })).body.liberado).toBe(
      true,
    );

    // Several logins guessing together hit the condominium's limit: PIN entry waits there, QR still opens.
    const remaining = PIN_GUESS_LIMIT.porCondominio - PIN_GUESS_LIMIT.porValidador;
    await guess(colega.api, PIN_GUESS_LIMIT.porValidador);
    const terceiro = await addSignedInMember(system(), a.org.id, "porteiro");
    await guess(terceiro.api, remaining - PIN_GUESS_LIMIT.porValidador);
    const fresh = await addSignedInMember(system(), a.org.id, "porteiro");
    const condoLimited = await validate(fresh.api, { condominio_id: condo.condominio.id, pin: passe.pin });
    expect(condoLimited.status).toBe(429);
    expect(condoLimited.body.error.message).toContain("Muitos PINs incorretos neste condomínio");
    expect((await validate(fresh.api, { condominio_id: condo.condominio.id, qr: passe.qr_token })).body.liberado).toBe(
      true,
    );
    // Other condominiums are not affected.
    const elsewhere = await createPass(a.api, passInput(condoA2));
    expect((await validate(fresh.api, { condominio_id: condoA2.condominio.id, pin: elsewhere.pin })).status).toBe(200);
    const logged = await system()
      .handle.db.select({ id: passeValidacoes.id })
      .from(passeValidacoes)
      .where(and(eq(passeValidacoes.condominioId, condo.condominio.id), eq(passeValidacoes.resultado, "pin_invalido")));
    expect(logged).toHaveLength(PIN_GUESS_LIMIT.porCondominio);
  });

  it("bad input is a 400 in pt-BR; a morador can't operate the gate", async () => {
    const bad = await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]).toMatchObject({ path: "pin", message: "O PIN tem 6 dígitos" });
    const neither = await validate(porteiro.api, { condominio_id: condoA.condominio.id });
    expect(neither.body.error.fields[0].message).toBe("Informe o PIN ou leia o QR Code");
    expect((await validate(morador.api, { condominio_id: condoA.condominio.id, pin: "123456" })).status).toBe(403);
    expect((await morador.api.get(`/api/portaria/aguardando?condominio_id=${condoA.condominio.id}`)).status).toBe(403);
  });
});

describe("realtime", () => {
  it("validations, entries and exits stream live: staff see all, a morador their unit's, another tenant nothing", async () => {
    const staff = await openEventStream(system(), porteiro.cookie);
    const mine = await openEventStream(system(), morador.cookie);
    const other = await openEventStream(system(), b.cookie);
    for (const s of [staff, mine, other]) expect(await s.messages!.next((m) => m.event === "ready")).not.toBeNull();

    const passe = await createPass(a.api, passInput(condoA, { nome: "Visita ao Vivo" }));
    const ok = await validate(porteiro.api, { condominio_id: condoA.condominio.id, pin: passe.pin });
    const entry = await porteiro.api.post("/api/acessos", { json: { origem: "passe", validacao_id: ok.body.id } });
    await porteiro.api.post(`/api/acessos/${entry.body.id}/saida`);

    for (const stream of [staff, mine]) {
      const validated = await stream.messages!.next((m) => m.event === "passe.validado");
      expect(JSON.parse(validated!.data!)).toMatchObject({
        nome_visitante: "Visita ao Vivo",
        unidade_id: condoA.unidade.id,
        passe: { id: passe.id, resultado: "liberado" },
        invalidate: expect.arrayContaining(["passes", "acessos"]),
      });
      const entrada = await stream.messages!.next((m) => m.event === "acesso.entrada");
      expect(JSON.parse(entrada!.data!)).toMatchObject({
        acesso: { id: entry.body.id, origem: "passe", condominio_id: condoA.condominio.id },
        invalidate: expect.arrayContaining(["acessos", "dashboard"]),
      });
      expect(await stream.messages!.next((m) => m.event === "acesso.saida")).not.toBeNull();
    }
    expect(await other.messages!.next((m) => !!m.event?.startsWith("acesso."), 500)).toBeNull();

    // Another unit's movement never reaches the morador.
    const elsewhere = await createPass(a.api, passInput(condoA2, { nome: "Outra Unidade" }));
    await validate(porteiro.api, { condominio_id: condoA2.condominio.id, pin: elsewhere.pin });
    expect(await staff.messages!.next((m) => m.event === "passe.validado")).not.toBeNull();
    expect(await mine.messages!.next((m) => m.event === "passe.validado", 500)).toBeNull();
    for (const s of [staff, mine, other]) await s.messages!.close();
  });
});

describe("entries through requests and residents", () => {
  it("an authorised request waits for its entry, enters once, and a pending one can't enter", async () => {
    const created = await a.api.post("/api/solicitacoes", {
      json: { condominio_id: condoA.condominio.id, unidade_id: condoA.unidade.id, nome_visitante: "Carlos Entregas" },
    });
    const pending = await porteiro.api.post("/api/acessos", {
      json: { origem: "solicitacao", solicitacao_id: created.body.id },
    });
    expect(pending.status).toBe(409);
    await porteiro.api.post(`/api/solicitacoes/${created.body.id}/autorizar`);
    const waiting = await porteiro.api.get(`/api/portaria/aguardando?condominio_id=${condoA.condominio.id}`);
    expect(waiting.body.items.map((x: { solicitacao_id: string }) => x.solicitacao_id)).toContain(created.body.id);
    expect((await b.api.get(`/api/portaria/aguardando?condominio_id=${condoA.condominio.id}`)).status).toBe(404);
    expect(
      (await b.api.post("/api/acessos", { json: { origem: "solicitacao", solicitacao_id: created.body.id } })).status,
    ).toBe(404);

    const entry = await porteiro.api.post("/api/acessos", {
      json: { origem: "solicitacao", solicitacao_id: created.body.id },
    });
    expect(entry.status).toBe(201);
    expect(entry.body).toMatchObject({ nome: "Carlos Entregas", origem: "solicitacao", tipo: "visitante" });
    expect(
      (await porteiro.api.post("/api/acessos", { json: { origem: "solicitacao", solicitacao_id: created.body.id } }))
        .status,
    ).toBe(409);
    const waitingAfter = await porteiro.api.get(`/api/portaria/aguardando?condominio_id=${condoA.condominio.id}`);
    expect(waitingAfter.body.items.map((x: { solicitacao_id: string }) => x.solicitacao_id)).not.toContain(
      created.body.id,
    );
    expect((await b.api.post(`/api/acessos/${entry.body.id}/saida`)).status).toBe(404);
  });

  it("a resident at the gate lets a visitor in; only a resident of that unit can", async () => {
    const ok = await porteiro.api.post("/api/acessos", {
      json: {
        origem: "morador",
        unidade_id: condoA.unidade.id,
        autorizado_por_pessoa_id: morador.pessoa.id,
        nome: "Primo da Ana",
        tipo: "visitante",
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ origem: "morador", autorizado_por_nome: "Ana Moradora" });
    const other = await addUnidade(system(), a.org.id, condoA.condominio.id, "77");
    const wrong = await porteiro.api.post("/api/acessos", {
      json: {
        origem: "morador",
        unidade_id: other.id,
        autorizado_por_pessoa_id: morador.pessoa.id,
        nome: "Alguém",
        tipo: "visitante",
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields[0]).toMatchObject({
      path: "autorizado_por_pessoa_id",
      message: "Este morador não mora na unidade selecionada",
    });
  });
});

describe("access log", () => {
  it("filters, searches and exports CSV with a BOM and ; separators", async () => {
    const condo = await createCondominioWithUnidade(system(), a.org.id, { codigo: "808", nome: 'Export; "Teste"' });
    for (const nome of ["Zé Exportado", "=Fórmula Perigosa"]) {
      await porteiro.api.post("/api/acessos", {
        json: { origem: "morador", unidade_id: condo.unidade.id, autorizado_por_pessoa_id: morador.pessoa.id, nome },
      });
    }
    // The morador lives in condoA's unit, not this one: the entry above must have been refused.
    const listed = await porteiro.api.get(`/api/acessos?condominio_id=${condo.condominio.id}`);
    expect(listed.body.total).toBe(0);

    const resident = await addSignedInMorador(system(), a.org.id, condo.unidade, { nome: "Bia" });
    for (const nome of ["Zé Exportado", "=Fórmula Perigosa"]) {
      const res = await porteiro.api.post("/api/acessos", {
        json: { origem: "morador", unidade_id: condo.unidade.id, autorizado_por_pessoa_id: resident.pessoa.id, nome },
      });
      expect(res.status).toBe(201);
    }
    const search = await porteiro.api.get(`/api/acessos?condominio_id=${condo.condominio.id}&q=exportado`);
    expect(search.body.items.map((x: { nome: string }) => x.nome)).toEqual(["Zé Exportado"]);

    const csv = await system().app.request(`/api/acessos/export.csv?condominio_id=${condo.condominio.id}`, {
      headers: { cookie: porteiro.cookie },
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /attachment; filename="entradas-e-saidas-\d{4}-\d\d-\d\d\.csv"/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe(
      "Entrada;Saída;Nome;Documento;Tipo;Condomínio;Unidade;Torre;Origem;Autorizado por;Entrada registrada por;Saída registrada por",
    );
    expect(lines).toHaveLength(4); // header, two rows, and the final line end
    expect(lines[1]).toContain(`'=Fórmula Perigosa;;Visitante;"Export; ""Teste""";808`);
    expect(lines[2]).toContain("Zé Exportado");
    expect(lines[1]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d;;/);

    // Another tenant exports nothing of it.
    const other = await system().app.request(`/api/acessos/export.csv?condominio_id=${condo.condominio.id}`, {
      headers: { cookie: b.cookie },
    });
    expect(
      new TextDecoder()
        .decode(await other.arrayBuffer())
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });
});

describe("integration (/api/v1/passes/validar)", () => {
  it("a gate controller validates a QR Code: entry registered and the gate command sent with the pass", async () => {
    const { api } = await createApiKeyClient(system(), a.cookie, "Controlador do portão");
    const hook = await a.api.post("/api/integracoes/webhooks", {
      json: { url: "https://portao.example.com/abrir", eventos: ["portao.abrir"] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const passe = await createPass(a.api, passInput(condoA2, { nome: "Técnico da Internet" }));
    const res = await api.post("/api/v1/passes/validar", {
      json: { condominio_id: condoA2.condominio.id, qr: passe.qr_token, portao: "garagem" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ liberado: true, validado_por: "Controlador do portão" });
    expect(res.body.acesso_id).toMatch(/^[0-9a-f-]{36}$/);
    const inside = await a.api.get(`/api/acessos?condominio_id=${condoA2.condominio.id}&presentes=true`);
    expect(inside.body.items[0]).toMatchObject({ id: res.body.acesso_id, entrada_por: "Controlador do portão" });

    const [delivery] = await system()
      .handle.db.select({ corpo: webhookEntregas.corpo, tipo: webhookEntregas.tipo })
      .from(webhookEntregas)
      .where(and(eq(webhookEntregas.organizationId, a.org.id), eq(webhookEntregas.tipo, "portao.abrir")));
    const body = JSON.parse(delivery!.corpo);
    expect(body.dados).toMatchObject({
      passe: { id: passe.id, nome: "Técnico da Internet" },
      portao: { nome: "garagem", condominio_id: condoA2.condominio.id },
      unidade: { codigo: "7" },
    });
    expect(body.dados.solicitacao).toBeUndefined();

    // Tenant B's key with A's token: refused, nothing of A revealed.
    const other = await createApiKeyClient(system(), b.cookie);
    const cross = await other.api.post("/api/v1/passes/validar", {
      json: { condominio_id: condoB.condominio.id, qr: passe.qr_token },
    });
    expect(cross.body).toMatchObject({ liberado: false, resultado: "qr_invalido", passe: null, acesso_id: null });
  });

  it("a key without the passes:validar scope is refused", async () => {
    const created = await a.api.post("/api/integracoes/chaves", {
      json: { nome: "Só leitura", escopos: ["solicitacoes:ler"] },
    });
    const api = client(system(), { headers: { authorization: `Bearer ${created.body.segredo}` } });
    const res = await api.post("/api/v1/passes/validar", {
      json: { condominio_id: condoA.condominio.id, pin: "123456" },
    });
    expect(res.status).toBe(403);
  });
});

describe("access log at scale", () => {
  it("answers a common search with 'more than 10.000' from the planner's estimate, and counts a rare one exactly", async () => {
    const condo = await createCondominioWithUnidade(system(), a.org.id, { codigo: "900", nome: "Condomínio Grande" });
    await system().handle.db.execute(sql`
      INSERT INTO acessos (organization_id, condominio_id, unidade_id, nome, tipo, origem, entrada_em, saida_em, busca)
      SELECT ${a.org.id}, ${condo.condominio.id}, ${condo.unidade.id}, 'João Comum ' || g, 'visitante', 'morador',
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '1 minute',
             'joao comum ' || g || ' 900'
      FROM generate_series(1, 60000) g`);
    await system().handle.db.execute(sql`ANALYZE acessos`);
    const common = await porteiro.api.get(`/api/acessos?condominio_id=${condo.condominio.id}&q=joao&page_size=20`);
    expect(common.status).toBe(200);
    expect(common.body).toMatchObject({ total: 10_000, total_truncated: true });
    expect(common.body.items).toHaveLength(20);
    const rare = await porteiro.api.get(
      `/api/acessos?condominio_id=${condo.condominio.id}&q=${encodeURIComponent("comum 59999")}`,
    );
    expect(rare.body).toMatchObject({ total: 1, total_truncated: false });
  });
});
