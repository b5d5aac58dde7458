import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("env: server processes (WEB_CONCURRENCY)", () => {
  it("runs one process unless told otherwise", () => {
    expect(loadEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://localhost/guarita" }).WEB_CONCURRENCY).toBe(4);
  });

  it("refuses more than one process on the embedded database, in pt-BR", () => {
    expect(() => loadEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY acima de 1 precisa de DATABASE_URL: o banco embutido (PGlite) só pode ser aberto por um processo",
    );
    expect(loadEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
  });

  it("refuses a count that is not a whole number from 1 to 64", () => {
    for (const value of ["0", "-1", "2.5", "muitos", "65"]) {
      expect(() => loadEnv({ WEB_CONCURRENCY: value, DATABASE_URL: "postgres://localhost/guarita" })).toThrow(
        /Configuração inválida:\n {2}WEB_CONCURRENCY: /,
      );
    }
  });
});
