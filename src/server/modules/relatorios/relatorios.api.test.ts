import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import {
  acessos,
  atendenteConversas,
  centralItens,
  encomendaLotes,
  encomendas,
  notificacoes,
  passeValidacoes,
  solicitacoesAcesso,
} from "../../db/schema";

const system = setupTestSystem();
const db = () => system().handle.db;

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let t: Tenant;
let manaus: Awaited<ReturnType<typeof createCondominioWithUnidade>>;
let outro: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

const MES = "2026-11";
const at = (local: string) => new Date(`${local}-04:00`); // Manaus: UTC-4 all year
const plus = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

async function request(
  where: typeof manaus,
  created: string,
  o: { status?: string; via?: string; after?: number; semResposta?: boolean; canal?: string } = {},
) {
  const createdAt = at(created);
  const decided = o.after !== undefined ? plus(createdAt, o.after) : null;
  const [row] = await db()
    .insert(solicitacoesAcesso)
    .values({
      organizationId: t.org.id,
      condominioId: where.condominio.id,
      unidadeId: where.unidade.id,
      nomeVisitante: "Visitante",
      status: o.status ?? "pendente",
      decididoEm: decided,
      decididoVia: o.via ?? null,
      semRespostaMoradoresEm: o.semResposta ? plus(createdAt, 1) : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (o.canal) {
    await db().insert(notificacoes).values({
      organizationId: t.org.id,
      solicitacaoId: row!.id,
      pessoaNome: "Morador",
      ordem: 0,
      canal: o.canal,
      destino: "+5592999990000",
      status: "entregue",
      decididaEm: decided,
    });
  }
}

/**
 * A package for a unit, received at `recebida` (Manaus time) and, when told, collected or returned
 * at `saiu` (Manaus time).
 */
async function pacote(
  where: typeof manaus,
  recebida: string,
  o: { status?: string; saiu?: string; metodo?: string; perecivel?: boolean } = {},
) {
  const recebidaEm = at(recebida);
  const saiu = o.saiu ? at(o.saiu) : null;
  const status = o.status ?? (o.metodo ? "retirada" : "aguardando");
  const [lote] = await db()
    .insert(encomendaLotes)
    .values({
      organizationId: t.org.id,
      condominioId: where.condominio.id,
      unidadeId: where.unidade.id,
      codigoRetirada: "123456",
      createdAt: recebidaEm,
    })
    .returning();
  await db()
    .insert(encomendas)
    .values({
      organizationId: t.org.id,
      loteId: lote!.id,
      condominioId: where.condominio.id,
      unidadeId: where.unidade.id,
      transportadora: "correios",
      perecivel: o.perecivel ?? false,
      status,
      recebidaEm,
      retiradaEm: status === "retirada" ? saiu : null,
      retiradaMetodo: status === "retirada" ? (o.metodo ?? "codigo") : null,
      retiradaMotivo: o.metodo === "sem_codigo" ? "Morador sem o celular" : null,
      devolucaoMotivo: status === "devolvida" ? "Endereço errado" : null,
      devolvidaEm: status === "devolvida" ? saiu : null,
      createdAt: recebidaEm,
      updatedAt: saiu ?? recebidaEm,
    });
}

/** One plain SQL number, for the checks written independently of the report's own statements. */
async function one(query: ReturnType<typeof sql>): Promise<number | null> {
  const result = (await db().execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const v = Object.values(result.rows[0] ?? {})[0];
  return v === null || v === undefined ? null : Number(v);
}

beforeAll(async () => {
  t = await createTenantWithMember(system(), { role: "sindico" });
  manaus = await createCondominioWithUnidade(system(), t.org.id, {
    timezone: "America/Manaus",
    nome: "Residencial Aurora",
  });
  outro = await createCondominioWithUnidade(system(), t.org.id, { nome: "Outro" });
  // November 2026 in Manaus. Monday 2 November:
  await request(manaus, "2026-11-02T09:00:00", { status: "autorizado", via: "link", after: 60, canal: "whatsapp" });
  await request(manaus, "2026-11-02T09:30:00", { status: "negado", via: "link", after: 120, canal: "sms" });
  // 22:30 in Manaus is already 3 November in UTC: it counts on the 2nd, at 22h.
  await request(manaus, "2026-11-02T22:30:00", { status: "autorizado", via: "telefone", after: 30 });
  // Tuesday 3rd: nobody answered, the porteiro decided; and a plain porteiro decision.
  await request(manaus, "2026-11-03T10:00:00", { status: "autorizado", via: "console", after: 600, semResposta: true });
  await request(manaus, "2026-11-03T11:00:00", { status: "autorizado", via: "console", after: 300 });
  // Wednesday 4th: expired; Monday 30th at 23:30 (1 December in UTC): still pending.
  await request(manaus, "2026-11-04T08:00:00", { status: "expirado" });
  await request(manaus, "2026-11-30T23:30:00");
  // Outside the month (local time) and another condominium: never counted.
  await request(manaus, "2026-10-31T23:30:00", { status: "autorizado", via: "link", after: 10 });
  await request(manaus, "2026-12-01T00:10:00", { status: "autorizado", via: "link", after: 10 });
  await request(outro, "2026-11-02T09:00:00", { status: "autorizado", via: "link", after: 10 });

  const entrada = {
    organizationId: t.org.id,
    condominioId: manaus.condominio.id,
    unidadeId: manaus.unidade.id,
    nome: "Visitante",
    tipo: "visitante",
    origem: "morador",
  };
  await db()
    .insert(acessos)
    .values([
      { ...entrada, entradaEm: at("2026-11-02T09:05:00") },
      { ...entrada, entradaEm: at("2026-11-02T09:40:00"), naoEntrouEm: at("2026-11-02T09:41:00") },
      { ...entrada, entradaEm: at("2026-11-05T23:00:00") },
    ]);

  const validacao = {
    organizationId: t.org.id,
    condominioId: manaus.condominio.id,
    metodo: "pin",
    mensagem: "Acesso liberado",
    createdAt: at("2026-11-10T14:00:00"),
  };
  await db()
    .insert(passeValidacoes)
    .values([
      { ...validacao, resultado: "liberado" },
      { ...validacao, resultado: "liberado" },
      { ...validacao, resultado: "pin_invalido", mensagem: "PIN inválido" },
    ]);

  const conversa = {
    organizationId: t.org.id,
    condominioId: manaus.condominio.id,
    canal: "totem",
    estado: {},
    createdAt: at("2026-11-12T15:00:00"),
  };
  await db()
    .insert(atendenteConversas)
    .values([
      { ...conversa, etapa: "concluida", resultado: "autorizado" },
      { ...conversa, etapa: "concluida", resultado: "passe_liberado" },
      { ...conversa, etapa: "concluida", resultado: "autorizado", atendidoPorUserId: t.user.id },
      { ...conversa, etapa: "encerrada" },
    ]);

  const item = { organizationId: t.org.id, condominioId: manaus.condominio.id, tipo: "atendimento" };
  const a = at("2026-11-05T10:00:00");
  const b = at("2026-11-06T10:00:00");
  await db()
    .insert(centralItens)
    .values([
      {
        ...item,
        origem: "conversa:a",
        criadoEm: a,
        status: "resolvido",
        assumidoPorUserId: t.user.id,
        assumidoEm: plus(a, 60),
        resolvidoPorUserId: t.user.id,
        resolvidoEm: plus(a, 300),
        desfecho: "resolvido",
      },
      {
        ...item,
        origem: "conversa:b",
        criadoEm: b,
        status: "assumido",
        assumidoPorUserId: t.user.id,
        assumidoEm: plus(b, 180),
        escaladoEm: plus(b, 900),
      },
      { ...item, origem: "conversa:c", criadoEm: at("2026-11-07T10:00:00"), escaladoEm: at("2026-11-07T10:05:00") },
    ]);

  // Packages. Perishable, received Monday 2nd at 10:00, collected at 12:30 with the code (2 h 30 min).
  await pacote(manaus, "2026-11-02T10:00:00", { metodo: "codigo", saiu: "2026-11-02T12:30:00", perecivel: true });
  // Received on the 2nd at 22:30 (the 3rd in UTC), handed over without the code after midnight: 2 h.
  await pacote(manaus, "2026-11-02T22:30:00", { metodo: "sem_codigo", saiu: "2026-11-03T00:30:00" });
  // Received on 31 October at 23:00 (1 November in UTC), collected on 1 November with the QR: 10 h.
  await pacote(manaus, "2026-10-31T23:00:00", { metodo: "qr", saiu: "2026-11-01T09:00:00" });
  // Received on the 29th, collected on the 30th at 23:30 (1 December in UTC): 37 h 30 min.
  await pacote(manaus, "2026-11-29T10:00:00", { metodo: "codigo", saiu: "2026-11-30T23:30:00" });
  // Still waiting at the month's end: one from October, a perishable of the 10th, one collected on
  // 1 December at 00:30 and one returned in December.
  await pacote(manaus, "2026-10-20T08:00:00");
  await pacote(manaus, "2026-11-10T08:00:00", { perecivel: true });
  await pacote(manaus, "2026-11-20T08:00:00", { metodo: "codigo", saiu: "2026-12-01T00:30:00" });
  await pacote(manaus, "2026-11-25T09:00:00", { status: "devolvida", saiu: "2026-12-02T09:00:00" });
  // Returned on the 16th.
  await pacote(manaus, "2026-11-15T09:00:00", { status: "devolvida", saiu: "2026-11-16T09:00:00" });
  // Never counted: recorded by the attendant and not confirmed, received in December, another condominium.
  await pacote(manaus, "2026-11-12T09:00:00", { status: "a_confirmar" });
  await pacote(manaus, "2026-12-01T00:10:00");
  await pacote(outro, "2026-11-02T10:00:00", { metodo: "sem_codigo", saiu: "2026-11-02T11:00:00" });
});

const url = (q: string) => `/api/relatorios?condominio_id=${manaus.condominio.id}&${q}`;

describe("GET /api/relatorios", () => {
  it("counts each request on its day and hour in the condominium's timezone, and each day matches SQL", async () => {
    const res = await t.api.get(url(`mes=${MES}`));
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.condominio).toMatchObject({ nome: "Residencial Aurora", timezone: "America/Manaus" });
    expect(r.periodo).toEqual({ de: "2026-11-01", ate: "2026-11-30", dias: 30 });
    expect(r.resumo).toEqual({ solicitacoes: 7, autorizadas: 4, negadas: 1, entradas: 2, passes_usados: 2 });
    const nonZero = r.por_dia.filter((d: { solicitacoes: number; entradas: number; passes_usados: number }) =>
      Boolean(d.solicitacoes + d.entradas + d.passes_usados),
    );
    expect(nonZero).toEqual([
      { data: "2026-11-02", solicitacoes: 3, autorizadas: 2, negadas: 1, entradas: 1, passes_usados: 0 },
      { data: "2026-11-03", solicitacoes: 2, autorizadas: 2, negadas: 0, entradas: 0, passes_usados: 0 },
      { data: "2026-11-04", solicitacoes: 1, autorizadas: 0, negadas: 0, entradas: 0, passes_usados: 0 },
      { data: "2026-11-05", solicitacoes: 0, autorizadas: 0, negadas: 0, entradas: 1, passes_usados: 0 },
      { data: "2026-11-10", solicitacoes: 0, autorizadas: 0, negadas: 0, entradas: 0, passes_usados: 2 },
      { data: "2026-11-30", solicitacoes: 1, autorizadas: 0, negadas: 0, entradas: 0, passes_usados: 0 },
    ]);
    for (const d of r.por_dia) {
      const check = await one(
        sql`SELECT count(*) FROM solicitacoes_acesso WHERE condominio_id = ${manaus.condominio.id}
            AND to_char(timezone('America/Manaus', created_at), 'YYYY-MM-DD') = ${d.data}`,
      );
      expect(d.solicitacoes, d.data).toBe(check);
    }
  });

  it("fills the hours of the week (Monday = 1) and each cell matches SQL", async () => {
    const r = (await t.api.get(url(`mes=${MES}`))).body;
    expect(r.por_hora).toHaveLength(168);
    const cells = r.por_hora.filter((h: { solicitacoes: number }) => h.solicitacoes > 0);
    expect(cells).toEqual([
      { dia_semana: 1, hora: 9, solicitacoes: 2 },
      { dia_semana: 1, hora: 22, solicitacoes: 1 },
      { dia_semana: 1, hora: 23, solicitacoes: 1 },
      { dia_semana: 2, hora: 10, solicitacoes: 1 },
      { dia_semana: 2, hora: 11, solicitacoes: 1 },
      { dia_semana: 3, hora: 8, solicitacoes: 1 },
    ]);
    for (const h of cells) {
      const check = await one(
        sql`SELECT count(*) FROM solicitacoes_acesso WHERE condominio_id = ${manaus.condominio.id}
            AND to_char(timezone('America/Manaus', created_at), 'YYYY-MM') = ${MES}
            AND to_char(timezone('America/Manaus', created_at), 'ID') = ${String(h.dia_semana)}
            AND to_char(timezone('America/Manaus', created_at), 'HH24')::int = ${h.hora}`,
      );
      expect(h.solicitacoes).toBe(check);
    }
  });

  it("says how residents answered and how long answers and decisions took (p50, p95)", async () => {
    const r = (await t.api.get(url(`mes=${MES}`))).body;
    expect(r.respostas).toEqual([
      { forma: "whatsapp", total: 1 },
      { forma: "link", total: 1 },
      { forma: "ligacao", total: 1 },
      { forma: "aplicativo", total: 0 },
      { forma: "sem_resposta", total: 1 },
      { forma: "portaria", total: 1 },
      { forma: "sem_decisao", total: 2 },
    ]);
    // Residents: 30, 60, 120 s; decisions: 30, 60, 120, 300, 600 s (linear interpolation).
    expect(r.tempos.resposta_morador).toEqual({ n: 3, p50_s: 60, p95_s: 114 });
    expect(r.tempos.decisao).toEqual({ n: 5, p50_s: 120, p95_s: 540 });
    const month = sql`condominio_id = ${manaus.condominio.id} AND created_at >= '2026-11-01T04:00:00Z' AND created_at < '2026-12-01T04:00:00Z'`;
    const p95 = await one(
      sql`SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM decidido_em - created_at))
          FROM solicitacoes_acesso WHERE ${month} AND status IN ('autorizado', 'negado')`,
    );
    expect(r.tempos.decisao.p95_s).toBe(p95);
    const viaLink = await one(sql`SELECT count(*) FROM solicitacoes_acesso WHERE ${month} AND decidido_via = 'link'`);
    expect(r.respostas[0].total + r.respostas[1].total).toBe(viaLink);
  });

  it("gives the attendant's share without a person, passes, and the central's claims and SLA breaches", async () => {
    const r = (await t.api.get(url(`mes=${MES}`))).body;
    expect(r.atendente).toEqual({ conversas: 4, sem_pessoa: 2, com_pessoa: 1, percentual_sem_pessoa: 50 });
    expect(r.passes).toEqual({ validacoes: 3, liberadas: 2, recusadas: 1 });
    expect(r.central).toEqual({
      itens: 3,
      assumidos: 2,
      resolvidos: 1,
      violacoes_sla: 2,
      por_operador: [{ user_id: t.user.id, nome: "Usuária de Teste", assumidos: 2, resolvidos: 1, p50_assumir_s: 120 }],
    });
    expect(r.tempos.central_assumir).toEqual({ n: 2, p50_s: 120, p95_s: 174 });
    expect(r.tempos.central_resolver).toEqual({ n: 1, p50_s: 300, p95_s: 300 });
    const checks = await Promise.all([
      one(
        sql`SELECT count(*) FROM central_itens WHERE condominio_id = ${manaus.condominio.id} AND escalado_em IS NOT NULL`,
      ),
      one(
        sql`SELECT count(*) FROM atendente_conversas WHERE condominio_id = ${manaus.condominio.id}
            AND resultado IS NOT NULL AND atendido_por_user_id IS NULL`,
      ),
      one(
        sql`SELECT count(*) FROM passe_validacoes WHERE condominio_id = ${manaus.condominio.id} AND resultado = 'liberado'`,
      ),
    ]);
    expect([r.central.violacoes_sla, r.atendente.sem_pessoa, r.passes.liberadas]).toEqual(checks);
  });

  it("counts packages received, collected, returned and still waiting, per local day, and each figure matches SQL", async () => {
    const r = (await t.api.get(url(`mes=${MES}`))).body;
    const { por_dia, ...totais } = r.encomendas;
    expect(totais).toEqual({
      recebidas: 7,
      retiradas: 4,
      devolvidas: 1,
      aguardando_fim: 4,
      pereciveis: 2,
      sem_codigo: 1,
    });
    expect(por_dia).toHaveLength(30);
    expect(por_dia.filter((d: { recebidas: number; retiradas: number }) => d.recebidas + d.retiradas > 0)).toEqual([
      { data: "2026-11-01", recebidas: 0, retiradas: 1, pereciveis: 0, sem_codigo: 0 },
      { data: "2026-11-02", recebidas: 2, retiradas: 1, pereciveis: 1, sem_codigo: 0 },
      { data: "2026-11-03", recebidas: 0, retiradas: 1, pereciveis: 0, sem_codigo: 1 },
      { data: "2026-11-10", recebidas: 1, retiradas: 0, pereciveis: 1, sem_codigo: 0 },
      { data: "2026-11-15", recebidas: 1, retiradas: 0, pereciveis: 0, sem_codigo: 0 },
      { data: "2026-11-20", recebidas: 1, retiradas: 0, pereciveis: 0, sem_codigo: 0 },
      { data: "2026-11-25", recebidas: 1, retiradas: 0, pereciveis: 0, sem_codigo: 0 },
      { data: "2026-11-29", recebidas: 1, retiradas: 0, pereciveis: 0, sem_codigo: 0 },
      { data: "2026-11-30", recebidas: 0, retiradas: 1, pereciveis: 0, sem_codigo: 0 },
    ]);
    const condo = sql`condominio_id = ${manaus.condominio.id}`;
    const localDay = (column: string) => sql.raw(`to_char(timezone('America/Manaus', ${column}), 'YYYY-MM-DD')`);
    for (const d of por_dia) {
      const [recebidas, retiradas, pereciveis, semCodigo] = await Promise.all([
        one(
          sql`SELECT count(*) FROM encomendas WHERE ${condo} AND status <> 'a_confirmar' AND ${localDay("recebida_em")} = ${d.data}`,
        ),
        one(sql`SELECT count(*) FROM encomendas WHERE ${condo} AND ${localDay("retirada_em")} = ${d.data}`),
        one(
          sql`SELECT count(*) FROM encomendas WHERE ${condo} AND status <> 'a_confirmar' AND perecivel
              AND ${localDay("recebida_em")} = ${d.data}`,
        ),
        one(
          sql`SELECT count(*) FROM encomendas WHERE ${condo} AND retirada_metodo = 'sem_codigo'
              AND ${localDay("retirada_em")} = ${d.data}`,
        ),
      ]);
      expect([d.recebidas, d.retiradas, d.pereciveis, d.sem_codigo], d.data).toEqual([
        recebidas,
        retiradas,
        pereciveis,
        semCodigo,
      ]);
    }
    // The month's end in Manaus: 1 December 00:00 there, 04:00 UTC.
    const fim = sql`'2026-12-01T04:00:00Z'::timestamptz`;
    const aguardando = await one(
      sql`SELECT count(*) FROM encomendas WHERE ${condo} AND recebida_em < ${fim} AND (
            status = 'aguardando'
            OR (status = 'retirada' AND retirada_em >= ${fim})
            OR (status = 'devolvida' AND devolvida_em >= ${fim}))`,
    );
    expect(r.encomendas.aguardando_fim).toBe(aguardando);
    const devolvidas = await one(
      sql`SELECT count(*) FROM encomendas WHERE ${condo} AND status = 'devolvida'
          AND to_char(timezone('America/Manaus', devolvida_em), 'YYYY-MM') = ${MES}`,
    );
    expect(r.encomendas.devolvidas).toBe(devolvidas);
  });

  it("says how long collected packages waited, from receipt to pickup (p50, p95)", async () => {
    const r = (await t.api.get(url(`mes=${MES}`))).body;
    // Collected in November: 2 h, 2 h 30 min, 10 h, 37 h 30 min (linear interpolation; the report rounds to 0.1 s).
    expect(r.tempos.encomenda_retirada).toEqual({ n: 4, p50_s: 22_500, p95_s: 120_150 });
    const collected = sql`condominio_id = ${manaus.condominio.id}
      AND to_char(timezone('America/Manaus', retirada_em), 'YYYY-MM') = ${MES}`;
    const [p50, p95] = await Promise.all(
      [0.5, 0.95].map((f) =>
        one(
          sql`SELECT round(percentile_cont(${sql.raw(String(f))}) WITHIN GROUP (ORDER BY extract(epoch FROM retirada_em - recebida_em))::numeric, 1)
              FROM encomendas WHERE ${collected}`,
        ),
      ),
    );
    expect([r.tempos.encomenda_retirada.p50_s, r.tempos.encomenda_retirada.p95_s]).toEqual([p50, p95]);
  });

  it("takes a period by dates, inclusive", async () => {
    const r = (await t.api.get(url("de=2026-11-02&ate=2026-11-03"))).body;
    expect(r.periodo).toEqual({ de: "2026-11-02", ate: "2026-11-03", dias: 2 });
    expect(r.resumo.solicitacoes).toBe(5);
    // At 4 November 00:00 in Manaus only October's package still waits.
    expect(r.encomendas).toMatchObject({ recebidas: 2, retiradas: 2, aguardando_fim: 1, sem_codigo: 1 });
  });

  it("rejects a bad period in Portuguese", async () => {
    const cases = [
      ["mes=2026-13", "Mês inválido"],
      ["de=2026-11-10", "Informe o mês"],
      ["de=2026-11-10&ate=2026-11-01", "antes do início"],
      ["de=2025-01-01&ate=2026-01-02", "366 dias"],
      [`mes=${MES}&de=2026-11-01`, "não os dois"],
    ] as const;
    for (const [q, message] of cases) {
      const res = await t.api.get(url(q));
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(res.body), q).toContain(message);
    }
    const noCondo = await t.api.get(`/api/relatorios?mes=${MES}`);
    expect(noCondo.status).toBe(400);
    expect(JSON.stringify(noCondo.body)).toContain("Escolha um condomínio");
  });

  it("is the síndico's and the owner's: a porteiro or a morador gets 403, another tenant's condominium 404", async () => {
    const porteiro = await addSignedInMember(system(), t.org.id, "porteiro");
    expect((await porteiro.api.get(url(`mes=${MES}`))).status).toBe(403);
    const morador = await addSignedInMorador(system(), t.org.id, {
      id: manaus.unidade.id,
      condominioId: manaus.condominio.id,
    });
    expect((await morador.api.get(url(`mes=${MES}`))).status).toBe(403);
    const owner = await addSignedInMember(system(), t.org.id, "owner");
    expect((await owner.api.get(url(`mes=${MES}`))).status).toBe(200);
    const other = await createTenantWithMember(system(), { role: "sindico" });
    const res = await other.api.get(url(`mes=${MES}`));
    expect(res.status).toBe(404);
    expect(res.body.error.message ?? JSON.stringify(res.body)).toContain("Condomínio não encontrado");
    expect(
      (await other.api.get(`/api/relatorios/mensal.pdf?condominio_id=${manaus.condominio.id}&mes=${MES}`)).status,
    ).toBe(404);
  });
});

describe("GET /api/relatorios/csv/{tabela}", () => {
  it("downloads each table with ';' and a pt-BR header", async () => {
    const res = await t.api.get(`/api/relatorios/csv/por-dia?condominio_id=${manaus.condominio.id}&mes=${MES}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="relatorio-por-dia-2026-11-01-a-2026-11-30/,
    );
    const lines = String(res.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe("Data;Solicitações;Autorizadas;Negadas;Entradas;Passes usados");
    expect(lines).toContain("02/11/2026;3;2;1;1;0");
    expect(lines).toHaveLength(32); // header, 30 days, and the final line end

    const respostas = await t.api.get(`/api/relatorios/csv/respostas?condominio_id=${manaus.condominio.id}&mes=${MES}`);
    expect(String(respostas.body)).toContain("WhatsApp;1\r\n");
    const tempos = await t.api.get(`/api/relatorios/csv/tempos?condominio_id=${manaus.condominio.id}&mes=${MES}`);
    expect(String(tempos.body)).toContain("Decisão da solicitação;5;120;540\r\n");
    const operadores = await t.api.get(
      `/api/relatorios/csv/operadores?condominio_id=${manaus.condominio.id}&mes=${MES}`,
    );
    expect(String(operadores.body)).toContain("Usuária de Teste;2;1;120\r\n");
    const pacotes = String(
      (await t.api.get(`/api/relatorios/csv/encomendas?condominio_id=${manaus.condominio.id}&mes=${MES}`)).body,
    );
    expect(pacotes).toContain("Data;Recebidas;Retiradas;Perecíveis recebidas;Retiradas sem código\r\n");
    expect(pacotes).toContain("02/11/2026;2;1;1;0\r\n");
    expect(pacotes).toContain("03/11/2026;0;1;0;1\r\n");
    expect(String(tempos.body)).toContain("Encomendas: do recebimento à retirada;4;22500;120150\r\n");
    expect((await t.api.get(`/api/relatorios/csv/nada?condominio_id=${manaus.condominio.id}&mes=${MES}`)).status).toBe(
      400,
    );
  });
});

describe("GET /api/relatorios/mensal.pdf", () => {
  it("downloads a PDF that opens and carries the condominium's name and the month in Portuguese", async () => {
    const res = await system().app.request(
      `http://localhost:3000/api/relatorios/mensal.pdf?condominio_id=${manaus.condominio.id}&mes=${MES}`,
      { headers: { cookie: t.cookie, origin: "http://localhost:3000" } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="relatorio-residencial-aurora-novembro-2026.pdf"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await getDocumentProxy(bytes);
    expect(pdf.numPages).toBeGreaterThanOrEqual(2);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("Residencial Aurora");
    expect(text).toContain("novembro de 2026");
    expect(text).toContain("7 solicitações");
    expect(text).toContain("7 encomendas recebidas");
  }, 30_000);
});
