import { describe, expect, it } from "vitest";
import { cameraProblem } from "@/web/components/photo-capture-image";
import {
  CAMERA_UNAVAILABLE,
  entradaMoradorSchema,
  pickCondominio,
  pickPortao,
  portaoStorageKey,
  presentesDescricao,
  qrCameraMessage,
  sanitizePin,
} from "./portaria-helpers";

const A = { id: "00000000-0000-4000-8000-00000000000a" };
const B = { id: "00000000-0000-4000-8000-00000000000b" };

describe("the gate's condominium", () => {
  it("keeps the remembered one while it is still a choice", () => {
    expect(pickCondominio(B.id, [A, B])).toBe(B.id);
  });

  it("asks (none chosen) when nothing or a stale id is remembered and there are several", () => {
    expect(pickCondominio(null, [A, B])).toBeUndefined();
    expect(pickCondominio("00000000-0000-4000-8000-0000000000ff", [A, B])).toBeUndefined();
  });

  it("takes the only condominium without asking", () => {
    expect(pickCondominio(null, [B])).toBe(B.id);
    expect(pickCondominio("00000000-0000-4000-8000-0000000000ff", [B])).toBe(B.id);
  });

  it("has none without choices", () => {
    expect(pickCondominio(A.id, [])).toBeUndefined();
  });
});

describe("the device's gate", () => {
  const gate = (id: string, ativo = true) => ({ id, ativo });
  const [G1, G2, G3] = [
    "00000000-0000-4000-8000-0000000000c1",
    "00000000-0000-4000-8000-0000000000c2",
    "00000000-0000-4000-8000-0000000000c3",
  ];

  it("keeps the remembered gate while it is active", () => {
    expect(pickPortao(G2, [gate(G1), gate(G2)])).toBe(G2);
  });

  it("takes the only active gate without asking, inactive ones aside", () => {
    expect(pickPortao(null, [gate(G1), gate(G2, false)])).toBe(G1);
  });

  it("drops a remembered gate made inactive or gone, and asks when several remain", () => {
    expect(pickPortao(G3, [gate(G1), gate(G2), gate(G3, false)])).toBeUndefined();
    expect(pickPortao(G3, [gate(G1), gate(G2)])).toBeUndefined();
    expect(pickPortao(G3, [gate(G1), gate(G3, false)])).toBe(G1);
  });

  it("names none when the condominium has no active gate", () => {
    expect(pickPortao(G1, [])).toBeUndefined();
    expect(pickPortao(G1, [gate(G1, false)])).toBeUndefined();
  });

  it("is remembered per tenant and condominium", () => {
    expect(
      new Set([portaoStorageKey("org", A.id), portaoStorageKey("org", B.id), portaoStorageKey("outra", A.id)]).size,
    ).toBe(3);
  });
});

describe("PIN box", () => {
  it("keeps digits only, six at most", () => {
    expect(sanitizePin("12 34-56")).toBe("123456");
    expect(sanitizePin("1234567")).toBe("123456");
    expect(sanitizePin("abc")).toBe("");
    expect(sanitizePin("０１２")).toBe("");
  });
});

describe("camera errors", () => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  /** What the QR reader shows for a getUserMedia failure. */
  const cameraErrorMessage = (error: unknown) => qrCameraMessage(cameraProblem(error));

  it("says the permission was denied", () => {
    expect(cameraErrorMessage(named("NotAllowedError"))).toMatch(/^Permissão da câmera negada/);
    expect(cameraErrorMessage(new DOMException("denied", "NotAllowedError"))).toMatch(/^Permissão da câmera negada/);
  });

  it("says there is no camera", () => {
    expect(cameraErrorMessage(named("NotFoundError"))).toMatch(/^Nenhuma câmera encontrada/);
    expect(cameraErrorMessage(named("OverconstrainedError"))).toMatch(/^Nenhuma câmera encontrada/);
  });

  it("says the camera is busy", () => {
    expect(cameraErrorMessage(named("NotReadableError"))).toMatch(/em uso por outro aplicativo/);
  });

  it("points to the PIN whatever happened", () => {
    for (const error of [named("NotSupportedError"), new Error("boom"), "x", null, undefined]) {
      expect(cameraErrorMessage(error)).toMatch(/PIN do passe\.$/);
    }
    expect(cameraErrorMessage(named("NotSupportedError"))).toBe(CAMERA_UNAVAILABLE);
  });
});

describe("resident-authorised entry form", () => {
  const valid = {
    origem: "morador",
    unidade_id: A.id,
    autorizado_por_pessoa_id: B.id,
    nome: "  Maria Souza ",
    documento: "",
  };

  it("is the API schema's morador branch", () => {
    expect(entradaMoradorSchema.shape.origem.value).toBe("morador");
    expect(entradaMoradorSchema.parse(valid)).toEqual({
      ...valid,
      nome: "Maria Souza",
      documento: null,
      tipo: "visitante",
    });
  });

  it("names what is missing in pt-BR", () => {
    const result = entradaMoradorSchema.safeParse({ origem: "morador", unidade_id: "", autorizado_por_pessoa_id: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({
      unidade_id: "Selecione uma unidade",
      autorizado_por_pessoa_id: "Selecione o morador que autorizou",
      nome: "Nome deve ter pelo menos 2 caracteres",
    });
  });
});

describe("people inside, in words", () => {
  it("counts", () => {
    expect(presentesDescricao(0)).toBe("Ninguém no condomínio agora.");
    expect(presentesDescricao(1)).toBe("1 pessoa no condomínio.");
    expect(presentesDescricao(2500)).toBe("2.500 pessoas no condomínio.");
    expect(presentesDescricao(10_000, true)).toBe("Mais de 10.000 pessoas no condomínio.");
  });
});
