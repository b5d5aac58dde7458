/**
 * Delivery receipts (docs/product.md, "Resident link"): WhatsApp's and Twilio's signed status callbacks move
 * a resident's message to "entregue" (or "falhou"); an unsigned or tampered callback changes nothing.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { notificacoes, pessoas, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import type { AppEnv } from "@/server/http/context";
import { handleError } from "@/server/http/errors";
import { channelsOf } from "@/server/notifications/channels";
import { deliverDueNotifications } from "@/server/notifications/deliver";
import { receiptsRoutes } from "@/server/notifications/receipts.routes";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";

const system = setupTestSystem();
const APP_SECRET = "meta-app-secret-123";
const TWILIO_TOKEN = "twilio-auth-token-123";
const PUBLIC = "https://guarita.example.com";

function receiptsApp() {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => handleError(error, c));
  app.route(
    "/api/webhooks",
    receiptsRoutes(system().handle.db, {
      whatsapp: { appSecret: APP_SECRET, verifyToken: "verifica-123" },
      twilio: { authToken: TWILIO_TOKEN },
      publicUrl: PUBLIC,
    }),
  );
  return app;
}

async function sentMessage(providerMessageId: string) {
  const porteiro = await createTenantWithMember(system(), { role: "porteiro" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), porteiro.org.id);
  const db = system().handle.db;
  const [p] = await db
    .insert(pessoas)
    .values({
      organizationId: porteiro.org.id,
      condominioId: condominio.id,
      nome: "Ana Souza",
      telefoneE164: "+5511999998888",
      busca: buildSearchText(["Ana Souza"]),
    })
    .returning();
  await db.insert(unidadeMoradores).values({
    organizationId: porteiro.org.id,
    condominioId: condominio.id,
    unidadeId: unidade.id,
    pessoaId: p!.id,
    isResponsavel: true,
  });
  const res = await porteiro.api.post("/api/solicitacoes", {
    json: { condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: "Carlos" },
  });
  // A configured provider (stubbed): without keys the tenant's WhatsApp would be off.
  const provider = { canal: "whatsapp" as const, demo: false, send: async () => ({ providerMessageId: null }) };
  await deliverDueNotifications({
    db,
    channels: channelsOf({ whatsapp: provider }),
    linkBase: PUBLIC,
    logger: pino({ level: "silent" }),
  });
  await db
    .update(notificacoes)
    .set({ provedorMensagemId: providerMessageId })
    .where(eq(notificacoes.solicitacaoId, res.body.id));
  const row = async () => (await db.select().from(notificacoes).where(eq(notificacoes.solicitacaoId, res.body.id)))[0]!;
  return { row };
}

describe("delivery receipts", () => {
  it("a signed WhatsApp 'delivered' marks the message delivered; a tampered one changes nothing", async () => {
    const { row } = await sentMessage("wamid.HBgNNTUxMTk5OTk5ODg4OBUCABEYEjA");
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            {
              field: "messages",
              value: {
                statuses: [{ id: "wamid.HBgNNTUxMTk5OTk5ODg4OBUCABEYEjA", status: "delivered", timestamp: "1" }],
              },
            },
          ],
        },
      ],
    });
    const sign = (b: string) => `sha256=${createHmac("sha256", APP_SECRET).update(b).digest("hex")}`;
    const app = receiptsApp();
    const forged = await app.request("/api/webhooks/whatsapp", {
      method: "POST",
      body,
      headers: { "x-hub-signature-256": sign(`${body} `), "content-type": "application/json" },
    });
    expect(forged.status).toBe(403);
    expect((await row()).status).toBe("enviada");
    const ok = await app.request("/api/webhooks/whatsapp", {
      method: "POST",
      body,
      headers: { "x-hub-signature-256": sign(body), "content-type": "application/json" },
    });
    expect(ok.status).toBe(200);
    expect(await row()).toMatchObject({ status: "entregue" });
    expect((await row()).entregueEm).not.toBeNull();

    const challenge = await app.request(
      "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verifica-123&hub.challenge=42",
    );
    expect(await challenge.text()).toBe("42");
    const wrong = await app.request(
      "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=42",
    );
    expect(wrong.status).toBe(403);
  });

  it("a signed Twilio callback records delivery or failure of the SMS", async () => {
    const { row } = await sentMessage("SM0123456789abcdef0123456789abcdef");
    const params = {
      MessageSid: "SM0123456789abcdef0123456789abcdef",
      MessageStatus: "undelivered",
      ErrorCode: "30003",
    };
    const url = `${PUBLIC}/api/webhooks/twilio`;
    const data = Object.keys(params)
      .sort()
      .reduce((acc, k) => acc + k + params[k as keyof typeof params], url);
    const signature = createHmac("sha1", TWILIO_TOKEN).update(data).digest("base64");
    const app = receiptsApp();
    const post = (sig: string) =>
      app.request("/api/webhooks/twilio", {
        method: "POST",
        body: new URLSearchParams(params).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sig },
      });
    expect((await post("bm90LWEtc2lnbmF0dXJl")).status).toBe(403);
    expect((await row()).status).toBe("enviada");
    expect((await post(signature)).status).toBe(200);
    expect(await row()).toMatchObject({ status: "falhou", ultimoErro: "SMS não entregue (código 30003)" });
  });
});
