/**
 * Gate cameras (docs/decisions/039-visitor-photos.md, "Gate cameras"), end to end against a fake IP
 * camera on 127.0.0.1 with Digest authentication (the answer checked by the camera itself). Owners
 * and síndicos save the camera on the gate (the password write-only, sealed, never in the trail) and
 * test it; a request created at the gate gets the camera's snapshot in the background, or a row
 * saying why not, and the creation never waits for the camera. Two systems share the database the
 * whole file long, as two instances behind a load balancer: each receives every event, one captures.
 */
import { createHash, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addSignedInMember,
  createApiKeyClient,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../../tests/support/factories";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import { openSecret } from "../../auth/secret-box";
import { createSystem, type System } from "../../bootstrap";
import { auditoria, fotos, portoes } from "../../db/schema";
import { CAMERA_SENHA_PURPOSE } from "../portoes/portoes.service";
import { CAMERA_BUSCANDO, captureSnapshot } from "./camera.service";

const system = setupTestSystem();
let second: System;

const USUARIO = "admin";
const SENHA = "Portaria#2024";
const REALM = "IP Camera(G1)";

/** The fake camera: what each path does, and how many requests each path received. */
interface FakeCamera {
  url: (path: string) => string;
  hits: (path: string) => number;
  close: () => Promise<void>;
}

function md5(text: string) {
  return createHash("md5").update(text).digest("hex");
}

/** The parameters of `Authorization: Digest …`, read by the camera itself. */
function digestParams(header: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of header.slice("Digest ".length).matchAll(/([\w*]+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    const [, name = "", quoted, bare] = match;
    found[name] = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? "");
  }
  return found;
}

/**
 * `/snapshot.jpg`: Digest (RFC 7616, MD5, qop=auth), then a real JPEG. `/pendura`: accepts and never
 * answers. `/pagina`: an HTML page, authenticated.
 */
async function startCamera(jpeg: Buffer): Promise<FakeCamera> {
  const nonces = new Set<string>();
  const hits = new Map<string, number>();
  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? "";
    if (!header.startsWith("Digest ")) return false;
    const p = digestParams(header);
    if (p.username !== USUARIO || p.realm !== REALM || !nonces.has(p.nonce ?? "") || p.uri !== req.url) return false;
    const ha1 = md5(`${USUARIO}:${REALM}:${SENHA}`);
    const ha2 = md5(`GET:${p.uri}`);
    return p.response === md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`);
  }
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/pendura") return; // never answers: the fetch's 3 s deadline ends it
    if (!authorised(req)) {
      const nonce = randomBytes(12).toString("base64");
      nonces.add(nonce);
      res.writeHead(401, { "www-authenticate": `Digest realm="${REALM}", qop="auth", nonce="${nonce}"` });
      res.end();
      return;
    }
    if (path === "/pagina") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>Login</body></html>");
      return;
    }
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.length });
    res.end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits: (path) => hits.get(path) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let camera: FakeCamera;
let sindico: Awaited<ReturnType<typeof createTenantWithMember>>;
let porteiro: Awaited<ReturnType<typeof addSignedInMember>>;
let place: Awaited<ReturnType<typeof createCondominioWithUnidade>>;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#4a7a3a" } })
    .jpeg()
    .toBuffer();
  camera = await startCamera(jpeg);
  // A second instance on the same database: it follows the same events (decision 039: one captures).
  second = await createSystem({ ...testSystemOptions(), handle: system().handle });
  sindico = await createTenantWithMember(system(), { role: "sindico" });
  porteiro = await addSignedInMember(system(), sindico.org.id, "porteiro");
  place = await createCondominioWithUnidade(system(), sindico.org.id);
});

afterAll(async () => {
  // The database is the shared system's: only the second system's own parts stop.
  await second?.cameras?.stop();
  await second?.closeStreams();
  await camera?.close();
});

let gateCount = 0;
async function createGate(cameraBody?: Record<string, unknown> | null) {
  const res = await sindico.api.post("/api/portoes", {
    json: {
      condominio_id: place.condominio.id,
      nome: `Portão ${++gateCount}`,
      ...(cameraBody !== undefined && { camera: cameraBody }),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; nome: string; camera: { url: string; usuario: string | null; tem_senha: boolean } };
}

async function createRequest(portaoId: string, nome = "Visitante da Câmera") {
  const started = performance.now();
  const res = await porteiro.api.post("/api/solicitacoes", {
    json: {
      condominio_id: place.condominio.id,
      unidade_id: place.unidade.id,
      tipo: "visitante",
      nome_visitante: nome,
      portao_id: portaoId,
    },
  });
  const ms = performance.now() - started;
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, ms, createdAt: started };
}

type FotoBody = { origem: string; status: string; motivo: string | null; url: string | null };

/** The request's camera photo once it is no longer being fetched (polls the detail, bounded). */
async function cameraPhotoOf(id: string, timeout = 5000): Promise<FotoBody> {
  return vi.waitFor(
    async () => {
      const res = await porteiro.api.get(`/api/solicitacoes/${id}`);
      expect(res.status).toBe(200);
      const found = (res.body.fotos as FotoBody[]).filter((f) => f.origem === "camera");
      expect(found).toHaveLength(1);
      expect(found[0]!.motivo).not.toBe(CAMERA_BUSCANDO);
      return found[0]!;
    },
    { timeout, interval: 25 },
  );
}

async function cameraRows(solicitacaoId: string) {
  return system()
    .handle.db.select()
    .from(fotos)
    .where(and(eq(fotos.solicitacaoId, solicitacaoId), eq(fotos.origem, "camera")));
}

/** What captureSnapshot needs, from one of the two instances. */
const deps = (s: System) => ({
  db: s.handle.db,
  store: s.store,
  secret: testSystemOptions().authSecret,
  logger: pino({ level: "silent" }),
});

/** Every capture either system started has ended. */
async function capturesSettled() {
  await Promise.all([system().cameras?.settled(), second.cameras?.settled()]);
}

describe("a gate's camera, as owners and síndicos configure it", () => {
  it("keeps the password write-only: sealed for the gate, never returned, never in the trail", async () => {
    const gate = await createGate({ url: camera.url("/snapshot.jpg"), usuario: USUARIO, senha: SENHA });
    expect(gate.camera).toEqual({ url: camera.url("/snapshot.jpg"), usuario: USUARIO, tem_senha: true });
    expect(JSON.stringify(gate)).not.toContain(SENHA);

    const [row] = await system().handle.db.select().from(portoes).where(eq(portoes.id, gate.id));
    expect(row!.cameraSenhaCifrada).toBeTruthy();
    expect(row!.cameraSenhaCifrada).not.toContain(SENHA);
    expect(openSecret(testSystemOptions().authSecret, CAMERA_SENHA_PURPOSE, row!.cameraSenhaCifrada!, gate.id)).toBe(
      SENHA,
    );
    expect(row!.cameraSalvaPorUserId).toBe(sindico.user.id);

    const listed = await sindico.api.get(`/api/portoes?condominio_id=${place.condominio.id}`);
    const mine = listed.body.items.find((g: { id: string }) => g.id === gate.id);
    expect(mine.camera).toEqual(gate.camera);
    expect(JSON.stringify(listed.body)).not.toContain(SENHA);
    // A porteiro reads the gates, not where their cameras are.
    const asPorteiro = await porteiro.api.get(`/api/portoes?condominio_id=${place.condominio.id}`);
    expect(asPorteiro.body.items.find((g: { id: string }) => g.id === gate.id)).not.toHaveProperty("camera");

    // A blank password keeps the saved one; another user keeps it too, on the same camera.
    const kept = await sindico.api.put(`/api/portoes/${gate.id}`, {
      json: {
        nome: gate.nome,
        tipo: "pedestres",
        ativo: true,
        camera: { url: camera.url("/snapshot.jpg"), usuario: USUARIO, senha: "" },
      },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.camera.tem_senha).toBe(true);
    const [after] = await system().handle.db.select().from(portoes).where(eq(portoes.id, gate.id));
    expect(after!.cameraSenhaCifrada).toBe(row!.cameraSenhaCifrada);

    // A new password: the trail says it changed, never what it is.
    const changed = await sindico.api.put(`/api/portoes/${gate.id}`, {
      json: {
        nome: gate.nome,
        tipo: "pedestres",
        ativo: true,
        camera: { url: camera.url("/snapshot.jpg"), usuario: USUARIO, senha: "outra-senha-1" },
      },
    });
    expect(changed.status).toBe(200);
    const trail = await system()
      .handle.db.select()
      .from(auditoria)
      .where(and(eq(auditoria.organizationId, sindico.org.id), eq(auditoria.entidadeId, gate.id)));
    expect(trail.map((r) => r.acao)).toEqual(expect.arrayContaining(["criar", "alterar"]));
    expect(trail.find((r) => r.acao === "criar")!.depois).toMatchObject({
      cameraUrl: camera.url("/snapshot.jpg"),
      cameraUsuario: USUARIO,
      cameraTemSenha: true,
    });
    expect(trail.find((r) => r.acao === "alterar")!.depois).toEqual({ cameraSenhaTrocada: true });
    expect(JSON.stringify(trail)).not.toContain(SENHA);
    expect(JSON.stringify(trail)).not.toContain("outra-senha-1");
    expect(JSON.stringify(trail)).not.toContain(row!.cameraSenhaCifrada!);
  });

  it("accepts a private address from a síndico, refuses credentials in the address in pt-BR, and removes the camera", async () => {
    const gate = await createGate({ url: "http://192.168.0.10/cgi-bin/snapshot.cgi", usuario: "", senha: "" });
    expect(gate.camera).toEqual({ url: "http://192.168.0.10/cgi-bin/snapshot.cgi", usuario: null, tem_senha: false });

    const put = (cameraBody: unknown) =>
      sindico.api.put(`/api/portoes/${gate.id}`, {
        json: { nome: gate.nome, tipo: "pedestres", ativo: true, camera: cameraBody },
      });
    const withCredentials = await put({ url: "http://admin:segredo@192.168.0.10/snapshot.jpg" });
    expect(withCredentials.status).toBe(400);
    expect(withCredentials.body.error.fields).toContainEqual({
      path: "camera.url",
      message: "Não coloque usuário e senha no endereço da câmera: use os campos Usuário e Senha do cadastro.",
    });
    const notHttp = await put({ url: "rtsp://192.168.0.10/stream" });
    expect(notHttp.status).toBe(400);
    expect(notHttp.body.error.fields[0]).toMatchObject({ path: "camera.url" });
    expect(notHttp.body.error.message).toMatch(/^Informe o endereço da câmera/);
    const passwordAlone = await put({ url: "http://192.168.0.10/snapshot.jpg", usuario: "", senha: "x" });
    expect(passwordAlone.status).toBe(400);
    expect(passwordAlone.body.error.fields[0]).toMatchObject({ path: "camera.usuario" });

    // A saved password follows its camera only: on another server it must be typed again.
    expect((await put({ url: "http://192.168.0.10/snapshot.jpg", usuario: USUARIO, senha: SENHA })).status).toBe(200);
    const moved = await put({ url: "http://192.168.0.99/snapshot.jpg", usuario: USUARIO, senha: "" });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields[0]).toMatchObject({ path: "camera.senha" });
    expect(moved.body.error.message).toMatch(/digite a senha de novo/);
    // Omitted: nothing changes; an empty address (or null) removes the camera, its user and password.
    const untouched = await sindico.api.put(`/api/portoes/${gate.id}`, {
      json: { nome: `${gate.nome} renomeado`, tipo: "pedestres", ativo: true },
    });
    expect(untouched.body.camera).toMatchObject({ usuario: USUARIO, tem_senha: true });
    const removed = await put({ url: "" });
    expect(removed.status).toBe(200);
    expect(removed.body.camera).toBeNull();
    const [row] = await system().handle.db.select().from(portoes).where(eq(portoes.id, gate.id));
    expect([row!.cameraUrl, row!.cameraUsuario, row!.cameraSenhaCifrada]).toEqual([null, null, null]);
  });

  it("is not for a porteiro: 403 on saving and testing", async () => {
    const gate = await createGate({ url: camera.url("/snapshot.jpg"), usuario: USUARIO, senha: SENHA });
    const put = await porteiro.api.put(`/api/portoes/${gate.id}`, {
      json: { nome: gate.nome, tipo: "pedestres", ativo: true, camera: { url: "http://10.0.0.1/x.jpg" } },
    });
    expect(put.status).toBe(403);
    const test = await porteiro.api.post(`/api/portoes/${gate.id}/camera/teste`, { json: {} });
    expect(test.status).toBe(403);
    const [row] = await system().handle.db.select().from(portoes).where(eq(portoes.id, gate.id));
    expect(row!.cameraUrl).toBe(camera.url("/snapshot.jpg"));
  });

  it("is tested on demand: a small preview of the saved camera or of the form, or the reason", async () => {
    const gate = await createGate({ url: camera.url("/snapshot.jpg"), usuario: USUARIO, senha: SENHA });
    const test = (body: Record<string, unknown>) =>
      sindico.api.post(`/api/portoes/${gate.id}/camera/teste`, { json: body });

    const saved = await test({});
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, largura: 256, altura: 192 });
    expect(saved.body.imagem).toMatch(/^data:image\/jpeg;base64,/);
    const preview = await sharp(Buffer.from(saved.body.imagem.split(",")[1], "base64")).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(["jpeg", 256, 192]);

    // The form's values, before saving: a blank password uses the saved one on the same camera.
    expect((await test({ url: camera.url("/snapshot.jpg"), usuario: USUARIO, senha: "" })).body.ok).toBe(true);
    expect(await test({ url: camera.url("/snapshot.jpg"), usuario: USUARIO, senha: "errada" })).toMatchObject({
      status: 200,
      body: { ok: false, motivo: "A câmera recusou o usuário e a senha." },
    });
    expect((await test({ url: camera.url("/pagina") })).body).toMatchObject({
      ok: false,
      motivo: "A câmera pede usuário e senha: preencha-os no cadastro da câmera.",
    });
    const html = await test({ url: camera.url("/pagina"), usuario: USUARIO, senha: SENHA });
    expect(html.body.ok).toBe(false);
    expect(html.body.motivo).toMatch(/^A câmera respondeu, mas não com uma imagem utilizável/);

    const without = await createGate();
    const none = await sindico.api.post(`/api/portoes/${without.id}/camera/teste`, { json: {} });
    expect(none.body).toEqual({
      ok: false,
      motivo: "Este portão não tem câmera cadastrada: informe o endereço da câmera.",
      ms: 0,
    });
    const views = await system()
      .handle.db.select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, gate.id), eq(auditoria.acao, "visualizar")));
    expect(views.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(views)).not.toContain(SENHA);
  });
});

describe("a request created at a gate with a camera", () => {
  it("gets the camera's snapshot attached in the background, fetched once by one of the two instances", async () => {
    const gate = await createGate({ url: camera.url("/snapshot.jpg?canal=1"), usuario: USUARIO, senha: SENHA });
    const before = camera.hits("/snapshot.jpg?canal=1");
    // What the second instance hears: the same creation event as the first.
    const heard: string[] = [];
    const unsubscribe = await second.bus.subscribeAll((_, event) => {
      if (event.type === "solicitacao.criada" && event.solicitacao_id) heard.push(event.solicitacao_id);
    });
    const request = await createRequest(gate.id);
    const photo = await cameraPhotoOf(request.id);
    expect(heard).toContain(request.id);
    unsubscribe();
    expect(photo).toMatchObject({ origem: "camera", status: "disponivel", motivo: null });
    expect(photo.url).toMatch(/^\/api\/fotos\//);
    const image = await porteiro.api.get(photo.url!);
    expect(image.status).toBe(200);
    expect((await sharp(image.body).metadata()).width).toBe(640);

    await capturesSettled();
    // One claim, one fetch: the challenge and the authenticated request, from one instance only.
    expect(await cameraRows(request.id)).toHaveLength(1);
    expect(camera.hits("/snapshot.jpg?canal=1") - before).toBe(2);
    // Asked again, on either instance, the capture is already claimed.
    expect(
      await Promise.all([
        captureSnapshot(deps(system()), sindico.org.id, request.id),
        captureSnapshot(deps(second), sindico.org.id, request.id),
      ]),
    ).toEqual(["ja_capturada", "ja_capturada"]);
  });

  it("is claimed by exactly one of many captures racing for it, on both instances", async () => {
    // The request is created at a gate without a camera (its captures find none), then the gate gets one.
    const gate = await createGate();
    const heard = { first: [] as string[], second: [] as string[] };
    const unsubscribe = await Promise.all([
      system().bus.subscribeAll((_, e) => e.solicitacao_id && heard.first.push(e.solicitacao_id)),
      second.bus.subscribeAll((_, e) => e.solicitacao_id && heard.second.push(e.solicitacao_id)),
    ]);
    const request = await createRequest(gate.id);
    // The capture listeners came first on each bus: once ours heard the event, theirs had started.
    await vi.waitFor(() => expect([heard.first, heard.second]).toEqual([[request.id], [request.id]]), {
      timeout: 3000,
      interval: 25,
    });
    for (const u of unsubscribe) u();
    await capturesSettled();
    const put = await sindico.api.put(`/api/portoes/${gate.id}`, {
      json: {
        nome: gate.nome,
        tipo: "pedestres",
        ativo: true,
        camera: { url: camera.url("/snapshot.jpg?canal=corrida"), usuario: USUARIO, senha: SENHA },
      },
    });
    expect(put.status).toBe(200);

    const outcomes = await Promise.all(
      [system(), second, system(), second, system(), second].map((s) =>
        captureSnapshot(deps(s), sindico.org.id, request.id),
      ),
    );
    expect(outcomes.filter((o) => o === "disponivel")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "ja_capturada")).toHaveLength(5);
    expect(await cameraRows(request.id)).toHaveLength(1);
    expect(camera.hits("/snapshot.jpg?canal=corrida")).toBe(2);
  });

  it("says so when the picture came but the store failed, and leaves no blob of it behind", async () => {
    const gate = await createGate();
    const request = await createRequest(gate.id);
    const later = await createRequest(
      (await createGate({ url: camera.url("/snapshot.jpg?canal=5"), usuario: USUARIO, senha: SENHA })).id,
    );
    await cameraPhotoOf(later.id); // the first request's captures (none: no camera then) have ended too
    await capturesSettled();
    await sindico.api.put(`/api/portoes/${gate.id}`, {
      json: {
        nome: gate.nome,
        tipo: "pedestres",
        ativo: true,
        camera: { url: camera.url("/snapshot.jpg?canal=6"), usuario: USUARIO, senha: SENHA },
      },
    });
    // The thumbnail's put fails (a bucket out of reach); the display image's succeeds, then goes.
    const real = system().store;
    const stored: string[] = [];
    let puts = 0;
    const failing = {
      ...real,
      put: async (...args: Parameters<typeof real.put>) => {
        if (++puts === 2) throw new Error("armazenamento indisponível");
        const result = await real.put(...args);
        stored.push(result.key);
        return result;
      },
    };
    await expect(captureSnapshot({ ...deps(system()), store: failing }, sindico.org.id, request.id)).rejects.toThrow(
      "armazenamento indisponível",
    );
    expect(await cameraPhotoOf(request.id)).toMatchObject({
      status: "indisponivel",
      motivo: "A imagem da câmera chegou, mas não pôde ser guardada.",
    });
    expect(stored).toHaveLength(1);
    expect(await real.has(stored[0]!)).toBe(false);
  });

  it("also when an integration creates it through /api/v1", async () => {
    const gate = await createGate({ url: camera.url("/snapshot.jpg?canal=2"), usuario: USUARIO, senha: SENHA });
    const { api } = await createApiKeyClient(system(), sindico.cookie);
    const res = await api.post("/api/v1/solicitacoes", {
      json: {
        condominio_id: place.condominio.id,
        unidade_id: place.unidade.id,
        nome_visitante: "Entregador da Integração",
        portao_id: gate.id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await cameraPhotoOf(res.body.id)).status).toBe("disponivel");
  });

  it("is created at once when the camera hangs; the photo row says, after 3 s, that it did not answer", async () => {
    const gate = await createGate({ url: camera.url("/pendura"), usuario: USUARIO, senha: SENHA });
    const request = await createRequest(gate.id);
    expect(request.ms).toBeLessThan(1000);
    const [claimed] = await vi.waitFor(
      async () => {
        const rows = await cameraRows(request.id);
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: 2000, interval: 25 },
    );
    expect(claimed).toMatchObject({ status: "indisponivel", motivo: CAMERA_BUSCANDO });
    const photo = await cameraPhotoOf(request.id, 4000);
    const elapsed = performance.now() - request.createdAt;
    expect(photo).toMatchObject({ status: "indisponivel", motivo: "A câmera não respondeu em 3 s.", url: null });
    expect(elapsed).toBeGreaterThanOrEqual(3000);
    expect(elapsed).toBeLessThan(4500);
  });

  it("records why there is no picture when the camera refuses the password", async () => {
    const gate = await createGate({ url: camera.url("/snapshot.jpg?canal=3"), usuario: USUARIO, senha: "errada" });
    const request = await createRequest(gate.id);
    expect(await cameraPhotoOf(request.id)).toMatchObject({
      status: "indisponivel",
      motivo: "A câmera recusou o usuário e a senha.",
    });
    expect(await cameraRows(request.id)).toHaveLength(1);
  });

  it("at a gate without a camera, gets no photo row", async () => {
    const plain = await createGate();
    const withCamera = await createGate({ url: camera.url("/snapshot.jpg?canal=4"), usuario: USUARIO, senha: SENHA });
    const request = await createRequest(plain.id);
    // Events arrive in commit order: once the later request's capture ended, the earlier one's did.
    const later = await createRequest(withCamera.id);
    await cameraPhotoOf(later.id);
    await capturesSettled();
    expect(await system().handle.db.select().from(fotos).where(eq(fotos.solicitacaoId, request.id))).toEqual([]);
  });
});
