import { beforeAll, describe, expect, it } from "vitest";
import { addUnidade } from "../../../../tests/support/factories";
import {
  type Condo,
  createGateWorld,
  createPass,
  type GateWorld,
  hm,
  type Morador,
  passInput,
  type Tenant,
  TZ,
  today,
  updateInput,
  validate,
} from "../../../../tests/support/gate-world";
import { setupTestSystem } from "../../../../tests/support/system";
import { addDays } from "../../../shared/pass-schedule";
import { passes } from "../../db/schema";

const system = setupTestSystem();
let a: Tenant;
let b: Tenant;
let porteiro: GateWorld["porteiro"];
let morador: Morador;
let condoA: Condo;

beforeAll(async () => {
  ({ a, b, porteiro, morador, condoA } = await createGateWorld(system()));
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
