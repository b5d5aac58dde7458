/**
 * The visitor's photo on the resident's link (docs/product.md, "Fotos" and "Resident link";
 * docs/decisions/039-visitor-photos.md): the page shows the latest photo large above the buttons,
 * from `/r/<token>/foto`, which answers the image only while the link asks for a decision (the link
 * is the capability) and never to a shared cache; once the request is decided (by the resident or by
 * staff), expired, or the link is past its time, the photo is gone from it. A visitor who declined
 * the kiosk's photo is said to have declined. The links come from the demo tenant's demo channel,
 * which keeps each message's whole text.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_TENANT_SLUG } from "@/server/demo-guard";
import {
  addSignedInMember,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { client, cookieFrom } from "../../../tests/support/http";
import { phoneJpeg } from "../../../tests/support/images";
import { setupTestSystem } from "../../../tests/support/system";
import { notificacoes, organization, pessoas, unidadeMoradores } from "../db/schema";
import { buildSearchText } from "../db/search";
import { expireOverdue } from "../jobs/expire-solicitacoes";

const system = setupTestSystem();
const db = () => system().handle.db;
/** A whole link token in a message's text. */
const LINK = /\/r\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const HTML = { headers: { accept: "text/html" } };
const browser = () => client(system());
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
});

type Member = Awaited<ReturnType<typeof addSignedInMember>>;
let porteiro: Member;
let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let unidade: { id: string; condominioId: string };
let portaoId: string;

/** The demo tenant (its slug is unique: one per file), a unit with a resident reachable on WhatsApp, a gate. */
beforeAll(async () => {
  sindico = await createTenantWithMember(system(), { role: "sindico" });
  await db().update(organization).set({ slug: DEMO_TENANT_SLUG }).where(eq(organization.id, sindico.org.id));
  await vi.waitFor(async () => expect((await sindico.api.get("/api/me")).body.organization.demo).toBe(true));
  porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  ({ unidade } = await createCondominioWithUnidade(system(), sindico.org.id, { nome: "Residencial do Link" }));
  const [ana] = await db()
    .insert(pessoas)
    .values({
      organizationId: sindico.org.id,
      condominioId: unidade.condominioId,
      nome: "Ana Souza",
      telefoneE164: "+5511999998888",
      busca: buildSearchText(["Ana Souza"]),
    })
    .returning();
  await db().insert(unidadeMoradores).values({
    organizationId: sindico.org.id,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: ana!.id,
    isResponsavel: true,
  });
  const gate = await sindico.api.post("/api/portoes", {
    json: { condominio_id: unidade.condominioId, nome: "Portaria" },
  });
  expect(gate.status, JSON.stringify(gate.body)).toBe(201);
  portaoId = gate.body.id;
});

async function createRequest(nome: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await porteiro.api.post("/api/solicitacoes", {
    json: { condominio_id: unidade.condominioId, unidade_id: unidade.id, nome_visitante: nome, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** The resident's link, as the demo channel sent it: `/r/<token>`. */
async function linkOf(solicitacaoId: string): Promise<string> {
  let path = "";
  await vi.waitFor(
    async () => {
      await system().notifications.deliverDue();
      const [row] = await db().select().from(notificacoes).where(eq(notificacoes.solicitacaoId, solicitacaoId));
      const match = LINK.exec(row?.mensagem ?? "");
      expect(match, "a mensagem de demonstração com o link").not.toBeNull();
      path = `/r/${match![1]}`;
    },
    { timeout: 10_000, interval: 50 },
  );
  return path;
}

/** Uploads a phone's photo and waits until it is stored (it may be rendered in the background). */
async function addPhoto(solicitacaoId: string) {
  const res = await porteiro.api.post(`/api/solicitacoes/${solicitacaoId}/fotos`, {
    bytes: await phoneJpeg(1200, 900),
    headers: { "content-type": "image/jpeg" },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  await vi.waitFor(
    async () => {
      const detail = await porteiro.api.get(`/api/solicitacoes/${solicitacaoId}`);
      expect(detail.body.fotos.map((f: { status: string }) => f.status)).toEqual(["disponivel"]);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** A pending request with a photo, and its resident's link. */
async function pendingWithPhoto(nome: string, extra: Record<string, unknown> = {}) {
  const id = await createRequest(nome, extra);
  await addPhoto(id);
  return { id, path: await linkOf(id) };
}

const photoOf = (path: string) => browser().get(`${path}/foto`, HTML);

/** The page's photo: the <img class="foto"> and its address. */
function imgOf(html: string): { tag: string; src: string } | null {
  const tag = /<img class="foto"[^>]*>/.exec(html)?.[0];
  if (!tag) return null;
  return { tag, src: /src="([^"]+)"/.exec(tag)![1]!.replaceAll("&amp;", "&") };
}

describe("the resident's link with the visitor's photo", () => {
  it("shows the photo above the buttons, served from the link, private and not stored by the browser", async () => {
    const { path } = await pendingWithPhoto("Carlos Com Foto");

    const page = await browser().get(path, HTML);
    expect(page.status).toBe(200);
    const img = imgOf(page.body);
    expect(img, "a foto na página").not.toBeNull();
    expect(img!.tag).toContain('alt="Foto de Carlos Com Foto na portaria"');
    expect(img!.src.startsWith(`${path}/foto`)).toBe(true);
    expect(page.body.indexOf('class="foto"')).toBeLessThan(page.body.indexOf("Autorizar entrada"));

    const photo = await browser().get(img!.src, HTML);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("private, no-store");
    const meta = await sharp(photo.body as Buffer).metadata();
    expect(meta.format).toBe("jpeg");
    // The display image, re-encoded: upright and without the phone's EXIF.
    expect([meta.width, meta.height]).toEqual([900, 1200]);
    expect(meta.exif).toBeUndefined();

    // The confirmation step shows it too, still above the form's button.
    const confirm = await browser().get(`${path}?decisao=autorizado`, HTML);
    expect(imgOf(confirm.body)).not.toBeNull();
    expect(confirm.body.indexOf('class="foto"')).toBeLessThan(confirm.body.indexOf("Confirmar autorização"));
  });

  it("once the resident decided, the page shows the outcome without the photo and the photo's address is 404", async () => {
    const { path } = await pendingWithPhoto("Decidida Pelo Morador");
    expect((await photoOf(path)).status).toBe(200);

    const decided = await browser().post(path, form({ decisao: "autorizado" }));
    expect(decided.body).toContain("Entrada autorizada");
    expect(imgOf(decided.body)).toBeNull();
    expect((await photoOf(path)).status).toBe(404);
    const after = await browser().get(path, HTML);
    expect(after.body).toContain("Entrada autorizada");
    expect(imgOf(after.body)).toBeNull();
  });

  it("a decision by staff, an expired request and a link past its time take the photo away", async () => {
    const byStaff = await pendingWithPhoto("Negada Na Portaria");
    expect((await photoOf(byStaff.path)).status).toBe(200);
    const denied = await porteiro.api.post(`/api/solicitacoes/${byStaff.id}/negar`, { json: {} });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    expect((await photoOf(byStaff.path)).status).toBe(404);

    const inOneHour = new Date(Date.now() + 3_600_000).toISOString();
    const expiring = await pendingWithPhoto("Expira Com Foto", { expiracao_em: inOneHour });
    expect((await photoOf(expiring.path)).status).toBe(200);
    expect(await expireOverdue(db(), { now: new Date(Date.now() + 2 * 3_600_000) })).toBeGreaterThanOrEqual(1);
    expect((await photoOf(expiring.path)).status).toBe(404);
    const expiredPage = await browser().get(expiring.path, HTML);
    expect(imgOf(expiredPage.body)).toBeNull();

    const stale = await pendingWithPhoto("Link Vencido");
    expect((await photoOf(stale.path)).status).toBe(200);
    await db()
      .update(notificacoes)
      .set({ tokenExpiraEm: sql`now() - interval '1 minute'` })
      .where(eq(notificacoes.solicitacaoId, stale.id));
    expect((await photoOf(stale.path)).status).toBe(404);
  });

  it("a wrong or malformed token, or a link without a photo, is 404", async () => {
    const { path } = await pendingWithPhoto("Token Certo");
    const token = path.split("/").pop()!;
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [`/r/${wrong}`, "/r/nao-existe", `/r/${"A".repeat(43)}`]) {
      const res = await photoOf(bad);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get("content-type") ?? "").not.toMatch(/^image\//);
    }

    const semFoto = await createRequest("Sem Foto Nenhuma");
    const semFotoPath = await linkOf(semFoto);
    const page = await browser().get(semFotoPath, HTML);
    expect(page.status).toBe(200);
    expect(imgOf(page.body)).toBeNull();
    expect(page.body).not.toContain("preferiu não tirar foto");
    expect((await photoOf(semFotoPath)).status).toBe(404);
  });

  it("a visitor who declined the kiosk's photo: the page says so, and there is no photo to open", async () => {
    const kiosk = await pairedKiosk();
    const started = await kiosk.post("/api/totem/conversas", { json: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const conversaId = started.body.id as string;
    const refused = await kiosk.post(`/api/totem/conversas/${conversaId}/foto/recusa`, { json: {} });
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    const registered = await porteiro.api.post(`/api/atendimentos/${conversaId}/solicitacao`, {
      json: { unidade_id: unidade.id, nome_visitante: "Visitante Tímido", tipo: "visitante" },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const path = await linkOf(registered.body.solicitacao.id);

    const page = await browser().get(path, HTML);
    expect(page.status).toBe(200);
    expect(page.body).toContain("O visitante preferiu não tirar foto.");
    expect(imgOf(page.body)).toBeNull();
    expect(page.body.indexOf("O visitante preferiu não tirar foto.")).toBeLessThan(
      page.body.indexOf("Autorizar entrada"),
    );
    expect((await photoOf(path)).status).toBe(404);
  });
});

/** A kiosk at the demo condominium's gate, paired: a client holding only its cookie. */
async function pairedKiosk() {
  const created = await sindico.api.post("/api/totens", {
    json: { nome: "Totem do Link", condominio_id: unidade.condominioId, portao_id: portaoId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const codigo = /\/totem\/parear\/([\w-]+)$/.exec(created.body.link)![1]!;
  const paired = await browser().post("/api/totem/parear", { json: { codigo } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  return client(system(), { cookie: cookieFrom(paired.headers) });
}
