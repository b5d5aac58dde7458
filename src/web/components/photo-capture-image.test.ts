import { describe, expect, it } from "vitest";
import {
  ARQUIVO_ILEGIVEL,
  ARQUIVO_TIPO_INVALIDO,
  arquivoRecusado,
  CAMERA_PROBLEMS,
  cameraProblem,
  FOTO_MAX_LADO,
  fitWithin,
} from "./photo-capture-image";

describe("fitWithin", () => {
  it("scales the long side down to the limit, keeping the proportions", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: FOTO_MAX_LADO, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: FOTO_MAX_LADO });
    expect(fitWithin(1920, 1080, 1600)).toEqual({ width: 1600, height: 900 });
  });

  it("never scales up, and keeps at least one pixel", () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(100_000, 10)).toEqual({ width: FOTO_MAX_LADO, height: 1 });
  });

  it("gives nothing for a video without frames yet", () => {
    expect(fitWithin(0, 0)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(Number.NaN, 480)).toEqual({ width: 0, height: 0 });
  });
});

describe("cameraProblem", () => {
  it("reads getUserMedia's failures by name", () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraProblem(named("NotAllowedError"))).toBe("negada");
    expect(cameraProblem(named("SecurityError"))).toBe("negada");
    expect(cameraProblem(named("NotFoundError"))).toBe("sem-camera");
    expect(cameraProblem(named("OverconstrainedError"))).toBe("sem-camera");
    expect(cameraProblem(named("NotReadableError"))).toBe("ocupada");
    expect(cameraProblem(named("NotSupportedError"))).toBe("sem-suporte");
    expect(cameraProblem(new Error("?"))).toBe("erro");
    expect(cameraProblem(null)).toBe("erro");
  });

  it("offers a file in every message, and says how to allow the camera", () => {
    expect(CAMERA_PROBLEMS.negada.message).toBe(
      "Permita o acesso à câmera nas configurações do navegador, ou escolha um arquivo.",
    );
    for (const problem of Object.values(CAMERA_PROBLEMS)) expect(problem.message).toMatch(/escolha um arquivo\.$/i);
  });
});

describe("arquivoRecusado", () => {
  it("takes the server's image types only, and no empty file", () => {
    expect(arquivoRecusado({ type: "image/jpeg", size: 10 })).toBeNull();
    expect(arquivoRecusado({ type: "image/PNG", size: 10 })).toBeNull();
    expect(arquivoRecusado({ type: "image/webp", size: 10 })).toBeNull();
    expect(arquivoRecusado({ type: "image/heic", size: 10 })).toBe(ARQUIVO_TIPO_INVALIDO);
    expect(arquivoRecusado({ type: "application/pdf", size: 10 })).toBe(ARQUIVO_TIPO_INVALIDO);
    expect(arquivoRecusado({ type: "", size: 10 })).toBe(ARQUIVO_TIPO_INVALIDO);
    expect(arquivoRecusado({ type: "image/jpeg", size: 0 })).toBe(ARQUIVO_ILEGIVEL);
  });
});
