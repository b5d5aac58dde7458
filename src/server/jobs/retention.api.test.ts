/**
 * Retention of visitor data (docs/product.md, "Personal data and retention"): the daily job with a
 * controllable clock, its preview, the on-demand run from the condominium screen, and two instances running
 * it at once.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { describeOnPostgres } from "../../../tests/support/postgres-only";
import { setupTestSystem, testSystemOptions } from "../../../tests/support/system";
import { addDays, localClock } from "../../shared/pass-schedule";
import type { DialogueState } from "../attendant/engine/types";
import {
  acessos,
  atendenteConversas,
  atendenteMensagens,
  auditoria,
  chamadas,
  condominios,
  notificacoes,
  passes,
  passeValidacoes,
  solicitacoesAcesso,
} from "../db/schema";
import { buildSearchText } from "../db/search";
import { chamadaSearchText } from "../modules/chamadas/chamadas.service";
import { ANONYMISED_NAME, ANONYMISED_TEXT, anonymiseExpired, previewExpired } from "./retention";

const system = setupTestSystem();
const DAY = 86_400_000;
/** The packages' counts (retention-encomendas.api.test.ts covers them): none in these condominiums. */
const NO_PACKAGES = {
  encomendas: 0,
  avisos_encomendas: 0,
  autorizados_encomendas: 0,
  convidados_reservas: 0,
  avisos_reservas: 0,
};
const db = () => system().handle.db;

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
type Place = Awaited<ReturnType<typeof createCondominioWithUnidade>>;

let pinCounter = 100_000;

/**
 * A decided visitor request created `ageDays` before `now`, with a call to a resident (its search
 * text holds the visitor's name) and a demo message naming the visitor.
 */
async function oldRequest(
  place: Place,
  now: Date,
  ageDays: number,
  nome: string,
  status: "autorizado" | "negado" = "autorizado",
) {
  const createdAt = new Date(now.getTime() - ageDays * DAY);
  const { condominio, unidade } = place;
  const documento = `${String(Math.floor(Math.random() * 1e11)).padStart(11, "0")}`;
  const [s] = await db()
    .insert(solicitacoesAcesso)
    .values({
      organizationId: condominio.organizationId,
      condominioId: condominio.id,
      unidadeId: unidade.id,
      tipo: "visitante",
      nomeVisitante: nome,
      docVisitante: documento,
      telefoneVisitante: "+5511987654321",
      motivo: `Visita de ${nome}`,
      observacoes: `Chegou com ${nome} Júnior`,
      status,
      decididoEm: new Date(createdAt.getTime() + 60_000),
      decididoPorNome: "Ana Moradora",
      decididoVia: "console",
      busca: buildSearchText([nome, documento, unidade.codigo, unidade.torre]),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db()
    .insert(chamadas)
    .values({
      organizationId: condominio.organizationId,
      solicitacaoId: s!.id,
      status: "concluida",
      ramalDiscado: "2101",
      provedor: "demo",
      iniciadoEm: createdAt,
      finalizadoEm: new Date(createdAt.getTime() + 30_000),
      busca: chamadaSearchText({ pessoaNome: null, ramalDiscado: "2101", visitante: nome, provedor: "demo" }),
    });
  await db()
    .insert(notificacoes)
    .values({
      organizationId: condominio.organizationId,
      solicitacaoId: s!.id,
      pessoaNome: "Ana Moradora",
      ordem: 0,
      canal: "whatsapp",
      destino: "+5511912345678",
      demo: true,
      mensagem: `Ana, ${nome} está na portaria. Autorizar? https://guarita.test/r/abc`,
      status: "enviada",
      createdAt,
    });
  return s!;
}

/** A single-day pass whose last day is `ageDays` before `now` (local date), with one use at the gate. */
async function oldPass(place: Place, now: Date, ageDays: number, nome: string) {
  const { condominio, unidade } = place;
  const dataFim = addDays(localClock(now, condominio.timezone).date, -ageDays);
  const [p] = await db()
    .insert(passes)
    .values({
      organizationId: condominio.organizationId,
      condominioId: condominio.id,
      unidadeId: unidade.id,
      tipo: "visitante",
      nome,
      descricao: "Diarista",
      documento: "12345678909",
      telefone: "+5511987650000",
      modalidade: "unica",
      dataInicio: dataFim,
      dataFim,
      horaInicio: "08:00",
      horaFim: "18:00",
      pin: String(pinCounter++),
      busca: buildSearchText([nome, "12345678909", "Diarista", unidade.codigo, unidade.torre]),
      createdAt: new Date(now.getTime() - (ageDays + 1) * DAY),
    })
    .returning();
  await db()
    .insert(passeValidacoes)
    .values({
      organizationId: condominio.organizationId,
      condominioId: condominio.id,
      passeId: p!.id,
      metodo: "pin",
      resultado: "liberado",
      mensagem: `Liberado: ${nome}, Diarista do apto ${unidade.codigo}`,
      createdAt: new Date(now.getTime() - ageDays * DAY),
    });
  return p!;
}

/** A visit (entry and exit) `ageDays` before `now`. */
async function oldAcesso(place: Place, now: Date, ageDays: number, nome: string) {
  const { condominio, unidade } = place;
  const entradaEm = new Date(now.getTime() - ageDays * DAY);
  const [a] = await db()
    .insert(acessos)
    .values({
      organizationId: condominio.organizationId,
      condominioId: condominio.id,
      unidadeId: unidade.id,
      nome,
      documento: "98765432100",
      tipo: "visitante",
      origem: "morador",
      autorizadoPorNome: "Ana Moradora",
      entradaEm,
      entradaPorNome: "Porteiro Paulo",
      saidaEm: new Date(entradaEm.getTime() + 3_600_000),
      saidaPorNome: "Porteiro Paulo",
      busca: buildSearchText([nome, "98765432100", unidade.codigo, unidade.torre]),
    })
    .returning();
  return a!;
}

/**
 * A conversation with the virtual attendant that started `ageDays` before `now` and, when `closed`,
 * ended a minute later; its transcript and state name the visitor.
 */
async function oldConversation(
  place: Place,
  now: Date,
  ageDays: number,
  nome: string,
  opts: { closed: boolean; solicitacaoId?: string },
) {
  const { condominio, unidade } = place;
  const startedAt = new Date(now.getTime() - ageDays * DAY);
  const estado: DialogueState = {
    etapa: opts.closed ? "concluida" : "aguardando_morador",
    nomeVisitante: nome,
    tipo: "visitante",
    unidadeId: unidade.id,
    candidatas: [],
    moradorPessoaId: null,
    pergunta: null,
    naoEntendidas: 0,
    solicitacaoId: opts.solicitacaoId ?? null,
    resultado: opts.closed ? "autorizado" : null,
    motivoTransferencia: null,
  };
  const [conversa] = await db()
    .insert(atendenteConversas)
    .values({
      organizationId: condominio.organizationId,
      condominioId: condominio.id,
      canal: "api",
      etapa: estado.etapa,
      resultado: estado.resultado,
      estado,
      solicitacaoId: opts.solicitacaoId ?? null,
      ultimaAtividadeEm: startedAt,
      encerradaEm: opts.closed ? new Date(startedAt.getTime() + 60_000) : null,
      createdAt: startedAt,
      updatedAt: startedAt,
    })
    .returning();
  await db()
    .insert(atendenteMensagens)
    .values(
      [`Meu nome é ${nome}, vim no ${unidade.codigo}`, `Confirmando: ${nome} para o apartamento ${unidade.codigo}`].map(
        (texto, i) => ({
          organizationId: condominio.organizationId,
          conversaId: conversa!.id,
          autor: i === 0 ? "visitante" : "atendente",
          texto,
          createdAt: new Date(startedAt.getTime() + i * 1000),
        }),
      ),
    );
  return conversa!;
}

/** A conversation and its transcript as stored, or null once deleted. */
async function conversationRows(id: string) {
  const [conversa] = await db().select().from(atendenteConversas).where(eq(atendenteConversas.id, id));
  const mensagens = await db()
    .select()
    .from(atendenteMensagens)
    .where(eq(atendenteMensagens.conversaId, id))
    .orderBy(asc(atendenteMensagens.createdAt));
  return conversa ? { conversa, mensagens } : { conversa: null, mensagens };
}

/** Everything the job may touch in a condominium, in a fixed order, to compare byte for byte. */
async function snapshot(condominioId: string) {
  const sol = await db()
    .select()
    .from(solicitacoesAcesso)
    .where(eq(solicitacoesAcesso.condominioId, condominioId))
    .orderBy(asc(solicitacoesAcesso.id));
  const ids = sol.map((s) => s.id);
  const pas = await db().select().from(passes).where(eq(passes.condominioId, condominioId)).orderBy(asc(passes.id));
  return {
    solicitacoes: sol,
    chamadas: ids.length
      ? await db().select().from(chamadas).where(inArray(chamadas.solicitacaoId, ids)).orderBy(asc(chamadas.id))
      : [],
    notificacoes: ids.length
      ? await db()
          .select()
          .from(notificacoes)
          .where(inArray(notificacoes.solicitacaoId, ids))
          .orderBy(asc(notificacoes.id))
      : [],
    passes: pas,
    validacoes: await db()
      .select()
      .from(passeValidacoes)
      .where(eq(passeValidacoes.condominioId, condominioId))
      .orderBy(asc(passeValidacoes.id)),
    acessos: await db().select().from(acessos).where(eq(acessos.condominioId, condominioId)).orderBy(asc(acessos.id)),
  };
}

async function countsByStatus(condominioId: string) {
  return db()
    .select({ status: solicitacoesAcesso.status, n: count() })
    .from(solicitacoesAcesso)
    .where(eq(solicitacoesAcesso.condominioId, condominioId))
    .groupBy(solicitacoesAcesso.status)
    .orderBy(asc(solicitacoesAcesso.status));
}

async function retentionAudits(organizationId: string, condominioId: string) {
  return db()
    .select()
    .from(auditoria)
    .where(
      and(
        eq(auditoria.organizationId, organizationId),
        eq(auditoria.acao, "anonimizar"),
        eq(auditoria.entidadeId, condominioId),
      ),
    )
    .orderBy(asc(auditoria.ocorridoEm), asc(auditoria.entidade));
}

describe("the retention job", () => {
  let a: Tenant;
  let c90: Place;
  let c365: Place;
  const now = new Date();

  beforeAll(async () => {
    a = await createTenantWithMember(system(), { role: "sindico" });
    c90 = await createCondominioWithUnidade(system(), a.org.id, { nome: "Residencial Noventa" });
    c365 = await createCondominioWithUnidade(system(), a.org.id, { nome: "Residencial Ano" });
    await db().update(condominios).set({ retencaoDias: 365 }).where(eq(condominios.id, c365.condominio.id));
  });

  it("anonymises 100-day-old visitors and keeps 10-day-old ones; statistics and other data stay; a second run changes nothing", async () => {
    const old = await oldRequest(c90, now, 100, "Zuleica Antiga Pereira");
    const oldDenied = await oldRequest(c90, now, 120, "Wanderley Negado Souza", "negado");
    const recent = await oldRequest(c90, now, 10, "Rosalva Recente Lima");
    const oldPasse = await oldPass(c90, now, 100, "Teodora Passe Antigo");
    const recentPasse = await oldPass(c90, now, 10, "Quitéria Passe Novo");
    const oldVisit = await oldAcesso(c90, now, 100, "Hermógenes Entrada Antiga");
    const recentVisit = await oldAcesso(c90, now, 10, "Leocádia Entrada Nova");
    // Same age, longer retention: kept.
    const kept = await oldRequest(c365, now, 100, "Genoveva Guardada Alves");
    const keptPasse = await oldPass(c365, now, 100, "Genoveva Passe Guardado");
    const keptVisit = await oldAcesso(c365, now, 100, "Genoveva Entrada Guardada");

    const search = async (path: string, q: string) =>
      (await a.api.get(`${path}?q=${encodeURIComponent(q)}`)).body.total as number;
    expect(await search("/api/chamadas", "Zuleica")).toBe(1);
    expect(await search("/api/solicitacoes", "Zuleica")).toBe(1);
    expect(await search("/api/passes", "Teodora")).toBe(1);
    expect(await search("/api/acessos", "Hermógenes")).toBe(1);

    // Statistics before: counts by status, and the dashboard of the old request's day.
    const oldDay = localClock(old.createdAt, c90.condominio.timezone).date;
    const kpisPath = `/api/dashboard/kpis?data=${oldDay}&condominio_id=${c90.condominio.id}`;
    const kpisBefore = await a.api.get(kpisPath);
    expect(kpisBefore.status).toBe(200);
    expect(kpisBefore.body.counts.autorizado).toBe(1);
    const statusBefore = await countsByStatus(c90.condominio.id);

    // The preview (API and function) counts what the run then changes.
    const preview = await a.api.get(`/api/condominios/${c90.condominio.id}/retencao`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      retencao_dias: 90,
      corte_em: expect.any(String),
      contagens: { solicitacoes: 2, passes: 1, acessos: 1, conversas: 0, fotos: 0, ...NO_PACKAGES },
    });
    expect(Math.abs(Date.parse(preview.body.corte_em) - (now.getTime() - 90 * DAY))).toBeLessThan(60_000);
    const p90 = await previewExpired(db(), a.org.id, c90.condominio.id, now);
    const p365 = await previewExpired(db(), a.org.id, c365.condominio.id, now);
    expect(p90!.contagens).toEqual({ solicitacoes: 2, passes: 1, acessos: 1, conversas: 0, fotos: 0, ...NO_PACKAGES });
    expect(p90!.corte.toISOString()).toBe(new Date(now.getTime() - 90 * DAY).toISOString());
    expect(p365!.contagens).toEqual({ solicitacoes: 0, passes: 0, acessos: 0, conversas: 0, fotos: 0, ...NO_PACKAGES });

    const first = await anonymiseExpired(db(), now);
    expect(first.porCondominio.get(c90.condominio.id)).toEqual(p90!.contagens);
    expect(first.porCondominio.get(c365.condominio.id)).toEqual(p365!.contagens);
    expect({ solicitacoes: first.solicitacoes, passes: first.passes, acessos: first.acessos }).toEqual({
      solicitacoes: 2,
      passes: 1,
      acessos: 1,
    });

    // The old request: visitor data gone, everything else as it was.
    const [s] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, old.id));
    expect(s).toEqual({
      ...old,
      nomeVisitante: ANONYMISED_NAME,
      docVisitante: null,
      telefoneVisitante: null,
      motivo: null,
      observacoes: null,
      busca: buildSearchText([ANONYMISED_NAME, c90.unidade.codigo, c90.unidade.torre]),
      anonimizadoEm: now,
    });
    const [d] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, oldDenied.id));
    expect(d).toMatchObject({ nomeVisitante: ANONYMISED_NAME, status: "negado", anonimizadoEm: now });
    // The recent one and the other condominium's old one are untouched.
    const [r] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, recent.id));
    expect(r).toEqual(recent);
    const [k] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, kept.id));
    expect(k).toEqual(kept);

    // Its call no longer finds the name; its demo message is gone; the recent ones stay.
    expect(await search("/api/chamadas", "Zuleica")).toBe(0);
    expect(await search("/api/chamadas", "Wanderley")).toBe(0);
    expect(await search("/api/solicitacoes", "Zuleica")).toBe(0);
    expect(await search("/api/chamadas", "Rosalva")).toBe(1);
    expect(await search("/api/chamadas", "Genoveva")).toBe(1);
    const [call] = await db().select().from(chamadas).where(eq(chamadas.solicitacaoId, old.id));
    expect(call!.busca).toBe(
      chamadaSearchText({ pessoaNome: null, ramalDiscado: "2101", visitante: ANONYMISED_NAME, provedor: "demo" }),
    );
    expect(call!.status).toBe("concluida");
    const messages = await db()
      .select({ solicitacaoId: notificacoes.solicitacaoId, mensagem: notificacoes.mensagem })
      .from(notificacoes)
      .where(inArray(notificacoes.solicitacaoId, [old.id, recent.id, kept.id]));
    expect(Object.fromEntries(messages.map((m) => [m.solicitacaoId, m.mensagem]))).toEqual({
      [old.id]: null,
      [recent.id]: expect.stringContaining("Rosalva"),
      [kept.id]: expect.stringContaining("Genoveva"),
    });

    // Passes: the old one anonymised (its gate message too), the recent and the 365-day one kept.
    const [op] = await db().select().from(passes).where(eq(passes.id, oldPasse.id));
    expect(op).toEqual({
      ...oldPasse,
      nome: ANONYMISED_NAME,
      documento: null,
      telefone: null,
      descricao: null,
      busca: buildSearchText([ANONYMISED_NAME, c90.unidade.codigo, c90.unidade.torre]),
      anonimizadoEm: now,
    });
    const [v] = await db().select().from(passeValidacoes).where(eq(passeValidacoes.passeId, oldPasse.id));
    expect(v!.mensagem).toBe(`Liberado: ${ANONYMISED_NAME}, Diarista do apto ${c90.unidade.codigo}`);
    expect((await db().select().from(passes).where(eq(passes.id, recentPasse.id)))[0]).toEqual(recentPasse);
    expect((await db().select().from(passes).where(eq(passes.id, keptPasse.id)))[0]).toEqual(keptPasse);
    expect(await search("/api/passes", "Teodora")).toBe(0);
    expect(await search("/api/passes", "Quitéria")).toBe(1);

    // Access records likewise.
    const [ov] = await db().select().from(acessos).where(eq(acessos.id, oldVisit.id));
    expect(ov).toEqual({
      ...oldVisit,
      nome: ANONYMISED_NAME,
      documento: null,
      busca: buildSearchText([ANONYMISED_NAME, c90.unidade.codigo, c90.unidade.torre]),
      anonimizadoEm: now,
    });
    expect((await db().select().from(acessos).where(eq(acessos.id, recentVisit.id)))[0]).toEqual(recentVisit);
    expect((await db().select().from(acessos).where(eq(acessos.id, keptVisit.id)))[0]).toEqual(keptVisit);
    expect(await search("/api/acessos", "Hermógenes")).toBe(0);
    expect(await search("/api/acessos", "Leocádia")).toBe(1);

    // Statistics unchanged.
    expect(await countsByStatus(c90.condominio.id)).toEqual(statusBefore);
    expect(await a.api.get(kpisPath)).toMatchObject({ status: 200, body: kpisBefore.body });

    // One audit record per table with changes, by the system.
    const audits = await retentionAudits(a.org.id, c90.condominio.id);
    expect(audits.map((x) => [x.entidade, x.atorTipo, x.resumo])).toEqual(
      expect.arrayContaining([
        ["solicitacao", "sistema", "Retenção: 2 solicitações anonimizadas (mais de 90 dias)"],
        ["passe", "sistema", "Retenção: 1 passe anonimizado (mais de 90 dias)"],
        ["acesso", "sistema", "Retenção: 1 registro de entrada e saída anonimizado (mais de 90 dias)"],
      ]),
    );
    expect(audits).toHaveLength(3);
    expect(await retentionAudits(a.org.id, c365.condominio.id)).toEqual([]);

    // A second run changes nothing: counts 0, rows byte for byte the same, no new audit record.
    const before = [await snapshot(c90.condominio.id), await snapshot(c365.condominio.id)];
    const second = await anonymiseExpired(db(), now);
    expect({ solicitacoes: second.solicitacoes, passes: second.passes, acessos: second.acessos }).toEqual({
      solicitacoes: 0,
      passes: 0,
      acessos: 0,
    });
    expect([await snapshot(c90.condominio.id), await snapshot(c365.condominio.id)]).toEqual(before);
    expect(await retentionAudits(a.org.id, c90.condominio.id)).toHaveLength(3);
    expect((await previewExpired(db(), a.org.id, c90.condominio.id, now))!.contagens).toEqual({
      solicitacoes: 0,
      passes: 0,
      acessos: 0,
      conversas: 0,
      fotos: 0,
      ...NO_PACKAGES,
    });

    // The clock moves on 81 days: the then 91-day-old visitors go too; the 365-day condominium keeps its 181-day-old ones.
    const later = new Date(now.getTime() + 81 * DAY);
    const third = await anonymiseExpired(db(), later);
    expect(third.porCondominio.get(c90.condominio.id)).toEqual({
      solicitacoes: 1,
      passes: 1,
      acessos: 1,
      conversas: 0,
      fotos: 0,
      ...NO_PACKAGES,
    });
    expect(third.porCondominio.get(c365.condominio.id)).toEqual({
      solicitacoes: 0,
      passes: 0,
      acessos: 0,
      conversas: 0,
      fotos: 0,
      ...NO_PACKAGES,
    });
    const [r2] = await db().select().from(solicitacoesAcesso).where(eq(solicitacoesAcesso.id, recent.id));
    expect(r2).toMatchObject({ nomeVisitante: ANONYMISED_NAME, docVisitante: null, anonimizadoEm: later });
    expect(await countsByStatus(c90.condominio.id)).toEqual(statusBefore);
  });

  it("works in batches: more rows than a batch holds are all anonymised, with one audit record per table", async () => {
    const place = await createCondominioWithUnidade(system(), a.org.id, { nome: "Residencial Lotes" });
    for (let i = 0; i < 7; i++) await oldRequest(place, now, 200 + i, `Lote Visitante ${i}`);
    const result = await anonymiseExpired(db(), now, {
      organizationId: a.org.id,
      condominioId: place.condominio.id,
      batchSize: 3,
    });
    expect(result.solicitacoes).toBe(7);
    const [left] = await db()
      .select({ n: count() })
      .from(solicitacoesAcesso)
      .where(and(eq(solicitacoesAcesso.condominioId, place.condominio.id), sql`anonimizado_em IS NULL`));
    expect(left!.n).toBe(0);
    const audits = await retentionAudits(a.org.id, place.condominio.id);
    expect(audits.map((x) => x.resumo)).toEqual(["Retenção: 7 solicitações anonimizadas (mais de 90 dias)"]);
  });
});

describe("the retention job and the virtual attendant's conversations", () => {
  it("deletes closed conversations past retention with their transcripts, in batches; recent and open ones stay", async () => {
    const now = new Date();
    const t = await createTenantWithMember(system(), { role: "sindico" });
    const place = await createCondominioWithUnidade(system(), t.org.id, { nome: "Residencial Conversas" });
    const longer = await createCondominioWithUnidade(system(), t.org.id, { nome: "Residencial Conversas Longas" });
    await db().update(condominios).set({ retencaoDias: 365 }).where(eq(condominios.id, longer.condominio.id));

    const oldRequestOfOld = await oldRequest(place, now, 100, "Eustáquio Conversa Antiga");
    const old = [
      await oldConversation(place, now, 100, "Eustáquio Conversa Antiga", {
        closed: true,
        solicitacaoId: oldRequestOfOld.id,
      }),
      await oldConversation(place, now, 120, "Filomena Conversa Antiga", { closed: true }),
      await oldConversation(place, now, 200, "Gumercindo Conversa Antiga", { closed: true }),
    ];
    const recent = await oldConversation(place, now, 10, "Hortênsia Conversa Recente", { closed: true });
    // Still open after 100 days (never closed): not the job's to delete.
    const stillOpen = await oldConversation(place, now, 100, "Idalina Conversa Aberta", { closed: false });
    // Open, waiting on a request past retention: kept, but it follows its request's anonymisation.
    const openRequest = await oldRequest(place, now, 100, "Jandira Conversa Pendente");
    const openOfOldRequest = await oldConversation(place, now, 100, "Jandira Conversa Pendente", {
      closed: false,
      solicitacaoId: openRequest.id,
    });
    const kept = await oldConversation(longer, now, 100, "Laurindo Conversa Guardada", { closed: true });
    const before = {
      recent: await conversationRows(recent.id),
      stillOpen: await conversationRows(stillOpen.id),
      kept: await conversationRows(kept.id),
    };

    // The condominium screen's preview counts them.
    const preview = await t.api.get(`/api/condominios/${place.condominio.id}/retencao`);
    expect(preview.status).toBe(200);
    expect(preview.body.contagens).toEqual({
      solicitacoes: 2,
      passes: 0,
      acessos: 0,
      conversas: 3,
      fotos: 0,
      ...NO_PACKAGES,
    });
    expect((await previewExpired(db(), t.org.id, longer.condominio.id, now))!.contagens.conversas).toBe(0);

    const run = await anonymiseExpired(db(), now, { organizationId: t.org.id, batchSize: 2 });
    expect(run.porCondominio.get(place.condominio.id)).toEqual({
      solicitacoes: 2,
      passes: 0,
      acessos: 0,
      conversas: 3,
      fotos: 0,
      ...NO_PACKAGES,
    });
    expect(run.porCondominio.get(longer.condominio.id)!.conversas).toBe(0);

    // The old closed ones are gone, transcripts and all.
    for (const c of old) expect(await conversationRows(c.id)).toEqual({ conversa: null, mensagens: [] });
    // The recent one, the open one and the longer-retention one are as they were.
    expect(await conversationRows(recent.id)).toEqual(before.recent);
    expect(await conversationRows(stillOpen.id)).toEqual(before.stillOpen);
    expect(await conversationRows(kept.id)).toEqual(before.kept);
    // The open one whose request was anonymised stays, without the visitor's name or words.
    const pending = await conversationRows(openOfOldRequest.id);
    expect(pending.conversa).toMatchObject({ etapa: "aguardando_morador", anonimizadaEm: now });
    expect((pending.conversa!.estado as DialogueState).nomeVisitante).toBeNull();
    expect(pending.mensagens.map((m) => m.texto)).toEqual([ANONYMISED_TEXT, ANONYMISED_TEXT]);
    expect(JSON.stringify(pending)).not.toContain("Jandira");

    // One audit record for the deletions, naming no one.
    const deletions = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.organizationId, t.org.id), eq(auditoria.acao, "excluir")));
    expect(deletions.map((x) => [x.entidade, x.entidadeId, x.atorTipo, x.resumo])).toEqual([
      ["condominio", place.condominio.id, "sistema", "Retenção: 3 conversas do atendente apagadas (mais de 90 dias)"],
    ]);

    // A second run finds nothing.
    const again = await anonymiseExpired(db(), now, { organizationId: t.org.id });
    expect(again.conversas).toBe(0);
    expect(await conversationRows(stillOpen.id)).toEqual(before.stillOpen);
  });
});

describe("running retention on demand (GET …/retencao, POST …/retencao/executar)", () => {
  let a: Tenant;
  let b: Tenant;
  let place: Place;

  beforeAll(async () => {
    a = await createTenantWithMember(system(), { role: "sindico" });
    b = await createTenantWithMember(system(), { role: "owner" });
    place = await createCondominioWithUnidade(system(), a.org.id, { nome: "Residencial Sob Demanda" });
  });

  it("another tenant gets 404 and a porteiro 403; a síndico previews, runs it and is the audit's actor", async () => {
    const now = new Date();
    await oldRequest(place, now, 100, "Adalgisa Sob Demanda");
    await oldRequest(place, now, 95, "Bartolomeu Sob Demanda");
    await oldAcesso(place, now, 100, "Adalgisa Sob Demanda");
    await oldRequest(place, now, 5, "Cremilda Recente");
    const base = `/api/condominios/${place.condominio.id}/retencao`;

    expect((await b.api.get(base)).status).toBe(404);
    const foreign = await b.api.post(`${base}/executar`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Condomínio não encontrado");
    expect((await b.api.get(`/api/condominios/${randomUUID()}/retencao`)).status).toBe(404);
    const porteiro = await addSignedInMember(system(), a.org.id, "porteiro");
    expect((await porteiro.api.get(base)).status).toBe(403);
    expect((await porteiro.api.post(`${base}/executar`)).status).toBe(403);
    // Nothing changed on the way.
    expect((await a.api.get(base)).body.contagens).toEqual({
      solicitacoes: 2,
      passes: 0,
      acessos: 1,
      conversas: 0,
      fotos: 0,
      ...NO_PACKAGES,
    });

    const run = await a.api.post(`${base}/executar`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ retencao_dias: 90, contagens: { solicitacoes: 2, passes: 0, acessos: 1 } });
    expect(Date.parse(run.body.corte_em)).toBeGreaterThan(now.getTime() - 90 * DAY - 60_000);
    expect((await a.api.get(`/api/solicitacoes?q=adalgisa`)).body.total).toBe(0);
    expect((await a.api.get(`/api/solicitacoes?q=cremilda`)).body.total).toBe(1);

    const audits = await retentionAudits(a.org.id, place.condominio.id);
    expect(audits.map((x) => [x.entidade, x.atorTipo, x.atorId, x.resumo]).sort()).toEqual([
      ["acesso", "usuario", a.user.id, "Retenção: 1 registro de entrada e saída anonimizado (mais de 90 dias)"],
      ["solicitacao", "usuario", a.user.id, "Retenção: 2 solicitações anonimizadas (mais de 90 dias)"],
    ]);

    const nothing = { solicitacoes: 0, passes: 0, acessos: 0, conversas: 0, fotos: 0, ...NO_PACKAGES };
    expect((await a.api.get(base)).body.contagens).toEqual(nothing);
    expect((await a.api.post(`${base}/executar`)).body.contagens).toEqual(nothing);
    expect(await retentionAudits(a.org.id, place.condominio.id)).toHaveLength(2);
  });
});

describeOnPostgres("retention on two instances", () => {
  it("two concurrent runs anonymise every row exactly once", async () => {
    const { createSystem } = await import("@/server/bootstrap");
    const other = await createSystem(testSystemOptions());
    try {
      const now = new Date();
      const t = await createTenantWithMember(system(), { role: "sindico" });
      const place = await createCondominioWithUnidade(system(), t.org.id, { nome: "Residencial Concorrido" });
      const second = await addUnidade(system(), t.org.id, place.condominio.id, "202");
      const { condominio, unidade } = place;
      const N = 1_300;
      const rows = Array.from({ length: N }, (_, i) => {
        const createdAt = new Date(now.getTime() - (100 + (i % 50)) * DAY - i * 1000);
        const u = i % 2 === 0 ? unidade : second;
        return {
          organizationId: condominio.organizationId,
          condominioId: condominio.id,
          unidadeId: u.id,
          nomeVisitante: `Concorrente ${i}`,
          docVisitante: String(10_000_000_000 + i),
          status: "autorizado",
          busca: buildSearchText([`Concorrente ${i}`, String(10_000_000_000 + i), u.codigo, u.torre]),
          createdAt,
          updatedAt: createdAt,
        };
      });
      for (let i = 0; i < N; i += 500)
        await db()
          .insert(solicitacoesAcesso)
          .values(rows.slice(i, i + 500));
      const visits = Array.from({ length: 700 }, (_, i) => ({
        organizationId: condominio.organizationId,
        condominioId: condominio.id,
        unidadeId: unidade.id,
        nome: `Entrada Concorrente ${i}`,
        documento: String(20_000_000_000 + i),
        tipo: "visitante",
        origem: "morador",
        entradaEm: new Date(now.getTime() - 100 * DAY - i * 1000),
        busca: buildSearchText([`Entrada Concorrente ${i}`, unidade.codigo, unidade.torre]),
      }));
      for (let i = 0; i < visits.length; i += 500)
        await db()
          .insert(acessos)
          .values(visits.slice(i, i + 500));

      const closedAt = new Date(now.getTime() - 100 * DAY);
      const conversations = Array.from({ length: 300 }, () => ({
        organizationId: condominio.organizationId,
        condominioId: condominio.id,
        canal: "api",
        etapa: "encerrada",
        estado: {},
        encerradaEm: closedAt,
        createdAt: closedAt,
      }));
      await db().insert(atendenteConversas).values(conversations);

      const opts = { organizationId: t.org.id, batchSize: 100 };
      const [x, y] = await Promise.all([
        anonymiseExpired(system().handle.db, now, opts),
        anonymiseExpired(other.handle.db, now, opts),
      ]);
      expect(x.solicitacoes + y.solicitacoes).toBe(N);
      expect(x.acessos + y.acessos).toBe(700);
      expect(x.conversas + y.conversas).toBe(300);
      const [conversationsLeft] = await db()
        .select({ n: count() })
        .from(atendenteConversas)
        .where(eq(atendenteConversas.condominioId, condominio.id));
      expect(conversationsLeft!.n).toBe(0);

      const [left] = await db()
        .select({ n: count() })
        .from(solicitacoesAcesso)
        .where(and(eq(solicitacoesAcesso.condominioId, condominio.id), sql`nome_visitante <> ${ANONYMISED_NAME}`));
      expect(left!.n).toBe(0);
      // Each row was stamped once: by one run or the other, never rewritten by the second.
      const stamps = await db()
        .select({ n: count() })
        .from(solicitacoesAcesso)
        .where(
          and(
            eq(solicitacoesAcesso.condominioId, condominio.id),
            sql`anonimizado_em = ${now.toISOString()}::timestamptz`,
          ),
        );
      expect(stamps[0]!.n).toBe(N);
      // The audit records of both runs add up to the rows changed (deleted conversations under the condominium).
      const deletions = await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.organizationId, t.org.id), eq(auditoria.acao, "excluir")));
      const audits = [...(await retentionAudits(t.org.id, condominio.id)), ...deletions];
      const total = (entidade: string) =>
        audits
          .filter((r) => r.entidade === entidade)
          .reduce((sum, r) => sum + Number(/Retenção: ([\d.]+)/.exec(r.resumo)![1]!.replace(/\./g, "")), 0);
      expect(total("solicitacao")).toBe(N);
      expect(total("acesso")).toBe(700);
      expect(total("condominio")).toBe(300);
      const again = await anonymiseExpired(other.handle.db, now, opts);
      expect([again.solicitacoes, again.passes, again.acessos, again.conversas]).toEqual([0, 0, 0, 0]);
    } finally {
      await other.close();
    }
  });
});
