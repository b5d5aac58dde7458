/**
 * "Atendimentos" (docs/product.md, "Atendente virtual"): staff follow the attendant's conversations
 * live, take one over and type to the visitor (the attendant then keeps quiet), register the request
 * for a visitor they talked to, and close it. Every change goes through the conversation's turn
 * (conversation-store.ts), so a person and the attendant never answer from the same state.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AtendenteCanal } from "../../../shared/domain";
import type { Mensagem } from "../../../shared/schemas/atendente";
import type { Atendimento, AtendimentoItem, AtendimentoSolicitacaoInput } from "../../../shared/schemas/atendimentos";
import { solicitacaoCreateSchema } from "../../../shared/schemas/solicitacoes";
import type { DialogueState } from "../../attendant/engine/types";
import { actorOf, recordAudit } from "../../audit/audit";
import { condominioCondition } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import {
  atendenteConversas as c,
  condominios,
  portoes,
  solicitacoesAcesso as s,
  unidades,
  user,
} from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { AppError, badRequest, conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { create as createSolicitacao } from "../solicitacoes/solicitacoes.service";
import {
  attendantEngine,
  CONVERSA_NOT_FOUND,
  type ConversaRow,
  conversaEvent,
  currentDirectory,
  finishTurn,
  insertMessages,
  releaseTurn,
  takeTurnWaiting,
  transcript,
} from "./conversation-store";

const ASSUMIU = "Um porteiro assumiu o atendimento e vai falar com você por aqui.";
const ENCERRADA_PELO_PORTEIRO = "O atendimento foi encerrado pela portaria. Obrigado!";
const NEGADA_PELO_PORTEIRO = "A portaria não autorizou a sua entrada. Obrigado pela compreensão.";

const lastLine = sql<{ autor: string; texto: string; created_at: string } | null>`(
  SELECT json_build_object('autor', am.autor, 'texto', am.texto, 'created_at', am.created_at)
  FROM atendente_mensagens am WHERE am.conversa_id = ${c.id}
  ORDER BY am.created_at DESC, am.id DESC LIMIT 1)`;

const itemColumns = {
  row: c,
  condominioNome: condominios.nome,
  portaoNome: portoes.nome,
  unidadeId: unidades.id,
  unidadeCodigo: unidades.codigo,
  unidadeTorre: unidades.torre,
  solicitacaoStatus: s.status,
  atendidoPorNome: user.name,
  ultima: lastLine,
};

function itemQuery(db: Executor) {
  return db
    .select(itemColumns)
    .from(c)
    .innerJoin(condominios, eq(condominios.id, c.condominioId))
    .leftJoin(portoes, eq(portoes.id, c.portaoId))
    .leftJoin(unidades, sql`${unidades.id} = (${c.estado}->>'unidadeId')::uuid`)
    .leftJoin(s, eq(s.id, c.solicitacaoId))
    .leftJoin(user, eq(user.id, c.atendidoPorUserId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>["execute"]>>[number];

function toItem(r: ItemRow): AtendimentoItem {
  const state = r.row.estado as DialogueState;
  const ultima = r.ultima;
  return {
    id: r.row.id,
    condominio_id: r.row.condominioId,
    condominio_nome: r.condominioNome,
    portao_id: r.row.portaoId,
    portao_nome: r.portaoNome,
    canal: r.row.canal as AtendenteCanal,
    etapa: r.row.etapa as AtendimentoItem["etapa"],
    resultado: r.row.resultado as AtendimentoItem["resultado"],
    nome_visitante: state.nomeVisitante,
    unidade: r.unidadeId ? { id: r.unidadeId, codigo: r.unidadeCodigo!, torre: r.unidadeTorre } : null,
    tipo: state.tipo,
    solicitacao:
      r.row.solicitacaoId && r.solicitacaoStatus
        ? {
            id: r.row.solicitacaoId,
            status: r.solicitacaoStatus as NonNullable<AtendimentoItem["solicitacao"]>["status"],
          }
        : null,
    atendido_por: r.row.atendidoPorUserId ? { id: r.row.atendidoPorUserId, nome: r.atendidoPorNome ?? "" } : null,
    ultima_mensagem: ultima
      ? {
          autor: ultima.autor as Mensagem["autor"],
          texto: ultima.texto,
          created_at: new Date(ultima.created_at).toISOString(),
        }
      : null,
    ultima_atividade_em: iso(r.row.ultimaAtividadeEm)!,
    created_at: iso(r.row.createdAt)!,
    encerrada_em: iso(r.row.encerradaEm),
  };
}

/** The tenant's conversations the caller's scope reaches (an assigned porteiro: their condominiums). */
function visible(tenant: TenantContext) {
  return and(eq(c.organizationId, tenant.organizationId), condominioCondition(tenant, c.condominioId));
}

export async function list(
  db: Database,
  tenant: TenantContext,
  filters: { condominio_id?: string; situacao: "abertas" | "encerradas" },
  page: number,
  pageSize: number,
) {
  const abertas = filters.situacao === "abertas";
  const where = and(
    visible(tenant),
    filters.condominio_id ? eq(c.condominioId, filters.condominio_id) : undefined,
    abertas ? isNull(c.encerradaEm) : isNotNull(c.encerradaEm),
  );
  // Open ones: those waiting for a person first, then the latest activity (the partial index on
  // open conversations); closed ones: the latest closed first (its own partial index).
  const order = abertas
    ? [sql`${c.etapa} = 'com_porteiro' DESC`, desc(c.ultimaAtividadeEm), desc(c.id)]
    : [desc(c.encerradaEm), desc(c.id)];
  const [rows, [total]] = await Promise.all([
    itemQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(sql`(SELECT 1 FROM ${c} WHERE ${where} LIMIT 10001) AS capped`),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map(toItem),
    total: Math.min(n, 10_000),
    total_truncated: n > 10_000,
    page,
    page_size: pageSize,
  };
}

export async function get(db: Executor, tenant: TenantContext, id: string): Promise<Atendimento> {
  const [row] = await itemQuery(db).where(and(visible(tenant), eq(c.id, id)));
  if (!row) throw notFound(CONVERSA_NOT_FOUND);
  return { ...toItem(row), mensagens: await transcript(db, id) };
}

/** The conversation's turn, for a person: inside their scope, open, and not held by someone else. */
async function takeForPerson(db: Database, tenant: TenantContext, id: string): Promise<ConversaRow> {
  const row = await takeTurnWaiting(db, visible(tenant), id);
  if (row.atendidoPorUserId && row.atendidoPorUserId !== tenant.userId) {
    await releaseTurn(db, row.id);
    const [holder] = await db.select({ name: user.name }).from(user).where(eq(user.id, row.atendidoPorUserId));
    throw conflict(`Este atendimento já está com ${holder?.name ?? "outra pessoa"}.`);
  }
  return row;
}

/** What taking over does to the conversation: the attendant stops answering; a visitor still being identified is now the porteiro's. */
function takenOver(row: ConversaRow) {
  const identifying = row.etapa === "identificando" || row.etapa === "confirmando";
  const state = row.estado as DialogueState;
  return {
    etapa: identifying ? "com_porteiro" : row.etapa,
    estado: identifying ? { ...state, etapa: "com_porteiro" as const, pergunta: null } : state,
  };
}

/** Runs a person's change inside the turn, then hands the conversation back as "Atendimentos" shows it. */
async function personChange(
  db: Database,
  tenant: TenantContext,
  id: string,
  change: (tx: Executor, row: ConversaRow) => Promise<void>,
): Promise<Atendimento> {
  const row = await takeForPerson(db, tenant, id);
  try {
    await db.transaction((tx) => change(tx, row));
  } catch (error) {
    await releaseTurn(db, row.id).catch(() => undefined);
    throw error;
  }
  return get(db, tenant, id);
}

async function saveTakeOver(
  tx: Executor,
  tenant: TenantContext,
  row: ConversaRow,
  lines: { autor: "atendente" | "porteiro"; texto: string }[],
) {
  const next = takenOver(row);
  const [saved] = await tx
    .update(c)
    .set({
      atendidoPorUserId: tenant.userId,
      etapa: next.etapa,
      estado: next.estado,
      processandoDesde: null,
      ultimaAtividadeEm: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(c.id, row.id))
    .returning();
  for (const line of lines)
    await insertMessages(tx, row, line.autor, [line.texto], line.autor === "porteiro" ? tenant.userId : null);
  await conversaEvent(tx, saved!, saved!.etapa);
}

/** "Assumir": the porteiro holds the conversation; the visitor is told a person is on it. */
export function assumir(db: Database, tenant: TenantContext, id: string): Promise<Atendimento> {
  return personChange(db, tenant, id, async (tx, row) => {
    const already = row.atendidoPorUserId === tenant.userId;
    await saveTakeOver(tx, tenant, row, already ? [] : [{ autor: "atendente", texto: ASSUMIU }]);
    if (!already) await auditTakeOver(tx, tenant, row.id);
  });
}

/** A porteiro's line to the visitor (the kiosk shows and speaks it); the first one takes the conversation over. */
export function mensagem(db: Database, tenant: TenantContext, id: string, texto: string): Promise<Atendimento> {
  return personChange(db, tenant, id, async (tx, row) => {
    const first = row.atendidoPorUserId !== tenant.userId;
    await saveTakeOver(tx, tenant, row, [{ autor: "porteiro", texto }]);
    if (first) await auditTakeOver(tx, tenant, row.id);
  });
}

function auditTakeOver(tx: Executor, tenant: TenantContext, id: string) {
  return recordAudit(tx, tenant.organizationId, actorOf(tenant), {
    acao: "alterar",
    entidade: "atendimento",
    entidadeId: id,
    resumo: "Assumiu um atendimento do atendente virtual",
  });
}

/**
 * The porteiro registers the request for the visitor they talked to, through the same service as
 * the console (the residents are reached as usual); the visitor hears it as from the attendant, and
 * the resident's decision reaches them like any other.
 */
export async function registrarSolicitacao(
  db: Database,
  tenant: TenantContext,
  id: string,
  input: AtendimentoSolicitacaoInput,
): Promise<Atendimento> {
  const row = await takeForPerson(db, tenant, id);
  try {
    if (row.solicitacaoId) {
      const [current] = await db.select({ status: s.status }).from(s).where(eq(s.id, row.solicitacaoId));
      if (current?.status === "pendente")
        throw conflict("Esta conversa já tem uma solicitação aguardando decisão. Decida-a ou encerre o atendimento.");
    }
    let solicitacaoId: string;
    try {
      const fields = solicitacaoCreateSchema.parse({
        condominio_id: row.condominioId,
        unidade_id: input.unidade_id,
        tipo: input.tipo,
        nome_visitante: input.nome_visitante,
      });
      const created = await createSolicitacao(
        db,
        tenant,
        { ...fields, ...(row.portaoId ? { portao_id: row.portaoId } : {}) },
        { conversaId: row.id },
      );
      solicitacaoId = created.id;
    } catch (error) {
      // The unit is the conversation's condominium's or nothing: say it on the form's field.
      if (error instanceof AppError && error.status === 404)
        throw badRequest("Unidade inválida", [
          { path: "unidade_id", message: "Unidade não encontrada neste condomínio" },
        ]);
      throw error;
    }
    const engine = await attendantEngine();
    const directory = await currentDirectory(db, row.organizationId, row.condominioId);
    const state: DialogueState = {
      ...(row.estado as DialogueState),
      etapa: "confirmando",
      unidadeId: input.unidade_id,
      nomeVisitante: input.nome_visitante,
      tipo: input.tipo,
      resultado: null,
    };
    const out = engine.onEvent(state, { tipo: "solicitacao_criada", solicitacaoId }, directory);
    await finishTurn(db, { ...row, atendidoPorUserId: tenant.userId }, out, false);
  } catch (error) {
    await releaseTurn(db, row.id).catch(() => undefined);
    throw error;
  }
  return get(db, tenant, id);
}

/** Closes the conversation; "negado" tells the visitor their entry was not authorised. */
export function encerrar(
  db: Database,
  tenant: TenantContext,
  id: string,
  resultado: "negado" | undefined,
): Promise<Atendimento> {
  return personChange(db, tenant, id, async (tx, row) => {
    const negado = resultado === "negado";
    const [saved] = await tx
      .update(c)
      .set({
        etapa: negado ? "concluida" : "encerrada",
        resultado: negado ? "negado" : row.resultado,
        estado: {
          ...(row.estado as DialogueState),
          etapa: negado ? "concluida" : "encerrada",
          resultado: negado ? "negado" : (row.estado as DialogueState).resultado,
        },
        atendidoPorUserId: row.atendidoPorUserId ?? tenant.userId,
        processandoDesde: null,
        encerradaEm: sql`now()`,
        ultimaAtividadeEm: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(c.id, row.id))
      .returning();
    await insertMessages(tx, row, "atendente", [negado ? NEGADA_PELO_PORTEIRO : ENCERRADA_PELO_PORTEIRO]);
    await conversaEvent(tx, saved!, saved!.etapa);
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "atendimento",
      entidadeId: row.id,
      resumo: negado ? "Encerrou um atendimento sem autorizar a entrada" : "Encerrou um atendimento",
    });
  });
}
