/**
 * The pt-BR receipt of a paid invoice (docs/decisions/045-plans-and-billing.md): a PDF that opens and
 * reads as a receipt (number, amount, the customer's CNPJ, the period, the card, the nota fiscal), for
 * the organization's own paid invoices only.
 */
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { type AssinaturaTeste, clienteCobranca, darAssinatura } from "../../../../tests/support/billing";
import { createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem } from "../../../../tests/support/system";
import { faturas } from "../../db/schema";
import { renderReciboPdf } from "./recibo.service";

const system = setupTestSystem();
let orgId: string;
let assinatura: AssinaturaTeste;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  // Amounts are written with a no-break space after "R$", as Intl writes them.
  return text.replace(/\s+/g, " ");
}

async function fatura(overrides: Partial<typeof faturas.$inferInsert> = {}) {
  const [row] = await system()
    .handle.db.insert(faturas)
    .values({
      assinaturaId: assinatura.id,
      invoiceRef: `in_${crypto.randomUUID()}`,
      status: "paga",
      descricao: "Assinatura do plano Avançado (anual)",
      valorCentavos: 114_900,
      itens: [{ descricao: "Plano Avançado (anual), 28/11/2026 a 27/12/2026", valor_centavos: 114_900 }],
      periodoInicio: new Date("2026-11-28T12:00:00Z"),
      periodoFim: new Date("2026-12-27T12:00:00Z"),
      pagaEm: new Date("2026-11-28T13:00:00Z"),
      ...overrides,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  const t = await createTenantWithMember(system(), { role: "owner" });
  orgId = t.org.id;
  assinatura = await darAssinatura(system(), orgId, {
    plano: "avancado",
    cartaoBandeira: "visa",
    cartaoFinal: "4242",
    cliente: clienteCobranca({ empresa: "Condomínio Jardim das Flores", cnpj: "11222333000181" }),
  });
});

describe("renderReciboPdf", () => {
  it("renders a receipt with number, date, customer, amount, period, card and the nota's status", async () => {
    const f = await fatura();
    const bytes = await renderReciboPdf(system().handle.db, orgId, f.id);
    expect(bytes).not.toBeNull();
    const text = await pdfText(bytes!);
    expect(text).toContain("Recibo de pagamento");
    expect(text).toContain(`Nº ${String(f.numero).padStart(6, "0")}`);
    expect(text).toContain("28/11/2026");
    expect(text).toContain("Condomínio Jardim das Flores");
    expect(text).toContain("11.222.333/0001-81");
    expect(text).toContain("01310-100");
    expect(text).toContain("Guarita Tecnologia Ltda.");
    expect(text).toContain("R$ 1.149,00");
    expect(text).toContain("28/11/2026 a 27/12/2026");
    expect(text).toContain("•••• 4242");
    expect(text).toContain("Este recibo não substitui a nota fiscal.");
    // No provider configured: the receipt says how to get the nota.
    expect(text).toContain("não é emitida automaticamente");
  }, 30_000);

  it("names the NFS-e once it is issued", async () => {
    const f = await fatura({ nfseStatus: "emitida", nfseNumero: "2026000123", nfseUrl: "https://nfse.exemplo/123" });
    const text = await pdfText((await renderReciboPdf(system().handle.db, orgId, f.id))!);
    expect(text).toContain("NFS-e nº 2026000123");
  }, 30_000);

  it("has no receipt for an unpaid invoice, another organization's, or an id that is not one", async () => {
    const aberta = await fatura({ status: "falhou", pagaEm: null, motivoFalha: "Cartão recusado." });
    expect(await renderReciboPdf(system().handle.db, orgId, aberta.id)).toBeNull();

    const paga = await fatura();
    const other = await createTenantWithMember(system(), { role: "owner" });
    await darAssinatura(system(), other.org.id);
    expect(await renderReciboPdf(system().handle.db, other.org.id, paga.id)).toBeNull();

    expect(await renderReciboPdf(system().handle.db, orgId, "nao-e-um-id")).toBeNull();
    expect(await renderReciboPdf(system().handle.db, orgId, crypto.randomUUID())).toBeNull();
  });
});
