import { describe, expect, it } from "vitest";
import { aguardandoResumo, diaBr, RETIRADA_RECENTE_HORAS, retiradasRecentes } from "@/web/lib/encomendas-resumo";

describe("aguardandoResumo", () => {
  it("says none, one or how many packages wait", () => {
    expect(aguardandoResumo(0)).toBe("Nenhuma encomenda aguardando retirada");
    expect(aguardandoResumo(1)).toBe("1 encomenda aguardando retirada");
    expect(aguardandoResumo(3)).toBe("3 encomendas aguardando retirada");
  });
});

describe("retiradasRecentes", () => {
  const now = new Date("2026-11-28T15:00:00Z");
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

  it("keeps the packages collected within the window, most recent first", () => {
    const items = [
      { id: "a", status: "retirada" as const, retirada_em: hoursAgo(5) },
      { id: "b", status: "retirada" as const, retirada_em: hoursAgo(1) },
      { id: "c", status: "retirada" as const, retirada_em: hoursAgo(RETIRADA_RECENTE_HORAS + 1) },
      { id: "d", status: "aguardando" as const, retirada_em: null },
      { id: "e", status: "retirada" as const, retirada_em: null },
    ];
    expect(retiradasRecentes(items, now).map((e) => e.id)).toEqual(["b", "a"]);
  });

  it("counts the window's edge in and takes another window when asked", () => {
    const items = [{ id: "x", status: "retirada" as const, retirada_em: hoursAgo(2) }];
    expect(retiradasRecentes(items, now, 2).map((e) => e.id)).toEqual(["x"]);
    expect(retiradasRecentes(items, now, 1)).toEqual([]);
  });
});

describe("diaBr", () => {
  it("writes a calendar day as in Brazil, whatever the browser's zone", () => {
    expect(diaBr("2026-11-30")).toBe("30/11/2026");
    expect(diaBr("2027-01-01")).toBe("01/01/2027");
  });
});
