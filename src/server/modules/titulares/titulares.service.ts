/**
 * Data subjects' requests (issue 15, item 5; LGPD art. 18 and 19). A síndico finds a person by
 * document or name, then records a request and performs it at once:
 *
 * - exportação: the matching rows' ids are kept in the request's result (never the document), and
 *   GET …/arquivo.zip builds the ZIP from them: dados.json with everything held, one CSV per kind,
 *   and who viewed or exported their data (the audit trail).
 * - anonimização: in one transaction, the visitor rows get the retention job's transformation
 *   (jobs/retention.ts, the same functions) and a person's record that is not an active resident
 *   or staff login becomes "Pessoa anonimizada"; an active one is refused (409), nothing changes.
 *
 * Each request records its date, its 15-day deadline (art. 19), its completion and what it touched,
 * and an audit entry (exportar / anonimizar, entidade titular).
 */
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { TitularPedidoTipo } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import {
  PRAZO_TITULAR_DIAS,
  type TitularAmostra,
  type TitularBuscaQuery,
  type TitularBuscaResult,
  type TitularContagens,
  type TitularPedido,
  type TitularPedidoCreate,
} from "../../../shared/schemas/titulares";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Database, Executor } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import {
  acessos,
  chamadas,
  notificacoes,
  passes,
  pessoas,
  solicitacoesAcesso as s,
  titularPedidos,
  unidades,
} from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { csvLine } from "../../http/csv";
import { conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import {
  anonymiseAcessoRows,
  anonymisePassRows,
  anonymiseRequestRows,
  RETENTION_BATCH_SIZE,
} from "../../jobs/retention";
import { refreshChamadasSearch } from "../chamadas/chamadas.queries";
import { pessoaSearchText } from "../pessoas/pessoas.service";
import {
  acessoWhere,
  chamadaWhere,
  countOf,
  criterioOf,
  findAcessos,
  findChamadas,
  findPasses,
  findPessoas,
  findSolicitacoes,
  isActive,
  type PessoaEncontrada,
  passeWhere,
  pessoaWhere,
  solicitacaoIdsOf,
  solicitacaoWhere,
  unidadesOf,
  viewsOf,
} from "./titulares.queries";

export const ANONYMISED_PESSOA_NAME = "Pessoa anonimizada";
export const PEDIDO_NOT_FOUND = "Pedido não encontrado";
const DAY_MS = 86_400_000;

export const ACTIVE_REFUSAL =
  "Não é possível anonimizar: {nome} é morador(a) ativo(a) ou tem acesso ao sistema, e o cadastro é necessário enquanto durar o vínculo. Encerre o vínculo (desative o morador ou remova o acesso da equipe) e registre o pedido novamente.";

interface Ids {
  pessoas: string[];
  solicitacoes: string[];
  passes: string[];
  acessos: string[];
}
interface Resultado {
  contagens: TitularContagens;
  /** Exports only: the rows the archive holds (ids, never the document). */
  ids?: Ids;
}

const unidadeLabel = (codigo: string, torre: string | null) => (torre ? `${codigo} ${torre}` : codigo);

function vinculo(p: PessoaEncontrada): "morador" | "equipe" | "inativo" {
  if (p.row.ativo && p.moradorAtivo) return "morador";
  if (p.row.ativo && p.login) return "equipe";
  return "inativo";
}

/** GET /busca: who matches, grouped, with counts and the newest samples; documents masked. */
export async function buscar(db: Database, tenant: TenantContext, q: TitularBuscaQuery): Promise<TitularBuscaResult> {
  const org = tenant.organizationId;
  const c = criterioOf(q);
  const found = await findPessoas(db, org, pessoaWhere(org, c), 50);
  const pessoaIds = found.map((p) => p.row.id);
  const [moradias, totalPessoas, nS, nP, nA, nC, sS, sP, sA] = await Promise.all([
    unidadesOf(db, org, pessoaIds),
    cappedCount(db, pessoas, pessoaWhere(org, c)),
    countOf(db, s, solicitacaoWhere(org, c)),
    countOf(db, passes, passeWhere(org, c)),
    countOf(db, acessos, acessoWhere(org, c)),
    countOf(db, chamadas, chamadaWhere(org, solicitacaoIdsOf(org, c), pessoaIds)),
    findSolicitacoes(db, solicitacaoWhere(org, c), 10),
    findPasses(db, passeWhere(org, c), 10),
    findAcessos(db, acessoWhere(org, c), 10),
  ]);
  const amostras: TitularAmostra[] = [
    ...sS.map((r) => ({
      tipo: "solicitacao" as const,
      id: r.row.id,
      nome: r.row.nomeVisitante,
      documento: maskDocument(r.row.docVisitante),
      data: iso(r.row.createdAt),
      unidade: unidadeLabel(r.codigo, r.torre),
      condominio: r.condominio,
    })),
    ...sP.map((r) => ({
      tipo: "passe" as const,
      id: r.row.id,
      nome: r.row.nome,
      documento: maskDocument(r.row.documento),
      data: iso(r.row.createdAt),
      unidade: unidadeLabel(r.codigo, r.torre),
      condominio: r.condominio,
    })),
    ...sA.map((r) => ({
      tipo: "acesso" as const,
      id: r.row.id,
      nome: r.row.nome,
      documento: maskDocument(r.row.documento),
      data: iso(r.row.entradaEm),
      unidade: unidadeLabel(r.codigo, r.torre),
      condominio: r.condominio,
    })),
  ]
    .sort((a, b) => b.data.localeCompare(a.data))
    .slice(0, 10);
  return {
    criterio: "documento" in c ? "documento" : "nome",
    contagens: {
      pessoas: totalPessoas.total,
      solicitacoes: nS,
      chamadas: nC,
      passes: nP,
      acessos: nA,
    },
    pessoas: found.map((p) => ({
      id: p.row.id,
      nome: p.row.nome,
      documento: maskDocument(p.row.documento),
      condominio: p.condominio,
      unidades: moradias.filter((m) => m.pessoaId === p.row.id).map((m) => unidadeLabel(m.codigo, m.torre)),
      vinculo: vinculo(p),
      ativo: isActive(p),
    })),
    visitantes: amostras,
  };
}

type PedidoRow = typeof titularPedidos.$inferSelect;

export function toPedido(r: PedidoRow): TitularPedido {
  const resultado = r.resultado as Resultado | null;
  return {
    id: r.id,
    tipo: r.tipo as TitularPedidoTipo,
    titular_nome: r.titularNome,
    titular_documento: r.titularDocumentoMascarado,
    criado_por_nome: r.criadoPorNome,
    recebido_em: iso(r.recebidoEm),
    prazo_em: iso(r.prazoEm),
    concluido_em: iso(r.concluidoEm),
    contagens: resultado?.contagens ?? null,
    arquivo_url: r.tipo === "exportacao" ? `/api/titulares/pedidos/${r.id}/arquivo.zip` : null,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function resumoContagens(c: TitularContagens): string {
  const parts = [
    c.pessoas > 0 ? plural(c.pessoas, "cadastro de pessoa", "cadastros de pessoa") : null,
    plural(c.solicitacoes, "solicitação", "solicitações"),
    plural(c.passes, "passe", "passes"),
    plural(c.acessos, "registro de entrada e saída", "registros de entrada e saída"),
  ].filter(Boolean);
  return parts.join(", ");
}

async function insertPedido(
  tx: Executor,
  tenant: TenantContext,
  input: TitularPedidoCreate,
  now: Date,
  resultado: Resultado,
): Promise<PedidoRow> {
  const [row] = await tx
    .insert(titularPedidos)
    .values({
      organizationId: tenant.organizationId,
      tipo: input.tipo,
      titularNome: input.nome,
      titularDocumentoMascarado: maskDocument(input.documento),
      criadoPorUserId: tenant.userId,
      criadoPorNome: tenant.user.name,
      recebidoEm: now,
      prazoEm: new Date(now.getTime() + PRAZO_TITULAR_DIAS * DAY_MS),
      // Performed at once: answered the day it was received.
      concluidoEm: now,
      resultado,
    })
    .returning();
  return row!;
}

/** POST /pedidos: records the request and performs it. */
export async function criarPedido(
  db: Database,
  tenant: TenantContext,
  input: TitularPedidoCreate,
  now = new Date(),
): Promise<TitularPedido> {
  return input.tipo === "exportacao" ? exportar(db, tenant, input, now) : anonimizar(db, tenant, input, now);
}

async function exportar(db: Database, tenant: TenantContext, input: TitularPedidoCreate, now: Date) {
  const org = tenant.organizationId;
  const c = criterioOf(input);
  return db.transaction(async (tx) => {
    const found = await findPessoas(tx, org, pessoaWhere(org, c), 10_000);
    const pessoaIds = found.map((p) => p.row.id);
    // One after another: a transaction is one connection, which runs one statement at a time
    // (pg deprecates handing it several at once, and pg 9 refuses).
    const sol = await tx.select({ id: s.id }).from(s).where(solicitacaoWhere(org, c));
    const pas = await tx.select({ id: passes.id }).from(passes).where(passeWhere(org, c));
    const ace = await tx.select({ id: acessos.id }).from(acessos).where(acessoWhere(org, c));
    const ids: Ids = {
      pessoas: pessoaIds,
      solicitacoes: sol.map((r) => r.id),
      passes: pas.map((r) => r.id),
      acessos: ace.map((r) => r.id),
    };
    const contagens: TitularContagens = {
      pessoas: ids.pessoas.length,
      solicitacoes: ids.solicitacoes.length,
      chamadas: await countOf(tx, chamadas, chamadaWhere(org, ids.solicitacoes, ids.pessoas)),
      passes: ids.passes.length,
      acessos: ids.acessos.length,
    };
    const row = await insertPedido(tx, tenant, input, now, { contagens, ids });
    const actor = actorOf(tenant);
    await recordAudit(tx, org, actor, {
      acao: "exportar",
      entidade: "titular",
      entidadeId: row.id,
      resumo: `Exportou os dados de um titular (pedido do titular): ${resumoContagens(contagens)}`,
      depois: { tipo: input.tipo, contagens },
    });
    // The person's own "Acessos a estes dados" shows the export.
    for (const id of pessoaIds) {
      await recordAudit(tx, org, actor, {
        acao: "exportar",
        entidade: "pessoa",
        entidadeId: id,
        resumo: "Exportou os dados de uma pessoa (pedido do titular)",
      });
    }
    return toPedido(row);
  });
}

function chunks<T>(items: T[], size = RETENTION_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function anonimizar(db: Database, tenant: TenantContext, input: TitularPedidoCreate, now: Date) {
  const org = tenant.organizationId;
  const c = criterioOf(input);
  return db.transaction(async (tx) => {
    // Lock what changes, then decide: an active resident or staff member stops everything.
    await tx.select({ id: pessoas.id }).from(pessoas).where(pessoaWhere(org, c)).for("update");
    const found = await findPessoas(tx, org, pessoaWhere(org, c), 10_000);
    const active = found.find(isActive);
    if (active) throw conflict(ACTIVE_REFUSAL.replace("{nome}", active.row.nome));
    const pessoaIds = found.map((p) => p.row.id);

    const unidade = (table: typeof s | typeof passes | typeof acessos) =>
      and(
        eq(unidades.id, table.unidadeId),
        eq(unidades.condominioId, table.condominioId),
        eq(unidades.organizationId, table.organizationId),
      );
    const requests = await tx
      .select({ id: s.id, codigo: unidades.codigo, torre: unidades.torre })
      .from(s)
      .innerJoin(unidades, unidade(s))
      .where(solicitacaoWhere(org, c))
      .for("update", { of: s });
    const passRows = await tx
      .select({ id: passes.id, nome: passes.nome, codigo: unidades.codigo, torre: unidades.torre })
      .from(passes)
      .innerJoin(unidades, unidade(passes))
      .where(passeWhere(org, c))
      .for("update", { of: passes });
    const accessRows = await tx
      .select({ id: acessos.id, codigo: unidades.codigo, torre: unidades.torre })
      .from(acessos)
      .innerJoin(unidades, unidade(acessos))
      .where(acessoWhere(org, c))
      .for("update", { of: acessos });
    const nChamadas = await countOf(
      tx,
      chamadas,
      chamadaWhere(
        org,
        requests.map((r) => r.id),
        pessoaIds,
      ),
    );

    for (const batch of chunks(requests)) await anonymiseRequestRows(tx, org, batch, now);
    for (const batch of chunks(passRows)) await anonymisePassRows(tx, org, batch, now);
    for (const batch of chunks(accessRows)) await anonymiseAcessoRows(tx, batch, now);
    for (const p of found) await anonymisePessoa(tx, org, p.row);

    const contagens: TitularContagens = {
      pessoas: found.length,
      solicitacoes: requests.length,
      chamadas: nChamadas,
      passes: passRows.length,
      acessos: accessRows.length,
    };
    const row = await insertPedido(tx, tenant, input, now, { contagens });
    await recordAudit(tx, org, actorOf(tenant), {
      acao: "anonimizar",
      entidade: "titular",
      entidadeId: row.id,
      resumo: `Anonimizou os dados de um titular (pedido do titular): ${resumoContagens(contagens)}`,
      depois: { tipo: input.tipo, contagens },
    });
    return toPedido(row);
  });
}

/**
 * A person's record that is no longer active: name replaced, document, phone, e-mail and photo
 * cleared, search rebuilt; the names other rows copied from it (the decider of a request, who let
 * a visitor in, the resident a message went to) and their calls' search text follow.
 */
async function anonymisePessoa(tx: Executor, org: string, p: typeof pessoas.$inferSelect) {
  const nome = ANONYMISED_PESSOA_NAME;
  await tx
    .update(pessoas)
    .set({
      nome,
      documento: null,
      telefoneE164: null,
      email: null,
      fotoUrl: null,
      ativo: false,
      busca: pessoaSearchText({ nome, documento: null, email: null, pbxRamal: p.pbxRamal }),
      updatedAt: new Date(),
    })
    .where(and(eq(pessoas.organizationId, org), eq(pessoas.id, p.id)));
  await refreshChamadasSearch(tx, org, { pessoaId: p.id });
  await tx
    .update(s)
    .set({ decididoPorNome: nome })
    .where(and(eq(s.organizationId, org), eq(s.decididoPorPessoaId, p.id)));
  await tx
    .update(acessos)
    .set({ autorizadoPorNome: nome })
    .where(and(eq(acessos.organizationId, org), eq(acessos.autorizadoPorPessoaId, p.id)));
  await tx
    .update(notificacoes)
    .set({ pessoaNome: nome, destino: "", mensagem: null })
    .where(
      and(
        eq(notificacoes.organizationId, org),
        eq(notificacoes.pessoaId, p.id),
        sql`${notificacoes.status} <> 'pendente'`,
      ),
    );
}

/** GET /pedidos: newest first. */
export async function listarPedidos(db: Database, organizationId: string, page: number, pageSize: number) {
  const where = eq(titularPedidos.organizationId, organizationId);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(titularPedidos)
      .where(where)
      .orderBy(desc(titularPedidos.recebidoEm), desc(titularPedidos.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    cappedCount(db, titularPedidos, where),
  ]);
  return toPage(rows.map(toPedido), counted, page, pageSize);
}

const isoOrEmpty = (d: Date | null) => (d ? d.toISOString() : "");

function csv(header: string[], rows: (string | number | boolean | null | undefined)[][]): Uint8Array {
  const text = `\uFEFF${csvLine(header)}${rows.map((r) => csvLine(r.map((v) => (typeof v === "boolean" ? (v ? "sim" : "não") : v)))).join("")}`;
  return strToU8(text);
}

/** GET /pedidos/{id}/arquivo.zip: the export's archive, built from the rows it found. */
export async function arquivo(db: Database, tenant: TenantContext, id: string, now = new Date()) {
  const org = tenant.organizationId;
  const [pedido] = await db
    .select()
    .from(titularPedidos)
    .where(
      and(eq(titularPedidos.organizationId, org), eq(titularPedidos.id, id), eq(titularPedidos.tipo, "exportacao")),
    );
  if (!pedido) throw notFound(PEDIDO_NOT_FOUND);
  const ids = (pedido.resultado as Resultado | null)?.ids ?? { pessoas: [], solicitacoes: [], passes: [], acessos: [] };
  const byIds = (
    column: typeof s.id | typeof passes.id | typeof acessos.id | typeof pessoas.id,
    list: string[],
  ): SQL => (list.length > 0 ? inArray(column, list) : sql`false`);

  const [found, moradias, sol, pas, ace, cha, views] = await Promise.all([
    findPessoas(db, org, byIds(pessoas.id, ids.pessoas), 10_000),
    unidadesOf(db, org, ids.pessoas),
    findSolicitacoes(db, and(eq(s.organizationId, org), byIds(s.id, ids.solicitacoes))!),
    findPasses(db, and(eq(passes.organizationId, org), byIds(passes.id, ids.passes))!),
    findAcessos(db, and(eq(acessos.organizationId, org), byIds(acessos.id, ids.acessos))!),
    findChamadas(db, chamadaWhere(org, ids.solicitacoes, ids.pessoas)),
    viewsOf(db, org, ids.pessoas, ids.solicitacoes),
  ]);

  const dados = {
    gerado_em: now.toISOString(),
    pedido: toPedido(pedido),
    pessoas: found.map((p) => ({
      id: p.row.id,
      condominio: p.condominio,
      nome: p.row.nome,
      documento: p.row.documento,
      telefone: p.row.telefoneE164,
      email: p.row.email,
      ramal: p.row.pbxRamal,
      canal_preferido: p.row.canalPreferido,
      ativo: p.row.ativo,
      cadastrado_em: iso(p.row.createdAt),
      atualizado_em: iso(p.row.updatedAt),
      unidades: moradias
        .filter((m) => m.pessoaId === p.row.id)
        .map((m) => ({
          unidade: unidadeLabel(m.codigo, m.torre),
          condominio: m.condominio,
          responsavel: m.isResponsavel,
          ativo: m.ativo,
          desde: iso(m.desde),
        })),
    })),
    solicitacoes: sol.map((r) => ({
      id: r.row.id,
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
      tipo: r.row.tipo,
      nome_visitante: r.row.nomeVisitante,
      doc_visitante: r.row.docVisitante,
      telefone_visitante: r.row.telefoneVisitante,
      motivo: r.row.motivo,
      observacoes: r.row.observacoes,
      status: r.row.status,
      criada_em: iso(r.row.createdAt),
      decidido_em: iso(r.row.decididoEm),
      decidido_por_nome: r.row.decididoPorNome,
    })),
    chamadas: cha.map((r) => ({
      id: r.id,
      solicitacao_id: r.solicitacaoId,
      pessoa_id: r.pessoaId,
      status: r.status,
      ramal_discado: r.ramalDiscado,
      resposta: r.resposta,
      iniciada_em: iso(r.iniciadoEm),
      finalizada_em: iso(r.finalizadoEm),
    })),
    passes: pas.map((r) => ({
      id: r.row.id,
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
      tipo: r.row.tipo,
      nome: r.row.nome,
      documento: r.row.documento,
      telefone: r.row.telefone,
      descricao: r.row.descricao,
      modalidade: r.row.modalidade,
      data_inicio: r.row.dataInicio,
      data_fim: r.row.dataFim,
      status: r.row.status,
      usos: r.row.usos,
      criado_em: iso(r.row.createdAt),
    })),
    acessos: ace.map((r) => ({
      id: r.row.id,
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
      tipo: r.row.tipo,
      origem: r.row.origem,
      nome: r.row.nome,
      documento: r.row.documento,
      autorizado_por_nome: r.row.autorizadoPorNome,
      entrada_em: iso(r.row.entradaEm),
      saida_em: iso(r.row.saidaEm),
    })),
    /** Who viewed or exported these records (the audit trail). */
    visualizacoes: views.map((v) => ({
      ocorrido_em: iso(v.ocorridoEm),
      quem: v.atorNome,
      ip: v.ip,
      acao: v.acao,
      entidade: v.entidade,
      entidade_id: v.entidadeId,
      resumo: v.resumo,
    })),
  };

  const files: Record<string, Uint8Array> = {
    "dados.json": strToU8(JSON.stringify(dados, null, 2)),
    "pessoas.csv": csv(
      ["Nome", "Documento", "Telefone", "E-mail", "Condomínio", "Ativo", "Cadastrado em (UTC)"],
      found.map((p) => [
        p.row.nome,
        p.row.documento,
        p.row.telefoneE164,
        p.row.email,
        p.condominio,
        p.row.ativo,
        p.row.createdAt.toISOString(),
      ]),
    ),
    "unidades.csv": csv(
      ["Pessoa", "Condomínio", "Unidade", "Responsável", "Ativo", "Desde (UTC)"],
      moradias.map((m) => [
        found.find((p) => p.row.id === m.pessoaId)?.row.nome ?? "",
        m.condominio,
        unidadeLabel(m.codigo, m.torre),
        m.isResponsavel,
        m.ativo,
        m.desde.toISOString(),
      ]),
    ),
    "solicitacoes.csv": csv(
      ["Criada em (UTC)", "Condomínio", "Unidade", "Visitante", "Documento", "Telefone", "Motivo", "Status"],
      dados.solicitacoes.map((r) => [
        r.criada_em,
        r.condominio,
        r.unidade,
        r.nome_visitante,
        r.doc_visitante,
        r.telefone_visitante,
        r.motivo,
        r.status,
      ]),
    ),
    "chamadas.csv": csv(
      ["Iniciada em (UTC)", "Finalizada em (UTC)", "Status", "Ramal", "Resposta", "Solicitação"],
      cha.map((r) => [
        r.iniciadoEm.toISOString(),
        isoOrEmpty(r.finalizadoEm),
        r.status,
        r.ramalDiscado,
        r.resposta,
        r.solicitacaoId,
      ]),
    ),
    "passes.csv": csv(
      ["Criado em (UTC)", "Condomínio", "Unidade", "Nome", "Documento", "Telefone", "Início", "Fim", "Status", "Usos"],
      dados.passes.map((r) => [
        r.criado_em,
        r.condominio,
        r.unidade,
        r.nome,
        r.documento,
        r.telefone,
        r.data_inicio,
        r.data_fim,
        r.status,
        r.usos,
      ]),
    ),
    "acessos.csv": csv(
      ["Entrada (UTC)", "Saída (UTC)", "Condomínio", "Unidade", "Nome", "Documento", "Origem", "Autorizado por"],
      dados.acessos.map((r) => [
        r.entrada_em,
        r.saida_em,
        r.condominio,
        r.unidade,
        r.nome,
        r.documento,
        r.origem,
        r.autorizado_por_nome,
      ]),
    ),
    "visualizacoes.csv": csv(
      ["Data e hora (UTC)", "Quem", "IP", "Ação", "Entidade", "Identificador", "Resumo"],
      dados.visualizacoes.map((v) => [v.ocorrido_em, v.quem, v.ip, v.acao, v.entidade, v.entidade_id, v.resumo]),
    ),
  };
  await recordAudit(db, org, actorOf(tenant), {
    acao: "exportar",
    entidade: "titular",
    entidadeId: pedido.id,
    resumo: "Baixou o arquivo de exportação de um pedido do titular",
  });
  return { zip: zipSync(files, { level: 6, mtime: now }), nome: `dados-titular-${now.toISOString().slice(0, 10)}.zip` };
}
