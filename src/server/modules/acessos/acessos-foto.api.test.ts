/**
 * The visitor's photo in the access log (docs/product.md, "Fotos" and "Entradas e saídas"): an entry
 * that came from a request with a photo carries the thumbnail's address, signed for whoever reads
 * the list, which opens as a JPEG for them and for nobody else; an entry from a request without a
 * photo, or from a resident at the gate, has none.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { phoneJpeg } from "../../../../tests/support/images";
import { setupTestSystem } from "../../../../tests/support/system";

const system = setupTestSystem();

type Member = Awaited<ReturnType<typeof addSignedInMember>>;
type Morador = Awaited<ReturnType<typeof addSignedInMorador>>;
let porteiro: Member;
let moradora: Morador;
let unidade: { id: string; condominioId: string };

interface Row {
  nome: string;
  origem: string;
  solicitacao_id: string | null;
  foto_miniatura_url: string | null;
}

beforeAll(async () => {
  const sindico = await createTenantWithMember(system(), { role: "sindico" });
  ({ unidade } = await createCondominioWithUnidade(system(), sindico.org.id, { nome: "Residencial das Fotos" }));
  porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  moradora = await addSignedInMorador(system(), sindico.org.id, unidade, { nome: "Ana Moradora" });
});

async function createRequest(nome: string): Promise<string> {
  const res = await porteiro.api.post("/api/solicitacoes", {
    json: { condominio_id: unidade.condominioId, unidade_id: unidade.id, tipo: "visitante", nome_visitante: nome },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Uploads a phone's photo and waits until it is stored and shown (it may be rendered in the background). */
async function addPhoto(id: string) {
  const res = await porteiro.api.post(`/api/solicitacoes/${id}/fotos`, {
    bytes: await phoneJpeg(1200, 900),
    headers: { "content-type": "image/jpeg" },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  await vi.waitFor(
    async () => {
      const detail = await porteiro.api.get(`/api/solicitacoes/${id}`);
      expect(detail.body.fotos.map((f: { status: string }) => f.status)).toEqual(["disponivel"]);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Authorising a request opens the gate, which is the visitor's entry (docs/decisions/033). */
async function authorise(id: string) {
  const res = await porteiro.api.post(`/api/solicitacoes/${id}/autorizar`, { json: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function logOf(api: Member["api"]): Promise<Row[]> {
  const res = await api.get(`/api/acessos?condominio_id=${unidade.condominioId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Row[];
}

const THUMBNAIL = /^\/api\/fotos\/[0-9a-f-]{36}\/miniatura\?exp=\d+&sig=[\w-]{43}$/;

describe("the access log's photo thumbnails", () => {
  it("an entry from a request with a photo has a thumbnail that opens for its reader; the others have none", async () => {
    const comFoto = await createRequest("Carla Com Foto");
    await addPhoto(comFoto);
    await authorise(comFoto);
    const semFoto = await createRequest("Sérgio Sem Foto");
    await authorise(semFoto);
    const atGate = await porteiro.api.post("/api/acessos", {
      json: {
        origem: "morador",
        unidade_id: unidade.id,
        autorizado_por_pessoa_id: moradora.pessoa.id,
        nome: "Primo da Ana",
      },
    });
    expect(atGate.status, JSON.stringify(atGate.body)).toBe(201);

    const rows = await logOf(porteiro.api);
    const byName = (nome: string) => rows.find((r) => r.nome === nome);
    expect(byName("Carla Com Foto")).toMatchObject({ origem: "solicitacao", solicitacao_id: comFoto });
    expect(byName("Sérgio Sem Foto")).toMatchObject({ solicitacao_id: semFoto, foto_miniatura_url: null });
    expect(byName("Primo da Ana")).toMatchObject({ origem: "morador", foto_miniatura_url: null });

    const url = byName("Carla Com Foto")!.foto_miniatura_url;
    expect(url).toMatch(THUMBNAIL);
    const image = await porteiro.api.get(url!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toMatch(/^private/);
    const meta = await sharp(image.body as Buffer).metadata();
    expect(meta.format).toBe("jpeg");
    // The thumbnail rendition, not the display image.
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(256);

    // The address is the porteiro's: the unit's resident gets her own, and cannot use his.
    expect((await moradora.api.get(url!)).status).toBe(403);
    const hers = (await logOf(moradora.api)).find((r) => r.nome === "Carla Com Foto")!.foto_miniatura_url;
    expect(hers).toMatch(THUMBNAIL);
    expect(hers).not.toBe(url);
    const mine = await moradora.api.get(hers!);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
  });
});
