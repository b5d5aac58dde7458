import { describe, expect, it } from "vitest";
import { tokenize } from "./normalize";
import { numberPhrases, spokenNumber, wordsToNumbers } from "./numbers";

const PHRASES = numberPhrases(["101", "42", "12", "1", "2"]);

function read(text: string, loneOne = false): string {
  return wordsToNumbers(tokenize(text), PHRASES, () => loneOne)
    .map((t) => (t.kind === "number" ? `#${t.norm}` : t.norm))
    .join(" ");
}

describe("numbers in words", () => {
  it("writes a code out as it is said", () => {
    expect(spokenNumber("101")).toBe("cento e um");
    expect(spokenNumber("42")).toBe("quarenta e dois");
    expect(spokenNumber("12")).toBe("doze");
    expect(spokenNumber("101A")).toBeNull();
    expect(spokenNumber("12345")).toBeNull();
  });

  it("reads the directory's numbers in words", () => {
    expect(read("vou no cento e um")).toBe("vou no #101");
    expect(read("apartamento quarenta e dois")).toBe("apartamento #42");
    expect(read("é o doze")).toBe("e o #12");
  });

  it("reads digits said one by one, whatever the directory", () => {
    expect(read("um zero um")).toBe("#101");
    expect(read("código quatro oito dois nove um três")).toBe("codigo #482913");
    expect(read("um meia dois")).toBe("#162");
  });

  it("leaves a lone 'um' alone unless the context makes it a number", () => {
    expect(read("tenho um código")).toBe("tenho um codigo");
    expect(read("bloco um", true)).toBe("bloco #1");
  });

  it("does not read numbers the directory does not have", () => {
    expect(read("trezentos e um")).toBe("trezentos e um");
  });
});
