/**
 * The simulator's chain (docs/product.md, "Simulator") end to end, in a real browser. The simulator (in this
 * Node process, over HTTP) plays the AI attendant, the PBX and the gate controller: its key creates a
 * request, starts a call, the resident authorises by DTMF; the porteiro, whose console was open before, sees
 * the request arrive and be authorised without a reload; and a signed `portao.abrir` reaches the simulator's
 * loopback receiver, which verifies the signature before opening the gate. The request's "Linha do tempo"
 * then tells the whole story, and "Chamadas" lists the call.
 *
 * The suite's server refuses loopback webhooks (webhooks.spec.ts relies on it), so this spec runs
 * its own Guarita with WEBHOOKS_ALLOW_PRIVATE=true, as an on-premise install would, on a fresh
 * embedded database with the demo tenant; `baseURL` points the page and `loginAs` at it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSimulator, type Fetch } from "../../scripts/simulator/simulator";
import { type ServerProcess, spawnServer, waitUntilReady } from "../support/server-process";
import { test as base, expect } from "./fixtures";

/** How fast "live" must be: the console gets the change from its event stream, not a reload. */
const LIVE_MS = 5_000;
const SIMULATOR_KEY = /“Simulador \d{4}-\d{2}-\d{2} \d{2}:\d{2}”/;

/**
 * This spec's Guarita, one per worker: started before its first test, stopped (and its data folder
 * removed) when the worker ends. The page, its request context and `loginAs` talk to it.
 */
const test = base.extend<object, { guarita: ServerProcess }>({
  guarita: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-chain-"));
      // PUBLIC_URL defaults to the process's own http://127.0.0.1:<port>; the web client is build/web/client.
      const server = await spawnServer({
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SEED_DEMO: "true",
        WEBHOOKS_ALLOW_PRIVATE: "true",
        AUTH_SIGNIN_PER_MINUTE: "1000",
      });
      try {
        await waitUntilReady(server, 100_000);
        await use(server);
      } finally {
        const killer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
        await server.stop();
        clearTimeout(killer);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Start-up runs the migrations and seeds the demo tenant through tsx.
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ guarita }, use) => use(guarita.baseUrl),
});

test.afterEach(async ({ guarita }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("saída do servidor", { body: guarita.output(), contentType: "text/plain" });
  }
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type DirectoryUnit = {
  id: string;
  codigo: string;
  torre: string | null;
  moradores: { pessoa_id: string; nome: string }[];
};

/**
 * The simulator's own HTTP calls (the global fetch), watched: what the directory and the creations
 * answered, and the resident's DTMF answer held until the test has seen the request pending.
 */
function watchedFetch() {
  const directory = deferred<DirectoryUnit[]>();
  /** The created request, with the name of the gate the attendant named (by its id). */
  const created = deferred<{ id: string; nome_visitante: string; portao: string }>();
  const chamadaIds: string[] = [];
  const answer = deferred<void>();
  const fetchFn: Fetch = async (url, init) => {
    const { pathname } = new URL(url);
    const method = init?.method ?? "GET";
    if (method === "POST" && /^\/api\/v1\/chamadas\/[^/]+\/resposta$/.test(pathname)) await answer.promise;
    const res = await fetch(url, init);
    if (res.ok) {
      if (method === "GET" && pathname === "/api/v1/unidades") directory.resolve((await res.clone().json()).items);
      if (method === "POST" && pathname === "/api/v1/solicitacoes") {
        // The demo's condominiums have gates: the simulator names one by id, the answer names it.
        created.resolve(await res.clone().json());
      }
      if (method === "POST" && pathname === "/api/v1/chamadas") chamadaIds.push((await res.clone().json()).id);
    }
    return res;
  };
  return { fetchFn, directory, created, chamadaIds, releaseAnswer: () => answer.resolve() };
}

test("a key creates a request, the resident authorises by DTMF, the console shows it live and the gate opens on a signed webhook", async ({
  page,
  loginAs,
  guarita: server,
}) => {
  test.setTimeout(90_000);
  const at = (pathname: string) => `${server.baseUrl}${pathname}`;
  const watched = watchedFetch();
  const lines: string[] = [];
  const simulator = createSimulator({
    baseUrl: server.baseUrl,
    auth: { demo: { email: "sindico@demo.guarita.app", password: "demo1234" } },
    fetch: watched.fetchFn,
    log: (line) => lines.push(line),
    outcome: () => "autoriza",
    // The visitor goes through the gate the resident opened.
    passes: () => true,
    ringMs: 300,
  });

  let chain: Promise<Awaited<ReturnType<typeof simulator.runChain>>> | undefined;
  try {
    // Signs in as the síndico, creates its API key and its webhook to a loopback listener.
    await simulator.setup();
    // The signed webhook path, not the events-feed fallback.
    expect(simulator.receivesWebhooks, lines.join("\n")).toBe(true);
    const listening = lines.map((l) => /^\[portão\] ouvindo webhooks em (http:\/\/127\.0\.0\.1:\d+\/portao)$/.exec(l));
    const gateUrl = listening.find(Boolean)?.[1];
    expect(gateUrl, lines.join("\n")).toBeTruthy();

    // A demo unit with residents, from the directory the PBX read; the first in calling order answers.
    const units = await watched.directory.promise;
    const withResidents = units.filter((u) => u.moradores.length > 0);
    const unit = withResidents.find((u) => u.torre === "Torre A" && u.codigo === "101") ?? withResidents[0]!;
    const morador = unit.moradores[0]!.nome;

    // The porteiro's console is open on the request list before anything happens.
    await loginAs("porteiro");
    const eventStream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events" && r.ok());
    await page.goto(at("/app/solicitacoes"));
    await expect(page.getByRole("heading", { level: 1, name: "Solicitações de Acesso" })).toBeVisible();
    await expect(page.locator("[data-solicitacao-id]").first()).toBeVisible();
    await eventStream;
    // Let the stream subscribe; then mark the document, so a reload would show.
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      (window as unknown as { semRecarregar?: boolean }).semRecarregar = true;
    });

    // The attendant registers the visitor; the PBX calls the resident, who picks up.
    chain = simulator.runChain(unit.id);
    chain.catch((error) => watched.created.reject(error));
    const { id, nome_visitante: visitante, portao } = await watched.created.promise;

    // Live: the toast and the new row, pending while the resident is on the phone.
    await expect(page.getByText("Nova solicitação", { exact: true })).toBeVisible({ timeout: LIVE_MS });
    await expect(page.getByText(`Solicitação para ${visitante} foi criada.`)).toBeVisible({ timeout: LIVE_MS });
    const row = page.locator(`[data-solicitacao-id="${id}"]`);
    await expect(row).toContainText(visitante, { timeout: LIVE_MS });
    await expect(row).toContainText("Pendente");

    // The resident presses 1.
    watched.releaseAnswer();
    const result = await chain;
    // The opening is the entry (docs/decisions/033-gate-opening-is-entry.md): the command named it.
    expect(result, lines.join("\n")).toEqual({
      solicitacaoId: id,
      status: "autorizado",
      calls: 1,
      gateOpened: true,
      acessoId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      passou: true,
    });

    // Live again: the same row turns "Autorizado", with its toast.
    await expect(row).toContainText("Autorizado", { timeout: LIVE_MS });
    await expect(row).not.toContainText("Pendente");
    await expect(page.getByText("Status alterado para Autorizado.")).toBeVisible({ timeout: LIVE_MS });
    expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);

    // The simulator's own account: the call, the DTMF answer, and the gate opened by the signed webhook
    // (its listener logs that line only after verifying the Guarita-Signature).
    const short = id.slice(0, 8);
    expect(lines).toContain(`[pabx] ${morador} atendeu e digitou 1: autorizado`);
    expect(lines.filter((l) => l.startsWith("[portão] abrindo"))).toEqual([
      expect.stringMatching(
        new RegExp(`^\\[portão\\] abrindo \\(webhook assinado: ${portao} de .+\\) para a solicitação ${short}$`),
      ),
    ]);
    expect(lines.some((l) => l.includes("assinatura inválida"))).toBe(false);

    // The request's detail (by its link in the row): the whole chain in its timeline. The gate
    // command's delivery is recorded just after the receiver answers, so refresh until it shows.
    await row.getByRole("link", { name: visitante }).click();
    await expect(page).toHaveURL(at(`/app/solicitacoes/${id}`));
    await expect(page.getByTestId("nome-visitante")).toHaveText(visitante);
    await expect(page.getByTestId("decisao")).toContainText(`por ${morador} pelo telefone`);
    const timeline = page.getByRole("list", { name: "Linha do tempo" });
    const comando = timeline.locator('li[data-kind="comando"]');
    await expect(async () => {
      if ((await comando.getByText("Entregue", { exact: true }).count()) === 0) {
        await page.getByRole("button", { name: "Atualizar" }).click();
      }
      await expect(comando.getByText("Entregue", { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    expect(await timeline.locator(":scope > li").evaluateAll((items) => items.map((li) => li.dataset.kind))).toEqual([
      "criada",
      "notificacao",
      "chamada",
      "decisao",
      "comando",
    ]);

    const criada = timeline.locator('li[data-kind="criada"]');
    await expect(criada).toContainText("Solicitação criada");
    await expect(criada.getByText(/^Criada pela integração /)).toHaveText(
      new RegExp(`^Criada pela integração ${SIMULATOR_KEY.source} \\(chave de API\\)$`),
    );
    await expect(criada).toContainText(`Visitante no portão “${portao}”`);

    const chamada = timeline.locator('li[data-kind="chamada"]');
    await expect(chamada).toContainText(`Chamada para ${morador}`);
    await expect(chamada.getByText("Concluída", { exact: true })).toBeVisible();
    await expect(chamada.getByTestId("resposta-chamada")).toContainText(`${morador} autorizou pelo telefone (DTMF)`);
    await expect(chamada).toContainText("Simulador PABX");
    await expect(chamada.getByText(/^Registrada pela integração /)).toHaveText(
      new RegExp(`^Registrada pela integração ${SIMULATOR_KEY.source} \\(chave de API\\)$`),
    );

    const decisao = timeline.locator('li[data-kind="decisao"]');
    await expect(decisao).toContainText("Solicitação autorizada");
    await expect(decisao.getByText(/^Por /)).toHaveText(
      new RegExp(`^Por ${morador}, pelo telefone, via integração ${SIMULATOR_KEY.source}$`),
    );

    await expect(comando).toContainText("Comando de abertura do portão");
    // The webhook by its description and origin: never its path (a gate's URL may carry a token).
    await expect(comando).toContainText(`Enviado para Simulador (controlador do portão) (${new URL(gateUrl!).origin})`);
    await expect(comando).not.toContainText(gateUrl!);
    await expect(comando).toContainText("1 tentativa");
    await expect(comando.getByText("Último código HTTP").locator("xpath=following-sibling::dd[1]")).toHaveText("200");

    // "Chamadas" lists the call, finished, for this visitor.
    expect(watched.chamadaIds).toHaveLength(1);
    await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Chamadas" }).click();
    await expect(page).toHaveURL(at("/app/chamadas"));
    const call = page.locator(`[data-chamada-id="${watched.chamadaIds[0]}"]`);
    await expect(call).toContainText(morador);
    await expect(call).toContainText(visitante);
    await expect(call).toContainText("Concluída");
  } finally {
    // Never leave the PBX waiting, then remove the simulator's key and webhook.
    watched.releaseAnswer();
    await chain?.catch(() => undefined);
    await simulator.teardown();
  }
});
