/**
 * Zero axe-core violations on the console's screens: the dashboard, every
 * list, every detail, every new and edit form and the open dialogs (decision, user menu, global
 * search), in the light and the dark theme, as síndico and, where the screens differ (the request
 * screens, where the porteiro decides, and the shell), as porteiro. Unlike the public pages this
 * runs every axe rule, best practices included ("region": no content outside a landmark).
 */

import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { describeViolations } from "./axe";
import { type DEMO, expect, openUserMenu, test } from "./fixtures";
import { CHOOSER_HEADING } from "./portaria";

const THEMES = ["light", "dark"] as const;
type Role = keyof typeof DEMO;

interface Ids {
  /** A fresh pending request, created only for the screens that show one. */
  solicitacao: string;
  pessoa: string;
  unidade: string;
  condominio: string;
  chamada: string;
  /** A fresh pass of the demo unit, for the screens that show one. */
  passe: string;
}

async function firstId(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const body = (await res.json()) as { items: { id: string }[] };
  expect(body.items.length, `${path} sem itens`).toBeGreaterThan(0);
  return body.items[0]!.id;
}

/** One record of each kind, and a fresh pending request (its screen shows the decision buttons). */
async function demoIds(
  request: APIRequestContext,
  baseURL: string,
  withPending: boolean,
  withPasse = false,
): Promise<Ids> {
  // The demo condominium by name: other specs add condominiums (some without units) that sort first.
  const condominio = await firstId(request, `/api/condominios?q=${encodeURIComponent("Jardim das Acácias")}`);
  const unidade = await firstId(request, `/api/unidades?condominio_id=${condominio}&status=ativa`);
  let solicitacao = "";
  if (withPending) {
    const created = await request.post("/api/solicitacoes", {
      data: { condominio_id: condominio, unidade_id: unidade, nome_visitante: "Visita Acessível" },
      headers: { origin: baseURL },
    });
    expect(created.status()).toBe(201);
    solicitacao = ((await created.json()) as { id: string }).id;
  }
  let passe = "";
  if (withPasse) {
    const today = new Date().toISOString().slice(0, 10);
    const created = await request.post("/api/passes", {
      data: {
        condominio_id: condominio,
        unidade_id: unidade,
        nome: "Passe Acessível",
        descricao: "diarista",
        modalidade: "recorrente",
        data_inicio: today,
        data_fim: today,
        dias_semana: [0, 1, 2, 3, 4, 5, 6],
        hora_inicio: "08:00",
        hora_fim: "17:00",
      },
      headers: { origin: baseURL },
    });
    expect(created.status()).toBe(201);
    passe = ((await created.json()) as { id: string }).id;
  }
  return {
    solicitacao,
    passe,
    pessoa: await firstId(request, "/api/pessoas"),
    unidade,
    condominio,
    chamada: await firstId(request, "/api/chamadas"),
  };
}

interface Screen {
  name: string;
  path: (ids: Ids) => string;
  /** Shows the fresh pending request. */
  pending?: true;
  /** Shows a fresh pass. */
  passe?: true;
  /** Who sees this screen differently enough to check it as both. */
  roles: readonly Role[];
  /** Opens a dialog or popup on the loaded screen; returns what must be visible before axe runs. */
  open?: (page: Page) => Promise<void>;
}

const BOTH: readonly Role[] = ["sindico", "porteiro"];
const SINDICO: readonly Role[] = ["sindico"];
const PORTEIRO: readonly Role[] = ["porteiro"];

/** The Portaria screen once this device's gate is chosen (the first condominium offered). */
async function chooseGate(page: Page) {
  await page.getByRole("heading", { name: CHOOSER_HEADING }).waitFor();
  await page.getByRole("list", { name: "Condomínios" }).getByRole("button").first().click();
  await expect(page.getByTestId("validar-passe")).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
}

const SCREENS: Screen[] = [
  { name: "dashboard", path: () => "/app/dashboard", roles: BOTH },
  { name: "lista de solicitações", path: () => "/app/solicitacoes", roles: BOTH },
  { name: "nova solicitação", path: () => "/app/solicitacoes/nova", roles: BOTH },
  {
    name: "detalhe da solicitação",
    path: (ids) => `/app/solicitacoes/${ids.solicitacao}`,
    pending: true,
    roles: BOTH,
  },
  {
    name: "diálogo de decisão",
    path: (ids) => `/app/solicitacoes/${ids.solicitacao}`,
    pending: true,
    roles: BOTH,
    open: async (page) => {
      await page.getByRole("button", { name: "Autorizar" }).click();
      await expect(page.getByRole("alertdialog", { name: "Autorizar solicitação" })).toBeVisible();
    },
  },
  {
    name: "menu do usuário",
    path: () => "/app/dashboard",
    roles: BOTH,
    open: async (page) => {
      await openUserMenu(page);
      await expect(page.getByRole("menu")).toBeVisible();
    },
  },
  {
    name: "painel de notificações",
    path: () => "/app/dashboard",
    roles: BOTH,
    open: async (page) => {
      await page.getByRole("button", { name: "Notificações" }).click();
      await expect(page.getByRole("dialog", { name: "Solicitações pendentes" })).toBeVisible();
    },
  },
  {
    name: "menu de tema",
    path: () => "/app/dashboard",
    roles: SINDICO,
    open: async (page) => {
      await page.getByRole("button", { name: "Alternar tema" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menuitemradio").first()).toBeFocused();
    },
  },
  {
    name: "barra lateral recolhida com dica",
    path: () => "/app/dashboard",
    roles: SINDICO,
    open: async (page) => {
      await page.getByRole("button", { name: "Alternar barra lateral" }).click();
      await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Pessoas" }).hover();
      await expect(page.getByRole("tooltip", { name: "Pessoas" })).toBeVisible();
    },
  },
  {
    name: "busca global",
    path: () => "/app/dashboard",
    roles: SINDICO,
    open: async (page) => {
      await page.getByRole("combobox", { name: "Buscar" }).fill("an");
      await expect(
        page.getByRole("listbox", { name: "Resultados da busca" }).getByRole("option").first(),
      ).toBeVisible();
    },
  },
  { name: "lista de pessoas", path: () => "/app/pessoas", roles: SINDICO },
  { name: "nova pessoa", path: () => "/app/pessoas/nova", roles: SINDICO },
  { name: "detalhe da pessoa", path: (ids) => `/app/pessoas/${ids.pessoa}`, roles: SINDICO },
  { name: "edição da pessoa", path: (ids) => `/app/pessoas/${ids.pessoa}/editar`, roles: SINDICO },
  { name: "lista de unidades", path: () => "/app/unidades", roles: SINDICO },
  { name: "nova unidade", path: () => "/app/unidades/nova", roles: SINDICO },
  { name: "detalhe da unidade", path: (ids) => `/app/unidades/${ids.unidade}`, roles: SINDICO },
  { name: "edição da unidade", path: (ids) => `/app/unidades/${ids.unidade}/editar`, roles: SINDICO },
  { name: "lista de condomínios", path: () => "/app/condominios", roles: SINDICO },
  { name: "novo condomínio", path: () => "/app/condominios/novo", roles: SINDICO },
  { name: "detalhe do condomínio", path: (ids) => `/app/condominios/${ids.condominio}`, roles: SINDICO },
  { name: "edição do condomínio", path: (ids) => `/app/condominios/${ids.condominio}/editar`, roles: SINDICO },
  { name: "lista de chamadas", path: () => "/app/chamadas", roles: BOTH },
  { name: "detalhe da chamada", path: (ids) => `/app/chamadas/${ids.chamada}`, roles: BOTH },
  // A new device first asks which condominium its gate is.
  { name: "portaria, escolha do condomínio", path: () => "/app/portaria", roles: PORTEIRO },
  { name: "portaria", path: () => "/app/portaria", roles: PORTEIRO, open: chooseGate },
  {
    name: "novo visitante na portaria",
    path: () => "/app/portaria",
    roles: PORTEIRO,
    open: async (page) => {
      await chooseGate(page);
      await page.getByRole("button", { name: "Novo visitante" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  {
    name: "entrada autorizada por morador",
    path: () => "/app/portaria",
    roles: PORTEIRO,
    open: async (page) => {
      await chooseGate(page);
      await page.getByRole("button", { name: "Entrada autorizada por morador" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  { name: "lista de passes", path: () => "/app/passes", roles: BOTH },
  { name: "novo passe", path: () => "/app/passes/novo", roles: SINDICO },
  { name: "detalhe do passe", path: (ids) => `/app/passes/${ids.passe}`, passe: true, roles: SINDICO },
  { name: "edição do passe", path: (ids) => `/app/passes/${ids.passe}/editar`, passe: true, roles: SINDICO },
  { name: "entradas e saídas", path: () => "/app/acessos", roles: BOTH },
  { name: "auditoria", path: () => "/app/auditoria", roles: SINDICO },
  { name: "direitos dos titulares", path: () => "/app/titulares", roles: SINDICO },
];

/** Waits for the running transitions (a dialog fading in would read as low contrast); loops excluded. */
async function transitionsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Loaded: the heading is there, no skeleton is left, and no transition is still running. */
async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await transitionsDone(page);
}

// Toasts of other sessions' changes may appear at any moment; without motion they are checked at
// rest instead of mid-fade (when their text reads as low contrast).
test.use({ reducedMotion: "reduce" });

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    for (const screen of SCREENS) {
      for (const role of screen.roles) {
        test(`${screen.name} (${role}) has no axe violations`, async ({ page, loginAs, baseURL }) => {
          await loginAs(role);
          const ids = await demoIds(page.context().request, baseURL!, screen.pending === true, screen.passe === true);
          // Stored before the page loads, the way next-themes finds it on a returning user's device.
          await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
          await page.goto(screen.path(ids));
          await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
          await settle(page);
          if (screen.open) {
            await screen.open(page);
            await transitionsDone(page);
          }
          const results = await new AxeBuilder({ page }).analyze();
          expect(describeViolations(results.violations)).toEqual([]);
        });
      }
    }
  });
}
