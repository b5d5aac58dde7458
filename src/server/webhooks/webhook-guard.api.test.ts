/**
 * The address guard at send time (docs/decisions/020-webhooks.md): a webhook saved while private
 * addresses were allowed (the shared test system has WEBHOOKS_ALLOW_PRIVATE=true) is delivered by
 * the job with the guard on, as a production instance would. Node connects to an IP literal
 * without any DNS lookup, so the URL itself must be checked again before the request.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { startWebhookReceiver } from "../../../tests/support/webhook-receiver";
import { deliverDueWebhooks } from "./deliver";

const system = setupTestSystem();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("webhook to a private IP literal, delivered with the guard on", () => {
  it("is refused at send time, nothing reaches the address, and the tenant sees a message without it", async () => {
    const gate = await startWebhookReceiver();
    cleanups.push(gate.close);
    const { api, org } = await createTenantWithMember(system(), { role: "sindico" });
    const { condominio, unidade } = await createCondominioWithUnidade(system(), org.id);
    // The loopback receiver, by its IP literal and by the IPv4-mapped IPv6 form of it.
    const port = new URL(gate.url).port;
    const hooks = [];
    for (const url of [gate.url, `http://[::ffff:127.0.0.1]:${port}/guarita`]) {
      const hook = await api.post("/api/integracoes/webhooks", { json: { url, eventos: ["solicitacao.criada"] } });
      expect(hook.status).toBe(201);
      hooks.push(hook.body.id as string);
    }
    const created = await api.post("/api/solicitacoes", {
      json: { condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: "Visitante" },
    });
    expect(created.status).toBe(201);

    const result = await deliverDueWebhooks({
      db: system().handle.db,
      logger: pino({ level: "silent" }),
      allowPrivate: false,
    });
    expect(result).toMatchObject({ delivered: 0, retrying: 2 });
    expect(gate.received).toHaveLength(0);

    for (const id of hooks) {
      const page = await api.get(`/api/integracoes/webhooks/${id}/entregas`);
      expect(page.body.items).toEqual([
        expect.objectContaining({
          status: "pendente",
          tentativas: 1,
          ultimo_status_http: null,
          ultimo_erro: "Entrega recusada: endereço interno ou privado.",
        }),
      ]);
      expect(page.body.items[0].historico[0].erro).toBe("Entrega recusada: endereço interno ou privado.");
      expect(JSON.stringify(page.body)).not.toMatch(/127\.0\.0\.1/);
    }
    const list = await api.get("/api/integracoes/webhooks");
    expect(list.body.items.map((h: { ultima_entrega: { status_http: number | null } }) => h.ultima_entrega)).toEqual([
      expect.objectContaining({ status_http: null }),
      expect.objectContaining({ status_http: null }),
    ]);
  });
});
