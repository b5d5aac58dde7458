import { describe, expect, it } from "vitest";
import { describeDevice } from "./device";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
};

describe("describeDevice", () => {
  it.each([
    [UA.chromeWindows, "Chrome no Windows", "computador"],
    [UA.safariIphone, "Safari no iPhone", "celular"],
    [UA.safariIpad, "Safari no iPad", "tablet"],
    [UA.safariMac, "Safari no macOS", "computador"],
    [UA.chromeAndroid, "Chrome no Android", "celular"],
    [UA.firefoxLinux, "Firefox no Linux", "computador"],
    [UA.edgeWindows, "Microsoft Edge no Windows", "computador"],
  ])("%s → %s", (ua, dispositivo, tipo) => {
    expect(describeDevice(ua)).toEqual({ dispositivo, tipo });
  });

  it("says so when there is nothing to recognise", () => {
    for (const ua of [null, undefined, "", "   ", "curl/8.5.0"]) {
      expect(describeDevice(ua)).toEqual({ dispositivo: "Dispositivo desconhecido", tipo: "desconhecido" });
    }
  });

  it("reads only the start of an absurdly long user agent", () => {
    const started = performance.now();
    expect(describeDevice(`${UA.firefoxLinux} ${"x".repeat(1_000_000)}`).dispositivo).toBe("Firefox no Linux");
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
