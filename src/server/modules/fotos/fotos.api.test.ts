/**
 * Visitors' photos through the API (docs/decisions/039-visitor-photos.md), on both stores: the files
 * under DATA_DIR and a local S3-compatible server (s3rver), each behind its own system on the shared
 * database. An upload comes back re-encoded without EXIF; what is not an image, too many pixels or
 * too many bytes is refused in pt-BR with nothing stored; the signed address needs the reader's own
 * session, scope and a current expiry; retention and a data subject's anonymisation delete the files.
 */

import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { createGateWorld, createPass, passInput, validate } from "../../../../tests/support/gate-world";
import { client } from "../../../../tests/support/http";
import { bombPng, phoneJpeg } from "../../../../tests/support/images";
import { startS3Server, type TestS3Server } from "../../../../tests/support/s3-server";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import { createSystem, type System } from "../../bootstrap";
import { auditoria, blobsExcluidos, fotos } from "../../db/schema";
import { anonymiseExpired } from "../../jobs/retention";
import { listAll } from "../../storage/blob-store";
import { createS3Store } from "../../storage/s3-store";
import { signFotoUrl } from "./foto-url";

const shared = setupTestSystem();
let s3: TestS3Server;
let s3System: System;

beforeAll(async () => {
  s3 = await startS3Server();
  s3System = await createSystem({
    ...testSystemOptions(),
    handle: shared().handle,
    storage: createS3Store({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: s3.credentials,
    }),
  });
});

afterAll(async () => {
  // The database is the shared system's: only this system's own parts close.
  await s3System?.closeStreams();
  await s3?.close();
});

const JPEG = { "content-type": "image/jpeg" };

describe.each([
  ["arquivos em DATA_DIR", () => shared()],
  ["servidor compatível com S3", () => s3System],
])("photos on %s", (_store, system) => {
  let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
  let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
  let moradora: Awaited<ReturnType<typeof addSignedInMorador>>;
  let vizinho: Awaited<ReturnType<typeof addSignedInMorador>>;
  let outro: Awaited<ReturnType<typeof createTenantWithMember>>;
  let unidade: { id: string; condominioId: string };

  const store = () => system().store;
  const db = () => system().handle.db;

  async function createRequest(nome = "Maria Visitante") {
    const res = await sindico.api.post("/api/solicitacoes", {
      json: { condominio_id: unidade.condominioId, unidade_id: unidade.id, tipo: "visitante", nome_visitante: nome },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  async function upload(id: string, bytes: Uint8Array, headers: Record<string, string> = JPEG) {
    return client(system(), { cookie: porteiro.cookie }).post(`/api/solicitacoes/${id}/fotos`, { bytes, headers });
  }

  /** The renditions of what was just uploaded are made in the background (decision 040): wait for them. */
  const rendered = () => system().fotoRenderer.settled();

  const rowsOf = async (solicitacaoId: string) =>
    db().select().from(fotos).where(eq(fotos.solicitacaoId, solicitacaoId));

  beforeAll(async () => {
    sindico = await createTenantWithMember(system(), { role: "sindico" });
    const org = sindico.org.id;
    const condo = await createCondominioWithUnidade(system(), org, { codigo: "101", torre: "A" });
    unidade = condo.unidade;
    const vizinha = await addUnidade(system(), org, condo.condominio.id, "102", "A");
    porteiro = await addSignedInMember(system(), org, "porteiro");
    moradora = await addSignedInMorador(system(), org, unidade, { nome: "Ana da 101" });
    vizinho = await addSignedInMorador(system(), org, vizinha, { nome: "Beto da 102" });
    outro = await createTenantWithMember(system(), { role: "sindico" });
  });

  it("a phone's JPEG comes back upright, smaller and without any EXIF (GPS included)", async () => {
    const id = await createRequest();
    const original = await phoneJpeg(2400, 1600);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(id, original);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Answered once checked: the renditions come a moment later.
    expect(res.body).toMatchObject({ origem: "porteiro", status: "processando", url: null, largura: null });
    await rendered();

    const detail = await client(system(), { cookie: porteiro.cookie }).get(`/api/solicitacoes/${id}`);
    expect(detail.body.fotos).toHaveLength(1);
    const [foto] = detail.body.fotos;
    expect(foto).toMatchObject({ id: res.body.id, status: "disponivel", largura: 853, altura: 1280 });
    expect(foto.autor).toBe(porteiro.user.name);
    const image = await client(system(), { cookie: porteiro.cookie }).get(foto.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toMatch(/^private/);
    const meta = await sharp(image.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([853, 1280]);
    const thumb = await client(system(), { cookie: porteiro.cookie }).get(foto.miniatura_url);
    expect((await sharp(thumb.body as Buffer).metadata()).height).toBe(256);

    // The view is in the audit trail, by id only.
    const views = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, "foto"), eq(auditoria.entidadeId, foto.id), eq(auditoria.acao, "visualizar")));
    expect(views.map((v) => v.atorId)).toEqual([porteiro.user.id]);
    // Both renditions are in the store, under the photo's own namespace; the original (EXIF and all) is not.
    const kept = await listAll(store(), `${foto.id}/`);
    expect(kept).toHaveLength(2);
    expect(kept.sort()).toEqual(
      [
        ...(
          await db().select({ a: fotos.chave, b: fotos.chaveMiniatura }).from(fotos).where(eq(fotos.id, foto.id))
        ).flatMap((r) => [r.a, r.b]),
      ].sort(),
    );
    expect(await db().select().from(blobsExcluidos)).toEqual([]);
  });

  it("refuses what is not an image, a decompression bomb and 11 MB, in pt-BR, storing nothing", async () => {
    const id = await createRequest();
    await rendered();
    const before = (await listAll(store())).length;
    const text = await upload(id, Buffer.from("isto não é uma foto, é um texto renomeado para .jpg"));
    expect(text.status).toBe(415);
    expect(text.body.error.message).toBe("O arquivo não é uma imagem (JPEG, PNG ou WebP).");

    const bomb = await upload(id, bombPng(10_000, 5_000), { "content-type": "image/png" });
    expect(bomb.status).toBe(413);
    expect(bomb.body.error.message).toBe("A imagem é grande demais (mais de 40 megapixels).");

    const huge = Buffer.concat([await phoneJpeg(64, 64), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const big = await upload(id, huge);
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe("A imagem passa de 10 MB.");

    const pdf = await upload(id, Buffer.from("%PDF-1.4"), { "content-type": "application/pdf" });
    expect(pdf.status).toBe(415);

    expect(await rowsOf(id)).toHaveLength(0);
    expect(await listAll(store())).toHaveLength(before);
  });

  it("an integration posts the intercom's picture through /api/v1, attributed to its key", async () => {
    const id = await createRequest();
    const { api } = await createApiKeyClient(system(), sindico.cookie, "Interfone da guarita");
    const res = await api.post(`/api/v1/solicitacoes/${id}/foto`, { bytes: await phoneJpeg(640, 480), headers: JPEG });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ origem: "api", autor: "Interfone da guarita", url: null });
    // Another tenant's request is not found for the key.
    const alheia = await api.post("/api/v1/solicitacoes/00000000-0000-4000-8000-000000000001/foto", {
      bytes: await phoneJpeg(64, 64),
      headers: JPEG,
    });
    expect(alheia.status).toBe(404);
  });

  it("the address works only for its reader, within the scope, and until it expires", async () => {
    const id = await createRequest();
    const added = await upload(id, await phoneJpeg(800, 600));
    const fotoId = added.body.id as string;
    await rendered();
    const secret = testSystemOptions().authSecret;
    const path = (userId: string, now = Date.now()) => signFotoUrl(secret, fotoId, "exibicao", userId, now);

    // The resident of the unit sees their visitor.
    const mine = await moradora.api.get(`/api/solicitacoes/${id}`);
    expect((await client(system(), { cookie: moradora.cookie }).get(mine.body.fotos[0].url)).status).toBe(200);
    // The neighbour: with the síndico's address, refused; with one signed for them, not found.
    expect((await client(system(), { cookie: vizinho.cookie }).get(path(sindico.user.id))).status).toBe(403);
    expect((await client(system(), { cookie: vizinho.cookie }).get(path(vizinho.user.id))).status).toBe(404);
    // Another tenant, even with an address signed for them: not found.
    expect((await client(system(), { cookie: outro.cookie }).get(path(outro.user.id))).status).toBe(404);
    // No session at all.
    expect((await client(system()).get(path(sindico.user.id))).status).toBe(401);
    // Expired: signed twenty minutes ago.
    const old = await client(system(), { cookie: sindico.cookie }).get(path(sindico.user.id, Date.now() - 20 * 60_000));
    expect(old.status).toBe(403);
    expect(old.body.error.message).toBe("O endereço desta foto expirou. Recarregue a página para vê-la.");
    // Tampered signature.
    // Changes the signature's first character to a different one (replacing it with a fixed letter
    // left it unchanged whenever the signature already began with that letter).
    const tampered = path(sindico.user.id).replace(/sig=(.)/, (_m, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    expect((await client(system(), { cookie: sindico.cookie }).get(tampered)).status).toBe(403);
  });

  it("a morador adds photos only to the visits they registered; other units' requests are not found", async () => {
    const mine = await moradora.api.post("/api/solicitacoes", {
      json: { condominio_id: unidade.condominioId, unidade_id: unidade.id, tipo: "visitante", nome_visitante: "Tia" },
    });
    expect(mine.status).toBe(201);
    const own = await client(system(), { cookie: moradora.cookie }).post(`/api/solicitacoes/${mine.body.id}/fotos`, {
      bytes: await phoneJpeg(320, 240),
      headers: JPEG,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const byStaff = await createRequest();
    const notHers = await client(system(), { cookie: moradora.cookie }).post(`/api/solicitacoes/${byStaff}/fotos`, {
      bytes: await phoneJpeg(320, 240),
      headers: JPEG,
    });
    expect(notHers.status).toBe(403);
    const neighbour = await client(system(), { cookie: vizinho.cookie }).post(`/api/solicitacoes/${byStaff}/fotos`, {
      bytes: await phoneJpeg(320, 240),
      headers: JPEG,
    });
    expect(neighbour.status).toBe(404);
    expect(await rowsOf(byStaff)).toHaveLength(0);
  });

  it("retention deletes photos past the condominium's photo days from the store, and says so", async () => {
    const id = await createRequest();
    const fotoId = (await upload(id, await phoneJpeg(500, 500))).body.id as string;
    const keep = await createRequest();
    const keptId = (await upload(keep, await phoneJpeg(500, 500))).body.id as string;
    await rendered();
    // Taken 31 days ago: past the default 30 days; the request itself (90 days) stays.
    await db().execute(sql`UPDATE fotos SET created_at = now() - interval '31 days' WHERE id = ${fotoId}`);
    expect(await listAll(store(), `${fotoId}/`)).toHaveLength(2);

    const run = await anonymiseExpired(db(), new Date(), { organizationId: sindico.org.id, store: store() });
    expect(run.fotos).toBe(1);
    expect(run.solicitacoes).toBe(0);
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await listAll(store(), `${fotoId}/`)).toEqual([]);
    expect(await listAll(store(), `${keptId}/`)).toHaveLength(2);
    expect(await db().select().from(blobsExcluidos)).toEqual([]);
    const [record] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.organizationId, sindico.org.id), sql`${auditoria.resumo} LIKE 'Retenção:%foto%'`));
    expect(record?.resumo).toBe("Retenção: 1 foto de visitante apagada (mais de 30 dias)");
  });

  it("a data subject's export carries their photos, and their anonymisation deletes them from the store", async () => {
    const id = await createRequest("Joana Titular");
    const fotoId = (await upload(id, await phoneJpeg(400, 300))).body.id as string;
    await rendered();
    const exportacao = await sindico.api.post("/api/titulares/pedidos", {
      json: { tipo: "exportacao", titular: { nome: "Joana Titular" }, registros: [{ tipo: "solicitacao", id }] },
    });
    expect(exportacao.status, JSON.stringify(exportacao.body)).toBe(201);
    const { unzipSync, strFromU8 } = await import("fflate");
    const archive = await fetchArchive(exportacao.body.id);
    const files = unzipSync(archive);
    const dados = JSON.parse(strFromU8(files["dados.json"]!));
    expect(dados.fotos).toEqual([
      expect.objectContaining({ id: fotoId, solicitacao_id: id, arquivo: `fotos/${fotoId}.jpg` }),
    ]);
    expect((await sharp(Buffer.from(files[`fotos/${fotoId}.jpg`]!)).metadata()).format).toBe("jpeg");

    const anon = await sindico.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", titular: { nome: "Joana Titular" }, registros: [{ tipo: "solicitacao", id }] },
    });
    expect(anon.status, JSON.stringify(anon.body)).toBe(201);
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await listAll(store(), `${fotoId}/`)).toEqual([]);
    // An anonymised request takes no new photo.
    const again = await upload(id, await phoneJpeg(64, 64));
    expect(again.status).toBe(409);
  });

  async function fetchArchive(pedidoId: string): Promise<Uint8Array> {
    const res = await system().app.request(`http://localhost:3000/api/titulares/pedidos/${pedidoId}/arquivo.zip`, {
      headers: { cookie: sindico.cookie, origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }
});

describe("a pass holder's face and the lists' thumbnails", () => {
  it("the porteiro sees the pass photo when the PIN lets Maria in; a new photo replaces the old one", async () => {
    const system = shared;
    const world = await createGateWorld(system());
    const passe = await createPass(world.morador.api, passInput(world.condoA));
    const first = await world.morador.api.post(`/api/passes/${passe.id}/foto`, {
      bytes: await phoneJpeg(600, 800),
      headers: JPEG,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await system().fotoRenderer.settled();
    expect(await listAll(system().store, `${first.body.id}/`)).toHaveLength(2);
    const second = await world.porteiro.api.post(`/api/passes/${passe.id}/foto`, {
      bytes: await phoneJpeg(640, 480),
      headers: JPEG,
    });
    expect(second.status).toBe(201);
    await system().fotoRenderer.settled();
    expect(await listAll(system().store, `${first.body.id}/`)).toEqual([]);

    const detail = await world.morador.api.get(`/api/passes/${passe.id}`);
    // The phone's picture says "rotate 90°": it comes back upright.
    expect(detail.body.foto).toMatchObject({ id: second.body.id, largura: 480, altura: 640 });

    const res = await validate(world.porteiro.api, { condominio_id: world.condoA.condominio.id, pin: passe.pin });
    expect(res.body.resultado).toBe("liberado");
    expect(res.body.passe.foto_url).toMatch(new RegExp(`^/api/fotos/${second.body.id}/exibicao\\?exp=\\d+&sig=`));
    const image = await world.porteiro.api.get(res.body.passe.foto_url);
    expect(image.status).toBe(200);
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(480);

    // Another tenant's pass is not found.
    const alheio = await world.b.api.post(`/api/passes/${passe.id}/foto`, {
      bytes: await phoneJpeg(64, 64),
      headers: JPEG,
    });
    expect(alheio.status).toBe(404);
  });

  it("the requests' list and the dashboard's latest carry the newest photo's thumbnail", async () => {
    const sindico = await createTenantWithMember(shared(), { role: "sindico" });
    const { condominio, unidade } = await createCondominioWithUnidade(shared(), sindico.org.id);
    const create = async (nome: string) =>
      (
        await sindico.api.post("/api/solicitacoes", {
          json: { condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: nome },
        })
      ).body.id as string;
    const comFoto = await create("Com Foto");
    const semFoto = await create("Sem Foto");
    const foto = await sindico.api.post(`/api/solicitacoes/${comFoto}/fotos`, {
      bytes: await phoneJpeg(300, 300),
      headers: JPEG,
    });
    expect(foto.status).toBe(201);
    await shared().fotoRenderer.settled();
    const signed = (await sindico.api.get(`/api/solicitacoes/${comFoto}`)).body.fotos[0].miniatura_url as string;
    const list = await sindico.api.get("/api/solicitacoes?page_size=10");
    const byId = new Map(list.body.items.map((i: { id: string }) => [i.id, i]));
    expect((byId.get(comFoto) as { foto_miniatura_url: string }).foto_miniatura_url).toBe(signed);
    expect((byId.get(semFoto) as { foto_miniatura_url: string | null }).foto_miniatura_url).toBeNull();
    const ultimas = await sindico.api.get("/api/dashboard/ultimas");
    const row = ultimas.body.items.find((i: { id: string }) => i.id === comFoto);
    expect(row.foto_miniatura_url).toBe(signed);
    expect((await sindico.api.get(row.foto_miniatura_url)).status).toBe(200);
  });
});
