import { describe, expect, it } from "vitest";
import { clockOffset, durationWords, formatDuration, slaState, stableOrder, waitedSeconds } from "./central-time";

const base = {
  status: "aberto" as const,
  criado_em: "2026-11-28T03:00:00.000Z",
  assumido_em: null,
  escalado: false,
  sla_assumir_segundos: 30,
  sla_resolver_segundos: 300,
};
const at = (iso: string) => Date.parse(iso);

describe("central clocks", () => {
  it("reads the server's clock from its answer", () => {
    expect(clockOffset("2026-11-28T03:00:10.000Z", at("2026-11-28T03:00:00.000Z"))).toBe(10_000);
    expect(clockOffset("not a date", 5)).toBe(0);
  });

  it("formats durations as a clock and in words", () => {
    expect(formatDuration(7)).toBe("0:07");
    expect(formatDuration(750)).toBe("12:30");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(-4)).toBe("0:00");
    expect(durationWords(125)).toBe("2 min 5 s");
    expect(durationWords(3780)).toBe("1 h 3 min");
    expect(durationWords(9)).toBe("9 s");
  });

  it("counts the wait from criado_em", () => {
    expect(waitedSeconds(base, at("2026-11-28T03:01:05.400Z"))).toBe(65);
    expect(waitedSeconds(base, at("2026-11-28T02:59:00.000Z"))).toBe(0);
  });

  it("gives the time left to claim, then to resolve, and escalates past it", () => {
    expect(slaState(base, at("2026-11-28T03:00:10.000Z"))).toEqual({ etapa: "assumir", restante: 20, escalado: false });
    expect(slaState(base, at("2026-11-28T03:00:31.000Z"))).toMatchObject({ restante: -1, escalado: true });
    const claimed = { ...base, status: "assumido" as const, assumido_em: "2026-11-28T03:00:20.000Z" };
    expect(slaState(claimed, at("2026-11-28T03:01:20.000Z"))).toEqual({
      etapa: "resolver",
      restante: 240,
      escalado: false,
    });
    // The server's word wins even when the clock still has time.
    expect(slaState({ ...base, escalado: true }, at("2026-11-28T03:00:01.000Z")).escalado).toBe(true);
  });

  it("keeps items in place and appends new ones", () => {
    expect(stableOrder([], ["a", "b"])).toEqual(["a", "b"]);
    // "c" is older than "b" on the server, but it is new here: it goes last.
    expect(stableOrder(["a", "b"], ["a", "c", "b"])).toEqual(["a", "b", "c"]);
    expect(stableOrder(["a", "b", "c"], ["c", "a"])).toEqual(["a", "c"]);
  });
});
