/**
 * The company pages (docs/product.md, "Company pages"): /seguranca, /sobre, /carreiras and /contato. Their
 * forms only open external channels (an e-mail draft, a WhatsApp chat), so window.open is stubbed to capture
 * the URL instead of launching a mail client or WhatsApp.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const COMPANY_EMAIL = "contato@guarita.app";
const WHATSAPP_NUMBER = "5511940028922";

const PAGES = [
  {
    path: "/seguranca",
    title: "Segurança",
    sections: [
      "Conformidade e certificações",
      "Criptografia em repouso e em trânsito",
      "Disponibilidade garantida em contrato (SLA)",
      "Registros de auditoria",
      "Autenticação multifator e autorização por perfil",
      "Privacidade desde a concepção",
      "Resposta a incidentes",
      "Fale com a equipe de segurança",
    ],
    texts: ["AES-256", "TLS 1.3", "99,9%", "8,76 horas", "72 horas", "seguranca@guarita.app", "ISO/IEC 27001"],
  },
  {
    path: "/sobre",
    title: "Sobre a Guarita",
    sections: ["Missão", "Visão", "Valores", "Nossa história", "Equipe", "Tecnologia"],
    texts: ["2025 — Fundação", "100+", "2 a 4 semanas"],
  },
  {
    path: "/carreiras",
    title: "Carreiras",
    sections: ["Benefícios", "Áreas de atuação", "Processo seletivo", "Candidate-se"],
    texts: ["Tecnologia", "Segurança", "Comercial", "Suporte", "Triagem", "Entrevista", "5 dias úteis"],
  },
  {
    path: "/contato",
    title: "Contato",
    sections: [
      "Envie uma mensagem",
      "Canais diretos",
      "Dados de contato",
      "Horário de atendimento",
      "Perguntas frequentes",
    ],
    texts: [
      "Segunda a sexta, das 9h às 18h",
      "Sábado, das 9h às 12h",
      "Respondemos e-mails em até 24 horas",
      COMPANY_EMAIL,
    ],
  },
] as const;

type Opened = { url: string; target?: string };

/** Replaces window.open before any page script runs, recording what the page asked to open. */
async function captureWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const opened: { url: string; target?: string }[] = [];
    Object.assign(window, { __opened: opened });
    window.open = ((url?: string | URL, target?: string) => {
      opened.push({ url: String(url), target });
      return null;
    }) as typeof window.open;
  });
}

function openedUrls(page: Page): Promise<Opened[]> {
  return page.evaluate(() => (window as unknown as { __opened: Opened[] }).__opened);
}

/** The one URL the page opened, in a new window or tab. */
async function theOpenedUrl(page: Page): Promise<string> {
  const opened = await openedUrls(page);
  expect(opened).toHaveLength(1);
  const [only] = opened as [Opened];
  expect(only.target).toBe("_blank");
  return only.url;
}

/** Splits a mailto: URL; the values are percent-decoded only ("+" stays a plus). */
function parseMailto(url: string) {
  expect(url.startsWith("mailto:")).toBe(true);
  const [address, query = ""] = url.slice("mailto:".length).split("?");
  const params = new Map(
    query.split("&").map((pair) => {
      const [key, value = ""] = pair.split("=");
      return [key, decodeURIComponent(value)] as const;
    }),
  );
  return { address, subject: params.get("subject"), body: params.get("body") ?? "" };
}

test.describe("every company page", () => {
  for (const info of PAGES) {
    test(`${info.path} shows its title, sections, header link home and legal footer links`, async ({ page }) => {
      await page.goto(info.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      for (const section of info.sections) {
        // A region is a <section> named by its heading through aria-labelledby.
        const region = page.getByRole("region", { name: section, exact: true });
        await expect(region).toBeVisible();
        await expect(region.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
      }
      for (const text of info.texts) {
        await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      }

      await expect(page.getByRole("banner").getByRole("link", { name: /página inicial/ })).toHaveAttribute("href", "/");
      const footer = page.getByRole("contentinfo");
      for (const href of ["/privacidade", "/termos", "/lgpd"]) {
        await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
      }
      await expect(page).toHaveTitle(new RegExp(`${info.title.split(" ")[0]}.*\\| Guarita`));
    });

    test(`${info.path} fits a 360 px screen and has no axe violations in both themes`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(info.path);
        await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /light/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "horizontal scroll at 360 px").toBeLessThanOrEqual(0);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
      }
    });
  }

  test("the header link goes home", async ({ page }) => {
    await page.goto("/sobre");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /página inicial/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});

const applyButton = (page: Page) => page.locator("summary").filter({ hasText: "Candidatar-se" });

test.describe("career application dialog", () => {
  test.beforeEach(async ({ page }) => {
    await captureWindowOpen(page);
    await page.goto("/carreiras");
  });

  // A native disclosure (docs/decisions/013): "Candidatar-se" is its <summary>, the form its panel.
  async function openDialog(page: Page) {
    await applyButton(page).click();
    const dialog = page.getByRole("region", { name: "Candidatura" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async function fillRequired(page: Page) {
    const dialog = page.getByRole("region", { name: "Candidatura" });
    await dialog.getByLabel("Nome completo").fill("Ana Luíza Conceição");
    await dialog.getByLabel("E-mail").fill("ana.luiza@example.com");
    await dialog.getByLabel("Setor de interesse").selectOption("seguranca");
    await dialog.getByLabel("Nível de experiência").selectOption("pleno");
    await dialog.getByLabel("Mensagem").fill("Trabalho há 4 anos com segurança & redes.\nAdoraria conversar!");
    return dialog;
  }

  test("opens with a description, the fields and the options", async ({ page }) => {
    const dialog = await openDialog(page);
    await expect(dialog).toHaveAccessibleDescription(/contato@guarita\.app/);
    await expect(dialog.getByLabel("Nome completo")).toBeFocused();
    await expect(dialog.getByLabel("E-mail")).toHaveAttribute("type", "email");
    await expect(dialog.getByLabel("Telefone")).not.toHaveAttribute("required");
    await expect(dialog.getByLabel("Setor de interesse").locator("option")).toHaveText([
      "Selecione o setor",
      "Tecnologia",
      "Segurança",
      "Comercial",
      "Suporte",
      "Marketing",
      "Administrativo",
    ]);
    await expect(dialog.getByLabel("Nível de experiência").locator("option")).toHaveText([
      "Selecione o nível",
      "Estagiário",
      "Júnior (0-2 anos)",
      "Pleno (2-5 anos)",
      "Sênior (5+ anos)",
    ]);
    const resume = dialog.getByLabel("Currículo (PDF)");
    await expect(resume).toHaveAttribute("accept", "application/pdf,.pdf");
    await expect(resume).toHaveAccessibleDescription("Apenas arquivos PDF são aceitos");
    await expect(dialog.getByText("Apenas arquivos PDF são aceitos", { exact: true })).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      // The "Sistema" theme follows the device live (enhance/theme.ts), so the open form switches too.
      await page.emulateMedia({ colorScheme });
      await expect(page.locator("html")).toHaveClass(new RegExp(colorScheme));
      const axe = await new AxeBuilder({ page }).include('[aria-labelledby="candidatura-titulo"]').analyze();
      expect(
        axe.violations.map((v) => v.id),
        colorScheme,
      ).toEqual([]);
    }
  });

  test("the browser blocks a submit with empty required fields or an invalid e-mail", async ({ page }) => {
    const dialog = await openDialog(page);
    await dialog.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(dialog).toBeVisible();
    for (const label of ["Nome completo", "E-mail", "Setor de interesse", "Nível de experiência", "Mensagem"]) {
      expect(await dialog.getByLabel(label).evaluate((el: HTMLInputElement) => el.validity.valueMissing), label).toBe(
        true,
      );
    }
    expect(await dialog.getByLabel("Telefone").evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);

    await fillRequired(page);
    await dialog.getByLabel("E-mail").fill("ana-sem-arroba");
    await dialog.getByRole("button", { name: "Enviar candidatura" }).click();
    expect(await dialog.getByLabel("E-mail").evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(dialog).toBeVisible();
    expect(await openedUrls(page)).toEqual([]);
  });

  test("rejects a non-PDF résumé, clears it, then accepts a PDF and names it in the mailto draft", async ({ page }) => {
    const dialog = await openDialog(page);
    await fillRequired(page);
    await dialog.getByLabel("Telefone").fill("(11) 98888-7777");
    const resume = dialog.getByLabel("Currículo (PDF)");

    await resume.setInputFiles({ name: "curriculo.docx", mimeType: "application/msword", buffer: Buffer.from("doc") });
    const error = dialog.getByRole("alert");
    await expect(error).toHaveText("O arquivo selecionado não é um PDF. Escolha o currículo em formato PDF.");
    await expect(resume).toHaveAttribute("aria-invalid", "true");
    expect(await resume.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
    await expect(dialog.getByText("Nenhum arquivo selecionado")).toBeVisible();

    await resume.setInputFiles({
      name: "curriculo-ana.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF"),
    });
    await expect(error).toHaveCount(0);
    await expect(resume).not.toHaveAttribute("aria-invalid");
    await expect(dialog.getByText("curriculo-ana.pdf")).toBeVisible();

    await dialog.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Candidatura pronta para envio")).toBeVisible();
    await expect(applyButton(page)).toBeFocused();

    const mail = parseMailto(await theOpenedUrl(page));
    expect(mail.address).toBe(COMPANY_EMAIL);
    expect(mail.subject).toBe("Candidatura - Ana Luíza Conceição");
    expect(mail.body.split("\r\n")).toEqual([
      "Nome: Ana Luíza Conceição",
      "E-mail: ana.luiza@example.com",
      "Telefone: (11) 98888-7777",
      "Setor: Segurança",
      "Experiência: Pleno (2-5 anos)",
      "Mensagem: Trabalho há 4 anos com segurança & redes.",
      "Adoraria conversar!",
      "Currículo: curriculo-ana.pdf",
    ]);
  });

  test("without a résumé or phone, the draft says 'Não anexado' and 'Não informado'", async ({ page }) => {
    await openDialog(page);
    const dialog = await fillRequired(page);
    await dialog.getByLabel("Nível de experiência").selectOption("estagiario");
    await dialog.getByLabel("Setor de interesse").selectOption("administrativo");
    await dialog.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(dialog).toBeHidden();

    const mail = parseMailto(await theOpenedUrl(page));
    expect(mail.subject).toBe("Candidatura - Ana Luíza Conceição");
    const lines = mail.body.split("\r\n");
    expect(lines).toContain("Telefone: Não informado");
    expect(lines).toContain("Setor: Administrativo");
    expect(lines).toContain("Experiência: Estagiário");
    expect(lines.at(-1)).toBe("Currículo: Não anexado");
  });

  test("Esc closes the dialog, focus returns to the button, and it reopens blank", async ({ page }) => {
    const dialog = await openDialog(page);
    await dialog.getByLabel("Nome completo").fill("Rascunho");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(applyButton(page)).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Nome completo")).toHaveValue("");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(applyButton(page)).toBeFocused();
    expect(await openedUrls(page)).toEqual([]);
  });
});

test.describe("contact form", () => {
  test.beforeEach(async ({ page }) => {
    await captureWindowOpen(page);
    await page.goto("/contato");
  });

  test("lists the seven subjects and blocks a submit with empty required fields", async ({ page }) => {
    const form = page.getByRole("form", { name: "Envie uma mensagem" });
    await expect(form.getByLabel("Assunto").locator("option")).toHaveText([
      "Selecione o assunto",
      "Demonstração",
      "Preços e planos",
      "Integrações",
      "Suporte",
      "Parcerias",
      "Carreiras",
      "Outro",
    ]);
    await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    for (const label of ["Nome", "E-mail", "Assunto", "Mensagem"]) {
      expect(await form.getByLabel(label).evaluate((el: HTMLInputElement) => el.validity.valueMissing), label).toBe(
        true,
      );
    }
    expect(await openedUrls(page)).toEqual([]);
  });

  test("opens WhatsApp in a new tab with the prefilled text", async ({ page }) => {
    const form = page.getByRole("form", { name: "Envie uma mensagem" });
    await form.getByLabel("Nome").fill("Carlos Eduardo");
    await form.getByLabel("E-mail").fill("carlos@condominio.com.br");
    await form.getByLabel("Telefone").fill("(21) 97777-6666");
    await form.getByLabel("Assunto").selectOption({ label: "Preços e planos" });
    await form.getByLabel("Mensagem").fill("Quanto custa para 3 torres & 240 unidades?");
    await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    await expect(page.getByText("Mensagem pronta no WhatsApp")).toBeVisible();

    const url = new URL(await theOpenedUrl(page));
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${WHATSAPP_NUMBER}`);
    expect([...url.searchParams.keys()]).toEqual(["text"]);
    expect(url.searchParams.get("text")?.split("\n")).toEqual([
      "Olá! Vim pelo site da Guarita e gostaria de falar com vocês.",
      "",
      "Nome: Carlos Eduardo",
      "E-mail: carlos@condominio.com.br",
      "Telefone: (21) 97777-6666",
      "Assunto: Preços e planos",
      "Mensagem: Quanto custa para 3 torres & 240 unidades?",
    ]);
    // The form starts over after sending.
    await expect(form.getByLabel("Nome")).toHaveValue("");
  });

  test("the direct channels link to WhatsApp, e-mail and phone", async ({ page }) => {
    const channels = page.getByRole("region", { name: "Canais diretos" });
    await expect(channels.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/${WHATSAPP_NUMBER}\\?text=`),
    );
    await expect(channels.getByRole("link", { name: /E-mail/ })).toHaveAttribute("href", `mailto:${COMPANY_EMAIL}`);
    await expect(channels.getByRole("link", { name: /Telefone/ })).toHaveAttribute("href", /^tel:\+55\d{10,11}$/);
  });

  test("the FAQ opens and closes with the keyboard", async ({ page }) => {
    const faq = page.getByRole("region", { name: "Perguntas frequentes" });
    const question = faq.locator("summary").first();
    const answer = faq.getByText("Respondemos e-mails em até 24 horas.", { exact: false });
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    await page.keyboard.press("Space");
    await expect(answer).toBeHidden();
  });
});
