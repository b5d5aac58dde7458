/**
 * /api/webhooks/twilio/…: what Twilio asks Guarita during a call (docs/decisions/037-phone-line-and-whatsapp.md).
 * Every request is checked with `X-Twilio-Signature` against the public URL Twilio called (PUBLIC_URL,
 * never the Host header); a missing or wrong signature is a 403 that changes nothing. Without
 * TWILIO_AUTH_TOKEN nothing here can be verified, so nothing here answers.
 *
 * - `POST /voz?portao=<id>`: a call to a gate's line; the attendant answers (linha-visitante.service).
 * - `POST /voz/turno`, `/voz/aguardar`: the call's next turn and its waits.
 * - `POST /voz/status`: the line's own status callback (a caller who hung up).
 * - `POST /morador/<token>` and `/morador/<token>/tecla`: Guarita's call to a resident (ligacao-morador.service).
 * - `POST /chamada`: status callbacks of the calls Guarita placed.
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { AppError, badRequest } from "../../http/errors";
import { signedUrlOf, twilioSignatureValid } from "../../telephony/twilio";
import { residentCallAnswered, residentCallKey, residentCallStatus } from "./ligacao-morador.service";
import { answerCall, callEnded, callTurn, callWaiting } from "./linha-visitante.service";

export interface TwilioWebhookConfig {
  /** TWILIO_AUTH_TOKEN: verifies every request; without it these routes answer 404. */
  authToken?: string;
  /** The public origin Twilio calls (PUBLIC_URL): the signature covers the full URL. */
  publicUrl: string;
  /** Signs pass QR tokens (the PIN validation of the attendant needs it). */
  secret: string;
}

type TwilioEnv = AppEnv & { Variables: { twilioParams: Record<string, string> } };

const refused = () => new AppError(403, "INVALID_SIGNATURE", "Assinatura da Twilio inválida.");
const notConfigured = () =>
  new AppError(404, "NOT_FOUND", "Linha telefônica (Twilio) não configurada: defina TWILIO_AUTH_TOKEN.");

const count = z.coerce.number().int().min(0).max(10_000);
const turnoQuery = z.object({ conversa: z.uuid(), turno: count, s: count.default(0) });
const aguardarQuery = z.object({ conversa: z.uuid(), turno: count, visto: count, rodada: count.default(0) });
const portaoQuery = z.object({ portao: z.uuid() });

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest("Parâmetros da chamada inválidos.");
  return parsed.data;
}

const xml = (body: string) =>
  new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });

export function twilioWebhookRoutes(db: Database, config: TwilioWebhookConfig) {
  const deps = { db, secret: config.secret };
  const app = new Hono<TwilioEnv>();

  // Per route, not "*": the SMS receipts at /api/webhooks/twilio itself are another router's.
  const verified = createMiddleware<TwilioEnv>(async (c, next) => {
    if (!config.authToken) throw notConfigured();
    const form = await c.req.parseBody().catch(() => ({}));
    const params = Object.fromEntries(
      Object.entries(form).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const url = signedUrlOf(config.publicUrl, c.req.url);
    if (!twilioSignatureValid(config.authToken, url, params, c.req.header("x-twilio-signature"))) throw refused();
    c.set("twilioParams", params);
    await next();
  });

  const callSid = (params: Record<string, string>) => {
    const sid = params.CallSid ?? "";
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(sid)) throw badRequest("CallSid ausente ou inválido.");
    return sid;
  };

  app.post("/voz", verified, async (c) => {
    const params = c.get("twilioParams");
    const { portao } = parse(portaoQuery, c.req.query());
    return xml(await answerCall(deps, { portaoId: portao, callSid: callSid(params), demo: false }));
  });

  app.post("/voz/turno", verified, async (c) => {
    const params = c.get("twilioParams");
    const q = parse(turnoQuery, c.req.query());
    const fala = (params.SpeechResult ?? "").trim() || (params.Digits ?? "").trim();
    return xml(
      await callTurn(deps, { conversaId: q.conversa, callSid: callSid(params), turno: q.turno, silencios: q.s, fala }),
    );
  });

  app.post("/voz/aguardar", verified, async (c) => {
    const params = c.get("twilioParams");
    const q = parse(aguardarQuery, c.req.query());
    return xml(
      await callWaiting(deps, {
        conversaId: q.conversa,
        callSid: callSid(params),
        turno: q.turno,
        visto: q.visto,
        rodada: q.rodada,
      }),
    );
  });

  app.post("/voz/status", verified, async (c) => {
    const params = c.get("twilioParams");
    if (["completed", "busy", "failed", "no-answer", "canceled"].includes(params.CallStatus ?? "")) {
      await callEnded(deps, callSid(params));
    }
    return c.body(null, 204);
  });

  app.post("/morador/:token", verified, async (c) => xml(await residentCallAnswered(db, c.req.param("token"))));

  app.post("/morador/:token/tecla", verified, async (c) => {
    const params = c.get("twilioParams");
    const r = parse(z.object({ r: count.default(0) }), c.req.query()).r;
    const tecla = (params.Digits ?? "").trim().slice(0, 1);
    return xml(await residentCallKey(db, c.req.param("token"), tecla, r));
  });

  app.post("/chamada", verified, async (c) => {
    const params = c.get("twilioParams");
    const known = await residentCallStatus(db, { callSid: callSid(params), callStatus: params.CallStatus ?? "" });
    // Twilio needs no body; `conhecida` helps whoever reads the request log.
    return c.json({ conhecida: known }, 200);
  });

  return app;
}
