/**
 * The console's lists on a 360 px phone and a 1024 px tablet (docs/product.md, "Lists and search"):
 * on the phone every list reads as cards, nothing is cut off on the right and the filters fold behind
 * one "Filtros" button under the search box; on the tablet the header's breadcrumb keeps one line and
 * no table is cut (Chamadas' Duração and Ações included).
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 1024, height: 768 };
const CONDOMINIO = "Residencial Jardim das Acácias";

interface ListRoute {
  path: string;
  /** The cards' list, by its name. */
  list: string;
  /** The list's API and what names a record in it. */
  api: string;
  name: (item: Record<string, unknown>) => string;
  /** A filter folded behind "Filtros", the choice made there and what it puts in the URL. */
  filter?: { label: string; option: string; param: RegExp };
  /** The screen has a search box, always shown. */
  search: boolean;
}

const ROUTES: ListRoute[] = [
  {
    path: "/app/solicitacoes",
    list: "Solicitações",
    api: "/api/solicitacoes",
    name: (s) => s.nome_visitante as string,
    filter: { label: "Status", option: "Pendente", param: /status=pendente/ },
    search: true,
  },
  {
    path: "/app/chamadas",
    list: "Chamadas",
    api: "/api/chamadas",
    name: (c) => (c.pessoa as { nome: string }).nome,
    filter: { label: "Status", option: "Concluída", param: /status=concluida/ },
    search: true,
  },
  {
    path: "/app/condominios",
    list: "Condomínios",
    api: "/api/condominios",
    name: (c) => c.nome as string,
    search: true,
  },
  {
    path: "/app/unidades",
    list: "Unidades",
    api: "/api/unidades",
    name: (u) => u.codigo as string,
    filter: { label: "Status", option: "Ativa", param: /status=ativa/ },
    search: true,
  },
  {
    path: "/app/pessoas",
    list: "Pessoas",
    api: "/api/pessoas",
    name: (p) => p.nome as string,
    filter: { label: "Status", option: "Ativo", param: /status=ativo/ },
    search: true,
  },
  {
    path: "/app/passes",
    list: "Passes",
    api: "/api/passes",
    name: (p) => p.nome as string,
    filter: { label: "Status", option: "Ativo", param: /status=ativo/ },
    search: true,
  },
  {
    path: "/app/acessos",
    list: "Entradas e saídas",
    api: "/api/acessos",
    name: (a) => a.nome as string,
    filter: { label: "Tipo", option: "Visitante", param: /tipo=visitante/ },
    search: true,
  },
  {
    path: "/app/auditoria",
    list: "Registros de auditoria",
    api: "/api/auditoria",
    name: (a) => a.resumo as string,
    filter: { label: "Ação", option: "Entrada no sistema", param: /acao=entrar/ },
    search: false,
  },
];

async function items(request: APIRequestContext, path: string): Promise<Record<string, unknown>[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { items: Record<string, unknown>[] }).items;
}

/** The demo has no pass and no entry yet: one of each, at the demo condominium's unit with residents. */
async function seedPassAndEntry(request: APIRequestContext, baseURL: string) {
  const [condominio] = await items(request, `/api/condominios?q=${encodeURIComponent(CONDOMINIO)}`);
  const unidades = await items(request, `/api/unidades?condominio_id=${condominio!.id}&status=ativa`);
  const unidade = unidades.find((u) => (u.moradores as number) > 0)!;
  const today = new Date().toISOString().slice(0, 10);
  const passe = await request.post("/api/passes", {
    data: {
      condominio_id: condominio!.id,
      unidade_id: unidade.id,
      nome: "Diarista Telas Pequenas",
      modalidade: "recorrente",
      data_inicio: today,
      data_fim: today,
      dias_semana: [0, 1, 2, 3, 4, 5, 6],
      hora_inicio: "08:00",
      hora_fim: "17:00",
    },
    headers: { origin: baseURL },
  });
  expect(passe.status(), await passe.text()).toBe(201);
  const [morador] = await items(request, `/api/unidades/${unidade.id}/moradores`);
  const entrada = await request.post("/api/acessos", {
    data: {
      origem: "morador",
      unidade_id: unidade.id,
      autorizado_por_pessoa_id: morador!.pessoa_id,
      nome: "Visita Telas Pequenas",
    },
    headers: { origin: baseURL },
  });
  expect(entrada.status(), await entrada.text()).toBe(201);
}

/** Loaded: the heading is there and no skeleton is left. */
async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
}

const filtros = (page: Page) => page.getByRole("button", { name: /^Filtros/ });

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: "sindico@demo.guarita.app", password: "demo1234" },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(200);
  await seedPassAndEntry(context.request, baseURL!);
  await context.close();
});

test.beforeEach(async ({ loginAs }) => {
  await loginAs("sindico");
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: PHONE });

  for (const route of ROUTES) {
    test(`${route.path} reads as cards, fits the screen and folds its filters`, async ({ page }) => {
      await page.goto(route.path);
      await settle(page);

      // Nothing cut off on the right, and no table: a list of cards, each naming its record.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expect(page.getByRole("table")).toHaveCount(0);
      const cards = page.getByRole("list", { name: route.list, exact: true }).getByRole("listitem");
      await expect(cards.first()).toBeVisible();
      const names = (await items(page.context().request, route.api)).map(route.name);
      const first = (await cards.first().textContent()) ?? "";
      expect(
        names.some((name) => first.includes(name)),
        `${first} deveria nomear um registro de ${route.api}`,
      ).toBe(true);
      const box = (await cards.first().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

      if (route.search) await expect(page.getByRole("searchbox")).toBeInViewport();
      if (!route.filter) {
        // Only a search box: nothing to fold.
        await expect(filtros(page)).toHaveCount(0);
        return;
      }

      // Folded at first: one button, and the selects out of the way (and out of the tree).
      const button = filtros(page);
      await expect(button).toHaveAccessibleName("Filtros");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
      await expect(panel).toBeHidden();
      const select = page.getByRole("combobox", { name: route.filter.label, exact: true });
      await expect(select).toBeHidden();

      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(select).toBeVisible();
      await select.click();
      await page.getByRole("option", { name: route.filter.option, exact: true }).click();

      // The choice applies, and the button counts it.
      await expect(page).toHaveURL(route.filter.param);
      await expect(button).toHaveAccessibleName("Filtros (1)");
      await expect(select).toContainText(route.filter.option);
      await expect(page.getByTestId("results-count")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // Folding again keeps the filter, and the count says so.
      await button.click();
      await expect(select).toBeHidden();
      await expect(button).toHaveAccessibleName("Filtros (1)");
    });
  }

  test("the requests' cards show only what the folded filter chose", async ({ page }) => {
    await page.goto("/app/solicitacoes");
    await settle(page);
    await filtros(page).click();
    await page.getByRole("combobox", { name: "Status", exact: true }).click();
    await page.getByRole("option", { name: "Autorizado", exact: true }).click();
    await expect(page).toHaveURL(/status=autorizado/);
    const cardList = page.getByRole("list", { name: "Solicitações", exact: true });
    // The previous page's cards stay on screen, busy, until the filtered one arrives.
    await expect(cardList).not.toHaveAttribute("aria-busy", "true");
    const cards = cardList.getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Autorizado");
    // Each card's action is a full-width button to its detail.
    const action = cards.first().getByRole("link", { name: "Ver detalhes" });
    const list = (await page.getByRole("list", { name: "Solicitações", exact: true }).boundingBox())!;
    const button = (await action.boundingBox())!;
    expect(button.width).toBeGreaterThan(list.width - 40);
    expect(button.height).toBeGreaterThanOrEqual(44);
  });

  test.describe("accessibility", () => {
    test.use({ reducedMotion: "reduce" });

    for (const theme of ["light", "dark"] as const) {
      for (const path of ["/app/chamadas", "/app/unidades"]) {
        test(`${path} with its filters open has no axe violations (${theme})`, async ({ page }) => {
          await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
          await page.goto(path);
          await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
          await settle(page);
          await filtros(page).click();
          await expect(page.getByRole("combobox", { name: "Status", exact: true })).toBeVisible();
          const results = await new AxeBuilder({ page }).analyze();
          expect(describeViolations(results.violations)).toEqual([]);
        });
      }
    }
  });
});

test.describe("on a 1024 px tablet", () => {
  test.use({ viewport: TABLET });

  test("the breadcrumb of a request's detail keeps one line, whole", async ({ page }) => {
    const [solicitacao] = await items(page.context().request, "/api/solicitacoes");
    await page.goto(`/app/solicitacoes/${solicitacao!.id}`);
    await settle(page);
    const trail = page.getByRole("navigation", { name: "Trilha de navegação" });
    const crumbs = trail.getByRole("listitem");
    await expect(crumbs).toHaveText([
      "Dashboard",
      "Solicitações",
      `Solicitação #${String(solicitacao!.id).slice(0, 8)}`,
    ]);
    const tops = await crumbs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
    // Not cut short either: each crumb shows all its words.
    const cut = await crumbs.evaluateAll(
      (els) =>
        els.filter((el) => {
          const text = el.firstElementChild as HTMLElement;
          return text.scrollWidth > text.clientWidth;
        }).length,
    );
    expect(cut).toBe(0);
  });

  test("a pending request's 'Autorizar' and 'Negar' stay inside its 'Ações' card", async ({ page, baseURL }) => {
    // Its own request: another test may decide the demo's pending ones at any moment.
    const request = page.context().request;
    const [condominio] = await items(request, `/api/condominios?q=${encodeURIComponent(CONDOMINIO)}`);
    const [unidade] = await items(request, `/api/unidades?condominio_id=${condominio!.id}&status=ativa`);
    const created = await request.post("/api/solicitacoes", {
      data: { condominio_id: condominio!.id, unidade_id: unidade!.id, nome_visitante: "Visita do Tablet" },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/app/solicitacoes/${(await created.json()).id}`);
    await settle(page);
    const card = (await page.getByRole("region", { name: "Ações" }).boundingBox())!;
    for (const name of ["Autorizar", "Negar"]) {
      const button = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
      expect(button.x, name).toBeGreaterThanOrEqual(card.x);
      expect(button.x + button.width, name).toBeLessThanOrEqual(card.x + card.width);
    }
  });

  test("a deeper path shortens the crumbs in between, still on one line and named whole", async ({ page }) => {
    const [pessoa] = await items(page.context().request, "/api/pessoas");
    await page.goto(`/app/pessoas/${pessoa!.id}/editar`);
    await settle(page);
    const crumbs = page.getByRole("navigation", { name: "Trilha de navegação" }).getByRole("listitem");
    await expect(crumbs).toHaveCount(4);
    const tops = await crumbs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
    await expect(crumbs).toHaveText([
      "Dashboard",
      "Pessoas",
      `Pessoa #${String(pessoa!.id).slice(0, 8)}`,
      "Editar Pessoa",
    ]);
    // "Dashboard" and the current page keep their words; only the crumbs between may be cut short.
    const cut = await crumbs.evaluateAll((els) =>
      els.map((el) => {
        const text = el.firstElementChild as HTMLElement;
        return text.scrollWidth > text.clientWidth;
      }),
    );
    expect(cut[0]).toBe(false);
    expect(cut[3]).toBe(false);
    await expect(crumbs.nth(1).getByRole("link")).toHaveAccessibleName("Pessoas");
  });

  test("Chamadas shows Duração and Ações whole, inside the table", async ({ page }) => {
    await page.goto("/app/chamadas");
    await settle(page);
    const table = page.getByRole("table");
    await expect(table).toBeVisible();
    const container = page.locator('[data-slot="table-container"]');
    const area = (await container.boundingBox())!;
    for (const name of ["Duração", "Ações"]) {
      const header = (await table.getByRole("columnheader", { name, exact: true }).boundingBox())!;
      expect(header.x, name).toBeGreaterThanOrEqual(area.x);
      expect(header.x + header.width, name).toBeLessThanOrEqual(area.x + area.width + 0.5);
    }
    // Nothing to scroll sideways, and each duration on one line.
    const overflow = await container.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const lines = await table.getByTestId("duracao").evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getClientRects().length;
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((n) => n === 1)).toBe(true);
    await expect(table.getByRole("link", { name: /^Ver chamada/ }).first()).toBeInViewport({ ratio: 1 });
  });

  for (const path of [
    "/app/solicitacoes",
    "/app/unidades",
    "/app/condominios",
    "/app/passes",
    "/app/acessos",
    "/app/auditoria",
  ]) {
    test(`${path}'s table fits without sideways scrolling`, async ({ page, baseURL }) => {
      if (path === "/app/solicitacoes") {
        // The widest row the suite's data may hold: a name with a long part that has no space to wrap at.
        const request = page.context().request;
        const [condominio] = await items(request, `/api/condominios?q=${encodeURIComponent(CONDOMINIO)}`);
        const [unidade] = await items(request, `/api/unidades?condominio_id=${condominio!.id}&status=ativa`);
        const created = await request.post("/api/solicitacoes", {
          data: {
            condominio_id: condominio!.id,
            unidade_id: unidade!.id,
            nome_visitante: `Visitante ${Date.now()}-${"9".repeat(24)}`,
          },
          headers: { origin: baseURL! },
        });
        expect(created.status()).toBe(201);
      }
      await page.goto(path);
      await settle(page);
      await expect(page.getByRole("table")).toBeVisible();
      const overflow = await page
        .locator('[data-slot="table-container"]')
        .first()
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    });
  }
});
