/**
 * Photos rendered in the background (docs/decisions/040-photos-rendered-in-background.md): an upload
 * is answered once checked, with status "processando"; the renditions follow; a file that passes the
 * checks but does not decode ends "indisponivel" with the pt-BR reason and nothing of it stored; a
 * photo deleted while waiting leaves nothing behind; an upload left by a process that stopped is taken
 * by another, once; and the 10-photo limit holds under parallel uploads.
 */

import { eq, inArray, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
import { client } from "../../../../tests/support/http";
import { phoneJpeg } from "../../../../tests/support/images";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import { createSystem, type System } from "../../bootstrap";
import { blobsExcluidos, fotos } from "../../db/schema";
import { listAll } from "../../storage/blob-store";
import { createFotoRenderer } from "./foto-render.service";
import { MAX_FOTOS_POR_SOLICITACAO } from "./fotos.service";

const shared = setupTestSystem();
const JPEG = { "content-type": "image/jpeg" };

/** A second instance on the same database and store whose renderer is stopped: its uploads wait. */
let stopped: System;
let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let unidade: { id: string; condominioId: string };

beforeAll(async () => {
  stopped = await createSystem({ ...testSystemOptions(), handle: shared().handle, storage: shared().store });
  await stopped.fotoRenderer.close();
  sindico = await createTenantWithMember(shared(), { role: "sindico" });
  ({ unidade } = await createCondominioWithUnidade(shared(), sindico.org.id));
});

afterAll(async () => {
  await stopped?.closeStreams();
});

const db = () => shared().handle.db;

async function createRequest(): Promise<string> {
  const res = await sindico.api.post("/api/solicitacoes", {
    json: { condominio_id: unidade.condominioId, unidade_id: unidade.id, nome_visitante: "Visita Foto" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const upload = (system: System, id: string, bytes: Uint8Array) =>
  client(system, { cookie: sindico.cookie }).post(`/api/solicitacoes/${id}/fotos`, { bytes, headers: JPEG });

const fotoRow = async (id: string) => (await db().select().from(fotos).where(eq(fotos.id, id)))[0];

describe("photos rendered in the background", () => {
  it("a JPEG whose header is fine but whose picture is cut short ends 'indisponivel', nothing of it kept", async () => {
    const id = await createRequest();
    const whole = await phoneJpeg(1200, 900);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const res = await upload(shared(), id, cut);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe("processando");
    await shared().fotoRenderer.settled();

    const detail = await sindico.api.get(`/api/solicitacoes/${id}`);
    expect(detail.body.fotos).toEqual([
      expect.objectContaining({
        id: res.body.id,
        status: "indisponivel",
        motivo: "Não foi possível ler a imagem: o arquivo está corrompido ou incompleto. Envie outra foto.",
        url: null,
      }),
    ]);
    expect(await listAll(shared().store, `${res.body.id}/`)).toEqual([]);
    expect(await db().select().from(blobsExcluidos)).toEqual([]);
  });

  it("a photo deleted while it waits takes its original with it, and the renderer finds nothing to do", async () => {
    const id = await createRequest();
    const res = await upload(stopped, id, await phoneJpeg(640, 480));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await fotoRow(res.body.id);
    expect(row).toMatchObject({ status: "processando", chave: null });
    expect(await listAll(shared().store, `${res.body.id}/`)).toEqual([row!.chaveOriginal]);

    const anon = await sindico.api.post("/api/titulares/pedidos", {
      json: { tipo: "anonimizacao", titular: { nome: "Visita Foto" }, registros: [{ tipo: "solicitacao", id }] },
    });
    expect(anon.status, JSON.stringify(anon.body)).toBe(201);
    expect(await fotoRow(res.body.id)).toBeUndefined();
    expect(await listAll(shared().store, `${res.body.id}/`)).toEqual([]);
    expect(await shared().fotoRenderer.renderDue([res.body.id])).toEqual({ disponivel: 0, indisponivel: 0, falhas: 0 });
  });

  it("an upload left behind by a stopped process is taken by another once it waited, and by one only", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await upload(stopped, await createRequest(), await phoneJpeg(320 + i, 240));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // Fresh uploads belong to the process that received them: another leaves them alone.
    expect(await shared().fotoRenderer.renderDue()).toMatchObject({ disponivel: 0 });

    await db().execute(sql`UPDATE fotos SET created_at = now() - interval '1 minute' WHERE id IN ${ids}`);
    // Two processes look for left-behind photos at once: each photo is rendered exactly once.
    const other = await createSystem({ ...testSystemOptions(), handle: shared().handle, storage: shared().store });
    try {
      const [a, b] = await Promise.all([shared().fotoRenderer.renderDue(), other.fotoRenderer.renderDue()]);
      expect(a.disponivel + b.disponivel).toBe(4);
      expect(a.falhas + b.falhas).toBe(0);
    } finally {
      await other.closeStreams();
    }
    const rows = await db().select().from(fotos).where(inArray(fotos.id, ids));
    expect(rows.map((r) => [r.status, r.renderTentativas])).toEqual(ids.map(() => ["disponivel", 1]));
    for (const r of rows)
      expect((await listAll(shared().store, `${r.id}/`)).sort()).toEqual([r.chave, r.chaveMiniatura].sort());
  });

  it("a render waits while an upload is arriving, and goes on once the upload is answered", async () => {
    const res = await upload(stopped, await createRequest(), await phoneJpeg(400, 300));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const renderer = createFotoRenderer({ db: db(), store: shared().store, logger: pino({ level: "silent" }) });
    try {
      const answered = renderer.receiving();
      let done = false;
      const run = renderer.renderDue([res.body.id]).then((result) => {
        done = true;
        return result;
      });
      // Well under the 2 s a render waits at most: still waiting, the photo untouched.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      expect((await fotoRow(res.body.id))?.status).toBe("processando");
      answered();
      expect(await run).toEqual({ disponivel: 1, indisponivel: 0, falhas: 0 });
      expect((await fotoRow(res.body.id))?.status).toBe("disponivel");
    } finally {
      await renderer.close();
    }
  });

  it("a lease that ran out is taken again; after three claims the photo is given up with a reason", async () => {
    const res = await upload(stopped, await createRequest(), await phoneJpeg(300, 300));
    // A process claimed it three times and stopped each time mid-render.
    await db().execute(
      sql`UPDATE fotos SET render_em = now() - interval '3 minutes', render_tentativas = 3, created_at = now() - interval '10 minutes' WHERE id = ${res.body.id}`,
    );
    expect(await shared().fotoRenderer.renderDue()).toMatchObject({ indisponivel: 1 });
    expect(await fotoRow(res.body.id)).toMatchObject({
      status: "indisponivel",
      motivo: "Não foi possível processar a foto. Envie outra.",
      chaveOriginal: null,
    });
    expect(await listAll(shared().store, `${res.body.id}/`)).toEqual([]);
  });

  it(`parallel uploads to one request stop at ${MAX_FOTOS_POR_SOLICITACAO}: the rest are refused, nothing of them kept`, async () => {
    const id = await createRequest();
    const image = await phoneJpeg(200, 150);
    const namespacesOf = async () => new Set((await listAll(shared().store)).map((k) => k.split("/")[0]!));
    const before = await namespacesOf();
    const answers = await Promise.all(Array.from({ length: 14 }, () => upload(shared(), id, image)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_FOTOS_POR_SOLICITACAO);
    expect(statuses.filter((s) => s === 409)).toHaveLength(14 - MAX_FOTOS_POR_SOLICITACAO);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body.error.message).toBe(`Esta solicitação já tem ${MAX_FOTOS_POR_SOLICITACAO} fotos, o máximo.`);
    await shared().fotoRenderer.settled();
    const rows = await db().select().from(fotos).where(eq(fotos.solicitacaoId, id));
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => "disponivel"));
    // The store holds exactly the accepted photos: the refused uploads' originals left it.
    const added = [...(await namespacesOf())].filter((n) => !before.has(n));
    expect(added.sort()).toEqual(rows.map((r) => r.id).sort());
  });
});
