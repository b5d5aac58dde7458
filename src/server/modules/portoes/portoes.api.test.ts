/**
 * Gates (docs/product.md, "Portões"; docs/decisions/034-gates.md): staff keep them per condominium,
 * requests and pass readings name one of the condominium's active gates, integrations list them.
 * Those who manage gates also link each to a WhatsApp number (one gate per number, in any tenant)
 * and read its phone line's webhook URL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem, TEST_ORIGIN } from "../../../../tests/support/system";

const system = setupTestSystem();
type World = Awaited<ReturnType<typeof world>>;

async function world() {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const one = await createCondominioWithUnidade(system(), sindico.org.id, { nome: "Residencial Um" });
  const two = await createCondominioWithUnidade(system(), sindico.org.id, { nome: "Residencial Dois" });
  return { sindico, one, two };
}

let w: World;
beforeAll(async () => {
  w = await world();
});

const createGate = (body: Record<string, unknown>) => w.sindico.api.post("/api/portoes", { json: body });

describe("a condominium's gates", () => {
  it("are created, listed active first by name, renamed and deactivated, never deleted", async () => {
    const social = await createGate({ condominio_id: w.one.condominio.id, nome: "Portão social" });
    expect(social.status, JSON.stringify(social.body)).toBe(201);
    expect(social.body).toMatchObject({ nome: "Portão social", tipo: "pedestres", ativo: true });
    const garagem = await createGate({ condominio_id: w.one.condominio.id, nome: "Garagem", tipo: "veiculos" });
    expect(garagem.status).toBe(201);

    const off = await w.sindico.api.put(`/api/portoes/${social.body.id}`, {
      json: { nome: "Portão social antigo", tipo: "pedestres", ativo: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const listed = await w.sindico.api.get(`/api/portoes?condominio_id=${w.one.condominio.id}`);
    expect(listed.body.items.map((g: { nome: string; ativo: boolean }) => [g.nome, g.ativo])).toEqual([
      ["Garagem", true],
      ["Portão social antigo", false],
    ]);
    expect((await w.sindico.api.delete(`/api/portoes/${social.body.id}`)).status).toBe(404);
  });

  it("refuse a name the condominium already has, whatever its case, and accept it in another condominium", async () => {
    expect((await createGate({ condominio_id: w.one.condominio.id, nome: "Entrada" })).status).toBe(201);
    const again = await createGate({ condominio_id: w.one.condominio.id, nome: "ENTRADA" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Já existe um portão com este nome neste condomínio");
    expect((await createGate({ condominio_id: w.two.condominio.id, nome: "Entrada" })).status).toBe(201);
  });

  it("explain bad input in pt-BR and store nothing", async () => {
    const before = await w.sindico.api.get(`/api/portoes?condominio_id=${w.two.condominio.id}`);
    const empty = await createGate({ condominio_id: w.two.condominio.id, nome: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toContainEqual({ path: "nome", message: "Nome é obrigatório" });
    const kind = await createGate({ condominio_id: w.two.condominio.id, nome: "Lateral", tipo: "helicóptero" });
    expect(kind.status).toBe(400);
    expect(kind.body.error.fields).toContainEqual({ path: "tipo", message: "Selecione o tipo do portão" });
    const after = await w.sindico.api.get(`/api/portoes?condominio_id=${w.two.condominio.id}`);
    expect(after.body.items).toEqual(before.body.items);
  });

  it("are another tenant's business: 404, nothing listed", async () => {
    const gate = await createGate({ condominio_id: w.one.condominio.id, nome: "Só do Um" });
    const other = await createTenantWithMember(system(), { role: "sindico" });
    expect((await other.api.get(`/api/portoes?condominio_id=${w.one.condominio.id}`)).status).toBe(404);
    const put = await other.api.put(`/api/portoes/${gate.body.id}`, {
      json: { nome: "Tomado", tipo: "pedestres", ativo: true },
    });
    expect(put.status).toBe(404);
  });
});

describe("a gate's WhatsApp number and phone line", () => {
  const WHATSAPP_MESSAGE = "Informe o ID do número só com dígitos (de 5 a 30), ou deixe em branco";
  const vozUrl = (id: string) => `${TEST_ORIGIN}/api/webhooks/twilio/voz?portao=${id}`;
  const listOf = async (api: typeof w.sindico.api, condominioId: string) =>
    (await api.get(`/api/portoes?condominio_id=${condominioId}`)).body.items as Record<string, unknown>[];

  it("the number round-trips (trimmed, kept when a PUT omits it, cleared when empty) and the voice URL names the gate", async () => {
    const { condominio } = await createCondominioWithUnidade(system(), w.sindico.org.id, { nome: "Residencial Zap" });
    const created = await createGate({
      condominio_id: condominio.id,
      nome: "Social",
      whatsapp_numero_id: " 1098765432101 ",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ whatsapp_numero_id: "1098765432101", voz_url: vozUrl(id) });
    expect(new URL(created.body.voz_url).searchParams.get("portao")).toBe(id);
    expect(await listOf(w.sindico.api, condominio.id)).toEqual([
      expect.objectContaining({ id, whatsapp_numero_id: "1098765432101", voz_url: vozUrl(id) }),
    ]);

    // A client that never sends the number (the body of every PUT before it existed) keeps it.
    const renamed = await w.sindico.api.put(`/api/portoes/${id}`, {
      json: { nome: "Portaria social", tipo: "pedestres", ativo: true },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ nome: "Portaria social", whatsapp_numero_id: "1098765432101" });
    const changed = await w.sindico.api.put(`/api/portoes/${id}`, {
      json: { nome: "Portaria social", tipo: "pedestres", ativo: true, whatsapp_numero_id: "55555" },
    });
    expect(changed.body.whatsapp_numero_id).toBe("55555");
    for (const none of ["", "   ", null]) {
      const cleared = await w.sindico.api.put(`/api/portoes/${id}`, {
        json: { nome: "Portaria social", tipo: "pedestres", ativo: true, whatsapp_numero_id: none },
      });
      expect(cleared.status, JSON.stringify(none)).toBe(200);
      expect(cleared.body.whatsapp_numero_id).toBeNull();
    }
    // Without a number, a gate has none; its voice URL is there all the same.
    const plain = await createGate({ condominio_id: condominio.id, nome: "Garagem", tipo: "veiculos" });
    expect(plain.body).toMatchObject({ whatsapp_numero_id: null, voz_url: vozUrl(plain.body.id) });
  });

  it("is for those who manage gates: a porteiro reads the gates without the number or the URL", async () => {
    const { condominio } = await createCondominioWithUnidade(system(), w.sindico.org.id, {
      nome: "Residencial Porteiro",
    });
    await createGate({ condominio_id: condominio.id, nome: "Entrada", whatsapp_numero_id: "20202020202" });
    const porteiro = await addSignedInMember(system(), w.sindico.org.id, "porteiro");
    const items = await listOf(porteiro.api, condominio.id);
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0]!).sort()).toEqual(["ativo", "condominio_id", "id", "nome", "tipo"]);
    // Integrations read the gate alone too.
    const { api } = await createApiKeyClient(system(), w.sindico.cookie, "Diretório do porteiro");
    const v1 = await api.get(`/api/v1/portoes?condominio_id=${condominio.id}`);
    expect(v1.body.items[0]).not.toHaveProperty("whatsapp_numero_id");
    expect(v1.body.items[0]).not.toHaveProperty("voz_url");
  });

  it("one gate per number, across tenants: 409 naming no one, nothing changed", async () => {
    const { condominio } = await createCondominioWithUnidade(system(), w.sindico.org.id, { nome: "Residencial Dono" });
    const owner = await createGate({
      condominio_id: condominio.id,
      nome: "Principal",
      whatsapp_numero_id: "30303030303",
    });
    expect(owner.status).toBe(201);

    const other = await createTenantWithMember(system(), { role: "sindico" });
    const theirs = await createCondominioWithUnidade(system(), other.org.id, { nome: "Residencial Vizinho" });
    const taken = await other.api.post("/api/portoes", {
      json: { condominio_id: theirs.condominio.id, nome: "Portaria", whatsapp_numero_id: "30303030303" },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe("Este número de WhatsApp já está ligado a outro portão");
    for (const secret of ["Residencial Dono", "Principal", w.sindico.org.id, owner.body.id]) {
      expect(JSON.stringify(taken.body)).not.toContain(secret);
    }
    expect(await listOf(other.api, theirs.condominio.id)).toEqual([]);

    const own = await other.api.post("/api/portoes", {
      json: { condominio_id: theirs.condominio.id, nome: "Portaria", whatsapp_numero_id: "40404040404" },
    });
    expect(own.status).toBe(201);
    const moved = await other.api.put(`/api/portoes/${own.body.id}`, {
      json: { nome: "Portaria nova", tipo: "veiculos", ativo: true, whatsapp_numero_id: "30303030303" },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toBe("Este número de WhatsApp já está ligado a outro portão");
    expect(await listOf(other.api, theirs.condominio.id)).toEqual([
      expect.objectContaining({ nome: "Portaria", tipo: "pedestres", whatsapp_numero_id: "40404040404" }),
    ]);
    // The owner keeps it, and may save it again.
    const again = await w.sindico.api.put(`/api/portoes/${owner.body.id}`, {
      json: { nome: "Principal", tipo: "pedestres", ativo: true, whatsapp_numero_id: "30303030303" },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // Once the owner lets it go, another gate may take it.
    await w.sindico.api.put(`/api/portoes/${owner.body.id}`, {
      json: { nome: "Principal", tipo: "pedestres", ativo: true, whatsapp_numero_id: "" },
    });
    const free = await other.api.put(`/api/portoes/${own.body.id}`, {
      json: { nome: "Portaria", tipo: "pedestres", ativo: true, whatsapp_numero_id: "30303030303" },
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });

  it("bad numbers are a 400 in pt-BR on the field, and nothing is stored", async () => {
    const { condominio } = await createCondominioWithUnidade(system(), w.sindico.org.id, { nome: "Residencial Erro" });
    const gate = await createGate({ condominio_id: condominio.id, nome: "Entrada", whatsapp_numero_id: "60606060606" });
    for (const bad of ["1234", "1".repeat(31), "+55 11 99999-8888", "abc12345", 1234567890, true]) {
      const res = await createGate({ condominio_id: condominio.id, nome: "Lateral", whatsapp_numero_id: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.fields).toEqual([{ path: "whatsapp_numero_id", message: WHATSAPP_MESSAGE }]);
      const put = await w.sindico.api.put(`/api/portoes/${gate.body.id}`, {
        json: { nome: "Entrada", tipo: "pedestres", ativo: true, whatsapp_numero_id: bad },
      });
      expect(put.status).toBe(400);
      expect(put.body.error.message).toBe(WHATSAPP_MESSAGE);
    }
    expect(await listOf(w.sindico.api, condominio.id)).toEqual([
      expect.objectContaining({ nome: "Entrada", whatsapp_numero_id: "60606060606" }),
    ]);
    const edges = await createGate({ condominio_id: condominio.id, nome: "Limites", whatsapp_numero_id: "12345" });
    expect(edges.status).toBe(201);
    const longest = await w.sindico.api.put(`/api/portoes/${edges.body.id}`, {
      json: { nome: "Limites", tipo: "pedestres", ativo: true, whatsapp_numero_id: "9".repeat(30) },
    });
    expect(longest.body.whatsapp_numero_id).toBe("9".repeat(30));
  });
});

describe("a request or a pass reading names a gate", () => {
  it("by id or by name, only an active gate of its own condominium", async () => {
    const { api } = await createApiKeyClient(system(), w.sindico.cookie, "Atendente");
    const principal = await createGate({ condominio_id: w.one.condominio.id, nome: "Principal" });
    const fechado = await createGate({ condominio_id: w.one.condominio.id, nome: "Fechado", ativo: false });
    const doDois = await createGate({ condominio_id: w.two.condominio.id, nome: "Do Dois" });
    const visit = (extra: Record<string, unknown>) =>
      api.post("/api/v1/solicitacoes", {
        json: {
          condominio_id: w.one.condominio.id,
          unidade_id: w.one.unidade.id,
          nome_visitante: "Carlos",
          ...extra,
        },
      });

    const byId = await visit({ portao_id: principal.body.id });
    expect(byId.status, JSON.stringify(byId.body)).toBe(201);
    expect(byId.body).toMatchObject({ portao_id: principal.body.id, portao: "Principal" });
    const byName = await visit({ portao: "principal" });
    expect(byName.body).toMatchObject({ portao_id: principal.body.id, portao: "Principal" });
    expect((await visit({})).body).toMatchObject({ portao_id: null, portao: null });

    for (const [extra, field] of [
      [{ portao_id: fechado.body.id }, "portao_id"],
      [{ portao_id: doDois.body.id }, "portao_id"],
      [{ portao: "Portão que não existe" }, "portao"],
    ] as const) {
      const refused = await visit(extra);
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body.error.fields.map((f: { path: string }) => f.path)).toEqual([field]);
    }
    const listed = await w.sindico.api.get(`/api/solicitacoes?condominio_id=${w.one.condominio.id}&page_size=100`);
    expect(listed.body.items.filter((s: { nome_visitante: string }) => s.nome_visitante === "Carlos")).toHaveLength(3);
  });

  it("the console's Portaria names its gate on a new request", async () => {
    const [gate] = (await w.sindico.api.get(`/api/portoes?condominio_id=${w.one.condominio.id}`)).body.items.filter(
      (g: { ativo: boolean }) => g.ativo,
    );
    const res = await w.sindico.api.post("/api/solicitacoes", {
      json: {
        condominio_id: w.one.condominio.id,
        unidade_id: w.one.unidade.id,
        nome_visitante: "Visita do Tablet",
        portao_id: gate.id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ portao_id: gate.id, portao: gate.nome });
    const elsewhere = await w.sindico.api.post("/api/solicitacoes", {
      json: {
        condominio_id: w.two.condominio.id,
        unidade_id: w.two.unidade.id,
        nome_visitante: "Visita Errada",
        portao_id: gate.id,
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields.map((f: { path: string }) => f.path)).toEqual(["portao_id"]);
  });

  it("integrations list the gates with the directory scope", async () => {
    const { api } = await createApiKeyClient(system(), w.sindico.cookie, "Diretório");
    const listed = await api.get(`/api/v1/portoes?condominio_id=${w.two.condominio.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.items.map((g: { nome: string }) => g.nome)).toEqual(["Do Dois", "Entrada"]);
    expect(listed.body.items.every((g: { condominio_id: string }) => g.condominio_id === w.two.condominio.id)).toBe(
      true,
    );
  });
});
