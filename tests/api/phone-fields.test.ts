/**
 * Phones (docs/product.md, "Telefones"): every phone field of the API takes a number the way Brazilians
 * type it and stores E.164; junk is a 400 with the pt-BR message on the field, and nothing is created.
 * Values stored before phones were checked (visitor phones typed as text) are answered in E.164 when
 * they are a phone.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { passes, pessoas, solicitacoesAcesso } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { createGateWorld, type GateWorld, passInput } from "../support/gate-world";
import { client } from "../support/http";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();
const TYPED = "(11) 98765-4321";
const E164 = "+5511987654321";
const INVALID = "Telefone inválido. Ex.: (11) 98765-4321";

let world: GateWorld;
let v1: ReturnType<typeof client>;

beforeAll(async () => {
  world = await createGateWorld(system());
  const key = await world.a.api.post("/api/integracoes/chaves", {
    json: { nome: "Atendente", escopos: ["solicitacoes:ler", "solicitacoes:escrever"] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  v1 = client(system(), { headers: { authorization: `Bearer ${key.body.segredo}` } });
});

const fieldsOf = (body: { error: { fields: { path: string; message: string }[] } }) =>
  Object.fromEntries(body.error.fields.map((f) => [f.path, f.message]));

async function rows(table: typeof pessoas | typeof passes | typeof solicitacoesAcesso) {
  const [row] = await system().handle.db.select({ n: count() }).from(table);
  return row!.n;
}

function requestInput(over: Record<string, unknown> = {}) {
  return {
    condominio_id: world.condoA.condominio.id,
    unidade_id: world.condoA.unidade.id,
    nome_visitante: "Carlos Entregador",
    ...over,
  };
}

describe("phone fields", () => {
  it("a pessoa typed as '(11) 98765-4321' is stored and returned as +5511987654321", async () => {
    const created = await world.a.api.post("/api/pessoas", {
      json: { condominio_id: world.condoA.condominio.id, nome: "Beatriz Lima", telefone_e164: TYPED },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.telefone_e164).toBe(E164);
    const [stored] = await system()
      .handle.db.select({ telefone: pessoas.telefoneE164 })
      .from(pessoas)
      .where(eq(pessoas.id, created.body.id));
    expect(stored!.telefone).toBe(E164);
    expect((await world.a.api.get(`/api/pessoas/${created.body.id}`)).body.telefone_e164).toBe(E164);

    // Editing with +55, spaces and a landline: still E.164.
    const edited = await world.a.api.put(`/api/pessoas/${created.body.id}`, {
      json: { condominio_id: world.condoA.condominio.id, nome: "Beatriz Lima", telefone_e164: "+55 11 4002-8922" },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.telefone_e164).toBe("+551140028922");
  });

  it("a foreign number keeps its country; an empty phone is null", async () => {
    const res = await world.a.api.post("/api/pessoas", {
      json: { condominio_id: world.condoA.condominio.id, nome: "João Português", telefone_e164: "+351 912 345 678" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.telefone_e164).toBe("+351912345678");
    const none = await world.a.api.post("/api/pessoas", {
      json: { condominio_id: world.condoA.condominio.id, nome: "Sem Telefone", telefone_e164: "  " },
    });
    expect(none.body.telefone_e164).toBeNull();
  });

  it("a pass's visitor phone and a request's visitor phone typed the Brazilian way are stored in E.164", async () => {
    const passe = await world.morador.api.post("/api/passes", {
      json: passInput(world.condoA, { telefone: "11 98765 4321" }),
    });
    expect(passe.status, JSON.stringify(passe.body)).toBe(201);
    expect(passe.body.telefone).toBe(E164);
    expect(new URL(passe.body.whatsapp_url).pathname).toBe("/5511987654321");
    const [storedPass] = await system()
      .handle.db.select({ telefone: passes.telefone })
      .from(passes)
      .where(eq(passes.id, passe.body.id));
    expect(storedPass!.telefone).toBe(E164);

    const request = await world.a.api.post("/api/solicitacoes", { json: requestInput({ telefone_visitante: TYPED }) });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    expect(request.body.telefone_visitante).toBe(E164);
    const [storedRequest] = await system()
      .handle.db.select({ telefone: solicitacoesAcesso.telefoneVisitante })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, request.body.id));
    expect(storedRequest!.telefone).toBe(E164);

    const corrected = await world.a.api.patch(`/api/solicitacoes/${request.body.id}`, {
      json: { telefone_visitante: "(21) 2222-3333" },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.telefone_visitante).toBe("+552122223333");
  });

  it("the integration API (/api/v1) takes the same Brazilian input and answers E.164", async () => {
    const res = await v1.post("/api/v1/solicitacoes", {
      json: requestInput({ telefone_visitante: "55 11 98765-4321" }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.telefone_visitante).toBe(E164);
    expect((await v1.get(`/api/v1/solicitacoes/${res.body.id}`)).body.telefone_visitante).toBe(E164);
  });

  it("the organização's phone is stored in E.164", async () => {
    const res = await world.a.api.put("/api/organizacao", {
      json: { nome: "Alfa Administradora", cnpj: null, telefone: "(11) 4002-8922", email: null },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.telefone).toBe("+551140028922");
  });

  it.each(["abc", "(11) 123", "(10) 98765-4321", "11 98765-4321 ramal 2"])(
    "refuses %j with 400 and the pt-BR message, creating nothing",
    async (junk) => {
      const before = {
        pessoas: await rows(pessoas),
        passes: await rows(passes),
        solicitacoes: await rows(solicitacoesAcesso),
      };

      const pessoa = await world.a.api.post("/api/pessoas", {
        json: { condominio_id: world.condoA.condominio.id, nome: "Pessoa Inválida", telefone_e164: junk },
      });
      expect(pessoa.status).toBe(400);
      expect(fieldsOf(pessoa.body)).toEqual({ telefone_e164: INVALID });

      const passe = await world.morador.api.post("/api/passes", { json: passInput(world.condoA, { telefone: junk }) });
      expect(passe.status).toBe(400);
      expect(fieldsOf(passe.body)).toEqual({ telefone: INVALID });

      const request = await world.a.api.post("/api/solicitacoes", { json: requestInput({ telefone_visitante: junk }) });
      expect(request.status).toBe(400);
      expect(fieldsOf(request.body)).toEqual({ telefone_visitante: INVALID });

      const viaV1 = await v1.post("/api/v1/solicitacoes", { json: requestInput({ telefone_visitante: junk }) });
      expect(viaV1.status).toBe(400);
      expect(fieldsOf(viaV1.body)).toEqual({ telefone_visitante: INVALID });

      expect({
        pessoas: await rows(pessoas),
        passes: await rows(passes),
        solicitacoes: await rows(solicitacoesAcesso),
      }).toEqual(before);
    },
  );

  it("a visitor phone stored as typed before phones were checked is answered in E.164; other text as stored", async () => {
    const { a, condoA } = world;
    const legacy = async (telefone: string) => {
      const [row] = await system()
        .handle.db.insert(solicitacoesAcesso)
        .values({
          organizationId: a.org.id,
          condominioId: condoA.condominio.id,
          unidadeId: condoA.unidade.id,
          nomeVisitante: "Visita Antiga",
          telefoneVisitante: telefone,
          busca: buildSearchText(["Visita Antiga"]),
        })
        .returning({ id: solicitacoesAcesso.id });
      return (await a.api.get(`/api/solicitacoes/${row!.id}`)).body.telefone_visitante;
    };
    expect(await legacy("(11) 98765-4321")).toBe(E164);
    expect(await legacy("ligar na portaria")).toBe("ligar na portaria");
  });
});
