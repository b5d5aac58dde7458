/**
 * /api/webhooks/whatsapp and /api/webhooks/twilio: the providers' delivery receipts (receipts.ts),
 * and on WhatsApp also the visitors' messages to a gate's number, answered by the virtual attendant
 * (modules/telefonia/whatsapp-visitante.service.ts). Present only when the provider is configured
 * with what verifies its signature; anything unsigned or tampered is a 403 and changes nothing.
 */
import { Hono } from "hono";
import type { Database } from "../db/client";
import type { AppEnv } from "../http/context";
import { AppError } from "../http/errors";
import { handleWhatsAppInbound } from "../modules/telefonia/whatsapp-visitante.service";
import { signedUrlOf, twilioSignatureValid } from "../telephony/twilio";
import {
  recordReceipts,
  twilioReceipt,
  verifyTokenMatches,
  verifyWhatsAppSignature,
  whatsAppReceipts,
} from "./receipts";

export interface ReceiptsConfig {
  whatsapp?: { appSecret: string; verifyToken: string };
  twilio?: { authToken: string };
  /** The public origin Twilio called (its signature covers the full URL). */
  publicUrl: string;
  /**
   * The auth secret, for the attendant's conversations with WhatsApp visitors (a pass's PIN is
   * validated with it); omitted = only receipts are read, visitors' messages are not answered.
   */
  secret?: string;
}

const refused = () => new AppError(403, "INVALID_SIGNATURE", "Assinatura do provedor inválida.");
const notConfigured = (name: string) => new AppError(404, "NOT_FOUND", `Recibos do ${name} não configurados.`);

export function receiptsRoutes(db: Database, config: ReceiptsConfig) {
  const app = new Hono<AppEnv>();

  // Meta's subscription check: echo the challenge when the verify token matches.
  app.get("/whatsapp", (c) => {
    if (!config.whatsapp) throw notConfigured("WhatsApp");
    const tokenOk = verifyTokenMatches(config.whatsapp.verifyToken, c.req.query("hub.verify_token"));
    if (c.req.query("hub.mode") !== "subscribe" || !tokenOk) throw refused();
    return c.text(c.req.query("hub.challenge") ?? "", 200);
  });

  app.post("/whatsapp", async (c) => {
    if (!config.whatsapp) throw notConfigured("WhatsApp");
    const raw = await c.req.text();
    if (!verifyWhatsAppSignature(config.whatsapp.appSecret, raw, c.req.header("x-hub-signature-256"))) throw refused();
    let payload: unknown = null;
    try {
      payload = JSON.parse(raw);
    } catch {
      payload = null;
    }
    const changed = await recordReceipts(db, whatsAppReceipts(payload));
    // A message that could not be answered now makes this an error: Meta delivers the payload again,
    // the receipts and the messages already answered are recognised, the rest is answered then.
    const mensagens = config.secret
      ? await handleWhatsAppInbound({ db, secret: config.secret, logger: c.get("logger") }, payload)
      : 0;
    return c.json({ recebidos: changed, mensagens }, 200);
  });

  app.post("/twilio", async (c) => {
    if (!config.twilio) throw notConfigured("Twilio");
    const form = await c.req.parseBody();
    const params = Object.fromEntries(
      Object.entries(form).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const url = signedUrlOf(config.publicUrl, c.req.url);
    if (!twilioSignatureValid(config.twilio.authToken, url, params, c.req.header("x-twilio-signature")))
      throw refused();
    const receipt = twilioReceipt(params);
    const changed = receipt ? await recordReceipts(db, [receipt]) : 0;
    return c.json({ recebidos: changed }, 200);
  });

  return app;
}
