import { format, formatDistance } from "date-fns";
import { ptBR } from "date-fns/locale";
import { describe, expect, it } from "vitest";
import { formatDateTime, formatDateTimeLong, formatDistancePtBR } from "./relative-time";

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

describe("formatDistancePtBR", () => {
  it("gives what date-fns' formatDistance (pt-BR, with suffix) gives, from seconds to decades, both ways", () => {
    const SECOND = 1000;
    const MINUTE = 60 * SECOND;
    const HOUR = 60 * MINUTE;
    const DAY = 24 * HOUR;
    const offsets = [0, 1, 29 * SECOND, 30 * SECOND, 59 * SECOND, 89 * SECOND, 90 * SECOND, 119 * SECOND];
    for (let m = 2; m <= 180; m++)
      offsets.push(m * MINUTE - 1, m * MINUTE, m * MINUTE + 29 * SECOND, m * MINUTE + 30 * SECOND);
    for (let h = 3; h <= 72; h++) offsets.push(h * HOUR - MINUTE, h * HOUR, h * HOUR + 30 * MINUTE);
    for (let d = 3; d <= 800; d += 1) offsets.push(d * DAY, d * DAY + 11 * HOUR + 59 * MINUTE, d * DAY + 12 * HOUR);
    for (let y = 2; y <= 40; y++) offsets.push(y * 365 * DAY, y * 365 * DAY + 100 * DAY, y * 365 * DAY + 300 * DAY);
    const nows = [
      new Date(2026, 10, 24, 7, 7, 27, 345),
      new Date(2026, 0, 31, 23, 59, 59, 999),
      new Date(2024, 1, 29, 12, 0, 0),
      new Date(2025, 1, 28, 0, 0, 0),
      new Date(2026, 2, 31, 10, 30),
      new Date(2026, 11, 31, 23, 0),
    ];
    let checked = 0;
    for (const now of nows) {
      for (const offset of offsets) {
        for (const value of [new Date(now.getTime() - offset), new Date(now.getTime() + offset)]) {
          const expected = formatDistance(value, now, { addSuffix: true, locale: ptBR });
          expect(formatDistancePtBR(value, now), `${value.toISOString()} vs ${now.toISOString()}`).toBe(expected);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it("throws date-fns' RangeError for an invalid date", () => {
    expect(() => formatDistance(new Date(Number.NaN), new Date(), { addSuffix: true, locale: ptBR })).toThrow(
      RangeError,
    );
    expect(() => formatDistancePtBR(new Date(Number.NaN), new Date())).toThrow(new RangeError("Invalid time value"));
  });
});
