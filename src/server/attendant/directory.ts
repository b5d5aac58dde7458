/**
 * What the virtual attendant knows of a condominium (engine/types.ts, `Directory`): the units that
 * receive visitors — active, in an active condominium, as the integration API's directory lists them by
 * default — each with its active residents in calling order (the responsável first, then by when they
 * moved in: the order the PBX and the residents' messages use, notifications/residents.ts). A unit
 * without residents stays in: the visitor may still name it, and the engine must say nobody can be
 * reached there.
 *
 * It is asked for on every turn of every conversation (a new resident is found at once), and at a
 * large condominium (5,000 units, 10,000 residents) reading it costs more than the rest of the turn
 * (docs/benchmarks.md, "Atendente virtual"). So:
 * - a call first reads the directory's version (versionOf, one row) and gets the directory it already
 *   has, the same object, while that did not change;
 * - calls made together share their reads: a call joins the next read to start, never one already
 *   under way (which may have missed what was written just before the call), so every caller still
 *   gets the directory as it was at or after its call, and 50 turns at once cost one or two reads.
 * The directory handed back is shared by every caller: read it, never change it.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { condominios, pessoas, unidadeMoradores, unidades } from "../db/schema";
import type { Directory, DirectoryUnit } from "./engine/types";

/** The condominium's directory; empty when the condominium is inactive or not the tenant's. */
export function loadDirectory(db: Executor, organizationId: string, condominioId: string): Promise<Directory> {
  let condos = handles.get(db);
  if (!condos) {
    condos = new Map();
    handles.set(db, condos);
  }
  const key = `${organizationId}:${condominioId}`;
  let condo = condos.get(key);
  if (!condo) {
    condo = { known: null, current: null, next: null };
    condos.set(key, condo);
  }
  const c = condo;
  const read = () => begin(c, () => currentDirectory(db, organizationId, condominioId, c));
  if (!c.current) return read();
  // A read is under way but began before this call: wait for it to end, then share the next one.
  c.next ??= c.current.then(read, read);
  return c.next;
}

/** Per database handle (a transaction is its own: it sees its own writes), per condominium. */
const handles = new WeakMap<Executor, Map<string, Condo>>();
interface Condo {
  /** The last directory read, with the version it was read at. */
  known: { version: string; directory: Directory } | null;
  /** The read under way. */
  current: Promise<Directory> | null;
  /** The read every call made while `current` runs will share. */
  next: Promise<Directory> | null;
}

function begin(c: Condo, read: () => Promise<Directory>): Promise<Directory> {
  const current = read();
  c.current = current;
  c.next = null;
  const done = () => {
    if (c.current === current) c.current = null;
  };
  current.then(done, done);
  return current;
}

async function currentDirectory(
  db: Executor,
  organizationId: string,
  condominioId: string,
  c: Condo,
): Promise<Directory> {
  // The version first, then the rows: the directory kept is never older than the version kept with it.
  const version = await versionOf(db, organizationId, condominioId);
  if (c.known?.version === version) return c.known.directory;
  const directory = await readDirectory(db, organizationId, condominioId);
  c.known = { version, directory };
  return directory;
}

/**
 * The directory's version: the condominium's `diretorio_versao`, which statement triggers move on any
 * write to its units, residents' links or people (migration 0021), and whether it is active. One row.
 */
async function versionOf(db: Executor, organizationId: string, condominioId: string): Promise<string> {
  const [row] = await db
    .select({ versao: condominios.diretorioVersao, enabled: condominios.enabled })
    .from(condominios)
    .where(and(eq(condominios.organizationId, organizationId), eq(condominios.id, condominioId)));
  return row ? `${row.versao}:${row.enabled}` : "ausente";
}

/**
 * Two statements by condominium, side by side (two pool connections on PostgreSQL). The residents
 * are read by condominium, not by a list of the units' ids: at 5,000 units such a list costs more
 * to send and plan than the read itself.
 */
async function readDirectory(db: Executor, organizationId: string, condominioId: string): Promise<Directory> {
  const [rows, residents] = await Promise.all([
    db
      .select({ id: unidades.id, codigo: unidades.codigo, torre: unidades.torre })
      .from(unidades)
      .innerJoin(condominios, eq(condominios.id, unidades.condominioId))
      .where(
        and(
          eq(unidades.organizationId, organizationId),
          eq(unidades.condominioId, condominioId),
          eq(unidades.enabled, true),
          eq(condominios.enabled, true),
        ),
      )
      .orderBy(asc(unidades.torre), asc(unidades.codigo), asc(unidades.id)),
    db
      .select({ unidadeId: unidadeMoradores.unidadeId, pessoaId: pessoas.id, nome: pessoas.nome })
      .from(unidadeMoradores)
      .innerJoin(pessoas, eq(pessoas.id, unidadeMoradores.pessoaId))
      .where(
        and(
          eq(unidadeMoradores.organizationId, organizationId),
          eq(unidadeMoradores.condominioId, condominioId),
          eq(unidadeMoradores.ativo, true),
          eq(pessoas.ativo, true),
        ),
      )
      // The calling order of notifications/residents.ts.
      .orderBy(desc(unidadeMoradores.isResponsavel), asc(unidadeMoradores.createdAt), asc(pessoas.nome)),
  ]);
  const byUnit = new Map<string, DirectoryUnit["moradores"]>();
  for (const r of residents) {
    const list = byUnit.get(r.unidadeId) ?? [];
    list.push({ pessoaId: r.pessoaId, nome: r.nome });
    byUnit.set(r.unidadeId, list);
  }
  return {
    condominioId,
    units: rows.map((u) => ({ ...u, moradores: byUnit.get(u.id) ?? [] })),
  };
}
