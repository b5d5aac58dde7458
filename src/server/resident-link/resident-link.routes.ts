/**
 * `/r/<token>`: the resident's page (docs/product.md, "Resident link"). Plain HTML, no JavaScript, outside /api: what a
 * phone opens from WhatsApp, SMS or e-mail. GET shows, POST (the confirmation form) decides.
 * Limits: per IP on every request, and per token on decisions, so a token cannot be hammered and
 * one address cannot sweep tokens.
 */
import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MOTIVO_NEGACAO_MAX } from "../../shared/schemas/solicitacoes";
import type { Database } from "../db/client";
import { ipLimitKey } from "../http/client-ip";
import type { AppEnv } from "../http/context";
import { hitLimit } from "../http/rate-limit";
import type { BlobStore } from "../storage";
import { type RenderedResidentPage, renderResidentPage } from "./page";
import { decideByLink, linkPhotoKey, viewLink } from "./resident-link.service";

const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  // The visitor's photo comes from this same link (/r/<token>/foto).
  "img-src data: 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

const VIEWS_PER_IP = { max: 120, windowMs: 60_000 };
const DECISIONS_PER_IP = { max: 30, windowMs: 10 * 60_000 };
const DECISIONS_PER_TOKEN = { max: 10, windowMs: 10 * 60_000 };

const decisaoOf = (value: unknown) => (value === "autorizado" || value === "negado" ? value : null);

export function residentLinkRoutes(db: Database, deps: { store: BlobStore }) {
  const app = new Hono<AppEnv>();

  function send(c: Context<AppEnv>, page: RenderedResidentPage, retryAfter?: number) {
    c.header("Content-Security-Policy", PAGE_CSP);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (retryAfter) c.header("Retry-After", String(retryAfter));
    return c.html(page.html, page.status as 200);
  }

  const tooMany = (c: Context<AppEnv>, windowMs: number) =>
    send(c, renderResidentPage({ kind: "limite", retryAfterSeconds: windowMs / 1000 }), windowMs / 1000);

  app.get("/:token", async (c) => {
    const ip = ipLimitKey(c.get("clientIp")) ?? "desconhecido";
    if (!(await hitLimit(db, `link-view:${ip}`, VIEWS_PER_IP))) return tooMany(c, VIEWS_PER_IP.windowMs);
    const state = await viewLink(db, c.req.param("token"), decisaoOf(c.req.query("decisao")));
    return send(c, renderResidentPage(state));
  });

  app.get("/:token/foto", async (c) => {
    const ip = ipLimitKey(c.get("clientIp")) ?? "desconhecido";
    if (!(await hitLimit(db, `link-view:${ip}`, VIEWS_PER_IP))) return c.body(null, 429);
    const key = await linkPhotoKey(db, c.req.param("token"));
    const stream = key ? await deps.store.get(key) : null;
    if (!stream) return c.body(null, 404);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      status: 200,
      headers: {
        "content-type": "image/jpeg",
        // Only this browser, never a shared cache; the link's address is the credential.
        "cache-control": "private, no-store",
        "referrer-policy": "no-referrer",
        "x-robots-tag": "noindex, nofollow",
      },
    });
  });

  app.post(
    "/:token",
    bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.text("Conteúdo grande demais.", 413) }),
    async (c) => {
      const token = c.req.param("token");
      const ip = ipLimitKey(c.get("clientIp")) ?? "desconhecido";
      if (!(await hitLimit(db, `link-decide-ip:${ip}`, DECISIONS_PER_IP))) return tooMany(c, DECISIONS_PER_IP.windowMs);
      if (!(await hitLimit(db, `link-decide:${token.slice(0, 64)}`, DECISIONS_PER_TOKEN)))
        return tooMany(c, DECISIONS_PER_TOKEN.windowMs);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const decisao = decisaoOf(form.decisao);
      if (!decisao) return send(c, renderResidentPage(await viewLink(db, token, null)));
      // What the confirmation asked: a note with an authorisation, a reason with a refusal. The
      // textareas' maxlength holds the lengths; a longer post (no browser) is cut, not refused.
      const text = (field: unknown, max: number) => (typeof field === "string" && field.trim().slice(0, max)) || null;
      const state = await decideByLink(db, token, decisao, {
        observacoes: decisao === "autorizado" ? text(form.observacoes, 500) : null,
        motivoNegacao: decisao === "negado" ? text(form.motivo_negacao, MOTIVO_NEGACAO_MAX) : null,
      });
      return send(c, renderResidentPage(state));
    },
  );

  return app;
}
