/**
 * The packages' webhooks (docs/decisions/020-webhooks.md, "Packages"): a subscription to
 * `encomenda.recebida` gets one signed delivery per package received, one to `encomenda.retirada`
 * one per package handed over; the body says what the package is and when it came and went, with
 * the condominium and the unit, and never a name, a document or the pickup code.
 */
import { pino } from "pino";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookPayloadSchema } from "@/shared/schemas/webhooks";
import {
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
} from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { startWebhookReceiver } from "../../../tests/support/webhook-receiver";
import { deliverDueWebhooks } from "./deliver";
import { verifyWebhookSignature } from "./signature";

const system = setupTestSystem();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type Tenant = Awaited<ReturnType<typeof createTenantWithMember>>;
let t: Tenant;
let condominioId: string;
let unidadeId: string;
let morador: Awaited<ReturnType<typeof addSignedInMorador>>;

const DOCUMENTO = "321.654.987-00";

beforeAll(async () => {
  t = await createTenantWithMember(system(), { role: "sindico" });
  const condo = await createCondominioWithUnidade(system(), t.org.id, {
    nome: "Residencial Webhook",
    codigo: "101",
    torre: "Torre A",
  });
  condominioId = condo.condominio.id;
  unidadeId = condo.unidade.id;
  morador = await addSignedInMorador(system(), t.org.id, condo.unidade, { nome: "Marta Destinatária" });
});

async function subscribe(eventos: string[]) {
  const receiver = await startWebhookReceiver();
  cleanups.push(receiver.close);
  const hook = await t.api.post("/api/integracoes/webhooks", { json: { url: receiver.url, eventos } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  return { receiver, id: hook.body.id as string, segredo: hook.body.segredo as string };
}

async function deliver() {
  return deliverDueWebhooks({ db: system().handle.db, logger: pino({ level: "silent" }), allowPrivate: true });
}

async function receive(itens: Record<string, unknown>[]) {
  const res = await t.api.post("/api/encomendas", {
    json: { condominio_id: condominioId, unidade_id: unidadeId, destinatario_pessoa_id: morador.pessoa.id, itens },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { lote_id: string; itens: { id: string; transportadora: string }[] };
}

describe("encomenda.recebida and encomenda.retirada", () => {
  it("a package received is one signed delivery per package, with the package and no personal data", async () => {
    const hook = await subscribe(["encomenda.recebida"]);
    const lote = await receive([
      { transportadora: "correios", rastreio: "QB987654321BR", local: "Armário 3", perecivel: false },
      { transportadora: "ifood", perecivel: true, observacoes: "Entregar à Marta" },
    ]);
    expect(await deliver()).toMatchObject({ delivered: 2, retrying: 0, failed: 0 });
    expect(hook.receiver.received).toHaveLength(2);

    const bodies = hook.receiver.received.map((r) => {
      expect(r.headers["guarita-event"]).toBe("encomenda.recebida");
      expect(verifyWebhookSignature(hook.segredo, r.body, r.headers["guarita-signature"] as string)).toBe(true);
      return webhookPayloadSchema.parse(JSON.parse(r.body));
    });
    const byId = new Map(bodies.map((b) => [b.dados.encomenda!.id, b]));
    expect([...byId.keys()].sort()).toEqual(lote.itens.map((i) => i.id).sort());
    // Each its own event: a receiver drops repeats by id, not the batch's second package.
    expect(new Set(bodies.map((b) => b.id)).size).toBe(2);
    const [correiosId, ifoodId] = ["correios", "ifood"].map((c) => lote.itens.find((i) => i.transportadora === c)!.id);
    const correios = byId.get(correiosId!)!;
    expect(correios).toMatchObject({
      tipo: "encomenda.recebida",
      organizacao_id: t.org.id,
      dados: {
        encomenda: {
          id: correiosId,
          lote_id: lote.lote_id,
          status: "aguardando",
          transportadora: "correios",
          rastreio: "QB987654321BR",
          perecivel: false,
          retirada_em: null,
          retirada_metodo: null,
        },
        condominio: { id: condominioId, nome: "Residencial Webhook" },
        unidade: { id: unidadeId, codigo: "101", torre: "Torre A" },
      },
    });
    expect(correios.dados.solicitacao).toBeUndefined();
    expect(Date.parse(correios.dados.encomenda!.recebida_em)).not.toBeNaN();
    expect(byId.get(ifoodId!)!.dados.encomenda).toMatchObject({
      transportadora: "ifood",
      rastreio: null,
      perecivel: true,
    });
    // Not whom it is for, not the notes, not the pickup code.
    const mine = await morador.api.get(`/api/encomendas/${correiosId}`);
    const codigo = mine.body.codigo_retirada as string;
    expect(codigo).toMatch(/^\d{6}$/);
    for (const r of hook.receiver.received) {
      expect(r.body).not.toContain("Marta");
      expect(r.body).not.toContain(morador.pessoa.id);
      expect(r.body).not.toContain(codigo);
      expect(r.body).not.toContain("Armário");
    }

    // The deliveries' screen shows them too, one per package.
    const page = await t.api.get(`/api/integracoes/webhooks/${hook.id}/entregas`);
    expect(page.body.items.map((d: { tipo: string; status: string }) => [d.tipo, d.status])).toEqual([
      ["encomenda.recebida", "entregue"],
      ["encomenda.recebida", "entregue"],
    ]);
  });

  it("a package handed over is one delivery of encomenda.retirada; a subscriber to recebida only gets nothing then", async () => {
    const lote = await receive([
      { transportadora: "mercado_livre", rastreio: "ML-1", perecivel: false },
      { transportadora: "amazon", perecivel: false },
    ]);
    await deliver();
    const recebida = await subscribe(["encomenda.recebida"]);
    const retirada = await subscribe(["encomenda.retirada"]);
    const ids = lote.itens.map((i) => i.id);
    const codigo = (await morador.api.get(`/api/encomendas/${ids[0]}`)).body.codigo_retirada as string;

    const res = await t.api.post("/api/encomendas/retiradas", {
      json: {
        condominio_id: condominioId,
        encomenda_ids: ids,
        metodo: "codigo",
        codigo,
        retirada_por: { nome: "Jorge Vizinho", documento: DOCUMENTO },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await deliver()).toMatchObject({ delivered: 2, failed: 0 });
    expect(recebida.receiver.received).toHaveLength(0);
    expect(retirada.receiver.received).toHaveLength(2);

    const bodies = retirada.receiver.received.map((r) => {
      expect(r.headers["guarita-event"]).toBe("encomenda.retirada");
      expect(verifyWebhookSignature(retirada.segredo, r.body, r.headers["guarita-signature"] as string)).toBe(true);
      expect(r.body).not.toContain("Jorge");
      expect(r.body).not.toContain("654.987");
      expect(r.body).not.toContain(codigo);
      return webhookPayloadSchema.parse(JSON.parse(r.body));
    });
    expect(bodies.map((b) => b.dados.encomenda!.id).sort()).toEqual([...ids].sort());
    for (const b of bodies) {
      expect(b).toMatchObject({
        tipo: "encomenda.retirada",
        dados: {
          encomenda: { lote_id: lote.lote_id, status: "retirada", retirada_metodo: "codigo" },
          unidade: { id: unidadeId, codigo: "101" },
        },
      });
      expect(Date.parse(b.dados.encomenda!.retirada_em!)).not.toBeNaN();
    }

    // A second hand-over is refused and sends nothing more.
    const again = await t.api.post("/api/encomendas/retiradas", {
      json: {
        condominio_id: condominioId,
        encomenda_ids: ids,
        metodo: "sem_codigo",
        motivo: "Tentando de novo",
        retirada_por: { nome: "Outra Pessoa" },
      },
    });
    expect(again.status).toBe(409);
    expect(await deliver()).toMatchObject({ delivered: 0 });
    expect(retirada.receiver.received).toHaveLength(2);
  });

  it("a subscription to request events gets nothing from packages", async () => {
    const hook = await subscribe(["solicitacao.criada", "portao.abrir"]);
    await receive([{ transportadora: "shopee", perecivel: false }]);
    expect(await deliver()).toMatchObject({ delivered: 0 });
    expect(hook.receiver.received).toHaveLength(0);
  });
});
