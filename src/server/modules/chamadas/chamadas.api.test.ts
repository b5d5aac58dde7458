import { beforeAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { formatDuracao } from "../../../shared/schemas/chamadas";
import { chamadas, pessoas } from "../../db/schema";
import { chamadaSearchText } from "./chamadas.queries";

const system = setupTestSystem();
type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let a: Tenant;
let b: Tenant;
let callIds: string[] = [];
let requestId: string;

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "porteiro" });
  b = await createTenantWithMember(system(), { role: "porteiro" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), a.org.id);
  requestId = (
    await a.api.post("/api/solicitacoes", {
      json: { condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: "Visitante Único" },
    })
  ).body.id;
  const [p] = await system()
    .handle.db.insert(pessoas)
    .values({
      organizationId: a.org.id,
      condominioId: condominio.id,
      nome: "Morador Chamado",
      pbxRamal: "2101",
      busca: "morador chamado 2101",
    })
    .returning();
  const t0 = new Date(Date.now() - 600_000);
  const rows = [
    { status: "concluida", start: 0, secs: 125, provedor: "PABX Asterisk" },
    { status: "sem_resposta", start: 60, secs: 45, provedor: "PABX Asterisk" },
    { status: "discando", start: 120, secs: null, provedor: "WhatsApp" },
  ];
  const inserted = await system()
    .handle.db.insert(chamadas)
    .values(
      rows.map((r) => {
        const iniciadoEm = new Date(t0.getTime() + r.start * 1000);
        return {
          organizationId: a.org.id,
          solicitacaoId: requestId,
          pessoaId: p!.id,
          status: r.status,
          ramalDiscado: "2101",
          iniciadoEm,
          finalizadoEm: r.secs === null ? null : new Date(iniciadoEm.getTime() + r.secs * 1000),
          provedor: r.provedor,
          busca: chamadaSearchText({
            pessoaNome: "Morador Chamado",
            ramalDiscado: "2101",
            visitante: "Visitante Único",
            provedor: r.provedor,
          }),
        };
      }),
    )
    .returning();
  callIds = inserted.map((r) => r.id);
});

describe("chamadas", () => {
  it("lists newest first with person, visitor and the duration data", async () => {
    const res = await a.api.get("/api/chamadas");
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { status: string }) => c.status)).toEqual(["discando", "sem_resposta", "concluida"]);
    expect(res.body.items.map((c: { duracao_segundos: number | null }) => formatDuracao(c.duracao_segundos))).toEqual([
      "-",
      "0:45",
      "2:05",
    ]);
    expect(res.body.items[0]).toMatchObject({
      pessoa: { nome: "Morador Chamado", pbx_ramal: "2101" },
      solicitacao: { nome_visitante: "Visitante Único", tipo: "visitante" },
    });
  });

  it("filters by status, request and search (person, extension, visitor, provider)", async () => {
    expect((await a.api.get("/api/chamadas?status=concluida")).body.total).toBe(1);
    expect((await a.api.get(`/api/chamadas?solicitacao_id=${requestId}`)).body.total).toBe(3);
    expect((await a.api.get("/api/chamadas?q=whatsapp")).body.total).toBe(1);
    expect((await a.api.get("/api/chamadas?q=visitante unico")).body.total).toBe(3);
    expect((await a.api.get("/api/chamadas?q=2101")).body.total).toBe(3);
    expect((await a.api.get("/api/chamadas?page_size=2&page=2")).body.items).toHaveLength(1);
    expect((await a.api.get("/api/chamadas?status=tocando")).status).toBe(400);
  });

  it("a renamed visitor is found by the new name", async () => {
    await a.api.patch(`/api/solicitacoes/${requestId}`, { json: { nome_visitante: "Nome Corrigido" } });
    expect((await a.api.get("/api/chamadas?q=corrigido")).body.total).toBe(3);
  });

  it("gets one call; another tenant gets 404 and an empty list", async () => {
    expect((await a.api.get(`/api/chamadas/${callIds[0]}`)).body.duracao_segundos).toBe(125);
    expect((await b.api.get(`/api/chamadas/${callIds[0]}`)).status).toBe(404);
    expect((await b.api.get("/api/chamadas")).body.total).toBe(0);
  });
});

describe("busca global", () => {
  it("finds people, requests and units of the tenant only, ignoring accents", async () => {
    const res = await a.api.get("/api/busca?q=morador chamado");
    expect(res.body.pessoas.map((p: { nome: string }) => p.nome)).toEqual(["Morador Chamado"]);
    const req = await a.api.get("/api/busca?q=corrigido");
    expect(req.body.solicitacoes).toHaveLength(1);
    const unit = await a.api.get("/api/busca?q=torre a");
    expect(unit.body.unidades[0]).toMatchObject({ codigo: "101", torre: "Torre A" });
    expect((await b.api.get("/api/busca?q=morador")).body).toEqual({ pessoas: [], solicitacoes: [], unidades: [] });
    expect((await a.api.get("/api/busca?q=a")).status).toBe(400);
  });
});

describe("a call Guarita placed to a resident", () => {
  it("shows the key pressed and whether it was a demonstration; 'ocupada' is a status the filter takes", async () => {
    const { condominio, unidade } = await createCondominioWithUnidade(system(), b.org.id);
    const request = await b.api.post("/api/solicitacoes", {
      json: { condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: "Visita Ligada" },
    });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    const iniciadoEm = new Date(Date.now() - 60_000);
    const [answered, busy] = await system()
      .handle.db.insert(chamadas)
      .values(
        [
          { status: "concluida", tecla: "1", demo: true, provedor: "Demonstração" },
          { status: "ocupada", tecla: null, demo: false, provedor: "Twilio" },
        ].map((r) => ({
          organizationId: b.org.id,
          solicitacaoId: request.body.id,
          iniciadoEm,
          finalizadoEm: new Date(iniciadoEm.getTime() + 20_000),
          ...r,
          busca: chamadaSearchText({
            pessoaNome: null,
            ramalDiscado: null,
            visitante: "Visita Ligada",
            provedor: r.provedor,
          }),
        })),
      )
      .returning();
    expect((await b.api.get(`/api/chamadas/${answered!.id}`)).body).toMatchObject({
      status: "concluida",
      tecla: "1",
      demo: true,
      provedor: "Demonstração",
    });
    const listed = await b.api.get("/api/chamadas?status=ocupada");
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: busy!.id, status: "ocupada", tecla: null, demo: false }),
    ]);
    // The PBX's calls (none of Guarita's) answer the same fields.
    expect((await a.api.get(`/api/chamadas/${callIds[0]}`)).body).toMatchObject({ tecla: null, demo: false });
  });
});
