import { describe, expect, it } from "vitest";
import {
  ARQUIVO_ILEGIVEL,
  ARQUIVO_TIPO_INVALIDO,
  arquivoRecusado,
  CAMERA_PROBLEMS,
  CAPTURA_FALHOU,
  cameraProblem,
  FOTO_MAX_LADO,
  fitWithin,
  videoFrameToJpeg,
} from "./photo-capture-image";

describe("fitWithin", () => {
  it("scales the long side down to the limit, keeping the proportions", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: FOTO_MAX_LADO, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: FOTO_MAX_LADO });
    expect(fitWithin(1920, 1080, 1600)).toEqual({ width: 1600, height: 900 });
  });

  it("takes a smaller limit, as the kiosk's 1280 px", () => {
    expect(fitWithin(1280, 960, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(1920, 1080, 1280)).toEqual({ width: 1280, height: 720 });
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

describe("videoFrameToJpeg", () => {
  // A <video> as the browser reports it before the camera's first frame (the DOM is not needed to refuse it).
  const video = (readyState: number, videoWidth: number, videoHeight: number) =>
    ({ readyState, videoWidth, videoHeight }) as HTMLVideoElement;

  it("refuses, with the porteiro's message, a video that has shown no frame yet", async () => {
    await expect(videoFrameToJpeg(video(0, 0, 0))).rejects.toThrow(CAPTURA_FALHOU);
    await expect(videoFrameToJpeg(video(1, 1280, 960))).rejects.toThrow(CAPTURA_FALHOU);
    // Ready, but no size known yet.
    await expect(videoFrameToJpeg(video(4, 0, 0), 1280)).rejects.toThrow(CAPTURA_FALHOU);
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
