import { describe, expect, it } from "vitest";
import { maskDestino, maskDocument } from "./mask";

describe("maskDocument", () => {
  it("shows a CPF's middle six digits, with or without punctuation", () => {
    expect(maskDocument("123.920.573-00")).toBe("***.920.573-**");
    expect(maskDocument("12392057300")).toBe("***.920.573-**");
    expect(maskDocument("123 920 573 00")).toBe("***.920.573-**");
  });

  it("shows only the last 3 characters of anything else (RG, passport)", () => {
    expect(maskDocument("12.345.678-9")).toBe("***789");
    expect(maskDocument("MG-12.345.678")).toBe("***678");
    expect(maskDocument("AB123456")).toBe("***456");
  });

  it("never reveals a whole short document", () => {
    expect(maskDocument("X1")).toBe("***");
    expect(maskDocument("123")).toBe("***");
    expect(maskDocument("1234")).toBe("***234");
  });

  it("keeps no document as none", () => {
    expect(maskDocument(null)).toBeNull();
    expect(maskDocument(undefined)).toBeNull();
    expect(maskDocument("")).toBe("");
  });
});

describe("maskDestino", () => {
  it("keeps a phone's last four digits and an e-mail's first letter and domain", () => {
    expect(maskDestino("+5511999998888")).toBe("*********8888");
    expect(maskDestino("ana.souza@gmail.com")).toBe("a***@gmail.com");
  });

  it("never reveals a whole short destination", () => {
    expect(maskDestino("1234")).toBe("****");
    expect(maskDestino("")).toBe("****");
  });
});
