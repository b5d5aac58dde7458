/**
 * What `npm run db:move` copies, read from PostgreSQL's own catalog rather than from the Drizzle
 * schema: better-auth's tables, the migrations journal and any table a future migration adds are
 * copied without this list having to know them. Both sides are read with the same queries, so the
 * copy can check that the server database, freshly migrated, has exactly the embedded one's shape.
 */

/** Runs one query and returns its rows (PGlite or node-postgres behind it). */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** Our tables and Drizzle's journal (`drizzle.__drizzle_migrations`). Extensions' objects are theirs. */
export const COPIED_SCHEMAS = ["public", "drizzle"] as const;

export interface ColumnInfo {
  name: string;
  /** `format_type`: what a text value is cast back to on the server (`timestamp with time zone`, `text[]`…). */
  type: string;
  /** Generated columns are computed by the server from the others: never written. */
  generated: boolean;
  /** Identity columns need OVERRIDING SYSTEM VALUE to keep the embedded ids. */
  identity: boolean;
}

export interface TableInfo {
  schema: string;
  name: string;
  columns: ColumnInfo[];
}

export interface Catalog {
  tables: TableInfo[];
  /** Qualified (quoted) names of the sequences, e.g. `"drizzle"."__drizzle_migrations_id_seq"`. */
  sequences: string[];
  /** Foreign keys between copied tables: `child` rows need their `parent` rows first. */
  references: { child: string; parent: string }[];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `"schema"."name"`, safe for any identifier. */
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** How people see a table in messages: `session`, `drizzle.__drizzle_migrations`. */
export const displayName = (table: { schema: string; name: string }) =>
  table.schema === "public" ? table.name : `${table.schema}.${table.name}`;

const IN_SCHEMAS = `n.nspname IN (${COPIED_SCHEMAS.map((s) => `'${s}'`).join(", ")})`;
const NOT_FROM_EXTENSION = `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`;

export async function readCatalog(query: Query): Promise<Catalog> {
  const columns = await query<{
    schema: string;
    table: string;
    column: string;
    type: string;
    generated: boolean;
    identity: boolean;
  }>(`
    SELECT n.nspname AS schema, c.relname AS table, a.attname AS column,
           format_type(a.atttypid, a.atttypmod) AS type,
           a.attgenerated <> '' AS generated, a.attidentity <> '' AS identity
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE ${IN_SCHEMAS} AND c.relkind = 'r' AND NOT c.relispartition AND ${NOT_FROM_EXTENSION}
     ORDER BY n.nspname, c.relname, a.attnum`);
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    const key = qualified(c.schema, c.table);
    let table = tables.get(key);
    if (!table) {
      table = { schema: c.schema, name: c.table, columns: [] };
      tables.set(key, table);
    }
    table.columns.push({ name: c.column, type: c.type, generated: c.generated, identity: c.identity });
  }

  const sequences = await query<{ schema: string; name: string }>(`
    SELECT n.nspname AS schema, c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_SCHEMAS} AND c.relkind = 'S' AND ${NOT_FROM_EXTENSION}
     ORDER BY n.nspname, c.relname`);

  const references = await query<{ cs: string; ct: string; ps: string; pt: string }>(`
    SELECT n.nspname AS cs, c.relname AS ct, pn.nspname AS ps, p.relname AS pt
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
     WHERE k.contype = 'f' AND ${IN_SCHEMAS}`);

  return {
    tables: [...tables.values()],
    sequences: sequences.map((s) => qualified(s.schema, s.name)),
    references: references.map((r) => ({ child: qualified(r.cs, r.ct), parent: qualified(r.ps, r.pt) })),
  };
}

/**
 * Tables in foreign-key order (parents first; alphabetical among equals, so every run copies in the
 * same order). A cycle cannot be copied table by table with the constraints on: it is refused
 * rather than guessed. A table referencing itself is ordered like any other; its own rows would
 * need parent-first order, and the insert fails loudly (and everything is rolled back) if not.
 */
export function copyOrder(catalog: Catalog): TableInfo[] {
  const byKey = new Map(catalog.tables.map((t) => [qualified(t.schema, t.name), t]));
  const parents = new Map<string, Set<string>>([...byKey.keys()].map((k) => [k, new Set<string>()]));
  for (const { child, parent } of catalog.references) {
    if (child !== parent && byKey.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (done.size < byKey.size) {
    const ready = [...byKey.keys()]
      .filter((k) => !done.has(k) && [...(parents.get(k) ?? [])].every((p) => done.has(p)))
      .sort();
    if (ready.length === 0) {
      const stuck = [...byKey.keys()].filter((k) => !done.has(k)).map((k) => displayName(byKey.get(k)!));
      throw new Error(`chaves estrangeiras em ciclo entre ${stuck.join(", ")}: não há ordem de cópia`);
    }
    for (const key of ready) {
      done.add(key);
      ordered.push(byKey.get(key)!);
    }
  }
  return ordered;
}

/**
 * Where the server database, after our migrations, does not have the embedded one's shape
 * (a table, a column, a type or a sequence missing on one side). Empty when they match.
 */
export function catalogDifferences(source: Catalog, target: Catalog): string[] {
  const differences: string[] = [];
  const targetTables = new Map(target.tables.map((t) => [qualified(t.schema, t.name), t]));
  const sourceKeys = new Set(source.tables.map((t) => qualified(t.schema, t.name)));
  for (const table of source.tables) {
    const other = targetTables.get(qualified(table.schema, table.name));
    if (!other) {
      differences.push(`tabela ${displayName(table)} só existe no banco embutido`);
      continue;
    }
    const otherColumns = new Map(other.columns.map((c) => [c.name, c]));
    for (const column of table.columns) {
      const match = otherColumns.get(column.name);
      if (!match) differences.push(`coluna ${displayName(table)}.${column.name} só existe no banco embutido`);
      else if (match.type !== column.type || match.generated !== column.generated)
        differences.push(
          `coluna ${displayName(table)}.${column.name}: ${column.type} no embutido, ${match.type} no servidor`,
        );
    }
    for (const column of other.columns) {
      if (!table.columns.some((c) => c.name === column.name))
        differences.push(`coluna ${displayName(table)}.${column.name} só existe no servidor`);
    }
  }
  for (const table of target.tables) {
    if (!sourceKeys.has(qualified(table.schema, table.name)))
      differences.push(`tabela ${displayName(table)} só existe no servidor`);
  }
  const targetSequences = new Set(target.sequences);
  for (const sequence of source.sequences) {
    if (!targetSequences.has(sequence)) differences.push(`sequência ${sequence} só existe no banco embutido`);
  }
  return differences;
}
