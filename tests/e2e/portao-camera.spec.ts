/**
 * A gate's IP camera in the console (docs/decisions/039-visitor-photos.md, "Gate cameras"): the
 * síndico fills the camera's address, user and password in the gate form, "Testar câmera" shows the
 * picture small (or why there is none), the password is never shown back ("deixe em branco para
 * manter"), on a 360 px phone too. The camera is a small HTTP server of this test on 127.0.0.1 with
 * Basic authentication; the server under test fetches it (private addresses: saved by a síndico).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations, expectNoHorizontalScroll } from "./axe";
import { expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };
const USUARIO = "admin";
const SENHA = "Portaria#2024";
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

test.use({ reducedMotion: "reduce" });

let server: http.Server;
let cameraUrl: string;

test.beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f6f8f" } })
    .jpeg()
    .toBuffer();
  const expected = `Basic ${Buffer.from(`${USUARIO}:${SENHA}`).toString("base64")}`;
  server = http.createServer((req, res) => {
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { "www-authenticate": 'Basic realm="Camera"' });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.length });
    res.end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cameraUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cgi-bin/snapshot.cgi`;
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function condominioId(request: APIRequestContext, nome: string): Promise<string> {
  const res = await request.get(`/api/condominios?q=${encodeURIComponent(nome)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: { id: string; nome: string }[] };
  return body.items.find((c) => c.nome === nome)!.id;
}

test("the síndico sets up a gate's camera, tests it and keeps its password unseen, on a 360 px phone too", async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.slow();
  await loginAs("sindico");
  const request = page.context().request;
  const id = await condominioId(request, "Condomínio Parque Amazonas");
  // A gate of its own, inactive, so the Portaria and the other specs keep theirs as they were.
  const nome = unique("Portão da câmera");
  const created = await request.post("/api/portoes", {
    data: { condominio_id: id, nome, ativo: false },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize(PHONE);
  await page.goto(`/app/condominios/${id}`);
  await page.getByRole("button", { name: `Editar o portão ${nome}` }).click();
  const editar = page.getByRole("dialog", { name: "Editar portão" });
  const camera = editar.getByRole("group", { name: "Câmera do portão (opcional)" });
  await camera.getByLabel("Endereço da imagem").fill(cameraUrl);
  await camera.getByLabel("Usuário").fill(USUARIO);
  const senha = camera.getByLabel("Senha", { exact: true });
  await expect(senha).toHaveAttribute("type", "password");

  // A wrong password: the camera's refusal, in words, where the picture would be.
  await senha.fill("errada");
  const testar = camera.getByRole("button", { name: "Testar câmera" });
  await testar.click();
  const resultado = camera.getByRole("status");
  await expect(resultado).toHaveText("Sem imagem: A câmera recusou o usuário e a senha.");

  await senha.fill(SENHA);
  await testar.click();
  const preview = resultado.getByRole("img", { name: `Imagem de teste da câmera do portão ${nome}` });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
  await expect(resultado).toContainText("Esta prévia não é guardada.");
  await expectNoHorizontalScroll(page, PHONE.width);
  await expectNoAxeViolations(page);

  await editar.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(editar).toHaveCount(0);
  const gate = page.getByRole("list", { name: "Portões", exact: true }).getByRole("listitem").filter({ hasText: nome });
  await expect(gate.getByTestId("camera-url")).toContainText(cameraUrl);
  await expect(gate.getByTestId("camera-url")).toContainText("com senha");
  await expectNoHorizontalScroll(page, PHONE.width);

  // Opened again: the address and the user, never the password; blank keeps it, and the test uses it.
  await page.getByRole("button", { name: `Editar o portão ${nome}` }).click();
  await expect(camera.getByLabel("Endereço da imagem")).toHaveValue(cameraUrl);
  await expect(senha).toHaveValue("");
  await expect(senha).toHaveAttribute("placeholder", "Deixe em branco para manter");
  await testar.click();
  await expect(preview).toBeVisible();
  await editar.getByRole("button", { name: "Cancelar" }).click();
  const list = await request.get(`/api/portoes?condominio_id=${id}`);
  expect(await list.text()).not.toContain(SENHA);
});
