import { describe, expect, it } from "vitest";
import type { Passe } from "@/shared/schemas/passes";
import { passeCreateSchema, passeUpdateSchema } from "@/shared/schemas/passes";
import {
  endsNextDay,
  formatInZone,
  formFieldOf,
  minutesText,
  passeFieldDefaults,
  secondsFromMinutes,
  usosText,
  WEEKDAYS_MONDAY_FIRST,
} from "./passe-helpers";

const PASSE: Passe = {
  id: "00000000-0000-4000-8000-000000000001",
  condominio_id: "00000000-0000-4000-8000-0000000000c1",
  unidade_id: "00000000-0000-4000-8000-0000000000a1",
  tipo: "prestador",
  nome: "Maria",
  descricao: "diarista",
  documento: null,
  telefone: "11999990000",
  modalidade: "recorrente",
  data_inicio: "2026-12-01",
  data_fim: "2027-03-31",
  dias_semana: [1, 3, 5],
  hora_inicio: "08:00:00",
  hora_fim: "17:00:00",
  intervalo_minimo_segundos: 300,
  status: "ativo",
  pin: "123456",
  usos: 0,
  ultimo_uso_em: null,
  created_at: "2026-11-20T12:00:00.000Z",
  updated_at: "2026-11-20T12:00:00.000Z",
  unidade: { codigo: "42", torre: null },
  condominio: { nome: "Jardins", timezone: "America/Sao_Paulo" },
  criado_por_nome: "Ana",
};

describe("passeFieldDefaults", () => {
  it("starts a new pass today, once, with the schema's interval, and the update schema accepts it once named", () => {
    const values = passeFieldDefaults(undefined, "2026-11-28");
    expect(values).toMatchObject({ modalidade: "unica", data_inicio: "2026-11-28", data_fim: null, dias_semana: [] });
    const parsed = passeUpdateSchema.parse({ ...values, nome: "Maria" });
    expect(parsed.data_fim).toBe("2026-11-28");
    expect(parsed.intervalo_minimo_segundos).toBe(120);
    expect(parsed.descricao).toBeNull();
  });

  it("edits a pass with its own values, hours without seconds", () => {
    const values = passeFieldDefaults(PASSE, "2026-11-28");
    expect(values).toMatchObject({ hora_inicio: "08:00", hora_fim: "17:00", data_fim: "2027-03-31", documento: "" });
    expect(passeUpdateSchema.safeParse(values).success).toBe(true);
  });

  it("keeps no end date for a single pass (the hidden field never blocks the form)", () => {
    const values = passeFieldDefaults({ ...PASSE, modalidade: "unica", data_fim: PASSE.data_inicio }, "2026-11-28");
    expect(values.data_fim).toBeNull();
    const create = passeCreateSchema.safeParse({
      ...values,
      condominio_id: PASSE.condominio_id,
      unidade_id: PASSE.unidade_id,
    });
    expect(create.success).toBe(true);
  });
});

describe("minutes and seconds", () => {
  it("shows the seconds as minutes", () => {
    expect(minutesText(120)).toBe("2");
    expect(minutesText(90)).toBe("1.5");
    expect(minutesText(0)).toBe("0");
    expect(minutesText(Number.NaN)).toBe("");
  });

  it("turns typed minutes into seconds, and nothing typed into NaN for the schema to refuse", () => {
    expect(secondsFromMinutes("2")).toBe(120);
    expect(secondsFromMinutes(" 1,5 ")).toBe(90);
    expect(secondsFromMinutes("0.1")).toBe(6);
    expect(secondsFromMinutes("")).toBeNaN();
    expect(secondsFromMinutes("abc")).toBeNaN();
    const values = { ...passeFieldDefaults(undefined, "2026-11-28"), nome: "Maria" };
    expect(passeUpdateSchema.safeParse({ ...values, intervalo_minimo_segundos: secondsFromMinutes("") }).success).toBe(
      false,
    );
  });
});

describe("endsNextDay", () => {
  it("is true only when the end is before the start", () => {
    expect(endsNextDay("22:00", "06:00")).toBe(true);
    expect(endsNextDay("08:00", "17:00")).toBe(false);
    expect(endsNextDay("08:00", "08:00")).toBe(false);
    expect(endsNextDay("08:00", "")).toBe(false);
    expect(endsNextDay(undefined, "06:00")).toBe(false);
  });
});

describe("formFieldOf", () => {
  it("names the form field of an API path", () => {
    const fields = ["dias_semana", "nome"];
    expect(formFieldOf("dias_semana.0", fields)).toBe("dias_semana");
    expect(formFieldOf("nome", fields)).toBe("nome");
    expect(formFieldOf("pin", fields)).toBeNull();
  });
});

describe("formatting", () => {
  it("formats an instant in the condominium's timezone", () => {
    expect(formatInZone("2026-11-28T23:30:00.000Z", "America/Sao_Paulo")).toBe("28/11/2026 20:30");
    expect(formatInZone("2026-11-28T23:30:00.000Z", "America/Manaus")).toBe("28/11/2026 19:30");
  });

  it("counts uses in pt-BR", () => {
    expect(usosText(1)).toBe("1 uso");
    expect(usosText(0)).toBe("0 usos");
  });

  it("orders the week from Monday", () => {
    expect(WEEKDAYS_MONDAY_FIRST).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });
});
