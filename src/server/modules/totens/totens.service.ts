/**
 * The gates' kiosks (docs/product.md, "Totem"). Staff create a kiosk for a gate and get a single-use
 * pairing link, valid TOTEM_PAREAMENTO_MINUTOS; the tablet that opens it gets its own credential, which
 * can only hold conversations at that gate (never a staff session). Like API keys (decision 019),
 * only SHA-256 hashes are kept, every device request reads the row, and revoking ends the kiosk at
 * once on every instance; a new pairing link for the same kiosk replaces its credential when used.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import {
  TOTEM_PAREAMENTO_MINUTOS,
  type Totem,
  type TotemCreate,
  type TotemDispositivo,
} from "../../../shared/schemas/totens";
import { actorOf, recordAudit } from "../../audit/audit";
import { condominioCondition } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { condominios, portoes, totens as t } from "../../db/schema";
import type { TenantContext, TotemDevice } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { recordEvent } from "../../realtime/events";

export const TOTEM_NOT_FOUND = "Totem não encontrado";
export const PAREAMENTO_INVALIDO =
  "Este link de pareamento não vale mais: ele é de uso único e expira em 10 minutos. Gere um novo no console.";
/** The device credential's prefix, so a leaked one is recognisable in logs and scanners. */
const CREDENCIAL_PREFIX = "gt_";
/** The kiosk's last contact is written at most this often. */
const CONTATO_INTERVALO_SEGUNDOS = 60;

const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");
const secret = () => randomBytes(32).toString("base64url");

const columns = {
  row: t,
  condominioNome: condominios.nome,
  portaoNome: portoes.nome,
};

type Joined = { row: typeof t.$inferSelect; condominioNome: string; portaoNome: string };

function toTotem({ row, condominioNome, portaoNome }: Joined, now = new Date()): Totem {
  const pairingOpen = row.pareamentoHash !== null && row.pareamentoExpiraEm !== null && row.pareamentoExpiraEm > now;
  return {
    id: row.id,
    nome: row.nome,
    condominio_id: row.condominioId,
    condominio_nome: condominioNome,
    portao_id: row.portaoId,
    portao_nome: portaoNome,
    status: row.revogadoEm ? "revogado" : row.credencialHash ? "pareado" : "aguardando_pareamento",
    pareamento_expira_em: !row.revogadoEm && pairingOpen ? iso(row.pareamentoExpiraEm) : null,
    pareado_em: iso(row.pareadoEm),
    ultimo_contato_em: iso(row.ultimoContatoEm),
    revogado_em: iso(row.revogadoEm),
    created_at: iso(row.createdAt)!,
  };
}

function joined(db: Executor) {
  return db
    .select(columns)
    .from(t)
    .innerJoin(condominios, eq(condominios.id, t.condominioId))
    .innerJoin(portoes, eq(portoes.id, t.portaoId));
}

/** The tenant's kiosks the caller's scope reaches: live ones first, newest first. */
export async function list(
  db: Database,
  tenant: TenantContext,
  filters: { condominio_id?: string },
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(t.organizationId, tenant.organizationId),
    condominioCondition(tenant, t.condominioId),
    filters.condominio_id ? eq(t.condominioId, filters.condominio_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(sql`${t.revogadoEm} IS NOT NULL`, desc(t.createdAt), desc(t.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(t).where(where),
  ]);
  const now = new Date();
  return {
    items: rows.map((r) => toTotem(r, now)),
    total: total?.n ?? 0,
    total_truncated: false,
    page,
    page_size: pageSize,
  };
}

async function findOwn(db: Executor, tenant: TenantContext, id: string): Promise<Joined> {
  const [row] = await joined(db).where(
    and(eq(t.organizationId, tenant.organizationId), condominioCondition(tenant, t.condominioId), eq(t.id, id)),
  );
  if (!row) throw notFound(TOTEM_NOT_FOUND);
  return row;
}

/** A new single-use pairing code for the kiosk: its hash stored, the code handed back once. */
function newPairing() {
  const codigo = secret();
  return {
    codigo,
    pareamentoHash: hash(codigo),
    pareamentoExpiraEm: new Date(Date.now() + TOTEM_PAREAMENTO_MINUTOS * 60_000),
  };
}

function pairingAnswer(totem: Joined, codigo: string, linkBase: string) {
  return {
    totem: toTotem(totem),
    codigo,
    link: `${linkBase}/totem/parear/${codigo}`,
    expira_em: iso(totem.row.pareamentoExpiraEm)!,
  };
}

export async function create(db: Database, tenant: TenantContext, input: TotemCreate, linkBase: string) {
  return db.transaction(async (tx) => {
    // A condominium the caller reaches (another tenant's is not found), then an active gate of it.
    const [condominio] = await tx
      .select({ id: condominios.id })
      .from(condominios)
      .where(
        and(
          eq(condominios.organizationId, tenant.organizationId),
          eq(condominios.id, input.condominio_id),
          condominioCondition(tenant, condominios.id),
        ),
      );
    if (!condominio) throw notFound("Condomínio não encontrado");
    const [portao] = await tx
      .select({ id: portoes.id, ativo: portoes.ativo })
      .from(portoes)
      .where(and(eq(portoes.condominioId, condominio.id), eq(portoes.id, input.portao_id)));
    if (!portao)
      throw badRequest("Portão inválido", [{ path: "portao_id", message: "Portão não encontrado neste condomínio" }]);
    if (!portao.ativo) throw badRequest("Portão inativo", [{ path: "portao_id", message: "Este portão está inativo" }]);
    const pairing = newPairing();
    const [row] = await tx
      .insert(t)
      .values({
        organizationId: tenant.organizationId,
        condominioId: input.condominio_id,
        portaoId: portao.id,
        nome: input.nome.trim(),
        pareamentoHash: pairing.pareamentoHash,
        pareamentoExpiraEm: pairing.pareamentoExpiraEm,
        criadoPorUserId: tenant.userId,
      })
      .returning({ id: t.id, nome: t.nome });
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "criar",
      entidade: "totem",
      entidadeId: row!.id,
      resumo: `Criou o totem ${row!.nome}`,
      depois: { nome: row!.nome, portao_id: portao.id },
    });
    await totemEvent(tx, tenant.organizationId, input.condominio_id, row!.id, false);
    return pairingAnswer(await findOwn(tx, tenant, row!.id), pairing.codigo, linkBase);
  });
}

/** A new pairing link for a kiosk (a replaced tablet): the old device keeps working until the new one pairs. */
export async function renewPairing(db: Database, tenant: TenantContext, id: string, linkBase: string) {
  return db.transaction(async (tx) => {
    const current = await findOwn(tx, tenant, id);
    if (current.row.revogadoEm) throw badRequest("Este totem foi revogado. Crie um novo totem para este portão.", []);
    const pairing = newPairing();
    await tx
      .update(t)
      .set({
        pareamentoHash: pairing.pareamentoHash,
        pareamentoExpiraEm: pairing.pareamentoExpiraEm,
        updatedAt: new Date(),
      })
      .where(eq(t.id, id));
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "alterar",
      entidade: "totem",
      entidadeId: id,
      resumo: `Gerou um novo link de pareamento para o totem ${current.row.nome}`,
    });
    await totemEvent(tx, tenant.organizationId, current.row.condominioId, id, false);
    return pairingAnswer(await findOwn(tx, tenant, id), pairing.codigo, linkBase);
  });
}

/** Ends the kiosk for good: its credential and any open pairing link stop working at once. */
export async function revoke(db: Database, tenant: TenantContext, id: string): Promise<Totem> {
  return db.transaction(async (tx) => {
    const current = await findOwn(tx, tenant, id);
    if (!current.row.revogadoEm) {
      await tx
        .update(t)
        .set({ revogadoEm: new Date(), pareamentoHash: null, pareamentoExpiraEm: null, updatedAt: new Date() })
        .where(eq(t.id, id));
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "revogar",
        entidade: "totem",
        entidadeId: id,
        resumo: `Revogou o totem ${current.row.nome}`,
      });
      await totemEvent(tx, tenant.organizationId, current.row.condominioId, id, true);
    }
    return toTotem(await findOwn(tx, tenant, id));
  });
}

function totemEvent(tx: Executor, organizationId: string, condominioId: string, id: string, revogado: boolean) {
  return recordEvent(tx, organizationId, {
    type: "totem.atualizado",
    condominioId,
    totem: { id, revogado },
  });
}

// ── The device ──────────────────────────────────────────────────────────────────────────────────

/**
 * Pairs the tablet: takes the code in one conditional UPDATE (unused, unexpired, kiosk not revoked),
 * so two tablets opening the same link get one credential and one refusal.
 */
export async function pair(db: Database, codigo: string): Promise<{ credencial: string; totem: TotemDevice }> {
  const credencial = `${CREDENCIAL_PREFIX}${secret()}`;
  const [row] = await db
    .update(t)
    .set({
      credencialHash: hash(credencial),
      pareadoEm: sql`now()`,
      ultimoContatoEm: sql`now()`,
      pareamentoHash: null,
      pareamentoExpiraEm: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(t.pareamentoHash, hash(codigo)), gt(t.pareamentoExpiraEm, sql`now()`), isNull(t.revogadoEm)))
    .returning();
  if (!row) throw badRequest(PAREAMENTO_INVALIDO, [{ path: "codigo", message: PAREAMENTO_INVALIDO }]);
  await db.transaction(async (tx) => {
    await recordAudit(
      tx,
      row.organizationId,
      { tipo: "sistema", id: null, nome: `Totem ${row.nome}`, ip: null },
      {
        acao: "alterar",
        entidade: "totem",
        entidadeId: row.id,
        resumo: `Totem ${row.nome} pareado`,
      },
    );
    await totemEvent(tx, row.organizationId, row.condominioId, row.id, false);
  });
  return { credencial, totem: deviceOf(row) };
}

function deviceOf(row: typeof t.$inferSelect): TotemDevice {
  return {
    id: row.id,
    organizationId: row.organizationId,
    condominioId: row.condominioId,
    portaoId: row.portaoId,
    nome: row.nome,
  };
}

/** The live kiosk a credential names, or null (unknown, replaced or revoked). */
export async function authenticate(db: Database, credencial: string): Promise<TotemDevice | null> {
  if (!credencial.startsWith(CREDENCIAL_PREFIX) || credencial.length > 200) return null;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.credencialHash, hash(credencial)), isNull(t.revogadoEm)));
  if (!row) return null;
  if (!row.ultimoContatoEm || row.ultimoContatoEm.getTime() < Date.now() - CONTATO_INTERVALO_SEGUNDOS * 1000) {
    await db
      .update(t)
      .set({ ultimoContatoEm: sql`now()` })
      .where(
        and(
          eq(t.id, row.id),
          or(
            isNull(t.ultimoContatoEm),
            lt(t.ultimoContatoEm, sql`now() - make_interval(secs => ${CONTATO_INTERVALO_SEGUNDOS})`),
          ),
        ),
      );
  }
  return deviceOf(row);
}

/** What the kiosk shows of itself. */
export async function describe(db: Executor, device: TotemDevice): Promise<TotemDispositivo> {
  const [row] = await joined(db).where(eq(t.id, device.id));
  if (!row) throw notFound(TOTEM_NOT_FOUND);
  return { id: row.row.id, nome: row.row.nome, condominio_nome: row.condominioNome, portao_nome: row.portaoNome };
}
