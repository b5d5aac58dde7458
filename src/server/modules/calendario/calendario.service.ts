/**
 * Secret calendar feeds (iCal) of bookings (docs/decisions/044-common-area-bookings.md): a resident
 * subscribes to their unit's bookings, a síndico to the whole condominium's, in Google Calendar,
 * Apple Calendar or Outlook. The address carries 32 random bytes (base64url); only their SHA-256 is
 * kept, so the address is shown once. Revoking it makes it a 404; so does its creator losing the
 * right to what it lists (a resident who moved out, a síndico who is no longer one).
 *
 * Times go out in UTC: no VTIMEZONE generator is installed, and an event's start in UTC is the same
 * instant in every client, which shows it in the device's own timezone. X-WR-TIMEZONE names the
 * condominium's, for clients that use it to display the calendar.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import type { MemberRole, ReservaStatus } from "../../../shared/domain";
import { can } from "../../../shared/permissions";
import { RESERVA_STATUS_LABELS } from "../../../shared/schemas/reservas";
import { unidadeLabel } from "../../../shared/unidade-label";
import { actorOf, recordAudit } from "../../audit/audit";
import { condominioCondition, isResidentScope, resolveScope, seesCondominio, seesUnidade } from "../../auth/scope";
import type { Database } from "../../db/client";
import { areasComuns, calendarioFeeds, condominios, member, reservas, unidades } from "../../db/schema";
import { findCondominioInTenant, findUnidadeInTenant } from "../../db/tenant-lookups";
import type { TenantContext } from "../../http/context";
import { badRequest, forbidden, notFound } from "../../http/errors";

export const FEED_PATH = "/api/calendario/";
export const CALENDARIO_NAO_ENCONTRADO = "Calendário não encontrado";
/** The feed lists bookings from this many days ago… */
export const FEED_DIAS_ANTES = 30;
/** …to this many days ahead. */
export const FEED_DIAS_DEPOIS = 365;
/** `ultimo_acesso_em` is written at most this often: calendar apps poll, and a poll should not always write. */
const ACESSO_RESOLUCAO_MS = 15 * 60_000;
/** What a client is told to wait between polls (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_TTL_SECONDS = 60 * 60;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type Caller = Pick<TenantContext, "organizationId" | "scope" | "userId" | "user" | "ip" | "role">;

export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type FeedRow = typeof calendarioFeeds.$inferSelect;

function toFeed(r: FeedRow) {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    unidade_id: r.unidadeId,
    created_at: r.createdAt.toISOString(),
    ultimo_acesso_em: r.ultimoAcessoEm ? r.ultimoAcessoEm.toISOString() : null,
  };
}

/** The addresses of a feed: https for a browser or a "subscribe by URL" box, webcal to open the calendar app. */
export function feedUrls(linkBase: string, token: string) {
  const url = `${linkBase.replace(/\/+$/, "")}${FEED_PATH}${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:\/\//, "webcal://") };
}

/** GET /api/calendarios: the caller's own feeds that still work (the addresses themselves are not kept). */
export async function list(db: Database, tenant: Caller, condominioId?: string) {
  const rows = await db
    .select()
    .from(calendarioFeeds)
    .where(
      and(
        eq(calendarioFeeds.organizationId, tenant.organizationId),
        eq(calendarioFeeds.criadoPorUserId, tenant.userId),
        isNull(calendarioFeeds.revogadoEm),
        condominioCondition(tenant, calendarioFeeds.condominioId),
        condominioId ? eq(calendarioFeeds.condominioId, condominioId) : undefined,
      ),
    )
    .orderBy(asc(calendarioFeeds.createdAt), asc(calendarioFeeds.id));
  return rows.map(toFeed);
}

/**
 * POST /api/calendarios: a unit's feed for a resident of the unit or staff who reach it (another
 * unit: 404); the whole condominium's only for who sets up the areas (areas:gerenciar, else 403).
 */
export async function create(
  db: Database,
  tenant: Caller,
  input: { condominio_id: string; unidade_id?: string | null },
  linkBase: string,
) {
  if (!seesCondominio(tenant, input.condominio_id)) throw notFound("Condomínio não encontrado");
  const condominio = await findCondominioInTenant(db, tenant.organizationId, input.condominio_id);
  if (!condominio) throw notFound("Condomínio não encontrado");
  const unidadeId = input.unidade_id ?? null;
  if (unidadeId) {
    const unidade = await findUnidadeInTenant(db, tenant.organizationId, unidadeId);
    if (!unidade || !seesUnidade(tenant, { unidadeId: unidade.id, condominioId: unidade.condominioId })) {
      throw notFound("Unidade não encontrada");
    }
    if (unidade.condominioId !== condominio.id) {
      throw badRequest("A unidade não pertence ao condomínio selecionado", [
        { path: "unidade_id", message: "A unidade não pertence ao condomínio selecionado" },
      ]);
    }
  } else if (!can(tenant.role, "areas:gerenciar") || isResidentScope(tenant)) {
    throw forbidden("Apenas o síndico pode assinar o calendário de todo o condomínio. Escolha uma unidade.");
  }
  const token = randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(calendarioFeeds)
      .values({
        organizationId: tenant.organizationId,
        condominioId: condominio.id,
        unidadeId,
        tokenHash: hashFeedToken(token),
        criadoPorUserId: tenant.userId,
      })
      .returning();
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "criar",
      entidade: "calendario_feed",
      entidadeId: created!.id,
      resumo: unidadeId ? "Criou o calendário (iCal) de uma unidade" : "Criou o calendário (iCal) do condomínio",
      depois: { condominio_id: condominio.id, unidade_id: unidadeId },
    });
    return created!;
  });
  return { ...toFeed(row), ...feedUrls(linkBase, token) };
}

/**
 * DELETE /api/calendarios/{id}: its creator revokes it, as only they list it (GET shows one's own) and
 * only they hold the address; it also stops by itself when they lose the right to what it lists.
 */
export async function revoke(db: Database, tenant: Caller, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(calendarioFeeds)
      .where(
        and(
          eq(calendarioFeeds.organizationId, tenant.organizationId),
          eq(calendarioFeeds.id, id),
          isNull(calendarioFeeds.revogadoEm),
        ),
      )
      .for("update");
    if (!row || row.criadoPorUserId !== tenant.userId) throw notFound(CALENDARIO_NAO_ENCONTRADO);
    await tx.update(calendarioFeeds).set({ revogadoEm: new Date() }).where(eq(calendarioFeeds.id, row.id));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "revogar",
      entidade: "calendario_feed",
      entidadeId: row.id,
      resumo: "Revogou o endereço de um calendário (iCal)",
      antes: { condominio_id: row.condominioId, unidade_id: row.unidadeId },
    });
  });
}

/**
 * Whether the feed's creator may still read what it lists: still a member, and still a resident of
 * the unit (or staff reaching it), or still allowed to set up the condominium's areas.
 */
async function creatorStillEntitled(db: Database, feed: FeedRow): Promise<boolean> {
  if (!feed.criadoPorUserId) return false;
  const [m] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, feed.organizationId), eq(member.userId, feed.criadoPorUserId)));
  if (!m) return false;
  const role = m.role as MemberRole;
  const scope = await resolveScope(db, feed.organizationId, feed.criadoPorUserId, role);
  const reader = { scope };
  if (feed.unidadeId) return seesUnidade(reader, { unidadeId: feed.unidadeId, condominioId: feed.condominioId });
  return can(role, "areas:gerenciar") && seesCondominio(reader, feed.condominioId);
}

function summaryOf(area: string, unidade: string | null, status: ReservaStatus): string {
  const base = unidade ? `${area} — ${unidade}` : area;
  return status === "pendente" ? `${base} (aguardando aprovação)` : base;
}

/**
 * GET /api/calendario/{token}.ics: the feed's calendar, or null (a malformed, unknown or revoked
 * token, or a creator who lost access): the route answers 404 alike.
 */
export async function feedCalendar(db: Database, token: string, now: Date = new Date()): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [found] = await db
    .select({ feed: calendarioFeeds, condominio: { nome: condominios.nome, timezone: condominios.timezone } })
    .from(calendarioFeeds)
    .innerJoin(condominios, eq(condominios.id, calendarioFeeds.condominioId))
    .where(eq(calendarioFeeds.tokenHash, hashFeedToken(token)));
  if (!found || found.feed.revogadoEm) return null;
  const { feed, condominio } = found;
  if (!(await creatorStillEntitled(db, feed))) return null;

  const [unidade] = feed.unidadeId
    ? await db
        .select({ codigo: unidades.codigo, torre: unidades.torre })
        .from(unidades)
        .where(eq(unidades.id, feed.unidadeId))
    : [];
  if (feed.unidadeId && !unidade) return null;

  const rows = await db
    .select({
      id: reservas.id,
      inicio: reservas.inicio,
      fim: reservas.fim,
      status: reservas.status,
      updatedAt: reservas.updatedAt,
      area: areasComuns.nome,
      codigo: unidades.codigo,
      torre: unidades.torre,
    })
    .from(reservas)
    .innerJoin(areasComuns, eq(areasComuns.id, reservas.areaId))
    .innerJoin(unidades, eq(unidades.id, reservas.unidadeId))
    .where(
      and(
        eq(reservas.organizationId, feed.organizationId),
        eq(reservas.condominioId, feed.condominioId),
        feed.unidadeId ? eq(reservas.unidadeId, feed.unidadeId) : undefined,
        inArray(reservas.status, ["pendente", "confirmada"]),
        gte(reservas.fim, new Date(now.getTime() - FEED_DIAS_ANTES * 86_400_000)),
        lte(reservas.inicio, new Date(now.getTime() + FEED_DIAS_DEPOIS * 86_400_000)),
      ),
    )
    .orderBy(asc(reservas.inicio), asc(reservas.id));

  const calendar = ical({
    name: `Reservas — ${unidade ? unidadeLabel(unidade) : condominio.nome}`,
    prodId: { company: "Guarita", product: "Reservas", language: "PT-BR" },
    ttl: FEED_TTL_SECONDS,
    x: [{ key: "X-WR-TIMEZONE", value: condominio.timezone }],
  });
  for (const r of rows) {
    const status = r.status as ReservaStatus;
    const unidadeNome = unidadeLabel({ codigo: r.codigo, torre: r.torre });
    calendar.createEvent({
      id: `${r.id}@guarita`,
      start: r.inicio,
      end: r.fim,
      stamp: r.updatedAt,
      lastModified: r.updatedAt,
      // A unit's own feed needs no unit in every title; the condominium's names it.
      summary: summaryOf(r.area, feed.unidadeId ? null : unidadeNome, status),
      // No guest names nor the booking's notes: the address may end up shared.
      description: `${r.area} — ${unidadeNome}\n${condominio.nome}\nSituação: ${RESERVA_STATUS_LABELS[status]}`,
      location: `${r.area} — ${condominio.nome}`,
      status: status === "confirmada" ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }

  if (!feed.ultimoAcessoEm || now.getTime() - feed.ultimoAcessoEm.getTime() > ACESSO_RESOLUCAO_MS) {
    await db
      .update(calendarioFeeds)
      .set({ ultimoAcessoEm: now })
      .where(
        and(
          eq(calendarioFeeds.id, feed.id),
          or(
            isNull(calendarioFeeds.ultimoAcessoEm),
            lt(calendarioFeeds.ultimoAcessoEm, new Date(now.getTime() - ACESSO_RESOLUCAO_MS)),
          ),
        ),
      );
  }
  return calendar.toString();
}
