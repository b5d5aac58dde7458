import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import type { DomainEvent } from "../../shared/schemas/events";
import type { DatabaseHandle } from "../db/client";
import { createEventBus } from "./event-bus";

const system = setupTestSystem();

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

/**
 * The real database, with a LISTEN connection that can be cut: while `down`, notifications are
 * lost, as they are while PostgreSQL restarts; `reconnect()` is what the handle calls once the
 * connection is back (db/pg-listener.ts, exercised against a real restart in tests/processes).
 */
function handleWithCuttableListen(base: DatabaseHandle) {
  const state = { down: false, reconnect: () => {} };
  const handle: DatabaseHandle = {
    ...base,
    async listen(channel, onPayload, onReconnect) {
      state.reconnect = onReconnect ?? (() => {});
      return base.listen(channel, (payload) => {
        if (!state.down) onPayload(payload);
      });
    },
  };
  return { handle, state };
}

describe("event bus across a lost LISTEN connection", () => {
  it("delivers what was committed while it was down, in order, once, before newer events", async () => {
    const a = await createTenantWithMember(system(), { role: "porteiro" });
    const b = await createTenantWithMember(system(), { role: "porteiro" });
    const condoA = await createCondominioWithUnidade(system(), a.org.id);
    const condoB = await createCondominioWithUnidade(system(), b.org.id);
    const create = (t: typeof a, condo: typeof condoA, nome_visitante: string) =>
      t.api.post("/api/solicitacoes", {
        json: { condominio_id: condo.condominio.id, unidade_id: condo.unidade.id, nome_visitante },
      });

    const { handle, state } = handleWithCuttableListen(system().handle);
    const bus = createEventBus(handle, pino({ level: "silent" }));
    const gotA: DomainEvent[] = [];
    const gotB: DomainEvent[] = [];
    await bus.subscribe(a.org.id, (e) => gotA.push(e));
    // B has received nothing yet when the connection drops: the bus starts from B's latest id.
    await create(b, condoB, "B antes da assinatura");
    await bus.subscribe(b.org.id, (e) => gotB.push(e));

    expect((await create(a, condoA, "Antes")).status).toBe(201);
    await until(() => gotA.length === 1);

    state.down = true;
    await create(a, condoA, "Perdido 1");
    await create(a, condoA, "Perdido 2");
    await create(b, condoB, "B perdido");
    state.down = false;
    state.reconnect();
    await create(a, condoA, "Depois");

    await until(() => gotA.length >= 4 && gotB.length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(gotA.map((e) => e.nome_visitante)).toEqual(["Antes", "Perdido 1", "Perdido 2", "Depois"]);
    expect(gotA.map((e) => e.id)).toEqual([...gotA.map((e) => e.id)].sort((x, y) => x - y));
    expect(gotB.map((e) => e.nome_visitante)).toEqual(["B perdido"]);

    // A second reconnection with nothing missed delivers nothing again.
    state.reconnect();
    await new Promise((r) => setTimeout(r, 300));
    expect(gotA).toHaveLength(4);
    expect(gotB).toHaveLength(1);
    await bus.close();
  });
});
