/**
 * A registered person's photo (docs/product.md, "Fotos"): owners and síndicos upload it to the
 * person's record, it is rendered in the background and shown through a signed address in the
 * person's detail; a new one replaces the old (whose files leave the store), it can be removed, a
 * morador or another tenant never reaches it, a data subject's export carries it and their
 * anonymisation deletes it.
 */

import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { phoneJpeg } from "../../../../tests/support/images";
import { setupTestSystem } from "../../../../tests/support/system";
import { auditoria, fotos } from "../../db/schema";
import { anonymiseExpired } from "../../jobs/retention";
import { listAll } from "../../storage/blob-store";

const system = setupTestSystem();
const JPEG = { "content-type": "image/jpeg" };

describe("a person's photo", () => {
  let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
  let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
  let moradora: Awaited<ReturnType<typeof addSignedInMorador>>;
  let outro: Awaited<ReturnType<typeof createTenantWithMember>>;
  let condominioId: string;

  const db = () => system().handle.db;
  const rendered = () => system().fotoRenderer.settled();

  async function createPessoa(nome: string) {
    const res = await sindico.api.post("/api/pessoas", { json: { condominio_id: condominioId, nome } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  async function upload(pessoaId: string, bytes: Uint8Array, cookie = sindico.cookie) {
    return client(system(), { cookie }).post(`/api/pessoas/${pessoaId}/foto`, { bytes, headers: JPEG });
  }

  const photoRows = (pessoaId: string) => db().select().from(fotos).where(eq(fotos.pessoaId, pessoaId));

  beforeAll(async () => {
    sindico = await createTenantWithMember(system(), { role: "sindico" });
    const condo = await createCondominioWithUnidade(system(), sindico.org.id, { codigo: "101", torre: "A" });
    condominioId = condo.condominio.id;
    porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
    moradora = await addSignedInMorador(system(), sindico.org.id, condo.unidade, { nome: "Ana da 101" });
    outro = await createTenantWithMember(system(), { role: "sindico" });
  });

  it("is processed in the background, then the detail signs an address that opens the image without EXIF", async () => {
    const id = await createPessoa("Carla Funcionária");
    const before = await sindico.api.get(`/api/pessoas/${id}`);
    expect(before.body.foto).toBeNull();

    const original = await phoneJpeg(1600, 1200);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(id, original);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "processando", url: null });
    const waiting = await sindico.api.get(`/api/pessoas/${id}`);
    expect(waiting.body.foto).toMatchObject({ id: res.body.id, status: "processando", url: null });

    await rendered();
    // Staff who read people see it too, signed for themselves.
    const detail = await porteiro.api.get(`/api/pessoas/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.foto).toMatchObject({ id: res.body.id, status: "disponivel" });
    const image = await porteiro.api.get(detail.body.foto.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(image.body as Buffer).metadata()).exif).toBeUndefined();
    // The people registry (and so the photo) is staff's: a morador does not read it.
    const moradoraDetail = await moradora.api.get(`/api/pessoas/${id}`);
    expect(moradoraDetail.status).toBe(403);

    // The audit trail names the person by id only.
    const [created] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, "foto"), eq(auditoria.entidadeId, res.body.id), eq(auditoria.acao, "criar")));
    expect(created?.depois).toEqual({ pessoa_id: id });
    expect(JSON.stringify(created)).not.toContain("Carla");
  });

  it("a new photo replaces the old one, whose files leave the store; retention keeps it; removing it leaves none", async () => {
    const id = await createPessoa("Davi Morador");
    const first = (await upload(id, await phoneJpeg(400, 300))).body.id as string;
    await rendered();
    expect((await listAll(system().store, `${first}/`)).length).toBe(2);

    const second = await upload(id, await phoneJpeg(300, 400));
    expect(second.status).toBe(201);
    await rendered();
    expect((await photoRows(id)).map((r) => r.id)).toEqual([second.body.id]);
    expect(await listAll(system().store, `${first}/`)).toEqual([]);
    const detail = await sindico.api.get(`/api/pessoas/${id}`);
    expect(detail.body.foto).toMatchObject({ id: second.body.id, status: "disponivel" });

    // Not a visitor's photo: the photo retention (30 days by default) leaves it.
    await db().execute(sql`UPDATE fotos SET created_at = now() - interval '400 days' WHERE id = ${second.body.id}`);
    await anonymiseExpired(db(), new Date(), { organizationId: sindico.org.id, store: system().store });
    expect((await photoRows(id)).map((r) => r.id)).toEqual([second.body.id]);

    const removed = await sindico.api.delete(`/api/pessoas/${id}/foto`);
    expect(removed.status).toBe(204);
    expect(await photoRows(id)).toEqual([]);
    expect(await listAll(system().store, `${second.body.id}/`)).toEqual([]);
    expect((await sindico.api.get(`/api/pessoas/${id}`)).body.foto).toBeNull();
    // Nothing left to remove.
    expect((await sindico.api.delete(`/api/pessoas/${id}/foto`)).status).toBe(404);
  });

  it("a morador or a porteiro may not change it; another tenant does not find the person", async () => {
    const id = await createPessoa("Elisa Moradora");
    const bytes = await phoneJpeg(64, 64);
    expect((await upload(id, bytes, moradora.cookie)).status).toBe(403);
    expect((await upload(id, bytes, porteiro.cookie)).status).toBe(403);
    expect((await moradora.api.delete(`/api/pessoas/${id}/foto`)).status).toBe(403);
    const foreign = await upload(id, bytes, outro.cookie);
    expect(foreign.status).toBe(404);
    expect((await outro.api.delete(`/api/pessoas/${id}/foto`)).status).toBe(404);
    expect(await photoRows(id)).toEqual([]);
  });

  it("deleting the person deletes the photo; a data subject's export carries it, their anonymisation deletes it", async () => {
    const gone = await createPessoa("Fábio Saída");
    const goneFoto = (await upload(gone, await phoneJpeg(200, 200))).body.id as string;
    await rendered();
    expect((await sindico.api.delete(`/api/pessoas/${gone}`)).status).toBe(204);
    expect(await db().select().from(fotos).where(eq(fotos.id, goneFoto))).toEqual([]);

    const id = await createPessoa("Gabriela Titular");
    const fotoId = (await upload(id, await phoneJpeg(200, 200))).body.id as string;
    await rendered();
    // Only an inactive person may be anonymised.
    const off = await sindico.api.put(`/api/pessoas/${id}`, {
      json: { condominio_id: condominioId, nome: "Gabriela Titular", ativo: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // The data subject's copy carries the photo as a JPEG file.
    const exportacao = await sindico.api.post("/api/titulares/pedidos", {
      json: { tipo: "exportacao", titular: { nome: "Gabriela Titular" }, registros: [{ tipo: "pessoa", id }] },
    });
    expect(exportacao.status, JSON.stringify(exportacao.body)).toBe(201);
    const zip = await system().app.request(
      `http://localhost:3000/api/titulares/pedidos/${exportacao.body.id}/arquivo.zip`,
      { headers: { cookie: sindico.cookie, origin: "http://localhost:3000" } },
    );
    expect(zip.status).toBe(200);
    const { unzipSync, strFromU8 } = await import("fflate");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(JSON.parse(strFromU8(files["dados.json"]!)).fotos).toEqual([
      expect.objectContaining({ id: fotoId, pessoa_id: id, arquivo: `fotos/${fotoId}.jpg` }),
    ]);
    expect((await sharp(Buffer.from(files[`fotos/${fotoId}.jpg`]!)).metadata()).format).toBe("jpeg");
    const anon = await sindico.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", titular: { nome: "Gabriela Titular" }, registros: [{ tipo: "pessoa", id }] },
    });
    expect(anon.status, JSON.stringify(anon.body)).toBe(201);
    expect(await photoRows(id)).toEqual([]);
    expect(await listAll(system().store, `${fotoId}/`)).toEqual([]);
    expect((await sindico.api.get(`/api/pessoas/${id}`)).body.foto).toBeNull();
  });
});
