import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatPhone, maskPhone, optionalPhone, PHONE_INVALID, parsePhone, phoneField, phoneInputText } from "./phone";

describe("parsePhone", () => {
  it.each([
    ["(11) 98765-4321", "+5511987654321"],
    ["11987654321", "+5511987654321"],
    ["11 98765 4321", "+5511987654321"],
    ["11.98765.4321", "+5511987654321"],
    ["  (11) 98765-4321  ", "+5511987654321"],
    ["+55 (11) 98765-4321", "+5511987654321"],
    ["+5511987654321", "+5511987654321"],
    ["55 11 98765-4321", "+5511987654321"],
    ["5511987654321", "+5511987654321"],
    ["011 98765-4321", "+5511987654321"],
    ["(11) 4002-8922", "+551140028922"],
    ["1140028922", "+551140028922"],
    ["(92) 91234-5678", "+5592912345678"],
    ["+1 650 253 0000", "+16502530000"],
    ["+351 912 345 678", "+351912345678"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("reads %j as %s", (typed, e164) => {
    expect(parsePhone(typed)).toBe(e164);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["letters", "abc"],
    ["too short", "(11) 123"],
    ["a number inside text", "ligar 11987654321"],
    ["an extension", "11 98765-4321 ramal 2"],
    ["too long", "119876543210"],
    ["an area code not in use", "(10) 98765-4321"],
    ["area code 00", "(00) 98765-4321"],
    ["an old 8-digit mobile", "(11) 8765-4321"],
    ["a service number", "0800 123 4567"],
    ["+ in the middle", "11+987654321"],
    ["an invalid international number", "+1 123"],
    ["more than 30 characters", `(11) 98765-4321${" ".repeat(20)}1`],
  ])("refuses %s", (_, typed) => {
    expect(parsePhone(typed)).toBeNull();
  });

  it("takes null and undefined as no phone", () => {
    expect(parsePhone(null)).toBeNull();
    expect(parsePhone(undefined)).toBeNull();
  });
});

describe("formatPhone", () => {
  it("shows a Brazilian E.164 number the way it is typed", () => {
    expect(formatPhone("+5511987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("+551140028922")).toBe("(11) 4002-8922");
  });

  it("shows another country's number in the international format", () => {
    expect(formatPhone("+351912345678")).toBe("+351 912 345 678");
    expect(formatPhone("+16502530000")).toBe("+1 650 253 0000");
  });

  it("formats values stored before phones were checked (digits, masks) and keeps what is not a phone", () => {
    expect(formatPhone("11999998888")).toBe("(11) 99999-8888");
    expect(formatPhone("(11) 99999-8888")).toBe("(11) 99999-8888");
    expect(formatPhone("ramal 12")).toBe("ramal 12");
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone("")).toBeNull();
  });
});

describe("maskPhone (as typed)", () => {
  it("masks a Brazilian number digit by digit", () => {
    const steps = [..."11987654321"].map((_, i) => maskPhone("11987654321".slice(0, i + 1)));
    expect(steps).toEqual([
      "(1",
      "(11",
      "(11) 9",
      "(11) 98",
      "(11) 987",
      "(11) 9876",
      "(11) 9876-5",
      "(11) 9876-54",
      "(11) 9876-543",
      "(11) 9876-5432",
      "(11) 98765-4321",
    ]);
  });

  it("masks a landline, pasted text and a deletion", () => {
    expect(maskPhone("1140028922")).toBe("(11) 4002-8922");
    expect(maskPhone("11 98765 4321")).toBe("(11) 98765-4321");
    expect(maskPhone("(11) 9876-")).toBe("(11) 9876");
    expect(maskPhone("(11) ")).toBe("(11");
    expect(maskPhone("")).toBe("");
  });

  it("drops a leading trunk 0", () => {
    expect(maskPhone("011987654321")).toBe("(11) 98765-4321");
  });

  it("keeps +55 visible and masks the rest", () => {
    expect(maskPhone("+")).toBe("+");
    expect(maskPhone("+55")).toBe("+55");
    expect(maskPhone("+5511")).toBe("+55 (11");
    expect(maskPhone("+5511987654321")).toBe("+55 (11) 98765-4321");
    expect(maskPhone("5511987654321")).toBe("+55 (11) 98765-4321");
  });

  it("keeps another country's number as + and digits, at most 15", () => {
    expect(maskPhone("+351 912 345 678")).toBe("+351912345678");
    expect(maskPhone("+1234567890123456789")).toBe("+123456789012345");
  });

  it("does not cut a 12th digit of a non-Brazilian number typed without +", () => {
    expect(maskPhone("119876543210")).toBe("119876543210");
  });

  it("every mask it produces for a whole number reads back as the same E.164", () => {
    for (const typed of ["11987654321", "+5511987654321", "5511987654321", "+351912345678", "1140028922"]) {
      expect(parsePhone(maskPhone(typed))).toBe(parsePhone(typed));
    }
  });
});

describe("phoneInputText", () => {
  it("shows a stored E.164 number masked and leaves typed text alone", () => {
    expect(phoneInputText("+5511987654321")).toBe("(11) 98765-4321");
    expect(phoneInputText("+351912345678")).toBe("+351 912 345 678");
    expect(phoneInputText("1140028922")).toBe("(11) 4002-8922");
    expect(phoneInputText("119876543210")).toBe("119876543210");
    expect(phoneInputText("+55 (11) 9876")).toBe("+55 (11) 9876");
    expect(phoneInputText("(11) 9")).toBe("(11) 9");
    expect(phoneInputText(null)).toBe("");
  });
});

describe("phoneField / optionalPhone", () => {
  const schema = z.object({ telefone: phoneField(), contato: optionalPhone() });

  it("transforms what was typed to E.164", () => {
    expect(schema.parse({ telefone: "(11) 98765-4321", contato: "+351 912 345 678" })).toEqual({
      telefone: "+5511987654321",
      contato: "+351912345678",
    });
  });

  it("takes an empty optional phone as null", () => {
    for (const contato of ["", "  ", null, undefined]) {
      expect(schema.parse({ telefone: "11987654321", contato }).contato).toBeNull();
    }
  });

  it("refuses junk with the pt-BR message on the field", () => {
    const result = schema.safeParse({ telefone: "abc", contato: "(11) 123" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["telefone", PHONE_INVALID],
      ["contato", PHONE_INVALID],
    ]);
    expect(PHONE_INVALID).toBe("Telefone inválido. Ex.: (11) 98765-4321");
  });

  it("asks for a missing required phone", () => {
    const result = schema.safeParse({ telefone: " " });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["telefone"], message: "Informe o telefone" }),
    ]);
    expect(z.object({ t: phoneField() }).safeParse({}).error?.issues[0]?.message).toBe("Informe o telefone");
  });
});
