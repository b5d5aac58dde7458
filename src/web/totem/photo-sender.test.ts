import { describe, expect, it } from "vitest";
import { ApiError } from "@/web/lib/api";
import { createPhotoSender, type FotoEscolha } from "./photo-sender";

const foto = (name: string) => new Blob([name], { type: "image/jpeg" });
const offline = () => new ApiError("Sem conexão com o servidor.", 0, "NETWORK_ERROR");
const noSleep = () => Promise.resolve();

async function nameOf(escolha: FotoEscolha) {
  return escolha ? await escolha.text() : "recusa";
}

describe("createPhotoSender", () => {
  it("sends the choices one after another, in the order made", async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = createPhotoSender({
      send: async (e) => {
        const name = await nameOf(e);
        if (name === "primeira") await gate;
        sent.push(name);
      },
      sleep: noSleep,
    });
    const first = send(foto("primeira"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = send(foto("segunda"));
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(sent).toEqual(["primeira", "segunda"]);
  });

  it("drops a choice still waiting when a newer one is made: the newest is what the server keeps", async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const send = createPhotoSender({
      send: async (e) => {
        const name = await nameOf(e);
        if (name === "primeira") {
          started();
          await gate;
        }
        sent.push(name);
      },
      sleep: noSleep,
    });
    // The first is on its way when the visitor retakes, then refuses: the retake never leaves.
    const first = send(foto("primeira"));
    await sending;
    const rest = [send(foto("segunda")), send(null)];
    release();
    expect(await Promise.all([first, ...rest])).toEqual([true, false, true]);
    expect(sent).toEqual(["primeira", "recusa"]);

    // Choices made before any left: only the last is sent.
    const only: string[] = [];
    const burst = createPhotoSender({ send: async (e) => void only.push(await nameOf(e)), sleep: noSleep });
    expect(await Promise.all([burst(foto("a")), burst(foto("b"))])).toEqual([false, true]);
    expect(only).toEqual(["b"]);
  });

  it("tries once more after a network failure, then gives up without throwing", async () => {
    let calls = 0;
    const pauses: number[] = [];
    const send = createPhotoSender({
      send: async () => {
        calls++;
        throw offline();
      },
      retryDelayMs: 1500,
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    expect(await send(foto("a"))).toBe(false);
    expect(calls).toBe(2);
    expect(pauses).toEqual([1500]);

    let tries = 0;
    const recovers = createPhotoSender({
      send: async () => {
        if (++tries === 1) throw offline();
      },
      sleep: noSleep,
    });
    expect(await recovers(foto("b"))).toBe(true);
    expect(tries).toBe(2);
  });

  it("does not retry what the server refused (a closed conversation, not an image)", async () => {
    let calls = 0;
    const send = createPhotoSender({
      send: async () => {
        calls++;
        throw new ApiError("Esta conversa já foi encerrada.", 409, "CONFLICT");
      },
      sleep: noSleep,
    });
    expect(await send(foto("a"))).toBe(false);
    expect(calls).toBe(1);
  });
});
