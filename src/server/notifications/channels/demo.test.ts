import { afterEach, describe, expect, it, vi } from "vitest";
import { createDemoChannel } from "./demo";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("demo channel", () => {
  it("is labelled demo and sends nothing over the network", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    for (const canal of ["whatsapp", "sms", "email"] as const) {
      const channel = createDemoChannel(canal);
      expect(channel.canal).toBe(canal);
      expect(channel.demo).toBe(true);
      await expect(
        channel.send(
          {
            to: "+5511987654321",
            residentName: "Ana",
            visitorName: "Carlos",
            visitorType: "visitante",
            unitLabel: "Torre A - 101",
            condominiumName: "Residencial Jardim",
            link: "https://guarita.exemplo.com.br/r/abc",
          },
          new AbortController().signal,
        ),
      ).resolves.toEqual({ providerMessageId: null });
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
