/**
 * Common areas (docs/decisions/044-common-area-bookings.md): what a condominium lends (the party room,
 * the barbecue, the court) and its booking rules, set up by the síndico. A morador sees the active
 * areas of their units' condominiums; staff see every area of the condominiums they reach (an
 * assigned porteiro or operador: theirs only). An area is removed, never deleted: its past bookings
 * stay, and a removal with bookings still ahead is refused until they are cancelled.
 */
import { and, asc, count, eq, gt, inArray, isNull } from "drizzle-orm";
import type { AreaModo } from "../../../shared/domain";
import type { Area, AreaCreate, AreaUpdate } from "../../../shared/schemas/reservas";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Reader } from "../../auth/scope";
import { assertSeesCondominio, condominioCondition, isResidentScope, seesCondominio } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { type AreaHorarioDia, areasComuns, condominios, reservas } from "../../db/schema";
import { findCondominioInTenant } from "../../db/tenant-lookups";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";
import { recordEvent } from "../../realtime/events";
import { type FotoReader, fotosOfAreas } from "../fotos/fotos.service";

export const AREA_NAO_ENCONTRADA = "Área não encontrada";
export const AREA_NOME_EM_USO = "Já existe uma área com este nome neste condomínio.";

/** What signing the area photos' addresses needs (the server's secret). */
export interface PhotoSigning {
  secret: string;
}

type Caller = Pick<TenantContext, "organizationId" | "scope" | "userId" | "user" | "ip">;
type AreaReader = Reader & { userId?: string | null };

type AreaRow = typeof areasComuns.$inferSelect;
type CondominioRef = { id: string; nome: string; timezone: string };

function toArea(r: AreaRow, condominio: CondominioRef, foto: Area["foto"]): Area {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    condominio,
    nome: r.nome,
    descricao: r.descricao,
    capacidade: r.capacidade,
    horarios: r.horarios,
    modo: r.modo as AreaModo,
    bloco_horas: r.blocoHoras,
    antecedencia_minima_horas: r.antecedenciaMinimaHoras,
    antecedencia_maxima_dias: r.antecedenciaMaximaDias,
    max_reservas_mes: r.maxReservasMes,
    limpeza_minutos: r.limpezaMinutos,
    cancelamento_horas: r.cancelamentoHoras,
    requer_aprovacao: r.requerAprovacao,
    taxa_centavos: r.taxaCentavos,
    regras: r.regras,
    ativa: r.ativa,
    foto,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const fotoReaderOf = (reader: AreaReader): FotoReader => ({
  organizationId: reader.organizationId,
  userId: reader.userId ?? null,
});

/** Rows to API areas, with their photos read in one statement. */
async function withFotos(
  db: Database,
  reader: AreaReader,
  photos: PhotoSigning,
  rows: { area: AreaRow; condominio: CondominioRef }[],
): Promise<Area[]> {
  const fotos = await fotosOfAreas(
    { db, secret: photos.secret },
    fotoReaderOf(reader),
    rows.map((r) => r.area.id),
  );
  return rows.map((r) => toArea(r.area, r.condominio, fotos.get(r.area.id) ?? null));
}

const condominioColumns = { id: condominios.id, nome: condominios.nome, timezone: condominios.timezone };

export interface AreaFilters {
  condominioId?: string;
  /** Staff: only active (true) or only inactive (false) areas; a morador always gets active ones. */
  ativas?: boolean;
}

/** GET /api/areas: the areas the caller sees, by condominium and name; removed areas never. */
export async function list(db: Database, reader: AreaReader, f: AreaFilters, photos: PhotoSigning): Promise<Area[]> {
  const resident = isResidentScope(reader);
  const rows = await db
    .select({ area: areasComuns, condominio: condominioColumns })
    .from(areasComuns)
    .innerJoin(condominios, eq(condominios.id, areasComuns.condominioId))
    .where(
      and(
        eq(areasComuns.organizationId, reader.organizationId),
        condominioCondition(reader, areasComuns.condominioId),
        isNull(areasComuns.removidaEm),
        f.condominioId ? eq(areasComuns.condominioId, f.condominioId) : undefined,
        resident ? eq(areasComuns.ativa, true) : f.ativas === undefined ? undefined : eq(areasComuns.ativa, f.ativas),
      ),
    )
    .orderBy(asc(condominios.nome), asc(areasComuns.nome), asc(areasComuns.id));
  return withFotos(db, reader, photos, rows);
}

/**
 * One area the reader sees, or null: another tenant's, a condominium outside the reader's scope, a
 * removed area, and (for a morador) an inactive one are all simply not found.
 */
export async function findVisibleArea(db: Executor, reader: Reader, id: string) {
  const [row] = await db
    .select({ area: areasComuns, condominio: condominioColumns })
    .from(areasComuns)
    .innerJoin(condominios, eq(condominios.id, areasComuns.condominioId))
    .where(
      and(
        eq(areasComuns.organizationId, reader.organizationId),
        eq(areasComuns.id, id),
        isNull(areasComuns.removidaEm),
      ),
    );
  if (!row || !seesCondominio(reader, row.area.condominioId)) return null;
  if (isResidentScope(reader) && !row.area.ativa) return null;
  return row;
}

export async function get(db: Database, reader: AreaReader, id: string, photos: PhotoSigning): Promise<Area> {
  const row = await findVisibleArea(db, reader, id);
  if (!row) throw notFound(AREA_NAO_ENCONTRADA);
  const [area] = await withFotos(db, reader, photos, [row]);
  return area!;
}

/** The screens that show areas (and the bookings' forms) read again: an area changed. */
async function recordAreaEvent(tx: Executor, organizationId: string, area: { id: string; condominioId: string }) {
  await recordEvent(tx, organizationId, {
    type: "reserva.atualizada",
    condominioId: area.condominioId,
    reserva: { id: null, area_id: area.id, condominio_id: area.condominioId, status: null, acao: "atualizada" },
  });
}

function nomeEmUso(error: unknown): never {
  if (isUniqueViolation(error, "areas_comuns_nome_uq")) throw conflict(AREA_NOME_EM_USO);
  throw error;
}

export async function create(db: Database, tenant: Caller, input: AreaCreate, photos: PhotoSigning): Promise<Area> {
  assertSeesCondominio(tenant, input.condominio_id, "Condomínio não encontrado");
  const condominio = await findCondominioInTenant(db, tenant.organizationId, input.condominio_id);
  if (!condominio) throw notFound("Condomínio não encontrado");
  if (!condominio.enabled) {
    throw badRequest("Condomínio inativo", [{ path: "condominio_id", message: "Condomínio inativo" }]);
  }
  const row = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(areasComuns)
        .values({
          organizationId: tenant.organizationId,
          condominioId: condominio.id,
          nome: input.nome,
          descricao: input.descricao,
          capacidade: input.capacidade,
          horarios: input.horarios as AreaHorarioDia[],
          modo: input.modo,
          blocoHoras: input.bloco_horas,
          antecedenciaMinimaHoras: input.antecedencia_minima_horas,
          antecedenciaMaximaDias: input.antecedencia_maxima_dias,
          maxReservasMes: input.max_reservas_mes,
          limpezaMinutos: input.limpeza_minutos,
          cancelamentoHoras: input.cancelamento_horas,
          requerAprovacao: input.requer_aprovacao,
          taxaCentavos: input.taxa_centavos,
          regras: input.regras,
          ativa: input.ativa,
        })
        .returning();
      await recordAreaEvent(tx, tenant.organizationId, created!);
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "criar",
        entidade: "area_comum",
        entidadeId: created!.id,
        resumo: "Criou uma área comum",
        depois: { condominio_id: condominio.id },
      });
      return created!;
    })
    .catch(nomeEmUso);
  const [area] = await withFotos(db, tenant, photos, [
    { area: row, condominio: { id: condominio.id, nome: condominio.nome, timezone: condominio.timezone } },
  ]);
  return area!;
}

/** The area a síndico changes, locked: 404 as for a reader (removed, another tenant, out of scope). */
async function lockArea(tx: Executor, tenant: Caller, id: string) {
  const [row] = await tx
    .select()
    .from(areasComuns)
    .where(and(eq(areasComuns.organizationId, tenant.organizationId), eq(areasComuns.id, id)))
    .for("update");
  if (!row || row.removidaEm || isResidentScope(tenant) || !seesCondominio(tenant, row.condominioId)) {
    throw notFound(AREA_NAO_ENCONTRADA);
  }
  return row;
}

/** API field → column, for the fields a PATCH may set. */
const UPDATABLE = {
  nome: "nome",
  descricao: "descricao",
  capacidade: "capacidade",
  horarios: "horarios",
  modo: "modo",
  bloco_horas: "blocoHoras",
  antecedencia_minima_horas: "antecedenciaMinimaHoras",
  antecedencia_maxima_dias: "antecedenciaMaximaDias",
  max_reservas_mes: "maxReservasMes",
  limpeza_minutos: "limpezaMinutos",
  cancelamento_horas: "cancelamentoHoras",
  requer_aprovacao: "requerAprovacao",
  taxa_centavos: "taxaCentavos",
  regras: "regras",
  ativa: "ativa",
} as const satisfies Record<keyof AreaUpdate, keyof AreaRow>;

/**
 * PATCH /api/areas/{id}: any subset of the fields. `modo` and `bloco_horas` are decided against the
 * stored area: switching to blocks needs a block length (given now or stored), and a whole-day area
 * keeps none. Bookings already made keep their times (the new rules apply to new bookings).
 */
export async function update(
  db: Database,
  tenant: Caller,
  id: string,
  input: AreaUpdate,
  photos: PhotoSigning,
): Promise<Area> {
  await db
    .transaction(async (tx) => {
      const current = await lockArea(tx, tenant, id);
      const modo = input.modo ?? (current.modo as AreaModo);
      const blocoHoras =
        modo === "dia" ? null : input.bloco_horas !== undefined ? input.bloco_horas : current.blocoHoras;
      if (modo === "blocos" && !blocoHoras) {
        throw badRequest("Informe a duração do bloco em horas", [
          { path: "bloco_horas", message: "Informe a duração do bloco em horas" },
        ]);
      }
      const set: Partial<typeof areasComuns.$inferInsert> = {};
      for (const [field, column] of Object.entries(UPDATABLE) as [keyof AreaUpdate, keyof AreaRow][]) {
        if (input[field] !== undefined) (set as Record<string, unknown>)[column] = input[field];
      }
      set.modo = modo;
      set.blocoHoras = blocoHoras;
      const campos = (Object.entries(UPDATABLE) as [keyof AreaUpdate, keyof AreaRow][])
        .filter(
          ([, column]) => column in set && JSON.stringify(set[column as never]) !== JSON.stringify(current[column]),
        )
        .map(([field]) => field);
      if (campos.length === 0) return;
      await tx
        .update(areasComuns)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(areasComuns.id, current.id));
      await recordAreaEvent(tx, tenant.organizationId, current);
      // Ids and the names of the fields only: rules and descriptions are free text.
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "alterar",
        entidade: "area_comum",
        entidadeId: current.id,
        resumo: "Alterou uma área comum",
        depois: { condominio_id: current.condominioId, campos },
      });
    })
    .catch(nomeEmUso);
  return get(db, tenant, id, photos);
}

/**
 * DELETE /api/areas/{id}: the area leaves the lists and takes no bookings; its past bookings stay.
 * Refused while bookings that still hold time (pending or confirmed, not over yet) exist: those are
 * cancelled first, so their residents are told. The area's row is locked first: a booking being
 * written at the same moment holds the row through its foreign key, and is then counted here.
 */
export async function remove(db: Database, tenant: Caller, id: string, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockArea(tx, tenant, id);
    const [futuras] = await tx
      .select({ n: count() })
      .from(reservas)
      .where(
        and(
          eq(reservas.areaId, current.id),
          inArray(reservas.status, ["pendente", "confirmada"]),
          gt(reservas.fim, now),
        ),
      );
    const n = Number(futuras?.n ?? 0);
    if (n > 0) {
      throw conflict(`Esta área tem ${n} reserva(s) futura(s). Cancele-as antes de remover a área.`);
    }
    await tx.update(areasComuns).set({ removidaEm: now, updatedAt: now }).where(eq(areasComuns.id, current.id));
    await recordAreaEvent(tx, tenant.organizationId, current);
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: "excluir",
      entidade: "area_comum",
      entidadeId: current.id,
      resumo: "Removeu uma área comum",
      antes: { condominio_id: current.condominioId },
    });
  });
}
