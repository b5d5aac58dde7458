import { describe, expect, it } from "vitest";
import { isPdfFile } from "@/web/site/carreiras/resume-file";

describe("isPdfFile", () => {
  it("accepts a .pdf file of type application/pdf, in any letter case", () => {
    expect(isPdfFile({ name: "curriculo.pdf", type: "application/pdf" })).toBe(true);
    expect(isPdfFile({ name: "CURRICULO.PDF", type: "application/pdf" })).toBe(true);
  });

  it("accepts a .pdf file whose type the browser could not tell", () => {
    expect(isPdfFile({ name: "curriculo.pdf", type: "" })).toBe(true);
  });

  it("rejects other documents and images", () => {
    expect(
      isPdfFile({
        name: "curriculo.docx",
        type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      }),
    ).toBe(false);
    expect(isPdfFile({ name: "foto.png", type: "image/png" })).toBe(false);
    expect(isPdfFile({ name: "curriculo.txt", type: "text/plain" })).toBe(false);
  });

  it("rejects a renamed file whose type is not PDF", () => {
    expect(isPdfFile({ name: "falso.pdf", type: "text/plain" })).toBe(false);
  });
});
