/**
 * The kiosk's photo step (docs/product.md, "Totem"; docs/decisions/039-visitor-photos.md): the
 * visitor's picture, or their refusal, on the kiosk's own open conversation; at most one per
 * conversation (a retake replaces, and the old files leave the store); and the request the attendant
 * (or a porteiro) creates from the conversation takes it, also when it arrived while that turn ran.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { atendenteConversas, fotos } from "@/server/db/schema";
import { attendantWorld } from "../../../../tests/support/attendant-world";
import { addSignedInMember, createApiKeyClient } from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { phoneJpeg } from "../../../../tests/support/images";
import { setupTestSystem } from "../../../../tests/support/system";
import { listAll } from "../../storage/blob-store";

const system = setupTestSystem();
const db = () => system().handle.db;
const store = () => system().store;
const JPEG = { "content-type": "image/jpeg" };
const APRESENTACAO = "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A";

type World = Awaited<ReturnType<typeof world>>;
let w: World;
let foto: Buffer;

async function world() {
  const base = await attendantWorld(system(), "Residencial da Foto");
  const porteiro = await addSignedInMember(system(), base.sindico.org.id, "porteiro");
  return { ...base, porteiro };
}

beforeAll(async () => {
  w = await world();
  foto = await phoneJpeg(1200, 900);
});

/** A kiosk at the world's gate, paired: a client holding only its cookie. */
async function pairedKiosk(nome: string) {
  const created = await w.sindico.api.post("/api/totens", {
    json: { nome, condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const codigo = /\/totem\/parear\/([\w-]+)$/.exec(created.body.link)![1]!;
  const paired = await client(system()).post("/api/totem/parear", { json: { codigo } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  const cookie = cookieFrom(paired.headers);
  return { id: created.body.totem.id as string, cookie, api: client(system(), { cookie }) };
}

type Kiosk = Awaited<ReturnType<typeof pairedKiosk>>;

/** A visitor who gave their name and unit: the attendant asks them to confirm (etapa "confirmando"). */
async function visitorAtConfirmation(k: Kiosk) {
  const started = await k.api.post("/api/totem/conversas", { json: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = started.body.id as string;
  const asked = await k.api.post(`/api/totem/conversas/${id}/mensagens`, { json: { texto: APRESENTACAO } });
  expect(asked.body.estado.etapa).toBe("confirmando");
  return id;
}

async function confirm(k: Kiosk, id: string): Promise<string> {
  const res = await k.api.post(`/api/totem/conversas/${id}/mensagens`, { json: { texto: "sim" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.estado.etapa).toBe("aguardando_morador");
  return res.body.estado.solicitacao_id as string;
}

const upload = (k: Kiosk, conversaId: string, bytes: Uint8Array = foto) =>
  k.api.post(`/api/totem/conversas/${conversaId}/foto`, { bytes, headers: JPEG });

/** The renditions are made in the background (docs/decisions/040): wait for them. */
const rendered = () => system().fotoRenderer.settled();

const rowsOf = (conversaId: string) => db().select().from(fotos).where(eq(fotos.conversaId, conversaId));

describe("the kiosk's photo of its visitor", () => {
  it("is attached to the kiosk's conversation, and the request the attendant creates shows it", async () => {
    const k = await pairedKiosk("Foto");
    const conversaId = await visitorAtConfirmation(k);

    const res = await upload(k, conversaId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), status: "processando" });
    await rendered();
    const [row] = await rowsOf(conversaId);
    expect(row).toMatchObject({
      id: res.body.id,
      origem: "totem",
      status: "disponivel",
      portaoId: w.gate.id,
      condominioId: w.condo.condominio.id,
      solicitacaoId: null,
    });
    expect(await listAll(store(), `${res.body.id}/`)).toHaveLength(2);

    const solicitacaoId = await confirm(k, conversaId);
    const detail = await w.porteiro.api.get(`/api/solicitacoes/${solicitacaoId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.fotos).toHaveLength(1);
    expect(detail.body.fotos[0]).toMatchObject({
      id: res.body.id,
      origem: "totem",
      status: "disponivel",
      portao: { id: w.gate.id, nome: "Portaria" },
      autor: null,
    });
    // The staff reads it through its signed address; re-encoded, without the phone's EXIF.
    const image = await w.porteiro.api.get(detail.body.fotos[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(image.body as Buffer).metadata()).exif).toBeUndefined();
  });

  it("takes an image over the API's 1 MB body limit (the pipeline's 10 MB applies)", async () => {
    const k = await pairedKiosk("Foto grande");
    const conversaId = await visitorAtConfirmation(k);
    const noise = Buffer.alloc(1000 * 800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1000, height: 800, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(k, conversaId, big);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("a retake replaces the previous photo: its row goes and its files leave the store", async () => {
    const k = await pairedKiosk("Tirar de novo");
    const conversaId = await visitorAtConfirmation(k);
    const first = await upload(k, conversaId);
    expect(first.status).toBe(201);
    await rendered();
    expect(await listAll(store(), `${first.body.id}/`)).toHaveLength(2);

    const second = await upload(k, conversaId, await phoneJpeg(900, 1200));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    await rendered();
    expect((await rowsOf(conversaId)).map((r) => r.id)).toEqual([second.body.id]);
    expect(await listAll(store(), `${first.body.id}/`)).toEqual([]);
    expect(await listAll(store(), `${second.body.id}/`)).toHaveLength(2);

    const solicitacaoId = await confirm(k, conversaId);
    const detail = await w.sindico.api.get(`/api/solicitacoes/${solicitacaoId}`);
    expect(detail.body.fotos.map((f: { id: string }) => f.id)).toEqual([second.body.id]);
  });

  it("records the visitor's refusal, which replaces a photo already taken, and the request carries it", async () => {
    const k = await pairedKiosk("Recusa");
    const conversaId = await visitorAtConfirmation(k);
    const taken = await upload(k, conversaId);
    expect(taken.status).toBe(201);

    const refused = await k.api.post(`/api/totem/conversas/${conversaId}/foto/recusa`, { json: {} });
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body).toEqual({ id: expect.any(String), status: "recusada" });
    // The photo may still be rendering when the refusal removes it: the renderer then drops what it stored.
    await rendered();
    expect(await listAll(store(), `${taken.body.id}/`)).toEqual([]);
    const rows = await rowsOf(conversaId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "recusada", origem: "totem", chave: null });

    const solicitacaoId = await confirm(k, conversaId);
    const detail = await w.sindico.api.get(`/api/solicitacoes/${solicitacaoId}`);
    expect(detail.body.fotos).toEqual([
      expect.objectContaining({
        status: "recusada",
        motivo: "O visitante preferiu não tirar foto.",
        url: null,
        miniatura_url: null,
      }),
    ]);
  });

  it("goes with the request a porteiro registers from the conversation", async () => {
    const k = await pairedKiosk("Porteiro registra");
    const started = await k.api.post("/api/totem/conversas", { json: {} });
    const conversaId = started.body.id as string;
    expect((await upload(k, conversaId)).status).toBe(201);
    await rendered();
    const registered = await w.porteiro.api.post(`/api/atendimentos/${conversaId}/solicitacao`, {
      json: { unidade_id: w.b101.id, nome_visitante: "Rafael", tipo: "visitante" },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const detail = await w.porteiro.api.get(`/api/solicitacoes/${registered.body.solicitacao.id}`);
    expect(detail.body.fotos).toEqual([expect.objectContaining({ origem: "totem", status: "disponivel" })]);
  });

  it("arriving after the request was created, or while the turn creating it ran, still goes with it", async () => {
    const k = await pairedKiosk("Atrasada");
    // After: the conversation already has its request.
    const late = await visitorAtConfirmation(k);
    const lateRequest = await confirm(k, late);
    const afterwards = await upload(k, late);
    expect(afterwards.status).toBe(201);
    expect((await rowsOf(late))[0]!.solicitacaoId).toBe(lateRequest);

    // During: a turn holds the conversation; it ends with a request while the photo is stored.
    const during = await visitorAtConfirmation(k);
    await db()
      .update(atendenteConversas)
      .set({ processandoDesde: sql`now()` })
      .where(eq(atendenteConversas.id, during));
    const sending = upload(k, during);
    await expect.poll(async () => (await rowsOf(during)).length, { timeout: 10_000 }).toBe(1);
    const created = await w.sindico.api.post("/api/solicitacoes", {
      json: {
        condominio_id: w.condo.condominio.id,
        unidade_id: w.condo.unidade.id,
        tipo: "visitante",
        nome_visitante: "Carlos",
      },
    });
    expect(created.status).toBe(201);
    await db()
      .update(atendenteConversas)
      .set({ processandoDesde: null, solicitacaoId: created.body.id })
      .where(eq(atendenteConversas.id, during));
    expect((await sending).status).toBe(201);
    expect((await rowsOf(during))[0]!.solicitacaoId).toBe(created.body.id);
  });
});

describe("who may send it", () => {
  it("only the kiosk holding the conversation: another kiosk gets 404 and nothing is stored", async () => {
    const owner = await pairedKiosk("Dono");
    const other = await pairedKiosk("Outro");
    const conversaId = await visitorAtConfirmation(owner);
    // Earlier tests' renditions are done and their originals gone: the store holds still.
    await rendered();
    const before = (await listAll(store())).length;

    const res = await upload(other, conversaId);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Conversa não encontrada");
    const refused = await other.api.post(`/api/totem/conversas/${conversaId}/foto/recusa`, { json: {} });
    expect(refused.status).toBe(404);
    expect(await rowsOf(conversaId)).toEqual([]);
    expect((await listAll(store())).length).toBe(before);
  });

  it("neither a staff session nor an API key is a kiosk (401)", async () => {
    const k = await pairedKiosk("Credenciais");
    const conversaId = await visitorAtConfirmation(k);
    const session = await w.sindico.api.post(`/api/totem/conversas/${conversaId}/foto`, {
      bytes: foto,
      headers: JPEG,
    });
    expect(session.status).toBe(401);
    const { api: keyApi } = await createApiKeyClient(system(), w.sindico.cookie);
    const byKey = await keyApi.post(`/api/totem/conversas/${conversaId}/foto/recusa`, { json: {} });
    expect(byKey.status).toBe(401);
    expect(await rowsOf(conversaId)).toEqual([]);
  });

  it("refuses a closed conversation (409) and what is not an image (415), storing nothing", async () => {
    const k = await pairedKiosk("Encerrada");
    const conversaId = await visitorAtConfirmation(k);
    await rendered();
    const before = (await listAll(store())).length;
    const text = await k.api.post(`/api/totem/conversas/${conversaId}/foto`, {
      bytes: Buffer.from("não é uma foto"),
      headers: JPEG,
    });
    expect(text.status).toBe(415);
    expect((await k.api.post(`/api/totem/conversas/${conversaId}/encerrar`, { json: {} })).status).toBe(204);
    const closed = await upload(k, conversaId);
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toMatch(/encerrada/);
    expect(await rowsOf(conversaId)).toEqual([]);
    expect((await listAll(store())).length).toBe(before);
  });
});
