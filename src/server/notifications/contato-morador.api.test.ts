/**
 * "Contato com o morador" (docs/product.md, "Condomínios" and "Resident link"): a condominium set to
 * "Mensagem; depois ligação" reaches each resident by message first and, after the condominium's
 * wait, by a phone call, before the next resident; on the demo tenant both go through the demo
 * channels.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { notificacoes, organization, pessoas, solicitacoesAcesso, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { DEMO_TENANT_SLUG } from "@/server/demo-guard";
import { escalateDue } from "@/server/notifications/outreach";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;

async function addResident(
  organizationId: string,
  unidade: { id: string; condominioId: string },
  nome: string,
  telefone: string,
  responsavel = false,
) {
  const [p] = await db()
    .insert(pessoas)
    .values({
      organizationId,
      condominioId: unidade.condominioId,
      nome,
      telefoneE164: telefone,
      busca: buildSearchText([nome]),
    })
    .returning();
  await db().insert(unidadeMoradores).values({
    organizationId,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: p!.id,
    isResponsavel: responsavel,
  });
  return p!;
}

/** The demo tenant (its slug is unique: one per file), its condominium set to message then call. */
async function demoBuilding() {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  await db().update(organization).set({ slug: DEMO_TENANT_SLUG }).where(eq(organization.id, sindico.org.id));
  await vi.waitFor(async () => expect((await sindico.api.get("/api/me")).body.organization.demo).toBe(true));
  const porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  const { condominio, unidade } = await createCondominioWithUnidade(system(), sindico.org.id);
  const set = await sindico.api.put(`/api/condominios/${condominio.id}`, {
    json: { nome: condominio.nome, timezone: condominio.timezone, contato_morador: "mensagem_e_ligacao" },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body).toMatchObject({ contato_morador: "mensagem_e_ligacao", espera_morador_segundos: 60 });
  await addResident(sindico.org.id, unidade, "Bruno Lima", "+5511988887777");
  await addResident(sindico.org.id, unidade, "Ana Souza", "+5511999998888", true);
  return { porteiro, condominio, unidade };
}

const stepsOf = async (solicitacaoId: string) =>
  (
    await db()
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.solicitacaoId, solicitacaoId))
      .orderBy(asc(notificacoes.ordem))
  ).map((r) => [r.ordem, r.pessoaNome, r.canal, r.destino]);

async function requestRow(id: string) {
  const [row] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, id));
  return row!;
}

/** Runs the escalation a second after the request's next step is due (the job's clock is a parameter). */
async function afterTheWait(solicitacaoId: string) {
  const { escalonamentoEm } = await requestRow(solicitacaoId);
  expect(escalonamentoEm, "nenhum passo agendado").not.toBeNull();
  await escalateDue(db(), new Date(escalonamentoEm!.getTime() + 1000));
}

describe("'Mensagem; depois ligação' on the demo tenant", () => {
  it("reaches the first resident by message, then by a call after the wait, then the next resident the same way", async () => {
    const b = await demoBuilding();
    const res = await b.porteiro.api.post("/api/solicitacoes", {
      json: { condominio_id: b.condominio.id, unidade_id: b.unidade.id, nome_visitante: "Carlos Entregador" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    const created = await requestRow(id);

    // The message first, in the request's transaction; the call waits for the condominium's wait.
    expect(await stepsOf(id)).toEqual([[0, "Ana Souza", "whatsapp", "+5511999998888"]]);
    await system().notifications.deliverDue();
    const [message] = await db().select().from(notificacoes).where(eq(notificacoes.solicitacaoId, id));
    expect(message).toMatchObject({ status: "enviada", demo: true });
    await escalateDue(db(), new Date(created.createdAt.getTime() + 30_000));
    expect(await stepsOf(id)).toHaveLength(1);

    await afterTheWait(id);
    expect(await stepsOf(id)).toEqual([
      [0, "Ana Souza", "whatsapp", "+5511999998888"],
      [1, "Ana Souza", "ligacao", "+5511999998888"],
    ]);
    // The call goes through the demo channel: nobody's phone rings.
    await system().notifications.deliverDue();
    const [, call] = await db()
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.solicitacaoId, id))
      .orderBy(asc(notificacoes.ordem));
    expect(call).toMatchObject({ canal: "ligacao", demo: true });
    expect(call!.status).not.toBe("falhou");
    await afterTheWait(id);
    await afterTheWait(id);
    expect(await stepsOf(id)).toEqual([
      [0, "Ana Souza", "whatsapp", "+5511999998888"],
      [1, "Ana Souza", "ligacao", "+5511999998888"],
      [2, "Bruno Lima", "whatsapp", "+5511988887777"],
      [3, "Bruno Lima", "ligacao", "+5511988887777"],
    ]);

    // Nobody left: "Sem resposta dos moradores", and nothing more is sent.
    await afterTheWait(id);
    const after = await requestRow(id);
    expect(after).toMatchObject({ status: "pendente", escalonamentoEm: null });
    expect(after.semRespostaMoradoresEm).not.toBeNull();
    expect(await stepsOf(id)).toHaveLength(4);
  });
});
