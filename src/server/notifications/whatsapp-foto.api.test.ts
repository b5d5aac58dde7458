/**
 * The visitor's photo on the resident's WhatsApp message (docs/product.md, "Fotos"): the real WhatsApp
 * channel against a faked graph.facebook.com. With the photo template configured, a public https
 * PUBLIC_URL and a stored photo as the message leaves, Meta is asked for the photo template with an
 * image header it downloads from the link's own /r/<token>/foto; otherwise the text template as before.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { fotos, notificacoes, pessoas, solicitacoesAcesso, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { recordMissingPhoto } from "@/server/modules/fotos/fotos.service";
import { type Channels, channelsOf } from "@/server/notifications/channels";
import { createWhatsAppChannel } from "@/server/notifications/channels/whatsapp";
import { deliverDueNotifications } from "@/server/notifications/deliver";
import { escalateDue } from "@/server/notifications/outreach";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { client } from "../../../tests/support/http";
import { phoneJpeg } from "../../../tests/support/images";
import { setupTestSystem } from "../../../tests/support/system";

const system = setupTestSystem();
const db = () => system().handle.db;

const ACCESS_TOKEN = "EAAGfotoTOKEN0123456789abcdef";
const PHONE_NUMBER_ID = "106540352242922";
const TEMPLATE = "guarita_visitante_portaria";
const PHOTO_TEMPLATE = "guarita_visitante_portaria_foto";
const PUBLIC = "https://portaria.exemplo.com.br";

/** What graph.facebook.com received: each template message, parsed. */
const toMeta: { url: string; body: any }[] = [];
let wamid = 0;
const metaFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  toMeta.push({ url: String(input), body: JSON.parse(String(init?.body)) });
  return new Response(
    JSON.stringify({
      messaging_product: "whatsapp",
      contacts: [{ input: "5511999998888", wa_id: "5511999998888" }],
      messages: [{ id: `wamid.foto.${++wamid}`, message_status: "accepted" }],
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );
}) as typeof globalThis.fetch;

const whatsApp = (photoTemplate?: string) =>
  channelsOf({
    whatsapp: createWhatsAppChannel({
      accessToken: ACCESS_TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      template: TEMPLATE,
      photoTemplate,
      fetch: metaFetch,
    }),
  });
const withPhotoTemplate = whatsApp(PHOTO_TEMPLATE);
const withoutPhotoTemplate = whatsApp();

/** Sends what is due and returns the one message Meta received. */
async function deliver(channels: Channels, linkBase = PUBLIC) {
  const before = toMeta.length;
  const result = await deliverDueNotifications({ db: db(), channels, linkBase, logger: pino({ level: "silent" }) });
  expect(result).toMatchObject({ sent: 1, failed: 0, retrying: 0 });
  expect(toMeta).toHaveLength(before + 1);
  const sent = toMeta.at(-1)!;
  expect(sent.url).toBe(`https://graph.facebook.com/v21.0/${PHONE_NUMBER_ID}/messages`);
  return sent.body;
}

let world: {
  porteiro: Awaited<ReturnType<typeof createTenantWithMember>>;
  condominio: { id: string };
  unidade: { id: string; condominioId: string };
};

beforeAll(async () => {
  const porteiro = await createTenantWithMember(system(), { role: "porteiro" });
  const { condominio, unidade } = await createCondominioWithUnidade(system(), porteiro.org.id);
  // In calling order: Ana (responsável) first, then Bruno; both on WhatsApp.
  for (const [nome, telefone, responsavel] of [
    ["Ana Souza", "+5511999998888", true],
    ["Bruno Lima", "+5511988887777", false],
  ] as const) {
    const [p] = await db()
      .insert(pessoas)
      .values({
        organizationId: porteiro.org.id,
        condominioId: unidade.condominioId,
        nome,
        telefoneE164: telefone,
        canalPreferido: "whatsapp",
        busca: buildSearchText([nome]),
      })
      .returning();
    await db().insert(unidadeMoradores).values({
      organizationId: porteiro.org.id,
      condominioId: unidade.condominioId,
      unidadeId: unidade.id,
      pessoaId: p!.id,
      isResponsavel: responsavel,
    });
  }
  world = { porteiro, condominio, unidade };
});

async function createRequest() {
  const res = await world.porteiro.api.post("/api/solicitacoes", {
    json: {
      condominio_id: world.condominio.id,
      unidade_id: world.unidade.id,
      nome_visitante: "Carlos Entregador",
      motivo: "Entrega",
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A stored photo of the request, its image in the store the link's /foto reads. */
async function storePhoto(solicitacaoId: string) {
  const id = randomUUID();
  const image = await system().store.put(await phoneJpeg(64, 48), { namespace: id, contentType: "image/jpeg" });
  await db().insert(fotos).values({
    id,
    organizationId: world.porteiro.org.id,
    condominioId: world.condominio.id,
    solicitacaoId,
    origem: "porteiro",
    status: "disponivel",
    chave: image.key,
    chaveMiniatura: image.key,
  });
}

const BODY_PARAMETERS = [
  { type: "text", text: "Ana" },
  { type: "text", text: "Carlos Entregador" },
  { type: "text", text: "visitante" },
  { type: "text", text: "Torre A - Unidade 101" },
  { type: "text", text: "Residencial Teste" },
];

/** The link's token, from the template's URL button (the only place it travels). */
function tokenOf(body: any): string {
  const button = body.template.components.at(-1);
  expect(button).toMatchObject({ type: "button", sub_type: "url", index: "0" });
  const token = button.parameters[0].text as string;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

function expectTextTemplate(body: any, firstName = "Ana") {
  expect(body.template.name).toBe(TEMPLATE);
  expect(body.template.components).toHaveLength(2);
  expect(body.template.components[0]).toEqual({
    type: "body",
    parameters: [{ type: "text", text: firstName }, ...BODY_PARAMETERS.slice(1)],
  });
  expect(body.template.components.some((c: { type: string }) => c.type === "header")).toBe(false);
  expect(JSON.stringify(body)).not.toContain("/foto");
  tokenOf(body);
}

const messagesOf = (solicitacaoId: string) =>
  db()
    .select()
    .from(notificacoes)
    .where(eq(notificacoes.solicitacaoId, solicitacaoId))
    .orderBy(asc(notificacoes.ordem));

describe("the visitor's photo on the resident's WhatsApp message", () => {
  it("with the photo template, a public https PUBLIC_URL and a stored photo: the photo template, its image from the link", async () => {
    const id = await createRequest();
    await storePhoto(id);
    const body = await deliver(withPhotoTemplate);

    expect(body.messaging_product).toBe("whatsapp");
    expect(body.to).toBe("5511999998888");
    expect(body.type).toBe("template");
    expect(body.template.name).toBe(PHOTO_TEMPLATE);
    expect(body.template.language).toEqual({ code: "pt_BR" });
    expect(body.template.components).toHaveLength(3);
    const token = tokenOf(body);
    const [header, text] = body.template.components;
    expect(header.type).toBe("header");
    expect(header.parameters).toHaveLength(1);
    expect(header.parameters[0].type).toBe("image");
    expect(header.parameters[0].image).toEqual({ link: `${PUBLIC}/r/${token}/foto` });
    expect(text).toEqual({ type: "body", parameters: BODY_PARAMETERS });

    // What Meta downloads is the visitor's photo, served by the link's own token.
    const photo = await client(system()).get(`/r/${token}/foto`, { headers: { accept: "image/*" } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Nothing stored or answered holds the token or the photo's address.
    const [row] = await messagesOf(id);
    expect(row).toMatchObject({
      status: "enviada",
      demo: false,
      mensagem: null,
      provedorMensagemId: `wamid.foto.${wamid}`,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    const detail = await world.porteiro.api.get(`/api/solicitacoes/${id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toContain(token);
    expect(JSON.stringify(detail.body)).not.toContain("/r/");
  });

  it("without a photo, or with the visitor's refusal only: the text template, no header", async () => {
    const none = await createRequest();
    expectTextTemplate(await deliver(withPhotoTemplate));

    const refused = await createRequest();
    await recordMissingPhoto(db(), {
      organizationId: world.porteiro.org.id,
      condominioId: world.condominio.id,
      solicitacaoId: refused,
      origem: "totem",
      status: "recusada",
      motivo: "O visitante preferiu não tirar foto.",
    });
    expectTextTemplate(await deliver(withPhotoTemplate));
    expect((await messagesOf(none))[0]!.status).toBe("enviada");
    expect((await messagesOf(refused))[0]!.status).toBe("enviada");
  });

  it("without the photo template configured: the text template, even with a photo", async () => {
    const id = await createRequest();
    await storePhoto(id);
    expectTextTemplate(await deliver(withoutPhotoTemplate));
  });

  it("on a PUBLIC_URL Meta cannot download from (http, or this machine): the text template, even with a photo", async () => {
    for (const linkBase of ["http://portaria.exemplo.com.br", "https://localhost:3000"]) {
      const id = await createRequest();
      await storePhoto(id);
      const body = await deliver(withPhotoTemplate, linkBase);
      expectTextTemplate(body);
    }
  });

  it("a photo that arrives after the first message goes with the next resident's", async () => {
    const id = await createRequest();
    // The first message leaves at once, before the porteiro's photo: it is not held back for it.
    expectTextTemplate(await deliver(withPhotoTemplate));
    await storePhoto(id);
    // Ana does not answer within the wait: Bruno is reached, with the photo.
    await db()
      .update(solicitacoesAcesso)
      .set({ escalonamentoEm: sql`now() - interval '1 second'` })
      .where(eq(solicitacoesAcesso.id, id));
    expect(await escalateDue(db())).toBe(1);
    const body = await deliver(withPhotoTemplate);
    expect(body.to).toBe("5511988887777");
    expect(body.template.name).toBe(PHOTO_TEMPLATE);
    const token = tokenOf(body);
    expect(body.template.components[0]).toEqual({
      type: "header",
      parameters: [{ type: "image", image: { link: `${PUBLIC}/r/${token}/foto` } }],
    });
    expect(body.template.components[1]).toEqual({
      type: "body",
      parameters: [{ type: "text", text: "Bruno" }, ...BODY_PARAMETERS.slice(1)],
    });
  });
});
