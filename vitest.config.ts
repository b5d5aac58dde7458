import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };
const apiTests = ["src/**/*.api.test.ts", "tests/api/**/*.test.ts"];
/** Whole server processes on one database kind, started by the test itself (tests/processes). */
const pgliteProcessTests = ["tests/processes/**/*.pglite.test.ts"];
const postgresProcessTests = ["tests/processes/**/*.postgres.test.ts"];

/**
 * unit: pure modules. api-pglite / api-postgres: the real app on a migrated database, one database
 * per worker shared by that worker's files (isolate: false), reset at the start of every file.
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
                include: [...apiTests, ...postgresProcessTests],
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
    ],
  },
});
