/**
 * Data subjects' requests (LGPD art. 18 and 19; docs/decisions/024-audit-and-lgpd.md). A data
 * subject is one person, not a name: the search lists candidates (records grouped by document, or by
 * name when they carry none), the staff chooses which records are the subject's and confirms who the
 * subject is (name, and the document presented), and the request acts on exactly those records:
 *
 * - exportação: the chosen rows' ids are kept in the request's result (never the document), and
 *   GET …/arquivo.zip builds the ZIP from them: dados.json with everything held (the attendant's
 *   conversations that led to the chosen requests included, with their transcripts), one CSV per
 *   kind, and who viewed or exported their data (the audit trail).
 * - anonimização: in one transaction, the chosen visitor rows get the retention job's
 *   transformation (jobs/retention.ts, the same functions: a request's attendant conversations
 *   lose their messages' text and the name the attendant understood) and a chosen person's record
 *   that is not an active resident or staff login becomes "Pessoa anonimizada"; an active one is
 *   refused (409).
 *
 * Before either, every chosen id must be the tenant's and not yet anonymised (else 404), and the
 * subject's: a record with a document carries the confirmed document, one without carries the
 * confirmed name (else 400). A refusal changes nothing. Each request records its date, its 15-day
 * deadline (art. 19), its completion, what it touched, and an audit entry (exportar / anonimizar,
 * entidade titular).
 */
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { TitularPedidoTipo } from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import { normalizeSearch } from "../../../shared/schemas/common";
import {
  documentKey,
  PRAZO_TITULAR_DIAS,
  TITULAR_MAX_REGISTROS,
  TITULAR_REGISTRO_TIPO_LABELS,
  type TitularBuscaQuery,
  type TitularBuscaResult,
  type TitularCandidato,
  type TitularContagens,
  type TitularPedido,
  type TitularPedidoCreate,
  type TitularRegistro,
  type TitularRegistroTipo,
} from "../../../shared/schemas/titulares";
import type { DialogueState } from "../../attendant/engine/types";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Database, Executor } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import {
  acessos,
  atendenteConversas,
  chamadas,
  encomendaAvisos,
  encomendas,
  fotos as fotosTable,
  notificacoes,
  passes,
  pessoas,
  reservaAvisos,
  reservaConvidados,
  solicitacoesAcesso as s,
  titularPedidos,
  unidades,
} from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { csvLine } from "../../http/csv";
import { badRequest, conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import {
  anonymiseAcessoRows,
  anonymiseGuestRows,
  anonymisePassRows,
  anonymiseRequestRows,
  RETENTION_BATCH_SIZE,
} from "../../jobs/retention";
import type { BlobStore } from "../../storage";
import { refreshChamadasSearch } from "../chamadas/chamadas.service";
import { fotosParaExportar, purgeDeletedBlobs } from "../fotos/fotos.service";
import { pessoaSearchText } from "../pessoas/pessoas.service";
import {
  acessoWhere,
  chamadaWhere,
  conversaWhere,
  countEncomendas,
  countOf,
  criterioOf,
  findAcessos,
  findAvisosEncomendas,
  findChamadas,
  findConversas,
  findEncomendas,
  findPasses,
  findPessoas,
  findSolicitacoes,
  isActive,
  type PessoaEncontrada,
  passeWhere,
  pessoaWhere,
  solicitacaoWhere,
  unidadesOf,
  viewsOf,
} from "./titulares.queries";
import {
  avisoReservaExport,
  convidadoExport,
  convidadoWhere,
  countReservasDaPessoa,
  findAvisosReservas,
  findConvidados,
  findReservasDaPessoa,
  reservaExport,
} from "./titulares-reservas";

export const ANONYMISED_PESSOA_NAME = "Pessoa anonimizada";
export const PEDIDO_NOT_FOUND = "Pedido não encontrado";
export const REGISTRO_NOT_FOUND =
  "Um dos registros escolhidos não foi encontrado ou já foi anonimizado. Busque o titular novamente e escolha os registros.";
export const DOCUMENTO_REQUIRED =
  "Informe o documento apresentado pelo titular: os registros escolhidos têm documento.";
const DAY_MS = 86_400_000;

export const ACTIVE_REFUSAL =
  "Não é possível anonimizar: {nome} é morador(a) ativo(a) ou tem acesso ao sistema, e o cadastro é necessário enquanto durar o vínculo. Encerre o vínculo (desative o morador ou remova o acesso da equipe) e registre o pedido novamente.";

interface Ids {
  pessoas: string[];
  solicitacoes: string[];
  passes: string[];
  acessos: string[];
  /** Guests of bookings (absent from requests done before bookings existed). */
  convidados?: string[];
}
interface Resultado {
  contagens: TitularContagens;
  /** The chosen rows the request acted on (ids, never the document); an export's archive holds them. */
  ids?: Ids;
}

const unidadeLabel = (codigo: string, torre: string | null) => (torre ? `${codigo} ${torre}` : codigo);

function vinculo(p: PessoaEncontrada): "morador" | "equipe" | "inativo" {
  if (p.row.ativo && p.moradorAtivo) return "morador";
  if (p.row.ativo && p.login) return "equipe";
  return "inativo";
}

/** What tells a candidate apart: the document's letters and digits, or the name when there is none. */
function candidateKey(nome: string, documento: string | null): string {
  const doc = documento ? documentKey(documento) : "";
  return doc ? `d:${doc}` : `n:${normalizeSearch(nome)}`;
}

/**
 * GET /busca: the candidates. Every matching record (residents' and staff's records, requests,
 * passes, access records; at most TITULAR_MAX_REGISTROS, newest first), grouped by document, or by
 * name for records without one; documents masked. Nothing is chosen here: the staff does.
 */
export async function searchCandidates(
  db: Database,
  tenant: TenantContext,
  q: TitularBuscaQuery,
): Promise<TitularBuscaResult> {
  const org = tenant.organizationId;
  const c = criterioOf(q);
  const limit = TITULAR_MAX_REGISTROS + 1;
  const found = await findPessoas(db, org, pessoaWhere(org, c), limit);
  const [moradias, sol, pas, ace, conv] = await Promise.all([
    unidadesOf(
      db,
      org,
      found.map((p) => p.row.id),
    ),
    findSolicitacoes(db, solicitacaoWhere(org, c), limit),
    findPasses(db, passeWhere(org, c), limit),
    findAcessos(db, acessoWhere(org, c), limit),
    findConvidados(db, convidadoWhere(org, c), limit),
  ]);
  type Found = TitularRegistro & { key: string };
  const visitor = (tipo: TitularRegistroTipo, id: string, nome: string, documento: string | null, data: Date) => ({
    tipo,
    id,
    nome,
    documento: maskDocument(documento),
    data: iso(data),
    vinculo: null,
    ativo: false,
    key: candidateKey(nome, documento),
  });
  const all: Found[] = [
    ...found.map((p) => {
      const labels = moradias.filter((m) => m.pessoaId === p.row.id).map((m) => unidadeLabel(m.codigo, m.torre));
      return {
        tipo: "pessoa" as const,
        id: p.row.id,
        nome: p.row.nome,
        documento: maskDocument(p.row.documento),
        condominio: p.condominio,
        unidade: labels.length > 0 ? labels.join(", ") : null,
        data: iso(p.row.createdAt),
        vinculo: vinculo(p),
        ativo: isActive(p),
        key: candidateKey(p.row.nome, p.row.documento),
      };
    }),
    ...sol.map((r) => ({
      ...visitor("solicitacao", r.row.id, r.row.nomeVisitante, r.row.docVisitante, r.row.createdAt),
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
    })),
    ...pas.map((r) => ({
      ...visitor("passe", r.row.id, r.row.nome, r.row.documento, r.row.createdAt),
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
    })),
    ...ace.map((r) => ({
      ...visitor("acesso", r.row.id, r.row.nome, r.row.documento, r.row.entradaEm),
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
    })),
    ...conv.map((r) => ({
      ...visitor("convidado", r.row.id, r.row.nome, r.row.documento, r.inicio),
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
    })),
  ].sort((x, y) => y.data.localeCompare(x.data) || x.id.localeCompare(y.id));
  const shown = all.slice(0, TITULAR_MAX_REGISTROS);

  const groups = new Map<string, TitularCandidato>();
  for (const { key, ...registro } of shown) {
    const group = groups.get(key);
    if (group) group.registros.push(registro);
    // The newest record names the candidate (records come newest first).
    else groups.set(key, { nome: registro.nome, documento: registro.documento, registros: [registro] });
  }
  const candidatos = [...groups.values()].sort(
    (x, y) =>
      normalizeSearch(x.nome).localeCompare(normalizeSearch(y.nome), "pt-BR") ||
      y.registros[0]!.data.localeCompare(x.registros[0]!.data),
  );
  return { criterio: "documento" in c ? "documento" : "nome", candidatos, truncado: all.length > shown.length };
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
    c.conversas ? plural(c.conversas, "conversa do atendente", "conversas do atendente") : null,
    c.encomendas ? plural(c.encomendas, "encomenda", "encomendas") : null,
    c.convidados ? plural(c.convidados, "convite de reserva", "convites de reservas") : null,
    c.reservas ? plural(c.reservas, "reserva de área comum", "reservas de áreas comuns") : null,
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
  const { titular } = input;
  const [row] = await tx
    .insert(titularPedidos)
    .values({
      organizationId: tenant.organizationId,
      tipo: input.tipo,
      // Who the subject is, as the staff confirmed it; the document masked, like everywhere else.
      titularNome: titular.nome,
      titularDocumentoMascarado: maskDocument(titular.documento),
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

/** POST /pedidos: records the request and performs it on the chosen records. */
export async function createRequest(
  db: Database,
  tenant: TenantContext,
  input: TitularPedidoCreate,
  store: BlobStore,
  now = new Date(),
): Promise<TitularPedido> {
  if (input.tipo === "exportacao") return exportSubject(db, tenant, input, now);
  const pedido = await anonymiseSubject(db, tenant, input, now);
  // The subject's photos were deleted with their records; their files leave the store now.
  await purgeDeletedBlobs(db, store);
  return pedido;
}

/** A chosen visitor row: what the subject check reads, and what anonymisation needs (unit for `busca`). */
interface VisitorRow {
  id: string;
  nome: string;
  documento: string | null;
  codigo: string;
  torre: string | null;
}
interface Chosen {
  pessoas: PessoaEncontrada[];
  solicitacoes: VisitorRow[];
  passes: VisitorRow[];
  acessos: VisitorRow[];
  convidados: VisitorRow[];
}

const idsOf = (input: TitularPedidoCreate, tipo: TitularRegistroTipo) =>
  input.registros.filter((r) => r.tipo === tipo).map((r) => r.id);

const unidadeOf = (table: typeof s | typeof passes | typeof acessos) =>
  and(
    eq(unidades.id, table.unidadeId),
    eq(unidades.condominioId, table.condominioId),
    eq(unidades.organizationId, table.organizationId),
  );

/**
 * The chosen records, the tenant's and not yet anonymised only (locked when they are about to
 * change). Ids of another tenant, of nothing or of an anonymised row are simply not returned.
 */
async function loadChosen(tx: Executor, org: string, input: TitularPedidoCreate, lock: boolean): Promise<Chosen> {
  const pessoaIds = idsOf(input, "pessoa");
  let found: PessoaEncontrada[] = [];
  if (pessoaIds.length > 0) {
    const byId = and(eq(pessoas.organizationId, org), inArray(pessoas.id, pessoaIds))!;
    if (lock) await tx.select({ id: pessoas.id }).from(pessoas).where(byId).for("update");
    found = await findPessoas(tx, org, byId, pessoaIds.length);
  }
  const unit = { codigo: unidades.codigo, torre: unidades.torre };
  const solicitacaoIds = idsOf(input, "solicitacao");
  const passeIds = idsOf(input, "passe");
  const acessoIds = idsOf(input, "acesso");
  // One after another: a transaction is one connection, which runs one statement at a time
  // (pg deprecates handing it several at once, and pg 9 refuses).
  const solicitacoes =
    solicitacaoIds.length === 0
      ? []
      : await tx
          .select({ id: s.id, nome: s.nomeVisitante, documento: s.docVisitante, ...unit })
          .from(s)
          .innerJoin(unidades, unidadeOf(s))
          .where(and(eq(s.organizationId, org), isNull(s.anonimizadoEm), inArray(s.id, solicitacaoIds)))
          .for(lock ? "update" : "share", { of: s });
  const passeRows =
    passeIds.length === 0
      ? []
      : await tx
          .select({ id: passes.id, nome: passes.nome, documento: passes.documento, ...unit })
          .from(passes)
          .innerJoin(unidades, unidadeOf(passes))
          .where(and(eq(passes.organizationId, org), isNull(passes.anonimizadoEm), inArray(passes.id, passeIds)))
          .for(lock ? "update" : "share", { of: passes });
  const acessoRows =
    acessoIds.length === 0
      ? []
      : await tx
          .select({ id: acessos.id, nome: acessos.nome, documento: acessos.documento, ...unit })
          .from(acessos)
          .innerJoin(unidades, unidadeOf(acessos))
          .where(and(eq(acessos.organizationId, org), isNull(acessos.anonimizadoEm), inArray(acessos.id, acessoIds)))
          .for(lock ? "update" : "share", { of: acessos });
  const convidadoIds = idsOf(input, "convidado");
  const convidadoRows =
    convidadoIds.length === 0
      ? []
      : (
          await tx
            .select({ id: reservaConvidados.id, nome: reservaConvidados.nome, documento: reservaConvidados.documento })
            .from(reservaConvidados)
            .where(
              and(
                eq(reservaConvidados.organizationId, org),
                isNull(reservaConvidados.anonimizadoEm),
                inArray(reservaConvidados.id, convidadoIds),
              ),
            )
            .for(lock ? "update" : "share")
        ).map((r) => ({ ...r, codigo: "", torre: null }));
  return { pessoas: found, solicitacoes, passes: passeRows, acessos: acessoRows, convidados: convidadoRows };
}

/**
 * The chosen records plus the visits the gate recorded for the chosen requests and passes
 * (docs/decisions/033-gate-opening-is-entry.md): an authorisation or a pass let in writes an entry
 * with the same person's name and document, so it is theirs too, chosen or not.
 */
async function withTheirVisits(tx: Executor, org: string, chosen: Chosen, lock: boolean): Promise<Chosen> {
  const solicitacaoIds = chosen.solicitacoes.map((r) => r.id);
  const passeIds = chosen.passes.map((r) => r.id);
  const convidadoIds = chosen.convidados.map((r) => r.id);
  if (solicitacaoIds.length === 0 && passeIds.length === 0 && convidadoIds.length === 0) return chosen;
  const known = new Set(chosen.acessos.map((r) => r.id));
  const linked = await tx
    .select({
      id: acessos.id,
      nome: acessos.nome,
      documento: acessos.documento,
      codigo: unidades.codigo,
      torre: unidades.torre,
    })
    .from(acessos)
    .innerJoin(unidades, unidadeOf(acessos))
    .where(
      and(
        eq(acessos.organizationId, org),
        isNull(acessos.anonimizadoEm),
        or(
          solicitacaoIds.length > 0 ? inArray(acessos.solicitacaoId, solicitacaoIds) : undefined,
          passeIds.length > 0 ? inArray(acessos.passeId, passeIds) : undefined,
          convidadoIds.length > 0 ? inArray(acessos.reservaConvidadoId, convidadoIds) : undefined,
        ),
      ),
    )
    .for(lock ? "update" : "share", { of: acessos });
  return { ...chosen, acessos: [...chosen.acessos, ...linked.filter((r) => !known.has(r.id))] };
}

/**
 * Refuses, before anything changes, a choice that is not exactly the subject's records: an id that
 * is not the tenant's (or no longer holds anyone's data) is a 404; a record with another document
 * than the confirmed one, a record with a document when none was confirmed, or a record without a
 * document and with another name is a 400 naming it (docs/decisions/024-audit-and-lgpd.md).
 */
function checkSubject(input: TitularPedidoCreate, chosen: Chosen) {
  const records = [
    ...chosen.pessoas.map((p) => ({ tipo: "pessoa" as const, nome: p.row.nome, documento: p.row.documento })),
    ...chosen.solicitacoes.map((r) => ({ tipo: "solicitacao" as const, ...r })),
    ...chosen.passes.map((r) => ({ tipo: "passe" as const, ...r })),
    ...chosen.acessos.map((r) => ({ tipo: "acesso" as const, ...r })),
    ...chosen.convidados.map((r) => ({ tipo: "convidado" as const, ...r })),
  ];
  if (records.length !== input.registros.length) throw notFound(REGISTRO_NOT_FOUND);

  const label = (r: (typeof records)[number]) => `${TITULAR_REGISTRO_TIPO_LABELS[r.tipo]} de ${r.nome}`;
  const withDocument = records.filter((r) => r.documento && documentKey(r.documento) !== "");
  const keys = new Set(withDocument.map((r) => documentKey(r.documento!)));
  if (keys.size > 1) {
    const masked = [...new Set(withDocument.map((r) => maskDocument(r.documento)))].join(", ");
    const message = `Os registros escolhidos têm documentos diferentes (${masked}). Escolha só os registros do titular.`;
    throw badRequest(message, [{ path: "registros", message }]);
  }
  const confirmed = input.titular.documento ? documentKey(input.titular.documento) : null;
  const [documento] = keys;
  if (documento !== undefined && confirmed === null) {
    throw badRequest(DOCUMENTO_REQUIRED, [{ path: "titular.documento", message: DOCUMENTO_REQUIRED }]);
  }
  if (documento !== undefined && documento !== confirmed) {
    const message = `O documento informado não confere com o dos registros escolhidos (${maskDocument(withDocument[0]!.documento)}).`;
    throw badRequest(message, [{ path: "titular.documento", message }]);
  }
  const nome = normalizeSearch(input.titular.nome);
  const otherName = records.find((r) => !withDocument.includes(r) && normalizeSearch(r.nome) !== nome);
  if (otherName) {
    const message = `${label(otherName)} não tem documento e o nome não é o do titular. Escolha só os registros do titular.`;
    throw badRequest(message, [{ path: "registros", message }]);
  }
}

function idsOfChosen(chosen: Chosen): Ids {
  return {
    pessoas: chosen.pessoas.map((p) => p.row.id),
    solicitacoes: chosen.solicitacoes.map((r) => r.id),
    passes: chosen.passes.map((r) => r.id),
    acessos: chosen.acessos.map((r) => r.id),
    convidados: chosen.convidados.map((r) => r.id),
  };
}

async function countsOf(tx: Executor, org: string, ids: Ids): Promise<TitularContagens> {
  return {
    pessoas: ids.pessoas.length,
    solicitacoes: ids.solicitacoes.length,
    chamadas: await countOf(tx, chamadas, chamadaWhere(org, ids.solicitacoes, ids.pessoas)),
    passes: ids.passes.length,
    acessos: ids.acessos.length,
    conversas: await countOf(tx, atendenteConversas, conversaWhere(org, ids.solicitacoes)),
    // Packages addressed to or collected by the chosen people (docs/decisions/043-deliveries.md).
    encomendas: await countEncomendas(tx, org, ids.pessoas),
    // Guest lists and bookings (docs/decisions/044-common-area-bookings.md).
    convidados: ids.convidados?.length ?? 0,
    reservas: await countReservasDaPessoa(tx, org, ids.pessoas),
  };
}

async function exportSubject(db: Database, tenant: TenantContext, input: TitularPedidoCreate, now: Date) {
  const org = tenant.organizationId;
  return db.transaction(async (tx) => {
    const picked = await loadChosen(tx, org, input, false);
    checkSubject(input, picked);
    const ids = idsOfChosen(await withTheirVisits(tx, org, picked, false));
    const contagens = await countsOf(tx, org, ids);
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
    for (const id of ids.pessoas) {
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

async function anonymiseSubject(db: Database, tenant: TenantContext, input: TitularPedidoCreate, now: Date) {
  const org = tenant.organizationId;
  return db.transaction(async (tx) => {
    // Lock what changes, then decide: a wrong choice or an active resident or staff member stops everything.
    const picked = await loadChosen(tx, org, input, true);
    checkSubject(input, picked);
    const chosen = await withTheirVisits(tx, org, picked, true);
    const active = chosen.pessoas.find(isActive);
    if (active) throw conflict(ACTIVE_REFUSAL.replace("{nome}", active.row.nome));
    const ids = idsOfChosen(chosen);
    const contagens = await countsOf(tx, org, ids);

    for (const batch of chunks(chosen.solicitacoes)) await anonymiseRequestRows(tx, org, batch, now);
    for (const batch of chunks(chosen.passes)) await anonymisePassRows(tx, org, batch, now);
    for (const batch of chunks(chosen.acessos)) await anonymiseAcessoRows(tx, batch, now);
    for (const batch of chunks(chosen.convidados)) {
      await anonymiseGuestRows(
        tx,
        org,
        batch.map((r) => r.id),
        now,
      );
    }
    for (const p of chosen.pessoas) await anonymisePessoa(tx, org, p.row);

    const row = await insertPedido(tx, tenant, input, now, { contagens, ids });
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
 * A person's record that is no longer active: name replaced, document, phone and e-mail cleared,
 * photo deleted, search rebuilt; the names other rows copied from it (the decider of a request, who let
 * a visitor in, the resident a message went to, who collected a package) and their calls' search text
 * follow; the notices about packages sent to them lose the address and the demo text.
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
      ativo: false,
      busca: pessoaSearchText({ nome, documento: null, email: null, pbxRamal: p.pbxRamal }),
      updatedAt: new Date(),
    })
    .where(and(eq(pessoas.organizationId, org), eq(pessoas.id, p.id)));
  // A face is not anonymised, it goes: the trigger queues its blobs, the purge after the request
  // removes them from the store (docs/product.md, "Fotos").
  await tx.delete(fotosTable).where(and(eq(fotosTable.organizationId, org), eq(fotosTable.pessoaId, p.id)));
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
  // The packages they collected keep that one was collected, when and how, not by whom
  // (docs/decisions/043-deliveries.md); the ones addressed to them keep pointing at the anonymised record.
  await tx
    .update(encomendas)
    .set({ retiradaNome: nome, retiradaDocumento: null, anonimizadoEm: new Date() })
    .where(and(eq(encomendas.organizationId, org), eq(encomendas.retiradaPessoaId, p.id)));
  // A notice still waiting would go to an address that is no more: closed as failed instead.
  await tx
    .update(encomendaAvisos)
    .set({
      pessoaNome: nome,
      destino: "",
      mensagem: null,
      status: sql`CASE WHEN ${encomendaAvisos.status} = 'pendente' THEN 'falhou' ELSE ${encomendaAvisos.status} END`,
    })
    .where(and(eq(encomendaAvisos.organizationId, org), eq(encomendaAvisos.pessoaId, p.id)));
  // Likewise the notices about their bookings; the bookings keep pointing at the anonymised record.
  await tx
    .update(reservaAvisos)
    .set({
      pessoaNome: nome,
      destino: "",
      mensagem: null,
      status: sql`CASE WHEN ${reservaAvisos.status} = 'pendente' THEN 'falhou' ELSE ${reservaAvisos.status} END`,
    })
    .where(and(eq(reservaAvisos.organizationId, org), eq(reservaAvisos.pessoaId, p.id)));
}

/** GET /pedidos: newest first. */
export async function listRequests(db: Database, organizationId: string, page: number, pageSize: number) {
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
export async function buildExportArchive(
  db: Database,
  tenant: TenantContext,
  id: string,
  store: BlobStore,
  now = new Date(),
) {
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

  const convidadoIds = ids.convidados ?? [];
  const [
    found,
    moradias,
    sol,
    pas,
    ace,
    cha,
    conv,
    views,
    fotos,
    pacotes,
    avisosPacotes,
    convidados,
    reservas,
    avisosReservas,
  ] = await Promise.all([
    findPessoas(db, org, byIds(pessoas.id, ids.pessoas), 10_000),
    unidadesOf(db, org, ids.pessoas),
    findSolicitacoes(db, and(eq(s.organizationId, org), byIds(s.id, ids.solicitacoes))!),
    findPasses(db, and(eq(passes.organizationId, org), byIds(passes.id, ids.passes))!),
    findAcessos(db, and(eq(acessos.organizationId, org), byIds(acessos.id, ids.acessos))!),
    findChamadas(db, chamadaWhere(org, ids.solicitacoes, ids.pessoas)),
    findConversas(db, org, ids.solicitacoes),
    viewsOf(db, org, ids.pessoas, ids.solicitacoes),
    fotosParaExportar(db, store, org, { solicitacoes: ids.solicitacoes, passes: ids.passes, pessoas: ids.pessoas }),
    findEncomendas(db, org, ids.pessoas),
    findAvisosEncomendas(db, org, ids.pessoas),
    findConvidados(
      db,
      convidadoIds.length > 0
        ? and(eq(reservaConvidados.organizationId, org), inArray(reservaConvidados.id, convidadoIds))!
        : sql`false`,
    ),
    findReservasDaPessoa(db, org, ids.pessoas),
    findAvisosReservas(db, org, ids.pessoas),
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
      motivo_negacao: r.row.motivoNegacao,
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
    /** The virtual attendant's conversations that led to these requests, with what was said. */
    conversas: conv.map(({ row, mensagens }) => ({
      id: row.id,
      solicitacao_id: row.solicitacaoId,
      canal: row.canal,
      etapa: row.etapa,
      resultado: row.resultado,
      nome_visitante: (row.estado as DialogueState).nomeVisitante,
      iniciada_em: iso(row.createdAt),
      encerrada_em: iso(row.encerradaEm),
      mensagens: mensagens.map((m) => ({ autor: m.autor, texto: m.texto, enviada_em: iso(m.createdAt) })),
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
    /**
     * Packages addressed to the subject or collected by them (docs/decisions/043-deliveries.md), with
     * who collected as the gate recorded it: their own data when they collected, and the document in
     * full, as on the package's detail.
     */
    encomendas: pacotes.map((r) => ({
      id: r.row.id,
      condominio: r.condominio,
      unidade: unidadeLabel(r.codigo, r.torre),
      destinatario: r.destinatarioPessoaId !== null && ids.pessoas.includes(r.destinatarioPessoaId),
      retirada_pelo_titular: r.row.retiradaPessoaId !== null && ids.pessoas.includes(r.row.retiradaPessoaId),
      transportadora: r.row.transportadora,
      transportadora_outra: r.row.transportadoraOutra,
      rastreio: r.row.rastreio,
      local: r.row.local,
      perecivel: r.row.perecivel,
      observacoes: r.row.observacoes,
      status: r.row.status,
      recebida_em: iso(r.row.recebidaEm),
      retirada_em: iso(r.row.retiradaEm),
      retirada_metodo: r.row.retiradaMetodo,
      retirada_nome: r.row.retiradaNome,
      retirada_documento: r.row.retiradaDocumento,
    })),
    /** The notices about packages sent to the subject (the demo channel's text included). */
    avisos_encomendas: avisosPacotes.map((a) => ({
      id: a.id,
      lote_id: a.loteId,
      motivo: a.motivo,
      canal: a.canal,
      destino: a.destino,
      status: a.status,
      mensagem: a.mensagem,
      criado_em: iso(a.createdAt),
      enviada_em: iso(a.enviadaEm),
    })),
    /** The subject on common-area bookings' guest lists (docs/decisions/044-common-area-bookings.md). */
    convidados_reservas: convidados.map(convidadoExport),
    /** Bookings the subject made as a resident, and the notices about them. */
    reservas: reservas.map(reservaExport),
    avisos_reservas: avisosReservas.map(avisoReservaExport),
    /** The visitor's photos; each image is in the archive under `arquivo`. */
    fotos: fotos.map(({ bytes: _bytes, ...f }) => f),
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
    "conversas.csv": csv(
      ["Data e hora (UTC)", "Conversa", "Solicitação", "Autor", "Mensagem"],
      dados.conversas.flatMap((c) => c.mensagens.map((m) => [m.enviada_em, c.id, c.solicitacao_id, m.autor, m.texto])),
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
    "encomendas.csv": csv(
      [
        "Recebida em (UTC)",
        "Condomínio",
        "Unidade",
        "Destinatário",
        "Retirada pelo titular",
        "Transportadora",
        "Rastreio",
        "Status",
        "Retirada em (UTC)",
        "Retirada por",
        "Documento de quem retirou",
      ],
      dados.encomendas.map((r) => [
        r.recebida_em,
        r.condominio,
        r.unidade,
        r.destinatario,
        r.retirada_pelo_titular,
        r.transportadora_outra ?? r.transportadora,
        r.rastreio,
        r.status,
        r.retirada_em,
        r.retirada_nome,
        r.retirada_documento,
      ]),
    ),
    "avisos-encomendas.csv": csv(
      ["Criado em (UTC)", "Enviado em (UTC)", "Motivo", "Canal", "Destino", "Status", "Mensagem"],
      dados.avisos_encomendas.map((a) => [
        a.criado_em,
        a.enviada_em,
        a.motivo,
        a.canal,
        a.destino,
        a.status,
        a.mensagem,
      ]),
    ),
    "convidados-reservas.csv": csv(
      ["Início (UTC)", "Fim (UTC)", "Condomínio", "Unidade", "Área", "Nome", "Documento", "Telefone"],
      dados.convidados_reservas.map((r) => [
        r.inicio,
        r.fim,
        r.condominio,
        r.unidade,
        r.area,
        r.nome,
        r.documento,
        r.telefone,
      ]),
    ),
    "reservas.csv": csv(
      ["Início (UTC)", "Fim (UTC)", "Condomínio", "Unidade", "Área", "Status", "Criada em (UTC)"],
      dados.reservas.map((r) => [r.inicio, r.fim, r.condominio, r.unidade, r.area, r.status, r.criada_em]),
    ),
    "avisos-reservas.csv": csv(
      ["Criado em (UTC)", "Enviado em (UTC)", "Motivo", "Canal", "Destino", "Status", "Mensagem"],
      dados.avisos_reservas.map((a) => [a.criado_em, a.enviada_em, a.motivo, a.canal, a.destino, a.status, a.mensagem]),
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
  for (const f of fotos) files[f.arquivo] = f.bytes;
  return { zip: zipSync(files, { level: 6, mtime: now }), nome: `dados-titular-${now.toISOString().slice(0, 10)}.zip` };
}
