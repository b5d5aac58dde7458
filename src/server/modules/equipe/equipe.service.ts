/**
 * The team of a tenant: its members (better-auth `member` rows) and invitations (`convites`).
 * docs/decisions/017-team-and-invitations.md.
 *
 * Rules that hold however the request arrives:
 * - owner and síndicos manage the team (the route checks `equipe:gerenciar`); only an owner changes or
 *   removes another owner, and nobody gives the owner role (it belongs to the account's creator);
 * - the tenant always keeps an owner: the owners' rows are locked before the count, so two owners
 *   demoting each other at once cannot both succeed;
 * - nobody changes their own role or removes themselves here, so a síndico cannot lock themselves out
 *   by a slip;
 * - a role change or a removal ends the member's sessions in the tenant and their event streams at
 *   once (auth/access-revocation.ts);
 * - a morador is tied to a person record (pessoas.user_id), which decides the units they reach;
 * - a porteiro may be assigned to condominiums of the tenant (membro_condominios), and then reaches
 *   only those (auth/scope.ts); none means all. Only porteiros are assigned: a role change away from
 *   porteiro drops the assignment.
 */

import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { InvitableRole, MemberRole } from "../../../shared/domain";
import { isAssignedRole, ROLE_LABELS } from "../../../shared/permissions";
import {
  CONVITE_VALIDADE_DIAS,
  type Convite,
  type ConviteInput,
  type Membro,
  type MembroCondominiosInput,
  type PapelInput,
} from "../../../shared/schemas/equipe";
import { actorOf, recordAudit } from "../../audit/audit";
import { announceScopeChange, endMemberAccess } from "../../auth/access-revocation";
import type { Database, Executor, Transaction } from "../../db/client";
import { cappedCount, toPage } from "../../db/pagination";
import {
  condominios,
  convites,
  member,
  membroCondominios,
  pessoas,
  unidadeMoradores,
  unidades,
  user,
} from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { conflict, forbidden, isUniqueViolation, notFound, tooManyRequests } from "../../http/errors";
import { hitLimit } from "../../http/rate-limit";
import { iso } from "../../http/serialize";
import { enqueueMail } from "../../mail";
import { getOrganizacao } from "../organizacao/organizacao.service";
import { PESSOA_NOT_FOUND } from "../pessoas/pessoas.service";

export const MEMBRO_NOT_FOUND = "Membro não encontrado";
export const CONVITE_NOT_FOUND = "Convite não encontrado";
export const PESSOA_JA_VINCULADA = "Esta pessoa já está vinculada a outro login.";
export const ULTIMO_PROPRIETARIO = "A administradora precisa de pelo menos um proprietário.";
export const SO_PORTEIROS =
  "Só porteiros e operadores trabalham em condomínios escolhidos; os demais papéis acessam todos os condomínios.";
export const CONDOMINIO_NOT_FOUND = "Condomínio não encontrado";

/** Invitations sent per tenant per hour (first sends and resends): the team screen is not a mailer. */
export const CONVITES_POR_HORA = 60;

const HOUR_MS = 60 * 60 * 1000;

/** ILIKE pattern for names and e-mails as typed (accents kept: these columns are not normalised). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type Reader = Pick<TenantContext, "organizationId" | "userId">;

// ---------------------------------------------------------------------------------------------
// Members

export async function listMembros(
  db: Database,
  tenant: Reader,
  q: { q?: string; papel?: MemberRole; page: number; page_size: number },
) {
  const conditions: (SQL | undefined)[] = [eq(member.organizationId, tenant.organizationId)];
  if (q.papel) conditions.push(eq(member.role, q.papel));
  if (q.q) conditions.push(or(ilike(user.name, contains(q.q)), ilike(user.email, contains(q.q))));
  const where = and(...conditions)!;
  const roleRank = sql`CASE ${member.role} WHEN 'owner' THEN 0 WHEN 'sindico' THEN 1 WHEN 'porteiro' THEN 2 ELSE 3 END`;
  const [rows, [counted]] = await Promise.all([
    db
      .select(MEMBER_COLUMNS)
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(where)
      .orderBy(roleRank, asc(user.name), asc(member.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(member).innerJoin(user, eq(user.id, member.userId)).where(where),
  ]);
  const [people, assigned] = await Promise.all([
    personRecordsOf(
      db,
      tenant.organizationId,
      rows.map((r) => r.userId),
    ),
    condominiosOf(
      db,
      tenant.organizationId,
      rows.map((r) => r.id),
    ),
  ]);
  const items = rows.map((r) => toMembro(r, people, assigned, tenant.userId));
  const total = counted?.n ?? 0;
  return toPage(items, { total, truncated: false }, q.page, q.page_size);
}

const MEMBER_COLUMNS = {
  id: member.id,
  userId: member.userId,
  role: member.role,
  createdAt: member.createdAt,
  nome: user.name,
  email: user.email,
  image: user.image,
};

type MemberRow = {
  id: string;
  userId: string;
  role: string;
  createdAt: Date;
  nome: string;
  email: string;
  image: string | null;
};
type PersonRecords = Awaited<ReturnType<typeof personRecordsOf>>;
type Assignments = Awaited<ReturnType<typeof condominiosOf>>;

function toMembro(r: MemberRow, people: PersonRecords, assigned: Assignments, callerId: string): Membro {
  return {
    id: r.id,
    user_id: r.userId,
    nome: r.nome,
    email: r.email,
    image: r.image ?? null,
    papel: r.role as MemberRole,
    pessoa: people.get(r.userId) ?? null,
    condominios: assigned.get(r.id) ?? [],
    desde: iso(r.createdAt),
    voce: r.userId === callerId,
  };
}

/** The person record each login acts as in the tenant, with the labels of its active units. */
async function personRecordsOf(db: Executor, organizationId: string, userIds: string[]) {
  const out = new Map<string, { id: string; nome: string; unidades: string[] }>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: pessoas.userId,
      id: pessoas.id,
      nome: pessoas.nome,
      codigo: unidades.codigo,
      torre: unidades.torre,
    })
    .from(pessoas)
    .leftJoin(unidadeMoradores, and(eq(unidadeMoradores.pessoaId, pessoas.id), eq(unidadeMoradores.ativo, true)))
    .leftJoin(unidades, eq(unidades.id, unidadeMoradores.unidadeId))
    .where(and(eq(pessoas.organizationId, organizationId), inArray(pessoas.userId, userIds)))
    .orderBy(asc(pessoas.nome), asc(unidades.codigo));
  for (const r of rows) {
    if (!r.userId) continue;
    const entry = out.get(r.userId) ?? { id: r.id, nome: r.nome, unidades: [] };
    if (r.codigo) entry.unidades.push(r.torre ? `${r.codigo} · ${r.torre}` : r.codigo);
    out.set(r.userId, entry);
  }
  return out;
}

/** The condominiums each membership is assigned to (only porteiros have any), by name. */
async function condominiosOf(db: Executor, organizationId: string, memberIds: string[]) {
  const out = new Map<string, { id: string; nome: string }[]>();
  if (memberIds.length === 0) return out;
  const rows = await db
    .select({ memberId: membroCondominios.memberId, id: condominios.id, nome: condominios.nome })
    .from(membroCondominios)
    .innerJoin(
      condominios,
      and(
        eq(condominios.id, membroCondominios.condominioId),
        eq(condominios.organizationId, membroCondominios.organizationId),
      ),
    )
    .where(and(eq(membroCondominios.organizationId, organizationId), inArray(membroCondominios.memberId, memberIds)))
    .orderBy(asc(condominios.nome), asc(condominios.id));
  for (const r of rows) out.set(r.memberId, [...(out.get(r.memberId) ?? []), { id: r.id, nome: r.nome }]);
  return out;
}

async function lockMember(tx: Transaction, organizationId: string, memberId: string) {
  const [row] = await tx
    .select({ id: member.id, userId: member.userId, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)))
    .for("update");
  if (!row) throw notFound(MEMBRO_NOT_FOUND);
  return { ...row, role: row.role as MemberRole };
}

/** Locks every owner row of the tenant and says how many there are. */
async function lockOwners(tx: Transaction, organizationId: string): Promise<number> {
  const rows = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.role, "owner")))
    .orderBy(asc(member.id))
    .for("update");
  return rows.length;
}

async function guardTarget(
  tx: Transaction,
  tenant: TenantContext,
  target: { userId: string; role: MemberRole },
  self: string,
) {
  if (target.userId === tenant.userId) throw conflict(self);
  if (target.role !== "owner") return;
  if (tenant.role !== "owner") throw forbidden("Só um proprietário pode alterar ou remover outro proprietário.");
  if ((await lockOwners(tx, tenant.organizationId)) <= 1) throw conflict(ULTIMO_PROPRIETARIO);
}

/** Ties a login to a person record of the tenant (the morador's units), and only to that one. */
async function linkPerson(tx: Transaction, organizationId: string, userId: string, pessoaId: string) {
  const [person] = await tx
    .select({ id: pessoas.id, userId: pessoas.userId })
    .from(pessoas)
    .where(and(eq(pessoas.organizationId, organizationId), eq(pessoas.id, pessoaId)))
    .for("update");
  if (!person) throw notFound(PESSOA_NOT_FOUND);
  if (person.userId && person.userId !== userId) throw conflict(PESSOA_JA_VINCULADA);
  await tx
    .update(pessoas)
    .set({ userId: null, updatedAt: new Date() })
    .where(and(eq(pessoas.organizationId, organizationId), eq(pessoas.userId, userId), ne(pessoas.id, pessoaId)));
  await tx.update(pessoas).set({ userId, updatedAt: new Date() }).where(eq(pessoas.id, pessoaId));
}

export async function changeRole(db: Database, tenant: TenantContext, memberId: string, input: PapelInput) {
  await db.transaction(async (tx) => {
    const target = await lockMember(tx, tenant.organizationId, memberId);
    await guardTarget(tx, tenant, target, "Você não pode alterar o seu próprio papel.");
    const papel = input.papel as InvitableRole;
    if (papel === "morador") await linkPerson(tx, tenant.organizationId, target.userId, input.pessoa_id!);
    if (papel === target.role && papel !== "morador") return;
    await tx.update(member).set({ role: papel }).where(eq(member.id, target.id));
    // Only porteiros and operadores are assigned to condominiums: any other role reaches them all.
    const dropped =
      isAssignedRole(target.role) && !isAssignedRole(papel)
        ? await tx
            .delete(membroCondominios)
            .where(eq(membroCondominios.memberId, target.id))
            .returning({ id: membroCondominios.condominioId })
        : [];
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "papel",
      entidade: "membro",
      entidadeId: target.id,
      resumo: `Mudou o papel de ${await userName(tx, target.userId)} para ${ROLE_LABELS[papel]}`,
      antes: { papel: target.role, ...(dropped.length > 0 ? { condominio_ids: dropped.map((d) => d.id).sort() } : {}) },
      depois: { papel, ...(papel === "morador" ? { pessoa_id: input.pessoa_id } : {}) },
    });
    // Whatever the direction, the open sessions were granted under the old role: they end.
    await endMemberAccess(tx, { organizationId: tenant.organizationId, userId: target.userId });
  });
  return getMembro(db, tenant, memberId);
}

export async function removeMembro(db: Database, tenant: TenantContext, memberId: string) {
  await db.transaction(async (tx) => {
    const target = await lockMember(tx, tenant.organizationId, memberId);
    await guardTarget(tx, tenant, target, "Você não pode remover a si mesmo da equipe.");
    await tx.delete(member).where(eq(member.id, target.id));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "excluir",
      entidade: "membro",
      entidadeId: target.id,
      resumo: `Removeu ${await userName(tx, target.userId)} da equipe`,
      antes: { papel: target.role },
    });
    // The person record stays (it is the building's registry); it no longer has a login.
    await tx
      .update(pessoas)
      .set({ userId: null, updatedAt: new Date() })
      .where(and(eq(pessoas.organizationId, tenant.organizationId), eq(pessoas.userId, target.userId)));
    await endMemberAccess(tx, { organizationId: tenant.organizationId, userId: target.userId });
  });
}

async function userName(tx: Executor, userId: string): Promise<string> {
  const [u] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return u?.name ?? "um membro";
}

async function getMembro(db: Database, tenant: Reader, memberId: string): Promise<Membro> {
  const [row] = await db
    .select(MEMBER_COLUMNS)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, tenant.organizationId), eq(member.id, memberId)));
  if (!row) throw notFound(MEMBRO_NOT_FOUND);
  const [people, assigned] = await Promise.all([
    personRecordsOf(db, tenant.organizationId, [row.userId]),
    condominiosOf(db, tenant.organizationId, [row.id]),
  ]);
  return toMembro(row, people, assigned, tenant.userId);
}

/**
 * "Condomínios em que trabalha": the condominiums a porteiro works at, replaced as a whole (an empty
 * list: all of them). Every id must be a condominium of the tenant, or nothing changes (404). The
 * audit trail keeps ids only (docs/decisions/030). The porteiro stays signed in: their next request
 * and their open event streams read the new scope (auth/access-revocation.ts, announceScopeChange).
 */
export async function setCondominios(
  db: Database,
  tenant: TenantContext,
  memberId: string,
  input: MembroCondominiosInput,
): Promise<Membro> {
  const wanted = [...new Set(input.condominio_ids)].sort();
  await db.transaction(async (tx) => {
    const target = await lockMember(tx, tenant.organizationId, memberId);
    if (!isAssignedRole(target.role)) throw conflict(SO_PORTEIROS);
    if (wanted.length > 0) {
      const found = await tx
        .select({ id: condominios.id })
        .from(condominios)
        .where(and(eq(condominios.organizationId, tenant.organizationId), inArray(condominios.id, wanted)));
      if (found.length !== wanted.length) throw notFound(CONDOMINIO_NOT_FOUND);
    }
    const current = (
      await tx
        .select({ id: membroCondominios.condominioId })
        .from(membroCondominios)
        .where(eq(membroCondominios.memberId, target.id))
    )
      .map((r) => r.id)
      .sort();
    if (current.join() === wanted.join()) return;
    await tx.delete(membroCondominios).where(eq(membroCondominios.memberId, target.id));
    if (wanted.length > 0) {
      await tx
        .insert(membroCondominios)
        .values(
          wanted.map((condominioId) => ({ organizationId: tenant.organizationId, memberId: target.id, condominioId })),
        );
    }
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "membro",
      entidadeId: target.id,
      resumo:
        wanted.length > 0
          ? `Definiu os condomínios em que um porteiro trabalha (${wanted.length})`
          : "Liberou um porteiro para todos os condomínios",
      antes: { condominio_ids: current },
      depois: { condominio_ids: wanted },
    });
    await announceScopeChange(tx, { organizationId: tenant.organizationId, userId: target.userId });
  });
  return getMembro(db, tenant, memberId);
}

// ---------------------------------------------------------------------------------------------
// Invitations

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const expiryFromNow = () => new Date(Date.now() + CONVITE_VALIDADE_DIAS * 24 * HOUR_MS);

export const invitationUrl = (linkBase: string, token: string) =>
  new URL(`/convite?token=${encodeURIComponent(token)}`, linkBase).toString();

type ConviteRow = typeof convites.$inferSelect;

async function toConvites(db: Executor, rows: ConviteRow[]): Promise<Convite[]> {
  const personIds = rows.map((r) => r.pessoaId).filter((id): id is string => !!id);
  const inviterIds = rows.map((r) => r.convidadoPorUserId).filter((id): id is string => !!id);
  const [people, inviters] = await Promise.all([
    personIds.length
      ? db.select({ id: pessoas.id, nome: pessoas.nome }).from(pessoas).where(inArray(pessoas.id, personIds))
      : [],
    inviterIds.length ? db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, inviterIds)) : [],
  ]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const inviterById = new Map(inviters.map((u) => [u.id, u.name]));
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    papel: r.papel as InvitableRole,
    pessoa: r.pessoaId ? (personById.get(r.pessoaId) ?? null) : null,
    status: r.expiraEm.getTime() > now ? "pendente" : "expirado",
    expira_em: iso(r.expiraEm),
    enviado_em: iso(r.enviadoEm),
    envios: r.envios,
    convidado_por: r.convidadoPorUserId ? (inviterById.get(r.convidadoPorUserId) ?? null) : null,
  }));
}

export async function listConvites(db: Database, tenant: Reader, q: { q?: string; page: number; page_size: number }) {
  const conditions: (SQL | undefined)[] = [
    eq(convites.organizationId, tenant.organizationId),
    eq(convites.status, "pendente"),
  ];
  if (q.q) conditions.push(ilike(convites.email, contains(q.q)));
  const where = and(...conditions)!;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(convites)
      .where(where)
      .orderBy(desc(convites.createdAt), desc(convites.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    cappedCount(db, convites, where),
  ]);
  return toPage(await toConvites(db, rows), counted, q.page, q.page_size);
}

async function countSend(db: Executor, organizationId: string) {
  if (!(await hitLimit(db, `convites:${organizationId}`, { max: CONVITES_POR_HORA, windowMs: HOUR_MS }))) {
    throw tooManyRequests(
      `Limite de ${CONVITES_POR_HORA} convites por hora atingido para esta administradora. Tente novamente mais tarde.`,
    );
  }
}

async function sendInvitationMail(
  tx: Executor,
  tenant: TenantContext,
  row: { email: string; papel: string },
  url: string,
) {
  const org = await getOrganizacao(tx, tenant.organizationId);
  await enqueueMail(tx, {
    to: row.email,
    template: "convite",
    organizationId: tenant.organizationId,
    data: {
      convidadoPor: tenant.user.name,
      organizacao: org.nome,
      papel: ROLE_LABELS[row.papel as InvitableRole],
      url,
      validadeDias: CONVITE_VALIDADE_DIAS,
      contato: { email: org.email, telefone: org.telefone },
    },
  });
}

export async function createConvite(db: Database, tenant: TenantContext, input: ConviteInput, linkBase: string) {
  const email = input.email.trim().toLowerCase();
  try {
    const row = await db.transaction(async (tx) => {
      const [already] = await tx
        .select({ id: member.id })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, tenant.organizationId), eq(user.email, email)));
      if (already) throw conflict("Este e-mail já faz parte da equipe.");
      if (input.papel === "morador") {
        const [person] = await tx
          .select({ userId: pessoas.userId })
          .from(pessoas)
          .where(and(eq(pessoas.organizationId, tenant.organizationId), eq(pessoas.id, input.pessoa_id!)));
        if (!person) throw notFound(PESSOA_NOT_FOUND);
        if (person.userId) throw conflict(PESSOA_JA_VINCULADA);
      }
      await countSend(tx, tenant.organizationId);
      const { token, hash } = newInvitationToken();
      const [created] = await tx
        .insert(convites)
        .values({
          organizationId: tenant.organizationId,
          email,
          papel: input.papel,
          pessoaId: input.pessoa_id ?? null,
          tokenHash: hash,
          expiraEm: expiryFromNow(),
          convidadoPorUserId: tenant.userId,
        })
        .returning();
      await sendInvitationMail(tx, tenant, created!, invitationUrl(linkBase, token));
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "convidar",
        entidade: "convite",
        entidadeId: created!.id,
        resumo: `Convidou ${email} como ${ROLE_LABELS[input.papel as InvitableRole]}`,
        depois: { email, papel: input.papel, pessoa_id: input.pessoa_id ?? null },
      });
      return created!;
    });
    const [convite] = await toConvites(db, [row]);
    return convite!;
  } catch (error) {
    if (isUniqueViolation(error, "convites_pendente_email_uq"))
      throw conflict("Já existe um convite pendente para este e-mail. Use “Reenviar” na lista de convites.");
    throw error;
  }
}

async function lockPendingConvite(tx: Transaction, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(convites)
    .where(and(eq(convites.organizationId, organizationId), eq(convites.id, id), eq(convites.status, "pendente")))
    .for("update");
  if (!row) throw notFound(CONVITE_NOT_FOUND);
  return row;
}

/** A new link (the old one stops working) valid for another 7 days, sent again. */
export async function resendConvite(db: Database, tenant: TenantContext, id: string, linkBase: string) {
  const row = await db.transaction(async (tx) => {
    await lockPendingConvite(tx, tenant.organizationId, id);
    await countSend(tx, tenant.organizationId);
    const { token, hash } = newInvitationToken();
    const [updated] = await tx
      .update(convites)
      .set({
        tokenHash: hash,
        expiraEm: expiryFromNow(),
        enviadoEm: new Date(),
        envios: sql`${convites.envios} + 1`,
      })
      .where(eq(convites.id, id))
      .returning();
    await sendInvitationMail(tx, tenant, updated!, invitationUrl(linkBase, token));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "convidar",
      entidade: "convite",
      entidadeId: id,
      resumo: `Reenviou o convite para ${updated!.email}`,
    });
    return updated!;
  });
  const [convite] = await toConvites(db, [row]);
  return convite!;
}

export async function revokeConvite(db: Database, tenant: TenantContext, id: string) {
  await db.transaction(async (tx) => {
    const convite = await lockPendingConvite(tx, tenant.organizationId, id);
    await tx.update(convites).set({ status: "revogado", revogadoEm: new Date() }).where(eq(convites.id, id));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "revogar",
      entidade: "convite",
      entidadeId: id,
      resumo: `Revogou o convite para ${convite.email}`,
    });
  });
}
