import { format } from "date-fns";
import { ptBR } from "date-fns/locale";
import { describe, expect, it } from "vitest";
import { formatDateTime, formatDateTimeLong } from "./relative-time";

/** What these helpers gave when they called date-fns' `format` (docs/decisions/026). */
const viaDateFns = (date: Date) => ({
  short: format(date, "dd/MM/yyyy HH:mm", { locale: ptBR }),
  long: format(date, "d 'de' MMMM 'de' yyyy 'às' HH:mm", { locale: ptBR }),
});

describe("formatDateTime and formatDateTimeLong", () => {
  it("give what date-fns' format gives, for every month, day and hour", () => {
    const dates: Date[] = [];
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 10, 28, 31]) {
        for (const [hour, minute] of [
          [0, 0],
          [9, 5],
          [13, 59],
          [23, 30],
        ]) {
          dates.push(new Date(2026, month, day, hour, minute, 17));
        }
      }
    }
    dates.push(new Date(999, 0, 2, 3, 4), new Date(12345, 6, 7, 8, 9), new Date("2026-11-24T03:07:00Z"));
    for (const date of dates) {
      const expected = viaDateFns(date);
      expect(formatDateTime(date)).toBe(expected.short);
      expect(formatDateTimeLong(date)).toBe(expected.long);
      expect(formatDateTime(date.toISOString())).toBe(expected.short);
    }
  });

  it("throws date-fns' RangeError for an invalid date", () => {
    expect(() => format(new Date("x"), "dd/MM/yyyy HH:mm")).toThrow(RangeError);
    expect(() => formatDateTime("not a date")).toThrow(new RangeError("Invalid time value"));
    expect(() => formatDateTimeLong(new Date(Number.NaN))).toThrow(RangeError);
  });
});
