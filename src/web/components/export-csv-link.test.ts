import { describe, expect, it } from "vitest";
import { exportCsvHref } from "./export-csv-link";

describe("CSV export link", () => {
  it("carries the list's filters but not its page", () => {
    expect(
      exportCsvHref("/api/acessos/export.csv", {
        condominio_id: "00000000-0000-4000-8000-000000000001",
        presentes: "true",
        q: "maria souza",
        page: 3,
        page_size: 50,
      }),
    ).toBe("/api/acessos/export.csv?condominio_id=00000000-0000-4000-8000-000000000001&presentes=true&q=maria+souza");
  });

  it("exports everything without filters", () => {
    expect(exportCsvHref("/api/solicitacoes/export.csv", { page: 2, status: undefined, q: "" })).toBe(
      "/api/solicitacoes/export.csv",
    );
  });
});
