import { describe, expect, it } from "vitest";
import { formatInZone, formatLongInZone, zoneDiffers, zoneLabel } from "./zoned-time";

const AT = "2025-03-12T17:32:05.000Z";

describe("formatInZone", () => {
  it("reads the instant on the condominium's clock, whatever the browser's", () => {
    expect(formatInZone(AT, "America/Sao_Paulo")).toBe("12/03/2025 14:32");
    expect(formatInZone(AT, "America/Manaus", { seconds: true })).toBe("12/03/2025 13:32:05");
    expect(formatInZone(AT, "America/Noronha")).toBe("12/03/2025 15:32");
    expect(formatInZone(AT, "UTC")).toBe("12/03/2025 17:32");
    // 23:59 in São Paulo is already the next day in UTC.
    expect(formatInZone("2025-03-13T02:59:00.000Z", "America/Sao_Paulo")).toBe("12/03/2025 23:59");
  });

  it("falls back to the browser's zone for an unknown zone, and refuses an invalid date", () => {
    expect(formatInZone(AT, "Nowhere/Land")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(() => formatInZone("não é data", "America/Sao_Paulo")).toThrow(RangeError);
  });

  it("writes the long form for tooltips", () => {
    expect(formatLongInZone(AT, "America/Sao_Paulo")).toBe("12 de março de 2025 às 14:32");
    expect(formatLongInZone("2025-01-01T02:00:00Z", "America/Manaus")).toBe("31 de dezembro de 2024 às 22:00");
  });
});

describe("zoneDiffers and zoneLabel", () => {
  it("names the zone only when the browser's clock reads the instant differently", () => {
    expect(zoneDiffers(AT, "America/Sao_Paulo", "UTC")).toBe(true);
    expect(zoneDiffers(AT, "America/Sao_Paulo", "America/Sao_Paulo")).toBe(false);
    // Same offset that day: nothing to say.
    expect(zoneDiffers(AT, "America/Recife", "America/Sao_Paulo")).toBe(false);
    expect(zoneDiffers(AT, "America/Manaus", "America/Sao_Paulo")).toBe(true);
    expect(zoneDiffers(AT, undefined, "UTC")).toBe(false);
  });

  it("says the zone the way people in Brazil do", () => {
    expect(zoneLabel("America/Sao_Paulo")).toBe("horário de Brasília");
    expect(zoneLabel("America/Manaus")).toBe("horário de Manaus");
    expect(zoneLabel("America/Noronha")).toBe("horário de Fernando de Noronha");
    expect(zoneLabel("Europe/Lisbon")).toBe("horário de Europe/Lisbon");
  });
});
