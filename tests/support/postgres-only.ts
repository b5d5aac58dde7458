/**
 * Race tests need two queries truly in flight at once. Embedded PGlite runs every query of the
 * process on one connection, one after another, so "simultaneous" requests never interleave there
 * and a race test would pass without testing anything. Such tests go in a `describeOnPostgres`
 * block: it runs in the api-postgres project only, is reported as skipped on api-pglite (never as
 * passed), and its name says why.
 */
import { describe } from "vitest";

export const onPostgres = process.env.TEST_DB === "postgres";

export function describeOnPostgres(name: string, fn: () => void): void {
  describe.runIf(onPostgres)(`${name} [PostgreSQL only: PGlite serialises every query]`, fn);
}
