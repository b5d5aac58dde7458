/**
 * The operators' central (docs/decisions/042-operators-central.md): the caller's queue across the
 * condominiums they cover (their data scope: `membro_condominios`, or all), claiming an item in one
 * atomic statement, releasing, resolving with an outcome, a supervisor's reassignment, the
 * operators' own status, and each condominium's SLA. The queue itself is kept by central-sync.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transportadora } from "../../../shared/domain";
import { can } from "../../../shared/permissions";
import { ATENDENTE_CANAL_LABELS } from "../../../shared/schemas/atendimentos";
import type {
  CentralFila,
  CentralItem,
  CentralResolver,
  CentralSla,
  Operador,
  PresencaExibida,
  PresencaStatus,
} from "../../../shared/schemas/central";
import { PERECIVEL_CENTRAL_MINUTOS } from "../../../shared/schemas/central";
import { TRANSPORTADORA_LABELS } from "../../../shared/schemas/encomendas";
import { unidadeLabel } from "../../../shared/unidade-label";
import { actorOf, recordAudit } from "../../audit/audit";
import { seesCondominio } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { centralItens, condominios, member, membroCondominios, operadorPresencas, user } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { recordEvent } from "../../realtime/events";
import { thumbnailsOf } from "../fotos/fotos.service";

import { ENCOMENDA_DO_ITEM } from "./central-sync";

export { reportPinLockout, syncCentral } from "./central-sync";

/** An operator whose screen has not said it is open for this long is shown offline. */
export const PRESENCA_VALIDADE_MS = 2 * 60_000;
/** The queue shows at most this many items (oldest first): a night never has more waiting at once. */
export const FILA_MAX = 200;

const ITEM_NAO_ENCONTRADO = "Item não encontrado na central";
const JA_RESOLVIDO = "Este item já foi resolvido.";

export interface CentralDeps {
  db: Database;
  /** Signs the visitors' photo addresses. */
  secret: string;
}

interface ItemRow extends Record<string, unknown> {
  id: string;
  tipo: CentralItem["tipo"];
  status: CentralItem["status"];
  condominio_id: string;
  condominio_nome: string;
  portao_id: string | null;
  portao_nome: string | null;
  solicitacao_id: string | null;
  conversa_id: string | null;
  criado_em: Date | string;
  assumido_por_user_id: string | null;
  assumido_por_nome: string | null;
  assumido_em: Date | string | null;
  resolvido_por_user_id: string | null;
  resolvido_por_nome: string | null;
  resolvido_em: Date | string | null;
  desfecho: CentralItem["desfecho"];
  nota: string | null;
  sla_assumir_segundos: number;
  sla_resolver_segundos: number;
  nome_visitante: string | null;
  unidade_codigo: string | null;
  unidade_torre: string | null;
  canal: string | null;
  ultima_fala: string | null;
  totem_nome: string | null;
  totem_contato: Date | string | null;
  comando_erro: string | null;
  comando_http: number | null;
  encomenda_id: string | null;
  encomenda_transportadora: Transportadora | null;
  encomenda_transportadora_outra: string | null;
  encomenda_unidade_codigo: string | null;
  encomenda_unidade_torre: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The item with what its sources say of it, read at once (names never stored in the item). */
function selectItems(where: ReturnType<typeof sql>) {
  return sql`
    SELECT i.id, i.tipo, i.status, i.condominio_id, co.nome AS condominio_nome, i.portao_id, p.nome AS portao_nome,
           i.solicitacao_id, i.conversa_id, i.criado_em, i.assumido_por_user_id, ua.name AS assumido_por_nome,
           i.assumido_em, i.resolvido_por_user_id, ur.name AS resolvido_por_nome, i.resolvido_em, i.desfecho, i.nota,
           co.sla_assumir_segundos, co.sla_resolver_segundos,
           s.nome_visitante, u.codigo AS unidade_codigo, u.torre AS unidade_torre, c.canal,
           (SELECT m.texto FROM atendente_mensagens m WHERE m.conversa_id = i.conversa_id AND m.autor = 'visitante'
             ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS ultima_fala,
           t.nome AS totem_nome, t.ultimo_contato_em AS totem_contato,
           e.ultimo_erro AS comando_erro, e.ultimo_status_http AS comando_http,
           en.id AS encomenda_id, en.transportadora AS encomenda_transportadora,
           en.transportadora_outra AS encomenda_transportadora_outra,
           ue.codigo AS encomenda_unidade_codigo, ue.torre AS encomenda_unidade_torre
      FROM central_itens i
      JOIN condominios co ON co.id = i.condominio_id
      LEFT JOIN portoes p ON p.id = i.portao_id
      LEFT JOIN "user" ua ON ua.id = i.assumido_por_user_id
      LEFT JOIN "user" ur ON ur.id = i.resolvido_por_user_id
      LEFT JOIN solicitacoes_acesso s ON s.id = i.solicitacao_id
      LEFT JOIN unidades u ON u.id = s.unidade_id
      LEFT JOIN atendente_conversas c ON c.id = i.conversa_id
      LEFT JOIN totens t ON i.tipo = 'dispositivo_silencioso' AND t.id::text = substr(i.origem, 7)
      LEFT JOIN webhook_entregas e ON i.tipo = 'comando_falhou' AND e.id::text = substr(i.origem, 9)
      LEFT JOIN encomendas en ON en.id = ${ENCOMENDA_DO_ITEM}
      LEFT JOIN unidades ue ON ue.id = en.unidade_id
     WHERE ${where}`;
}

/** The item's two lines in pt-BR. */
function itemLines(r: ItemRow): { titulo: string; detalhe: string | null } {
  const visitante =
    r.nome_visitante && r.unidade_codigo
      ? `${r.nome_visitante} para ${unidadeLabel({ codigo: r.unidade_codigo, torre: r.unidade_torre })}`
      : null;
  switch (r.tipo) {
    case "atendimento": {
      const canal = r.canal ? (ATENDENTE_CANAL_LABELS as Record<string, string>)[r.canal] : null;
      return {
        titulo: visitante ?? `Visitante ${canal ? `no ${canal.toLowerCase()}` : "com o atendente"}`,
        detalhe: r.ultima_fala ? `“${r.ultima_fala}”` : null,
      };
    }
    case "solicitacao_atrasada":
      return { titulo: visitante ?? "Solicitação pendente", detalhe: "Nenhuma decisão dentro do tempo de espera." };
    case "morador_sem_resposta":
      return {
        titulo: visitante ?? "Solicitação pendente",
        detalhe: "Todos os moradores foram chamados; ninguém respondeu.",
      };
    case "pin_bloqueado":
      return {
        titulo: "PINs incorretos demais",
        detalhe: "O portão recusa PINs por alguns minutos. Veja quem está no portão.",
      };
    case "comando_falhou":
      return {
        titulo: visitante ? `Portão não abriu para ${visitante}` : "Portão não recebeu o comando de abrir",
        detalhe: r.comando_http ? `O controlador respondeu HTTP ${r.comando_http}.` : (r.comando_erro ?? null),
      };
    case "dispositivo_silencioso":
      return {
        titulo: `Totem ${r.totem_nome ?? ""} sem comunicação`.replace("  ", " "),
        detalhe: "Verifique a energia e a internet do tablet no portão.",
      };
    case "encomenda_a_confirmar": {
      // The courier's last words are their "sim": the channel says more.
      const canal = r.canal ? (ATENDENTE_CANAL_LABELS as Record<string, string>)[r.canal] : null;
      return {
        titulo: encomendaTitulo(r, "Encomenda"),
        detalhe: `Registrada pelo atendente virtual${canal ? ` (${canal})` : ""}. Confira a etiqueta e confirme.`,
      };
    }
    case "encomenda_perecivel":
      return {
        titulo: encomendaTitulo(r, "Perecível"),
        detalhe: `Nenhum morador deu ciente em ${PERECIVEL_CENTRAL_MINUTOS} minutos. Avise a unidade.`,
      };
  }
}

/** "Encomenda para Torre A - Unidade 101 (Correios)": the unit while it exists, the carrier when known. */
function encomendaTitulo(r: ItemRow, oque: string): string {
  const transportadora = r.encomenda_transportadora
    ? r.encomenda_transportadora === "outra"
      ? r.encomenda_transportadora_outra || null
      : TRANSPORTADORA_LABELS[r.encomenda_transportadora]
    : null;
  const unidade = r.encomenda_unidade_codigo
    ? unidadeLabel({ codigo: r.encomenda_unidade_codigo, torre: r.encomenda_unidade_torre })
    : null;
  return [oque, unidade && `para ${unidade}`, transportadora && `(${transportadora})`].filter(Boolean).join(" ");
}

function toItem(r: ItemRow, fotos: Map<string, string>, paraVoce: boolean, now: number): CentralItem {
  const criado = new Date(r.criado_em).getTime();
  const assumido = r.assumido_em ? new Date(r.assumido_em).getTime() : null;
  const escalado =
    (r.status === "aberto" && now - criado >= r.sla_assumir_segundos * 1000) ||
    (r.status === "assumido" && assumido !== null && now - assumido >= r.sla_resolver_segundos * 1000);
  return {
    id: r.id,
    tipo: r.tipo,
    status: r.status,
    condominio: { id: r.condominio_id, nome: r.condominio_nome },
    portao: r.portao_id && r.portao_nome ? { id: r.portao_id, nome: r.portao_nome } : null,
    ...itemLines(r),
    solicitacao_id: r.solicitacao_id,
    conversa_id: r.conversa_id,
    encomenda_id: r.encomenda_id,
    foto_url: r.solicitacao_id ? (fotos.get(r.solicitacao_id) ?? null) : null,
    criado_em: iso(r.criado_em)!,
    assumido_por: r.assumido_por_user_id
      ? { user_id: r.assumido_por_user_id, nome: r.assumido_por_nome ?? "Operador removido" }
      : null,
    assumido_em: iso(r.assumido_em),
    resolvido_por: r.resolvido_por_user_id
      ? { user_id: r.resolvido_por_user_id, nome: r.resolvido_por_nome ?? "Operador removido" }
      : null,
    resolvido_em: iso(r.resolvido_em),
    desfecho: r.desfecho,
    nota: r.nota,
    escalado,
    sla_assumir_segundos: r.sla_assumir_segundos,
    sla_resolver_segundos: r.sla_resolver_segundos,
    para_voce: paraVoce,
  };
}

/** Only the items of condominiums the caller covers (a porteiro's or operador's assignment). */
function inScope(tenant: TenantContext) {
  const scope = tenant.scope;
  if (scope === null) return sql`TRUE`;
  if (scope.condominioIds.length === 0) return sql`FALSE`;
  return sql`i.condominio_id IN (${sql.join(
    scope.condominioIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The operators of the tenant who opened the central, with their status, load and coverage. */
async function operadoresOf(db: Executor, organizationId: string, now: number): Promise<Operador[]> {
  const rows = rowsOf<{
    user_id: string;
    nome: string;
    papel: string;
    status: PresencaStatus;
    visto_em: Date | string;
    assumidos: number;
    condominio_ids: string[] | null;
  }>(
    await db.execute(sql`
    SELECT op.user_id, u.name AS nome, m.role AS papel, op.status, op.visto_em,
           (SELECT count(*)::int FROM central_itens i
             WHERE i.organization_id = op.organization_id AND i.status = 'assumido' AND i.assumido_por_user_id = op.user_id) AS assumidos,
           (SELECT array_agg(mc.condominio_id::text ORDER BY mc.condominio_id) FROM membro_condominios mc WHERE mc.member_id = m.id) AS condominio_ids
      FROM operador_presencas op
      JOIN member m ON m.organization_id = op.organization_id AND m.user_id = op.user_id
      JOIN "user" u ON u.id = op.user_id
     WHERE op.organization_id = ${organizationId}
     ORDER BY u.name, op.user_id`),
  );
  return rows
    .filter((r) => can(r.papel, "central:operar"))
    .map((r) => ({
      user_id: r.user_id,
      nome: r.nome,
      papel: r.papel,
      status: shownStatus(r.status, new Date(r.visto_em).getTime(), r.assumidos, now),
      assumidos: r.assumidos,
      condominio_ids: r.condominio_ids && r.condominio_ids.length > 0 ? r.condominio_ids : null,
    }));
}

function shownStatus(status: PresencaStatus, vistoEm: number, assumidos: number, now: number): PresencaExibida {
  if (now - vistoEm > PRESENCA_VALIDADE_MS) return "offline";
  if (status === "pausa") return "pausa";
  return assumidos > 0 ? "em_atendimento" : "disponivel";
}

/**
 * Routing: each open item is offered to the available operator covering its condominium who holds
 * the fewest items (then the name, for a stable choice), counting what this pass already offered.
 */
function route(items: ItemRow[], operadores: Operador[]): Map<string, string> {
  const available = operadores.filter((o) => o.status === "disponivel" || o.status === "em_atendimento");
  const load = new Map(available.map((o) => [o.user_id, o.assumidos]));
  const offered = new Map<string, string>();
  for (const item of items) {
    if (item.status !== "aberto") continue;
    let best: Operador | null = null;
    for (const o of available) {
      if (o.condominio_ids && !o.condominio_ids.includes(item.condominio_id)) continue;
      if (!best || load.get(o.user_id)! < load.get(best.user_id)!) best = o;
    }
    if (!best) continue;
    offered.set(item.id, best.user_id);
    load.set(best.user_id, load.get(best.user_id)! + 1);
  }
  return offered;
}

/** GET /api/central: the caller's queue, oldest first, and who is on duty. */
export async function fila(
  deps: CentralDeps,
  tenant: TenantContext,
  filtro: { condominio_id?: string },
  now = new Date(),
): Promise<CentralFila> {
  const condominio = filtro.condominio_id ? sql`i.condominio_id = ${filtro.condominio_id}::uuid` : sql`TRUE`;
  const rows = rowsOf<ItemRow>(
    await deps.db.execute(
      sql`${selectItems(sql`i.organization_id = ${tenant.organizationId} AND i.status <> 'resolvido' AND ${inScope(tenant)} AND ${condominio}`)}
          ORDER BY i.criado_em, i.id LIMIT ${FILA_MAX}`,
    ),
  );
  const at = now.getTime();
  const operadores = await operadoresOf(deps.db, tenant.organizationId, at);
  const offered = route(rows, operadores);
  const fotos = await thumbnailsOf(
    deps,
    tenant,
    rows.flatMap((r) => (r.solicitacao_id ? [r.solicitacao_id] : [])),
  );
  const mine = operadores.find((o) => o.user_id === tenant.userId);
  const [chosen] = await deps.db
    .select({ status: operadorPresencas.status })
    .from(operadorPresencas)
    .where(
      and(eq(operadorPresencas.organizationId, tenant.organizationId), eq(operadorPresencas.userId, tenant.userId)),
    );
  return {
    itens: rows.map((r) => toItem(r, fotos, offered.get(r.id) === tenant.userId, at)),
    operadores,
    minha_presenca: mine?.status ?? "offline",
    meu_status: (chosen?.status as PresencaStatus | undefined) ?? null,
    supervisor: can(tenant.role, "central:supervisionar"),
    agora: now.toISOString(),
  };
}

async function readItem(db: Executor, deps: CentralDeps, tenant: TenantContext, id: string): Promise<CentralItem> {
  const [row] = rowsOf<ItemRow>(
    await db.execute(selectItems(sql`i.organization_id = ${tenant.organizationId} AND i.id = ${id}::uuid`)),
  );
  if (!row || !seesCondominio(tenant, row.condominio_id)) throw notFound(ITEM_NAO_ENCONTRADO);
  const fotos = row.solicitacao_id ? await thumbnailsOf(deps, tenant, [row.solicitacao_id]) : new Map();
  return toItem(row, fotos, false, Date.now());
}

/** The item locked for a change by the caller, or the 404/409 that says why not. */
async function lockItem(tx: Executor, tenant: TenantContext, id: string) {
  const [row] = await tx
    .select()
    .from(centralItens)
    .where(and(eq(centralItens.organizationId, tenant.organizationId), eq(centralItens.id, id)))
    .for("update");
  if (!row || !seesCondominio(tenant, row.condominioId)) throw notFound(ITEM_NAO_ENCONTRADO);
  if (row.status === "resolvido") throw conflict(JA_RESOLVIDO);
  return row;
}

async function nameOf(db: Executor, userId: string | null): Promise<string> {
  if (!userId) return "outro operador";
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? "outro operador";
}

const changed = (tx: Executor, organizationId: string, condominioId: string) =>
  recordEvent(tx, organizationId, { type: "central.atualizada", condominioId });

/**
 * POST /api/central/itens/{id}/assumir: one statement decides who wins, so of two operators pressing
 * at once exactly one gets the item and the other is told who has it. Claiming one's own again is fine.
 */
export async function assumir(deps: CentralDeps, tenant: TenantContext, id: string): Promise<CentralItem> {
  await deps.db.transaction(async (tx) => {
    const won = await tx
      .update(centralItens)
      .set({ status: "assumido", assumidoPorUserId: tenant.userId, assumidoEm: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(centralItens.organizationId, tenant.organizationId),
          eq(centralItens.id, id),
          eq(centralItens.status, "aberto"),
          tenant.scope === null
            ? undefined
            : tenant.scope.condominioIds.length === 0
              ? sql`FALSE`
              : inArray(centralItens.condominioId, [...tenant.scope.condominioIds]),
        ),
      )
      .returning({ condominioId: centralItens.condominioId });
    if (won[0]) {
      await changed(tx, tenant.organizationId, won[0].condominioId);
      return;
    }
    const [row] = await tx
      .select()
      .from(centralItens)
      .where(and(eq(centralItens.organizationId, tenant.organizationId), eq(centralItens.id, id)));
    if (!row || !seesCondominio(tenant, row.condominioId)) throw notFound(ITEM_NAO_ENCONTRADO);
    if (row.status === "resolvido") throw conflict(JA_RESOLVIDO);
    if (row.assumidoPorUserId !== tenant.userId)
      throw conflict(`Este item já está com ${await nameOf(tx, row.assumidoPorUserId)}.`);
  });
  return readItem(deps.db, deps, tenant, id);
}

/** Only the operator holding an item, or a supervisor, may release or resolve it. */
function assertHolder(tenant: TenantContext, row: { status: string; assumidoPorUserId: string | null }) {
  if (row.assumidoPorUserId === tenant.userId) return;
  if (can(tenant.role, "central:supervisionar")) return;
  if (row.status === "aberto") throw conflict("Assuma o item antes de resolvê-lo.");
  throw forbidden("Este item está com outro operador. Só ele ou um supervisor pode mexer nele.");
}

/** POST /api/central/itens/{id}/liberar: back to the queue, for anyone. */
export async function liberar(deps: CentralDeps, tenant: TenantContext, id: string): Promise<CentralItem> {
  await deps.db.transaction(async (tx) => {
    const row = await lockItem(tx, tenant, id);
    if (row.status === "aberto") return;
    assertHolder(tenant, row);
    await tx
      .update(centralItens)
      .set({ status: "aberto", assumidoPorUserId: null, assumidoEm: null, updatedAt: sql`now()` })
      .where(eq(centralItens.id, row.id));
    await changed(tx, tenant.organizationId, row.condominioId);
  });
  return readItem(deps.db, deps, tenant, id);
}

/** POST /api/central/itens/{id}/resolver: with an outcome and an optional note; the item leaves the queue. */
export async function resolver(
  deps: CentralDeps,
  tenant: TenantContext,
  id: string,
  input: CentralResolver,
): Promise<CentralItem> {
  await deps.db.transaction(async (tx) => {
    const row = await lockItem(tx, tenant, id);
    assertHolder(tenant, row);
    await tx
      .update(centralItens)
      .set({
        status: "resolvido",
        desfecho: input.desfecho,
        nota: input.nota?.trim() || null,
        resolvidoPorUserId: tenant.userId,
        resolvidoEm: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(centralItens.id, row.id));
    await changed(tx, tenant.organizationId, row.condominioId);
  });
  return readItem(deps.db, deps, tenant, id);
}

/** POST /api/central/itens/{id}/reatribuir (supervisor): to an operator who covers the condominium. */
export async function reatribuir(
  deps: CentralDeps,
  tenant: TenantContext,
  id: string,
  userId: string,
): Promise<CentralItem> {
  await deps.db.transaction(async (tx) => {
    const row = await lockItem(tx, tenant, id);
    const [target] = await tx
      .select({ memberId: member.id, role: member.role, name: user.name })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, tenant.organizationId), eq(member.userId, userId)));
    if (!target || !can(target.role, "central:operar")) throw badRequest("Escolha um operador da equipe.");
    const cobertura = await tx
      .select({ condominioId: membroCondominios.condominioId })
      .from(membroCondominios)
      .where(eq(membroCondominios.memberId, target.memberId));
    if (cobertura.length > 0 && !cobertura.some((c) => c.condominioId === row.condominioId))
      throw badRequest(`${target.name} não cobre este condomínio.`);
    await tx
      .update(centralItens)
      .set({ status: "assumido", assumidoPorUserId: userId, assumidoEm: sql`now()`, updatedAt: sql`now()` })
      .where(eq(centralItens.id, row.id));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "central_item",
      entidadeId: row.id,
      resumo: "Reatribuiu um item da central",
      depois: { assumido_por_user_id: userId },
    });
    await changed(tx, tenant.organizationId, row.condominioId);
  });
  return readItem(deps.db, deps, tenant, id);
}

/**
 * PUT /api/central/presenca: the caller's own status; the screen sends it again every minute, which
 * is how "offline" is known (PRESENCA_VALIDADE_MS).
 */
export async function setPresenca(
  db: Database,
  tenant: TenantContext,
  status: PresencaStatus,
): Promise<{ status: PresencaExibida }> {
  const before = await db
    .select({ status: operadorPresencas.status, vistoEm: operadorPresencas.vistoEm })
    .from(operadorPresencas)
    .where(
      and(eq(operadorPresencas.organizationId, tenant.organizationId), eq(operadorPresencas.userId, tenant.userId)),
    );
  const now = Date.now();
  await db.transaction(async (tx) => {
    await tx
      .insert(operadorPresencas)
      .values({ organizationId: tenant.organizationId, userId: tenant.userId, status })
      .onConflictDoUpdate({
        target: [operadorPresencas.organizationId, operadorPresencas.userId],
        set: {
          status,
          vistoEm: sql`now()`,
          desde: sql`CASE WHEN ${operadorPresencas.status} = ${status} THEN ${operadorPresencas.desde} ELSE now() END`,
        },
      });
    // Others' screens show the change (a heartbeat that changes nothing stays quiet).
    const prev = before[0];
    if (!prev || prev.status !== status || now - prev.vistoEm.getTime() > PRESENCA_VALIDADE_MS)
      await recordEvent(tx, tenant.organizationId, { type: "central.atualizada" });
  });
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM central_itens
      WHERE organization_id = ${tenant.organizationId} AND status = 'assumido' AND assumido_por_user_id = ${tenant.userId}`),
  );
  return { status: shownStatus(status, now, n, now) };
}

/** GET /api/central/sla: the condominiums the caller covers, with their SLA. */
export async function listSla(db: Database, tenant: TenantContext) {
  const rows = await db
    .select({
      id: condominios.id,
      nome: condominios.nome,
      sla_assumir_segundos: condominios.slaAssumirSegundos,
      sla_resolver_segundos: condominios.slaResolverSegundos,
    })
    .from(condominios)
    .where(eq(condominios.organizationId, tenant.organizationId))
    .orderBy(condominios.nome, condominios.id);
  return { itens: rows.filter((r) => seesCondominio(tenant, r.id)) };
}

/** PUT /api/central/sla/{id} (supervisor). */
export async function setSla(db: Database, tenant: TenantContext, condominioId: string, input: CentralSla) {
  if (!seesCondominio(tenant, condominioId)) throw notFound("Condomínio não encontrado");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(condominios)
      .set({
        slaAssumirSegundos: input.sla_assumir_segundos,
        slaResolverSegundos: input.sla_resolver_segundos,
        updatedAt: sql`now()`,
      })
      .where(and(eq(condominios.organizationId, tenant.organizationId), eq(condominios.id, condominioId)))
      .returning({
        id: condominios.id,
        nome: condominios.nome,
        sla_assumir_segundos: condominios.slaAssumirSegundos,
        sla_resolver_segundos: condominios.slaResolverSegundos,
      });
    if (!row) throw notFound("Condomínio não encontrado");
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "condominio",
      entidadeId: row.id,
      resumo: "Alterou o tempo de atendimento da central",
      depois: { sla_assumir_segundos: row.sla_assumir_segundos, sla_resolver_segundos: row.sla_resolver_segundos },
    });
    await changed(tx, tenant.organizationId, row.id);
    return row;
  });
}
