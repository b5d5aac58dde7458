import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };
const apiTests = ["src/**/*.api.test.ts", "tests/api/**/*.test.ts"];
/** Whole server processes on one database kind, started by the test itself (tests/processes). */
const pgliteProcessTests = ["tests/processes/**/*.pglite.test.ts"];

/**
 * unit: pure modules. api-pglite / api-postgres: the real app on a migrated database, one database
 * per worker shared by that worker's files (isolate: false), reset at the start of every file.
 * chaos: only with GUARITA_CHAOS=1, which `npm run test:chaos` (scripts/test-chaos.mjs) sets, so a
 * plain `vitest run` never runs it.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          exclude: apiTests,
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api-pglite",
          include: [...apiTests, ...pgliteProcessTests],
          setupFiles: ["tests/support/setup-api.ts"],
          env: { TEST_DB: "pglite" },
          pool: "forks",
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "api-postgres",
                include: apiTests,
                globalSetup: ["tests/support/postgres-fresh.ts"],
                setupFiles: ["tests/support/setup-api.ts"],
                env: { TEST_DB: "postgres" },
                pool: "forks" as const,
                isolate: false,
                // One server database: files run one after another so each can reset it.
                fileParallelism: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(process.env.GUARITA_CHAOS === "1"
        ? [
            {
              resolve: { alias },
              test: {
                // Whole Guarita processes on a PostgreSQL server of each file's own, killed and
                // restarted on purpose (tests/chaos). One file at a time: each runs several processes.
                name: "chaos",
                include: ["tests/chaos/**/*.chaos.test.ts"],
                pool: "forks" as const,
                fileParallelism: false,
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
