/**
 * A data subject's packages (docs/decisions/024-audit-and-lgpd.md; docs/decisions/043-deliveries.md):
 * the export of a person's record holds the packages addressed to them, the ones they collected and
 * the notices sent to them; anonymising the record takes their name and document off the packages
 * they collected and their address and the demo text off the notices. Other people's packages stay.
 */
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem, TEST_ORIGIN } from "../../../../tests/support/system";
import { encomendaAvisos, encomendas, pessoas, unidadeMoradores } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { ANONYMISED_PESSOA_NAME } from "./titulares.service";

const system = setupTestSystem();

const NOME = "Renata Encomendas";
const DOC = "741.852.963-00";
const PHONE = "+5511966665555";
const DEMO_TEXT = `Olá, ${NOME}! Chegou uma encomenda para você. Código de retirada: 123456.`;

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let condominioId: string;
let unidadeId: string;
let renataId: string;
let vizinhoId: string;
/** Addressed to her and collected by her; addressed to the unit and collected by her; a neighbour's. */
let dela: string;
let daUnidade: string;
let doVizinho: string;

async function addResident(
  unidade: { id: string; condominioId: string },
  nome: string,
  documento: string,
  phone: string,
) {
  const db = system().handle.db;
  const [p] = await db
    .insert(pessoas)
    .values({
      organizationId: a.org.id,
      condominioId: unidade.condominioId,
      nome,
      documento,
      telefoneE164: phone,
      busca: buildSearchText([nome, documento]),
    })
    .returning();
  await db.insert(unidadeMoradores).values({
    organizationId: a.org.id,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: p!.id,
    isResponsavel: true,
  });
  return p!.id;
}

async function receive(unidade: string, destinatario: string | null, rastreio: string) {
  const res = await a.api.post("/api/encomendas", {
    json: {
      condominio_id: condominioId,
      unidade_id: unidade,
      destinatario_pessoa_id: destinatario,
      itens: [{ transportadora: "correios", rastreio, perecivel: false }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.itens[0].id as string;
}

async function handOver(id: string, retiradaPor: Record<string, string>) {
  const res = await a.api.post("/api/encomendas/retiradas", {
    json: {
      condominio_id: condominioId,
      encomenda_ids: [id],
      metodo: "sem_codigo",
      motivo: "Moradora sem o celular",
      retirada_por: retiradaPor,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "sindico" });
  const condo = await createCondominioWithUnidade(system(), a.org.id, { nome: "Residencial Titular", codigo: "71" });
  condominioId = condo.condominio.id;
  unidadeId = condo.unidade.id;
  const outra = await createCondominioWithUnidade(system(), a.org.id, { nome: "Residencial Vizinho", codigo: "12" });
  renataId = await addResident(condo.unidade, NOME, DOC, PHONE);
  vizinhoId = await addResident(outra.unidade, "Vicente Vizinho", "11122233344", "+5511911112222");

  dela = await receive(unidadeId, renataId, "QB000000001BR");
  daUnidade = await receive(unidadeId, null, "QB000000002BR");
  const res = await a.api.post("/api/encomendas", {
    json: {
      condominio_id: outra.condominio.id,
      unidade_id: outra.unidade.id,
      destinatario_pessoa_id: vizinhoId,
      itens: [{ transportadora: "amazon", rastreio: "AMZ-VIZINHO", perecivel: false }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  doVizinho = res.body.itens[0].id;

  await handOver(dela, { pessoa_id: renataId });
  await handOver(daUnidade, { pessoa_id: renataId });
  // As the demo channel leaves a notice once sent: the text as she read it.
  await system()
    .handle.db.update(encomendaAvisos)
    .set({ status: "enviada", demo: true, mensagem: DEMO_TEXT, enviadaEm: new Date() })
    .where(eq(encomendaAvisos.pessoaId, renataId));
});

const registros = () => [{ tipo: "pessoa", id: renataId }];

describe("a data subject's packages", () => {
  it("the export holds the packages addressed to her or collected by her and the notices sent to her", async () => {
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "exportacao", titular: { nome: NOME, documento: DOC }, registros: registros() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.contagens).toMatchObject({ pessoas: 1, encomendas: 2 });

    const zip = await system().app.request(res.body.arquivo_url, {
      headers: { cookie: a.cookie, origin: TEST_ORIGIN },
    });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const dados = JSON.parse(strFromU8(files["dados.json"]!));
    const byId = new Map(dados.encomendas.map((e: { id: string }) => [e.id, e]));
    expect([...byId.keys()].sort()).toEqual([dela, daUnidade].sort());
    expect(byId.get(dela)).toMatchObject({
      condominio: "Residencial Titular",
      unidade: "71 Torre A",
      destinatario: true,
      retirada_pelo_titular: true,
      transportadora: "correios",
      rastreio: "QB000000001BR",
      status: "retirada",
      retirada_nome: NOME,
      retirada_metodo: "sem_codigo",
    });
    expect(byId.get(daUnidade)).toMatchObject({ destinatario: false, retirada_pelo_titular: true });
    expect(JSON.stringify(dados)).not.toContain(doVizinho);
    expect(JSON.stringify(dados)).not.toContain("AMZ-VIZINHO");
    // The notice about the package addressed to her (the other told the unit's residents: her too).
    expect(dados.avisos_encomendas.length).toBeGreaterThanOrEqual(1);
    expect(dados.avisos_encomendas[0]).toMatchObject({
      motivo: "chegada",
      destino: PHONE,
      status: "enviada",
      mensagem: DEMO_TEXT,
    });
    const csv = strFromU8(files["encomendas.csv"]!);
    expect(csv).toContain("QB000000001BR");
    expect(csv).toContain(NOME);
    expect(strFromU8(files["avisos-encomendas.csv"]!)).toContain(PHONE);
  });

  it("anonymising her record takes her off the packages she collected and the notices to her; others stay", async () => {
    // She moved out: no longer an active resident, so the record may be anonymised.
    await system()
      .handle.db.update(unidadeMoradores)
      .set({ ativo: false })
      .where(eq(unidadeMoradores.pessoaId, renataId));
    const res = await a.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", titular: { nome: NOME, documento: DOC }, registros: registros() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.contagens).toMatchObject({ pessoas: 1, encomendas: 2 });

    for (const id of [dela, daUnidade]) {
      const detail = await a.api.get(`/api/encomendas/${id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        status: "retirada",
        retirada_metodo: "sem_codigo",
        retirada_por_nome: ANONYMISED_PESSOA_NAME,
        retirada_documento: null,
      });
      expect(JSON.stringify(detail.body)).not.toContain("Renata");
      expect(JSON.stringify(detail.body)).not.toContain(PHONE);
    }
    const avisos = await system()
      .handle.db.select()
      .from(encomendaAvisos)
      .where(and(eq(encomendaAvisos.organizationId, a.org.id), eq(encomendaAvisos.pessoaId, renataId)));
    expect(avisos.length).toBeGreaterThanOrEqual(1);
    for (const aviso of avisos) {
      expect(aviso).toMatchObject({ pessoaNome: ANONYMISED_PESSOA_NAME, destino: "", mensagem: null });
    }
    const list = await a.api.get(`/api/encomendas?condominio_id=${condominioId}`);
    expect(JSON.stringify(list.body)).not.toContain("Renata");
    const csv = await system().app.request("/api/encomendas/export.csv", { headers: { cookie: a.cookie } });
    expect(await csv.text()).not.toContain("Renata");

    // The neighbour's package and notice are untouched.
    const [vizinho] = await system().handle.db.select().from(encomendas).where(eq(encomendas.id, doVizinho));
    expect(vizinho!.anonimizadoEm).toBeNull();
    const [avisoVizinho] = await system()
      .handle.db.select()
      .from(encomendaAvisos)
      .where(eq(encomendaAvisos.pessoaId, vizinhoId));
    expect(avisoVizinho).toMatchObject({ pessoaNome: "Vicente Vizinho", destino: "+5511911112222" });
  });
});
