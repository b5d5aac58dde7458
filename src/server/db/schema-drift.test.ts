/**
 * Drift check: the Drizzle schema and the committed migrations must describe the same database.
 * A schema change without `npm run db:generate` (or a migration edited by hand without its
 * snapshot) would otherwise pass every test on a database built from the schema's point of view
 * and fail on a real one. drizzle-kit's own diff, run in memory on the latest snapshot, must find
 * nothing to generate; and the journal drizzle's migrator follows must list exactly the SQL files
 * and snapshots that are committed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import drizzleConfig from "../../../drizzle.config";
import { MIGRATIONS_FOLDER } from "./migrate";
import * as schema from "./schema";

interface Journal {
  entries: { idx: number; tag: string }[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;
const journal = readJson<Journal>(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"));
/** drizzle-kit names a migration's snapshot after its number: `0004_checkout` → `0004_snapshot.json`. */
const snapshotFile = (tag: string) => path.join(MIGRATIONS_FOLDER, "meta", `${tag.split("_")[0]}_snapshot.json`);

describe("schema drift", () => {
  it("uses the folder and casing that drizzle-kit generates with", () => {
    expect(path.resolve(drizzleConfig.out ?? "")).toBe(MIGRATIONS_FOLDER);
    expect(drizzleConfig.casing).toBe("snake_case");
  });

  it("journals every committed migration, each with its snapshot, in order", () => {
    const tags = journal.entries.map((e) => e.tag);
    expect(journal.entries.map((e) => e.idx)).toEqual(tags.map((_, i) => i));
    const sqlFiles = readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(sqlFiles).toEqual(tags.map((t) => `${t}.sql`));

    // Each snapshot follows the one before it, as drizzle-kit checks before generating.
    const snapshots = tags.map((t) => readJson<{ id: string; prevId: string }>(snapshotFile(t)));
    snapshots.slice(1).forEach((snap, i) => {
      expect(snap.prevId, `${tags[i + 1]} follows ${tags[i]}`).toBe(snapshots[i]!.id);
    });
  });

  it("has nothing left to generate: the schema matches the latest migration's snapshot", async () => {
    const latestTag = journal.entries.at(-1)!.tag;
    const latest = readJson<DrizzleSnapshotJSON>(snapshotFile(latestTag));
    const current = generateDrizzleJson(schema, latest.id, undefined, drizzleConfig.casing);
    const statements = await generateMigration(latest, current);
    expect(
      statements,
      `src/server/db/schema differs from migration ${latestTag}: run \`npm run db:generate\` and commit the new migration`,
    ).toEqual([]);
  });
});
