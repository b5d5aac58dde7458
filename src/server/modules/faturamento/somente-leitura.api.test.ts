/**
 * Staff's console after a failed payment (docs/decisions/045-plans-and-billing.md): during the 7-day
 * grace period everything works and /api/me tells the console to show the banner; after it (or once
 * the subscription ended) staff's writes are refused with 402 ACCOUNT_READ_ONLY, a message and the
 * plan page's link, and nothing changes, while reading goes on and the gate keeps working: a
 * resident's /r/ link, a pass at Portaria, the attendant at the kiosk, the porteiro taking a
 * conversation over, a morador's own requests, the integration API. Paying restores at once.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { assinaturas, condominios, pessoas, solicitacoesAcesso } from "@/server/db/schema";
import { channelsOf } from "@/server/notifications/channels";
import type { CanalNotificacao, NotificationChannel, ResidentMessage } from "@/server/notifications/channels/channel";
import { deliverDueNotifications } from "@/server/notifications/deliver";
import { carenciaAte, PLANO_PATH, SOMENTE_LEITURA_ENCERRADA, SOMENTE_LEITURA_INADIMPLENTE } from "@/shared/faturamento";
import { attendantWorld } from "../../../../tests/support/attendant-world";
import { type AssinaturaTeste, darAssinatura, emAtraso } from "../../../../tests/support/billing";
import { TEST_CARD } from "../../../../tests/support/checkout";
import { addSignedInMember, addSignedInMorador, createApiKeyClient } from "../../../../tests/support/factories";
import { passInput } from "../../../../tests/support/gate-world";
import { client, cookieFrom } from "../../../../tests/support/http";
import { setupTestSystem, TEST_ORIGIN } from "../../../../tests/support/system";
import { API_KEY_SCOPES } from "../../../shared/domain";
import { applyBillingEvents } from "./faturamento.service";

const system = setupTestSystem();
const db = () => system().handle.db;

type World = Awaited<ReturnType<typeof attendantWorld>>;
type Member = Awaited<ReturnType<typeof addSignedInMember>>;
type Morador = Awaited<ReturnType<typeof addSignedInMorador>>;
type Api = Member["api"];

let w: World;
let owner: Member;
let porteiro: Member;
let operador: Member;
let morador: Morador;
let integracao: Api;
let kiosk: Api;
let assinatura: AssinaturaTeste;

/** What the residents' channels were asked to send (the matrix tenant is no demo: its channels are these). */
const sent: ResidentMessage[] = [];
const recording = (canal: CanalNotificacao): NotificationChannel => ({
  canal,
  demo: false,
  async send(message) {
    sent.push(message);
    return { providerMessageId: null };
  },
});
const deliverDue = () =>
  deliverDueNotifications({
    db: db(),
    channels: channelsOf({ whatsapp: recording("whatsapp"), sms: recording("sms"), email: recording("email") }),
    linkBase: TEST_ORIGIN,
    logger: pino({ level: "silent" }),
  });

/**
 * The building, set up while the account is in order: Ana Beatriz Souza in 101 Torre A (reachable on
 * WhatsApp) and a signed-in morador there, a gate with a paired kiosk, an integration's API key, and
 * a Personalizado subscription (no plan limit gets in the way of what is tested here).
 */
beforeAll(async () => {
  w = await attendantWorld(system(), "Residencial Somente Leitura");
  const org = w.sindico.org.id;
  owner = await addSignedInMember(system(), org, "owner");
  porteiro = await addSignedInMember(system(), org, "porteiro");
  operador = await addSignedInMember(system(), org, "operador");
  morador = await addSignedInMorador(system(), org, w.condo.unidade, { nome: "Marcos Morador" });
  ({ api: integracao } = await createApiKeyClient(system(), owner.cookie));
  const created = await w.sindico.api.post("/api/totens", {
    json: { nome: "Totem da portaria", condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const codigo = String(created.body.link).split("/").pop();
  const paired = await client(system()).post("/api/totem/parear", { json: { codigo } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  kiosk = client(system(), { cookie: cookieFrom(paired.headers) });
  assinatura = await darAssinatura(system(), org, { plano: "personalizado", valorCentavos: 250_000 });
});

/** The subscription paid and in force again. */
async function emDia() {
  await db()
    .update(assinaturas)
    .set({ status: "ativa", falhaEm: null, encerradaEm: null })
    .where(eq(assinaturas.id, assinatura.id));
}

async function countOf(table: typeof condominios | typeof pessoas) {
  const [row] = await db().select({ n: count() }).from(table).where(eq(table.organizationId, w.sindico.org.id));
  return row!.n;
}

function expectReadOnly(res: { status: number; body: any }, message = SOMENTE_LEITURA_INADIMPLENTE) {
  expect(res.status, JSON.stringify(res.body)).toBe(402);
  expect(res.body.error).toMatchObject({ code: "ACCOUNT_READ_ONLY", message, link: PLANO_PATH });
}

const novoCondominio = () => ({ nome: `Residencial ${randomUUID().slice(0, 6)}`, timezone: "America/Sao_Paulo" });
const cobrancaOf = async (api: Api) => {
  const me = await api.get("/api/me");
  expect(me.status).toBe(200);
  return me.body.cobranca;
};

describe("during the grace period", () => {
  it("keeps everything working and tells staff (not residents) until when", async () => {
    await emDia();
    const falhaEm = await emAtraso(system(), w.sindico.org.id, 3);

    const created = await owner.api.post("/api/condominios", { json: novoCondominio() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pessoa = await w.sindico.api.post("/api/pessoas", {
      json: { condominio_id: w.condo.condominio.id, nome: "Visitante Frequente" },
    });
    expect(pessoa.status, JSON.stringify(pessoa.body)).toBe(201);

    const banner = { situacao: "carencia", ate: carenciaAte(falhaEm).toISOString() };
    expect(await cobrancaOf(owner.api)).toEqual(banner);
    expect(await cobrancaOf(w.sindico.api)).toEqual(banner);
    expect(await cobrancaOf(porteiro.api)).toEqual(banner);
    expect(await cobrancaOf(morador.api)).toBeNull();
  });

  it("shows no banner while the account is in order", async () => {
    await emDia();
    expect(await cobrancaOf(owner.api)).toBeNull();
    expect(await cobrancaOf(porteiro.api)).toBeNull();
  });
});

describe("after the grace period", () => {
  it("refuses staff's registry changes with 402, the message and the plan page, changing nothing", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    const condominiosBefore = await countOf(condominios);
    const pessoasBefore = await countOf(pessoas);

    for (const staff of [owner, w.sindico, porteiro, operador]) {
      expectReadOnly(await staff.api.post("/api/condominios", { json: novoCondominio() }));
      expectReadOnly(
        await staff.api.post("/api/pessoas", { json: { condominio_id: w.condo.condominio.id, nome: "Nova Pessoa" } }),
      );
    }
    expectReadOnly(
      await owner.api.put(`/api/unidades/${w.b101.id}`, {
        json: { condominio_id: w.condo.condominio.id, codigo: "101", torre: "Torre Nova" },
      }),
    );
    const [ana] = await db()
      .select({ id: pessoas.id })
      .from(pessoas)
      .where(and(eq(pessoas.organizationId, w.sindico.org.id), eq(pessoas.nome, "Ana Beatriz Souza")));
    expectReadOnly(
      await w.sindico.api.patch(`/api/unidades/${w.condo.unidade.id}/moradores/${ana!.id}`, {
        json: { is_responsavel: true },
      }),
    );
    expectReadOnly(await w.sindico.api.delete(`/api/pessoas/${ana!.id}`));
    expectReadOnly(await owner.api.put("/api/organizacao", { json: { name: "Outro Nome" } }));
    expectReadOnly(
      await owner.api.post("/api/equipe/convites", { json: { email: "novo@teste.guarita.app", papel: "porteiro" } }),
    );
    // Staff creating a pass is the console's work, not the gate's.
    expectReadOnly(await porteiro.api.post("/api/passes", { json: passInput(w.condo) }));

    expect(await countOf(condominios)).toBe(condominiosBefore);
    expect(await countOf(pessoas)).toBe(pessoasBefore);
    const unit = await owner.api.get(`/api/unidades/${w.b101.id}`);
    expect(unit.body.torre).toBe("Torre B");
  });

  it("still reads everything, and tells staff the console is read-only", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    const list = await owner.api.get("/api/condominios");
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { nome: string }) => c.nome)).toContain("Residencial Somente Leitura");
    expect((await porteiro.api.get(`/api/pessoas?condominio_id=${w.condo.condominio.id}`)).status).toBe(200);
    expect((await w.sindico.api.get("/api/solicitacoes")).status).toBe(200);

    for (const staff of [owner, w.sindico, porteiro, operador]) {
      expect(await cobrancaOf(staff.api)).toEqual({ situacao: "somente_leitura", ate: null });
    }
    expect(await cobrancaOf(morador.api)).toBeNull();
  });

  it("keeps the gate working: a pass at Portaria, the entry and the exit", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    // A resident's flows never stop: the morador still creates a pass for their unit.
    const passe = await morador.api.post("/api/passes", { json: passInput(w.condo, { nome: "Maria Diarista" }) });
    expect(passe.status, JSON.stringify(passe.body)).toBe(201);

    const validated = await porteiro.api.post("/api/portaria/validacoes", {
      json: { condominio_id: w.condo.condominio.id, pin: passe.body.pin },
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body).toMatchObject({ liberado: true, resultado: "liberado" });
    const entrada = validated.body.acesso_id as string;
    const inside = await porteiro.api.get(`/api/acessos?condominio_id=${w.condo.condominio.id}&presentes=true`);
    expect(inside.body.items.map((a: { id: string }) => a.id)).toContain(entrada);
    const saida = await porteiro.api.post(`/api/acessos/${entrada}/saida`);
    expect(saida.status, JSON.stringify(saida.body)).toBe(200);
    expect(saida.body.saida_em).not.toBeNull();

    // Taking a lost pass's access away is a safety action at the gate.
    const revoked = await porteiro.api.post(`/api/passes/${passe.body.id}/revogar`, { json: {} });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
  });

  it("keeps access requests working: the porteiro registers one, the resident decides by the /r/ link", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    const visitante = `Carlos ${randomUUID().slice(0, 6)}`;
    const created = await porteiro.api.post("/api/solicitacoes", {
      json: {
        condominio_id: w.condo.condominio.id,
        unidade_id: w.condo.unidade.id,
        tipo: "visitante",
        nome_visitante: visitante,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await deliverDue();
    const message = sent.find((m) => m.visitorName === visitante);
    expect(message, "the resident's message with the link").toBeDefined();
    const path = new URL(message!.link).pathname;
    expect(path).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
    const decided = await client(system()).post(path, {
      body: new URLSearchParams({ decisao: "autorizado" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(decided.status).toBe(200);
    const detail = await porteiro.api.get(`/api/solicitacoes/${created.body.id}`);
    expect(detail.body).toMatchObject({ status: "autorizado", decidido_via: "link" });
  });

  it("keeps a morador's own requests and the staff's decision at the gate", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    const mine = await morador.api.post("/api/solicitacoes", {
      json: {
        condominio_id: w.condo.condominio.id,
        unidade_id: w.condo.unidade.id,
        tipo: "visitante",
        nome_visitante: "Visita do Marcos",
      },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const denied = await porteiro.api.post(`/api/solicitacoes/${mine.body.id}/negar`, { json: {} });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
  });

  it("keeps the attendant at the kiosk, and a porteiro taking a conversation over", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    const say = async (id: string, texto: string) => {
      const res = await kiosk.post(`/api/totem/conversas/${id}/mensagens`, { json: { texto } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { estado: Record<string, unknown> };
    };
    const start = async () => {
      const res = await kiosk.post("/api/totem/conversas", { json: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };

    const conversa = await start();
    expect((await say(conversa, "Boa noite, sou o Carlos, vim ver a Ana do 101 da Torre A")).estado).toMatchObject({
      etapa: "confirmando",
      unidade_id: w.condo.unidade.id,
    });
    const confirmed = await say(conversa, "sim");
    expect(confirmed.estado.etapa).toBe("aguardando_morador");
    const [request] = await db()
      .select({ status: solicitacoesAcesso.status })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, confirmed.estado.solicitacao_id as string));
    expect(request?.status).toBe("pendente");

    const handed = await start();
    expect((await say(handed, "Quero falar com o porteiro")).estado.etapa).toBe("com_porteiro");
    const taken = await porteiro.api.post(`/api/atendimentos/${handed}/assumir`, { json: {} });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const typed = await porteiro.api.post(`/api/atendimentos/${handed}/mensagens`, {
      json: { texto: "Boa noite! Para qual apartamento?" },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
  });

  it("keeps the integration API (an API key) working", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    const res = await integracao.post("/api/v1/solicitacoes", {
      json: { condominio_id: w.condo.condominio.id, unidade_id: w.condo.unidade.id, nome_visitante: "Pelo PABX" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("keeps the user's own profile and the LGPD requests (a legal duty)", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 8);
    const perfil = await porteiro.api.put("/api/perfil", { json: { name: "Porteiro Renomeado", image: null } });
    expect(perfil.status, JSON.stringify(perfil.body)).toBe(200);
    const [ana] = await db()
      .select({ id: pessoas.id })
      .from(pessoas)
      .where(and(eq(pessoas.organizationId, w.sindico.org.id), eq(pessoas.nome, "Ana Beatriz Souza")));
    const pedido = await w.sindico.api.post("/api/titulares/pedidos", {
      json: {
        tipo: "exportacao",
        titular: { nome: "Ana Beatriz Souza", documento: null },
        registros: [{ tipo: "pessoa", id: ana!.id }],
      },
    });
    expect(pedido.status, JSON.stringify(pedido.body)).toBe(201);
  });
});

describe("taking access away while read-only", () => {
  it("still removes a member, revokes a kiosk and an API key (security, not administration)", async () => {
    await emDia();
    const leaving = await addSignedInMember(system(), w.sindico.org.id, "porteiro");
    const spare = await w.sindico.api.post("/api/totens", {
      json: { nome: "Totem perdido", condominio_id: w.condo.condominio.id, portao_id: w.gate.id },
    });
    expect(spare.status, JSON.stringify(spare.body)).toBe(201);
    const key = await owner.api.post("/api/integracoes/chaves", {
      json: { nome: "Chave vazada", escopos: [...API_KEY_SCOPES] },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    await emAtraso(system(), w.sindico.org.id, 8);

    const membros = await owner.api.get("/api/equipe/membros");
    const membro = membros.body.items.find((m: { user_id: string }) => m.user_id === leaving.user.id);
    expect(membro, JSON.stringify(membros.body)).toBeDefined();
    const removed = await owner.api.delete(`/api/equipe/membros/${membro.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect((await leaving.api.get("/api/me")).status).not.toBe(200);

    const revoked = await owner.api.post(`/api/totens/${spare.body.totem.id}/revogar`, { json: {} });
    expect(revoked.status, JSON.stringify(revoked.body)).toBeLessThan(300);
    const keyGone = await owner.api.delete(`/api/integracoes/chaves/${key.body.id}`);
    expect(keyGone.status, JSON.stringify(keyGone.body)).toBeLessThan(300);

    // Adding access back is administration: still refused.
    expectReadOnly(
      await owner.api.post("/api/integracoes/chaves", { json: { nome: "Outra", escopos: [...API_KEY_SCOPES] } }),
    );
  });
});

describe("an ended subscription", () => {
  it("is read-only for staff too, saying it ended", async () => {
    await emDia();
    await db()
      .update(assinaturas)
      .set({ status: "cancelada", encerradaEm: new Date() })
      .where(eq(assinaturas.id, assinatura.id));
    expectReadOnly(await owner.api.post("/api/condominios", { json: novoCondominio() }), SOMENTE_LEITURA_ENCERRADA);
    expect(await cobrancaOf(owner.api)).toEqual({ situacao: "somente_leitura", ate: null });
    expect((await owner.api.get("/api/condominios")).status).toBe(200);
    const mine = await morador.api.post("/api/solicitacoes", {
      json: { condominio_id: w.condo.condominio.id, unidade_id: w.condo.unidade.id, nome_visitante: "Depois do fim" },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
  });
});

describe("paying", () => {
  it("restores the console at once: the paid invoice's event, and the same request succeeds", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 10);
    const body = novoCondominio();
    expectReadOnly(await owner.api.post("/api/condominios", { json: body }));

    const now = new Date();
    const results = await applyBillingEvents(
      db(),
      "demo",
      [
        {
          kind: "invoice",
          eventId: `demo:${randomUUID()}`,
          invoice: {
            invoiceRef: `demo_in_${randomUUID().slice(0, 12)}`,
            subscriptionRef: assinatura.subscriptionRef,
            status: "paga",
            descricao: "Personalizado (anual)",
            valorCentavos: 250_000,
            itens: [{ descricao: "Personalizado (anual)", valor_centavos: 250_000 }],
            periodoInicio: now,
            periodoFim: new Date(now.getTime() + 30 * 86_400_000),
            pagaEm: now,
            motivoFalha: null,
          },
        },
      ],
      { nfseAtiva: false, publicUrl: TEST_ORIGIN },
    );
    expect(results).toEqual(["aplicado"]);

    const created = await owner.api.post("/api/condominios", { json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await cobrancaOf(owner.api)).toBeNull();
  });
});

describe("paying from the console", () => {
  it("reaches Plano e faturamento while read-only: a new card pays the overdue invoice and the console is back", async () => {
    await emDia();
    await emAtraso(system(), w.sindico.org.id, 9);
    const body = novoCondominio();
    expectReadOnly(await owner.api.post("/api/condominios", { json: body }));
    expect((await owner.api.get("/api/faturamento")).body).toMatchObject({ somente_leitura: true });

    const paid = await owner.api.post("/api/faturamento/cartao", { json: { cartao: TEST_CARD } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.resumo).toMatchObject({ status: "ativa", somente_leitura: false, carencia: null });

    const created = await owner.api.post("/api/condominios", { json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await cobrancaOf(w.sindico.api)).toBeNull();
  });
});

describe("where the guard stands", () => {
  /** Hono's pattern ("/api/condominios/*", ":id") as a regular expression. */
  const patternOf = (path: string) =>
    new RegExp(
      `^${path
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\/\*$/, "(?:/.*)?")
        .replace(/:[^/]+/g, "[^/]+")}$`,
    );

  it("runs on the tenant's API only: never on the resident link, the pass page, the kiosk, webhooks or /api/v1", () => {
    const guarded = system()
      .app.routes.filter((r) => {
        const handler = r.handler as { name?: string; __COMPOSED_HANDLER?: { name?: string } };
        return handler.name === "somenteLeitura" || handler.__COMPOSED_HANDLER?.name === "somenteLeitura";
      })
      .map((r) => patternOf(r.path));
    const isGuarded = (path: string) => guarded.some((p) => p.test(path));

    for (const path of ["/api/condominios", "/api/pessoas/x", "/api/unidades/x", "/api/faturamento", "/api/me"]) {
      expect(isGuarded(path), path).toBe(true);
    }
    for (const path of [
      `/r/${"A".repeat(43)}`,
      "/p/qualquer",
      "/api/totem/conversas",
      "/api/totem/conversas/x/mensagens",
      "/api/totem/parear",
      "/api/webhooks/twilio/voz",
      "/api/webhooks/twilio/morador/x/tecla",
      "/api/webhooks/whatsapp",
      "/api/webhooks/stripe",
      "/api/v1/solicitacoes",
      "/api/v1/passes/validar",
      "/api/checkout",
      "/api/cadastro",
      "/api/auth/sign-in/email",
      "/api/convites/x/aceitar",
      "/api/calendario/x.ics",
    ]) {
      expect(isGuarded(path), path).toBe(false);
    }
  });
});
