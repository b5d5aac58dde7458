/**
 * Delivery receipts for the residents' package notices (docs/decisions/043-deliveries.md, sent like the
 * messages about visitors: docs/decisions/022-resident-link.md): WhatsApp's and Twilio's signed status
 * callbacks move a notice to "entregue" (or "falhou" with the reason), the package's detail shows it,
 * and the screens showing the package are told (`encomenda.atualizada`).
 */
import { createHmac } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { encomendaAvisos } from "@/server/db/schema";
import type { AppEnv } from "@/server/http/context";
import { handleError } from "@/server/http/errors";
import { receiptsRoutes } from "@/server/notifications/receipts.routes";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { openEventStream } from "../../../tests/support/sse";
import { setupTestSystem } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;
const APP_SECRET = "meta-app-secret-456";
const TWILIO_TOKEN = "twilio-auth-token-456";
const PUBLIC = "https://guarita.example.com";

function receiptsApp() {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => handleError(error, c));
  app.route(
    "/api/webhooks",
    receiptsRoutes(db(), {
      whatsapp: { appSecret: APP_SECRET, verifyToken: "verifica-456" },
      twilio: { authToken: TWILIO_TOKEN },
      publicUrl: PUBLIC,
    }),
  );
  return app;
}

function postWhatsApp(app: Hono<AppEnv>, statuses: Record<string, unknown>[]) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "1", changes: [{ field: "messages", value: { statuses } }] }],
  });
  const signature = `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
  return app.request("/api/webhooks/whatsapp", {
    method: "POST",
    body,
    headers: { "x-hub-signature-256": signature, "content-type": "application/json" },
  });
}

function postTwilio(app: Hono<AppEnv>, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], `${PUBLIC}/api/webhooks/twilio`);
  return app.request("/api/webhooks/twilio", {
    method: "POST",
    body: new URLSearchParams(params).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": createHmac("sha1", TWILIO_TOKEN).update(data).digest("base64"),
    },
  });
}

/**
 * A batch of two packages received for a unit with nobody to tell yet, and notices about it already
 * sent by a provider (as the delivery job leaves them: "enviada" with the provider's message id).
 */
async function sentNotices(notices: { canal: "whatsapp" | "sms"; providerMessageId: string }[]) {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  const porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  const { condominio, unidade } = await createCondominioWithUnidade(system(), sindico.org.id);
  const res = await porteiro.api.post("/api/encomendas", {
    json: {
      condominio_id: condominio.id,
      unidade_id: unidade.id,
      itens: [
        { transportadora: "correios", perecivel: false },
        { transportadora: "mercado_livre", perecivel: false },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const ids = (res.body.itens as { id: string }[]).map((i) => i.id);
  const rows = await db()
    .insert(encomendaAvisos)
    .values(
      notices.map((n) => ({
        organizationId: sindico.org.id,
        loteId: res.body.lote_id as string,
        pessoaNome: "Ana Souza",
        motivo: "chegada",
        canal: n.canal,
        destino: "+5511999998888",
        status: "enviada",
        tentativas: 1,
        enviadaEm: new Date(),
        provedorMensagemId: n.providerMessageId,
      })),
    )
    .returning({ id: encomendaAvisos.id });
  /** The notices as the package's detail shows them, in the order given. */
  const avisos = async () => {
    const detail = await sindico.api.get(`/api/encomendas/${ids[0]}`);
    expect(detail.status).toBe(200);
    const shown = detail.body.avisos as { id: string; status: string; ultimo_erro: string | null }[];
    return rows.map((r) => {
      const a = shown.find((s) => s.id === r.id);
      return a ? { status: a.status, ultimo_erro: a.ultimo_erro } : null;
    });
  };
  return { sindico, loteId: res.body.lote_id as string, ids, avisos };
}

describe("delivery receipts for package notices", () => {
  it("a signed WhatsApp 'delivered' marks the notice delivered and the package's screens follow live", async () => {
    const wamid = "wamid.HBgNNTUxMTk5OTk5ODg4OBUCABEYEkVOQ09NRU5EQQ";
    const { sindico, loteId, ids, avisos } = await sentNotices([{ canal: "whatsapp", providerMessageId: wamid }]);
    expect(await avisos()).toEqual([{ status: "enviada", ultimo_erro: null }]);
    const stream = await openEventStream(system(), sindico.cookie);
    expect(await stream.messages!.next((m) => m.event === "ready")).not.toBeNull();

    const app = receiptsApp();
    const ok = await postWhatsApp(app, [{ id: wamid, status: "delivered", timestamp: "1" }]);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ recebidos: 1 });
    expect(await avisos()).toEqual([{ status: "entregue", ultimo_erro: null }]);

    // The receipt's own event (the batch's "recebida" ones may still be arriving on the stream).
    const event = await stream.messages!.next(
      (m) => m.event === "encomenda.atualizada" && JSON.parse(m.data!).encomenda?.acao === "atualizada",
    );
    expect(event).not.toBeNull();
    const data = JSON.parse(event!.data!);
    expect(data).toMatchObject({
      encomenda: { lote_id: loteId, status: "aguardando", acao: "atualizada" },
      invalidate: expect.arrayContaining(["encomendas"]),
    });
    expect(ids).toContain(data.encomenda.id);

    // "read" after "delivered" changes nothing more.
    const read = await postWhatsApp(app, [{ id: wamid, status: "read", timestamp: "2" }]);
    expect(await read.json()).toMatchObject({ recebidos: 0 });
    expect(await avisos()).toEqual([{ status: "entregue", ultimo_erro: null }]);
    await stream.messages!.close();
  });

  it("Twilio's 'delivered' and 'undelivered' move the SMS notices, the failure with its reason", async () => {
    const { avisos } = await sentNotices([
      { canal: "sms", providerMessageId: "SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
      { canal: "sms", providerMessageId: "SMbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" },
    ]);
    const app = receiptsApp();
    const delivered = await postTwilio(app, {
      MessageSid: "SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      MessageStatus: "delivered",
    });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ recebidos: 1 });
    const undelivered = await postTwilio(app, {
      MessageSid: "SMbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
      MessageStatus: "undelivered",
      ErrorCode: "30003",
    });
    expect(undelivered.status).toBe(200);
    expect(await avisos()).toEqual([
      { status: "entregue", ultimo_erro: null },
      { status: "falhou", ultimo_erro: "SMS não entregue (código 30003)" },
    ]);

    // A tampered callback changes nothing; an unknown message id is ignored.
    const forged = await app.request("/api/webhooks/twilio", {
      method: "POST",
      body: new URLSearchParams({
        MessageSid: "SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        MessageStatus: "failed",
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "bm90LWEtc2lnbmF0dXJl" },
    });
    expect(forged.status).toBe(403);
    const unknown = await postTwilio(app, {
      MessageSid: "SMcccccccccccccccccccccccccccccccc",
      MessageStatus: "delivered",
    });
    expect(await unknown.json()).toMatchObject({ recebidos: 0 });
    expect((await avisos())[0]).toEqual({ status: "entregue", ultimo_erro: null });
  });
});
