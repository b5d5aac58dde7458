/**
 * The NFS-e of paid invoices through Focus NFe (docs/decisions/045-plans-and-billing.md), against a
 * fake HTTP layer that answers like Focus NFe's API: what is sent (the tomador from the checkout's
 * billing form, the amount, the description), how the answer is recorded on the invoice (issued,
 * still processing, refused, unreachable), and that instances running at once send each nota once.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AssinaturaTeste, clienteCobranca, darAssinatura } from "../../../tests/support/billing";
import { createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { faturas } from "../db/schema";
import { createNfse } from "../nfse/nfse";
import { CONSULTA_MS, MAX_TENTATIVAS, NFSE_FALHOU_MENSAGEM, runNfseIssuance } from "./nfse-issuance";

const system = setupTestSystem();
const TOKEN = "token-focus-teste";
const MIN = 60_000;

let orgId: string;
let assinatura: AssinaturaTeste;

interface FocusCall {
  method: string;
  url: URL;
  authorization: string | null;
  body: Record<string, unknown> | null;
}

/** A nota as the fake keeps it, by ref. */
type Nota = { status: string; numero?: string; url?: string; erros?: { codigo: string; mensagem: string }[] };

/**
 * Focus NFe's NFS-e endpoints, faked: POST /v2/nfse?ref= queues a nota (202, or 422 for a ref it
 * already has), GET /v2/nfse/REF reads it (404 when unknown). `next` overrides the answer of the next
 * requests (a 500, a network failure, a validation error).
 */
function fakeFocus() {
  const calls: FocusCall[] = [];
  const notas = new Map<string, Nota>();
  const next: Array<{ status: number; body: unknown } | "network"> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ method: init?.method ?? "GET", url, authorization: headers.get("authorization"), body });
    const scripted = next.shift();
    if (scripted === "network") throw new TypeError("fetch failed");
    if (scripted) return json(scripted.status, scripted.body);
    if (init?.method === "POST" && url.pathname === "/v2/nfse") {
      const ref = url.searchParams.get("ref")!;
      if (notas.has(ref)) return json(422, { codigo: "requisicao_invalida", mensagem: "Nota fiscal já enviada" });
      notas.set(ref, { status: "processando_autorizacao" });
      return json(202, { ref, status: "processando_autorizacao" });
    }
    const ref = decodeURIComponent(url.pathname.replace(/^\/v2\/nfse\//, ""));
    const nota = notas.get(ref);
    if (!nota) return json(404, { codigo: "nao_encontrado", mensagem: "Nota fiscal não encontrada" });
    return json(200, { ref, ...nota });
  };
  return { fetch, calls, notas, next };
}

function provider(fake: ReturnType<typeof fakeFocus>) {
  return createNfse({
    provider: "focusnfe",
    token: TOKEN,
    ambiente: "homologacao",
    prestador: { cnpj: "11444777000161", inscricaoMunicipal: "12345678", codigoMunicipio: "3550308" },
    servico: { aliquota: 2, itemListaServico: "01.07" },
    fetch: fake.fetch,
  });
}

async function faturaPaga(overrides: Partial<typeof faturas.$inferInsert> = {}) {
  const [row] = await system()
    .handle.db.insert(faturas)
    .values({
      assinaturaId: assinatura.id,
      invoiceRef: `in_${crypto.randomUUID()}`,
      status: "paga",
      descricao: "Assinatura do plano Avançado (anual)",
      valorCentavos: 114_900,
      itens: [{ descricao: "Plano Avançado (anual)", valor_centavos: 114_900 }],
      periodoInicio: new Date("2026-11-28T12:00:00Z"),
      periodoFim: new Date("2026-12-27T12:00:00Z"),
      pagaEm: new Date("2026-11-28T13:00:00Z"),
      nfseStatus: "pendente",
      nfseEm: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

async function reload(id: string) {
  const [row] = await system().handle.db.select().from(faturas).where(eq(faturas.id, id));
  return row!;
}

async function billingEvents(): Promise<number> {
  const rows = await system().handle.db.execute(
    sql`SELECT count(*)::int AS n FROM eventos WHERE organization_id = ${orgId} AND tipo = 'faturamento.atualizado'`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const run = (fake: ReturnType<typeof fakeFocus>, now: Date) =>
  runNfseIssuance({ db: system().handle.db, nfse: provider(fake), now });

beforeAll(async () => {
  const t = await createTenantWithMember(system(), { role: "owner" });
  orgId = t.org.id;
  assinatura = await darAssinatura(system(), orgId, {
    plano: "avancado",
    cliente: clienteCobranca({
      empresa: "Condomínio Jardim das Flores",
      cnpj: "11222333000181",
      rua: "Rua das Acácias",
      numero: "250",
      complemento: "Bloco B",
      bairro: "Jardim Paulista",
      cidade: "São Paulo",
      estado: "SP",
      cep: "01415000",
    }),
    emailCobranca: "financeiro@jardimdasflores.com.br",
  });
});

afterEach(async () => {
  // Each test's pending notas stay its own: nothing left for the next test's fake.
  await system()
    .handle.db.update(faturas)
    .set({ nfseStatus: "nao_configurada" })
    .where(eq(faturas.nfseStatus, "pendente"));
});

describe("NFS-e issuance through Focus NFe", () => {
  it("sends the nota with basic auth, the tomador from checkout and the amount, then reads it until authorised", async () => {
    const f = await faturaPaga();
    const fake = fakeFocus();
    const t0 = new Date();
    const eventsBefore = await billingEvents();

    expect(await run(fake, t0)).toMatchObject({ processando: 1, emitidas: 0 });
    expect(fake.calls).toHaveLength(1);
    const [post] = fake.calls;
    expect(post!.method).toBe("POST");
    expect(post!.url.origin).toBe("https://homologacao.focusnfe.com.br");
    expect(post!.url.pathname).toBe("/v2/nfse");
    expect(post!.url.searchParams.get("ref")).toBe(`guarita-fatura-${f.numero}`);
    expect(post!.authorization).toBe(`Basic ${Buffer.from(`${TOKEN}:`).toString("base64")}`);
    expect(post!.body).toMatchObject({
      prestador: { cnpj: "11444777000161", inscricao_municipal: "12345678", codigo_municipio: "3550308" },
      tomador: {
        cnpj: "11222333000181",
        razao_social: "Condomínio Jardim das Flores",
        email: "financeiro@jardimdasflores.com.br",
        endereco: {
          logradouro: "Rua das Acácias",
          numero: "250",
          complemento: "Bloco B",
          bairro: "Jardim Paulista",
          uf: "SP",
          cep: "01415000",
        },
      },
      servico: { aliquota: 2, iss_retido: false, item_lista_servico: "01.07", valor_servicos: "1149.00" },
    });
    const discriminacao = (post!.body!.servico as { discriminacao: string }).discriminacao;
    expect(discriminacao).toContain("Avançado");
    expect(discriminacao).toContain("28/11/2026 a 27/12/2026");
    expect(String(post!.body!.data_emissao)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    expect(await reload(f.id)).toMatchObject({ nfseStatus: "pendente", nfseRef: `guarita-fatura-${f.numero}` });

    // Asked again only after a minute; then the city hall has authorised it.
    expect(await run(fake, new Date(t0.getTime() + CONSULTA_MS / 2))).toMatchObject({ processando: 0, emitidas: 0 });
    expect(fake.calls).toHaveLength(1);
    fake.notas.set(`guarita-fatura-${f.numero}`, {
      status: "autorizado",
      numero: "2026000123",
      url: "https://nfse.prefeitura.sp.gov.br/nfse.aspx?nf=2026000123",
    });
    expect(await run(fake, new Date(t0.getTime() + 2 * MIN))).toMatchObject({ emitidas: 1 });
    expect(fake.calls.at(-1)!.method).toBe("GET");
    expect(fake.calls.at(-1)!.url.pathname).toBe(`/v2/nfse/guarita-fatura-${f.numero}`);
    expect(await reload(f.id)).toMatchObject({
      nfseStatus: "emitida",
      nfseNumero: "2026000123",
      nfseUrl: "https://nfse.prefeitura.sp.gov.br/nfse.aspx?nf=2026000123",
    });
    expect(await billingEvents()).toBeGreaterThan(eventsBefore);

    // Done: later runs leave it alone.
    expect(await run(fake, new Date(t0.getTime() + 10 * MIN))).toMatchObject({ emitidas: 0, processando: 0 });
    expect(fake.calls).toHaveLength(2);
  });

  it("records the city hall's refusal with its message", async () => {
    const f = await faturaPaga();
    const fake = fakeFocus();
    const t0 = new Date();
    await run(fake, t0);
    fake.notas.set(`guarita-fatura-${f.numero}`, {
      status: "erro_autorizacao",
      erros: [{ codigo: "E145", mensagem: "Inscrição municipal do prestador não confere" }],
    });
    expect(await run(fake, new Date(t0.getTime() + 2 * MIN))).toMatchObject({ recusadas: 1 });
    expect(await reload(f.id)).toMatchObject({
      nfseStatus: "falhou",
      nfseMensagem: "Inscrição municipal do prestador não confere",
    });
  });

  it("records a request Focus NFe refuses outright (data it rejects)", async () => {
    const f = await faturaPaga();
    const fake = fakeFocus();
    fake.next.push({
      status: 422,
      body: { codigo: "requisicao_invalida", mensagem: 'Parâmetro "tomador.cep" inválido' },
    });
    expect(await run(fake, new Date())).toMatchObject({ recusadas: 1 });
    expect(await reload(f.id)).toMatchObject({
      nfseStatus: "falhou",
      nfseMensagem: 'Parâmetro "tomador.cep" inválido',
    });
  });

  it("asks about the nota when a retry finds its ref already sent, instead of issuing another", async () => {
    const f = await faturaPaga();
    const fake = fakeFocus();
    // The first POST reached Focus NFe but its answer was lost.
    fake.notas.set(`guarita-fatura-${f.numero}`, {
      status: "autorizado",
      numero: "77",
      url: "https://nfse.exemplo/77",
    });
    expect(await run(fake, new Date())).toMatchObject({ emitidas: 1 });
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    expect(await reload(f.id)).toMatchObject({ nfseStatus: "emitida", nfseNumero: "77" });
  });

  it("retries a 500 or a network failure later, and gives up with a message after the last attempt", async () => {
    const f = await faturaPaga();
    const fake = fakeFocus();
    const t0 = new Date();
    const eventsBefore = await billingEvents();
    fake.next.push({ status: 500, body: { codigo: "erro_interno", mensagem: "Erro interno" } });
    expect(await run(fake, t0)).toMatchObject({ adiadas: 1 });
    let row = await reload(f.id);
    expect(row).toMatchObject({ nfseStatus: "pendente", nfseTentativas: 1, nfseRef: null });
    expect(row.nfseEm!.getTime()).toBeGreaterThan(t0.getTime());
    // Not before the wait is over.
    expect(await run(fake, new Date(t0.getTime() + 1000))).toMatchObject({ adiadas: 0, processando: 0 });
    expect(fake.calls).toHaveLength(1);
    // A retry that gets through goes on as usual.
    expect(await run(fake, row.nfseEm!)).toMatchObject({ processando: 1 });
    expect(await reload(f.id)).toMatchObject({ nfseStatus: "pendente", nfseRef: `guarita-fatura-${f.numero}` });

    // Another invoice whose provider never answers: given up after MAX_TENTATIVAS, with a message.
    await system()
      .handle.db.update(faturas)
      .set({ nfseStatus: "nao_configurada" })
      .where(and(eq(faturas.id, f.id)));
    const g = await faturaPaga();
    for (let i = 1; i <= MAX_TENTATIVAS; i++) {
      fake.next.push(i % 2 ? "network" : { status: 503, body: null });
      row = await reload(g.id);
      expect(row.nfseStatus).toBe("pendente");
      await run(fake, row.nfseEm!);
    }
    expect(await reload(g.id)).toMatchObject({
      nfseStatus: "falhou",
      nfseTentativas: MAX_TENTATIVAS,
      nfseMensagem: NFSE_FALHOU_MENSAGEM,
    });
    expect(await billingEvents()).toBeGreaterThan(eventsBefore);
  });

  it("leaves invoices alone without a provider, and those whose nota is not pending", async () => {
    const naoConfigurada = await faturaPaga({ nfseStatus: "nao_configurada", nfseEm: null });
    const pendente = await faturaPaga();
    expect(await runNfseIssuance({ db: system().handle.db, nfse: null })).toEqual({
      emitidas: 0,
      processando: 0,
      recusadas: 0,
      adiadas: 0,
      falharam: 0,
    });
    expect(await reload(pendente.id)).toMatchObject({ nfseStatus: "pendente", nfseTentativas: 0, nfseRef: null });

    const fake = fakeFocus();
    await run(fake, new Date());
    expect(fake.calls.map((c) => c.url.searchParams.get("ref"))).toEqual([`guarita-fatura-${pendente.numero}`]);
    expect(await reload(naoConfigurada.id)).toMatchObject({ nfseStatus: "nao_configurada", nfseRef: null });
  });

  it("sends each nota once when instances run the job at the same time", async () => {
    const created = await Promise.all(Array.from({ length: 6 }, () => faturaPaga()));
    const fake = fakeFocus();
    const now = new Date();
    const results = await Promise.all([run(fake, now), run(fake, now), run(fake, now)]);
    expect(results.reduce((n, r) => n + r.processando, 0)).toBe(created.length);
    const posted = fake.calls.filter((c) => c.method === "POST").map((c) => c.url.searchParams.get("ref"));
    expect(posted.sort()).toEqual(created.map((f) => `guarita-fatura-${f.numero}`).sort());
  });
});
