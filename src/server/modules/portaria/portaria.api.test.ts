/**
 * The gate (docs/product.md, "Portaria"): validating PINs and QR Codes in the schedule and the condominium's clock, the PIN-guess limit, the live stream of validations and the gate controller's /api/v1/passes/validar (docs/decisions/023-passes-and-access-log.md).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  createApiKeyClient,
  createCondominioWithUnidade,
} from "../../../../tests/support/factories";
import {
  type Condo,
  createGateWorld,
  createPass,
  type GateWorld,
  type Morador,
  passInput,
  type Tenant,
  validate,
} from "../../../../tests/support/gate-world";
import { client } from "../../../../tests/support/http";
import { openEventStream } from "../../../../tests/support/sse";
import { setupTestSystem } from "../../../../tests/support/system";
import { eventos, passes, passeValidacoes, webhookEntregas } from "../../db/schema";
import { PIN_GUESS_LIMIT, validarPasse } from "./validacao.service";

const system = setupTestSystem();
let a: Tenant;
let b: Tenant;
let porteiro: GateWorld["porteiro"];
let morador: Morador;
let condoA: Condo;
let condoA2: Condo;
let condoB: Condo;

beforeAll(async () => {
  ({ a, b, porteiro, morador, condoA, condoA2, condoB } = await createGateWorld(system()));
});

describe("at the gate", () => {
  it("validates a PIN inside the schedule: the gate opened is the entry; then the exit; every attempt logged", async () => {
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

    // "Liberado" recorded the entry in the same step: nobody has to tap "Registrar entrada".
    expect(res.body.acesso_id).toMatch(/^[0-9a-f-]{36}$/);
    const entry = { body: { id: res.body.acesso_id as string } };
    const recorded = await porteiro.api.get(`/api/acessos?condominio_id=${condoA.condominio.id}&q=Maria%20Souza`);
    expect(recorded.body.items.find((x: { id: string }) => x.id === entry.body.id)).toMatchObject({
      nome: "Maria Souza",
      origem: "passe",
      passe_id: passe.id,
      saida_em: null,
      nao_entrou_em: null,
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
    const entry = { body: { id: ok.body.acesso_id as string } };
    await porteiro.api.post(`/api/acessos/${entry.body.id}/saida`);

    for (const stream of [staff, mine]) {
      // The entry is written first, in the validation's own transaction; the validation names it.
      const entrada = await stream.messages!.next((m) => m.event === "acesso.entrada");
      expect(JSON.parse(entrada!.data!)).toMatchObject({
        acesso: { id: entry.body.id, origem: "passe", condominio_id: condoA.condominio.id },
        invalidate: expect.arrayContaining(["acessos", "dashboard"]),
      });
      const validated = await stream.messages!.next((m) => m.event === "passe.validado");
      expect(JSON.parse(validated!.data!)).toMatchObject({
        nome_visitante: "Visita ao Vivo",
        unidade_id: condoA.unidade.id,
        passe: { id: passe.id, resultado: "liberado" },
        acesso: { id: entry.body.id },
        invalidate: expect.arrayContaining(["passes", "acessos"]),
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

describe("integration (/api/v1/passes/validar)", () => {
  it("a gate controller validates a QR Code: entry registered and the gate command sent with the pass", async () => {
    const { api } = await createApiKeyClient(system(), a.cookie, "Controlador do portão");
    const hook = await a.api.post("/api/integracoes/webhooks", {
      json: { url: "https://portao.example.com/abrir", eventos: ["portao.abrir"] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const passe = await createPass(a.api, passInput(condoA2, { nome: "Técnico da Internet" }));
    const garagem = await a.api.post("/api/portoes", {
      json: { condominio_id: condoA2.condominio.id, nome: "Garagem", tipo: "veiculos" },
    });
    expect(garagem.status, JSON.stringify(garagem.body)).toBe(201);
    // Named as integrations did before gates existed: by name, in any case.
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
      portao: {
        id: garagem.body.id,
        nome: "Garagem",
        condominio_id: condoA2.condominio.id,
        acesso_id: res.body.acesso_id,
      },
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
