/**
 * The team (docs/decisions/017): invitations from the e-mail link to a signed-in member, the
 * morador's person record, resend/revoke, role changes and removals that end access at once, and
 * the rules an attacker or a slip would test: the last owner, owners vs síndicos, another tenant.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createSystem } from "@/server/bootstrap";
import { convites, member, pessoas, session } from "@/server/db/schema";
import {
  addSignedInMember,
  addSignedInMorador,
  createCondominioWithUnidade,
  createTenantWithMember,
  createUser,
  signIn,
  uniqueIp,
} from "../../../../tests/support/factories";
import { client, cookieFrom } from "../../../../tests/support/http";
import { waitForMail } from "../../../../tests/support/mailbox";
import { openEventStream } from "../../../../tests/support/sse";
import { setupTestSystem, testSystemOptions } from "../../../../tests/support/system";
import { CONVITE_INVALIDO } from "./convite-aceite.service";

const system = setupTestSystem();
const NEW_PASSWORD = "porteiro-noturno-2026";

let counter = 0;
const email = (who: string) => `${who}-${++counter}-${Date.now()}@convidado.guarita.app`;

/** The token of the latest invitation e-mail to `to`, and the link itself. */
async function invitationLink(to: string, count = 1) {
  const mail = await waitForMail(system(), to, { count });
  const link = mail.links.find((l) => l.includes("/convite?token="));
  expect(link, mail.text).toBeTruthy();
  return { mail, link: link!, token: new URL(link!).searchParams.get("token")! };
}

async function addPessoa(organizationId: string, condominioId: string, nome: string) {
  const [row] = await system()
    .handle.db.insert(pessoas)
    .values({ organizationId, condominioId, nome, busca: nome.toLowerCase() })
    .returning();
  return row!;
}

describe("invitations", () => {
  let owner: Awaited<ReturnType<typeof createTenantWithMember>>;
  beforeEach(async () => {
    owner = await createTenantWithMember(system(), { role: "owner", name: "Alfa Administradora" });
  });

  it("invites a porteiro by e-mail; the link creates the login, signs in and works once", async () => {
    await owner.api.put("/api/organizacao", {
      json: { nome: "Alfa Administradora", cnpj: null, telefone: "(11) 4002-8922", email: "contato@alfa.com.br" },
    });
    const to = email("porteiro");
    const created = await owner.api.post("/api/equipe/convites", {
      json: { email: to.toUpperCase(), papel: "porteiro" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ email: to, papel: "porteiro", status: "pendente", envios: 1 });

    const { mail, link, token } = await invitationLink(to);
    expect(mail.subject).toBe("Convite para a equipe de Alfa Administradora no Guarita");
    expect(mail.text).toContain("com o papel de Porteiro");
    expect(mail.text).toContain("(11) 4002-8922 · contato@alfa.com.br");
    expect(new URL(link).origin).toBe("http://localhost:3000");
    // Only the hash is stored.
    const [stored] = await system().handle.db.select().from(convites).where(eq(convites.email, to));
    expect(stored!.tokenHash).not.toContain(token);

    const anon = client(system(), { ip: uniqueIp() });
    const opened = await anon.get(`/api/convites/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      email: to,
      papel: "porteiro",
      organizacao: "Alfa Administradora",
      conta_existente: false,
    });

    const accepted = await anon.post(`/api/convites/${token}/aceitar`, {
      json: { nome: "Paulo Porteiro", senha: NEW_PASSWORD },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const cookie = cookieFrom(accepted.headers);
    const me = await client(system(), { cookie }).get("/api/me");
    expect(me.body).toMatchObject({ role: "porteiro", user: { name: "Paulo Porteiro", email: to } });
    expect(me.body.organization.id).toBe(owner.org.id);

    // Single use: the same link again (open or accept) is the same 404.
    expect((await anon.get(`/api/convites/${token}`)).body.error.message).toBe(CONVITE_INVALIDO);
    const again = await anon.post(`/api/convites/${token}/aceitar`, { json: { nome: "Outro", senha: NEW_PASSWORD } });
    expect(again.status).toBe(404);
    // The new login signs in with its password, and the invitation left the pending list.
    await signIn(system(), to, NEW_PASSWORD);
    expect((await owner.api.get("/api/equipe/convites")).body.items).toEqual([]);
    const members = await owner.api.get("/api/equipe/membros");
    expect(members.body.items.map((m: { email: string; papel: string }) => [m.email, m.papel])).toContainEqual([
      to,
      "porteiro",
    ]);
  });

  it("a morador invitation ties the login to the person record: they see only that person's unit", async () => {
    const { condominio, unidade } = await createCondominioWithUnidade(system(), owner.org.id, { codigo: "42" });
    const outra = await createCondominioWithUnidade(system(), owner.org.id, { codigo: "43", nome: "Outro" });
    const morador = await addPessoa(owner.org.id, condominio.id, "Marta Moradora");
    await owner.api.post(`/api/unidades/${unidade.id}/moradores`, {
      json: { pessoa_id: morador.id, is_responsavel: true },
    });
    const to = email("morador");
    const noPerson = await owner.api.post("/api/equipe/convites", { json: { email: to, papel: "morador" } });
    expect(noPerson.status).toBe(400);
    expect(noPerson.body.error.fields).toContainEqual({
      path: "pessoa_id",
      message: "Escolha a pessoa cadastrada deste morador",
    });
    const created = await owner.api.post("/api/equipe/convites", {
      json: { email: to, papel: "morador", pessoa_id: morador.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.pessoa).toEqual({ id: morador.id, nome: "Marta Moradora" });

    const { token } = await invitationLink(to);
    const accepted = await client(system(), { ip: uniqueIp() }).post(`/api/convites/${token}/aceitar`, {
      json: { nome: "Marta", senha: NEW_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    const api = client(system(), { cookie: cookieFrom(accepted.headers) });
    const units = await api.get("/api/unidades");
    expect(units.body.items.map((u: { id: string }) => u.id)).toEqual([unidade.id]);
    expect((await api.get(`/api/unidades/${outra.unidade.id}`)).status).toBe(404);
    const [linked] = await system().handle.db.select().from(pessoas).where(eq(pessoas.id, morador.id));
    expect(linked!.userId).toBeTruthy();

    // The person is now taken: a second invitation naming them is refused.
    const taken = await owner.api.post("/api/equipe/convites", {
      json: { email: email("outro"), papel: "morador", pessoa_id: morador.id },
    });
    expect(taken.status).toBe(409);
  });

  it("refuses bad and duplicate invitations with pt-BR messages, changing nothing", async () => {
    const bad = await owner.api.post("/api/equipe/convites", { json: { email: "não é e-mail", papel: "dono" } });
    expect(bad.status).toBe(400);
    const paths = bad.body.error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["email", "papel"]));
    // Owner is not an invitable role.
    expect((await owner.api.post("/api/equipe/convites", { json: { email: email("x"), papel: "owner" } })).status).toBe(
      400,
    );
    // Already a member.
    const member = await owner.api.post("/api/equipe/convites", { json: { email: owner.email, papel: "porteiro" } });
    expect(member.status).toBe(409);
    expect(member.body.error.message).toBe("Este e-mail já faz parte da equipe.");
    // A second pending invitation for the same address is a resend, not a new row.
    const to = email("dup");
    expect((await owner.api.post("/api/equipe/convites", { json: { email: to, papel: "porteiro" } })).status).toBe(201);
    const dup = await owner.api.post("/api/equipe/convites", { json: { email: to, papel: "sindico" } });
    expect(dup.status).toBe(409);
    // Another tenant's person cannot be named.
    const other = await createTenantWithMember(system(), { role: "owner" });
    const { condominio } = await createCondominioWithUnidade(system(), other.org.id);
    const foreign = await addPessoa(other.org.id, condominio.id, "De Outro Cliente");
    const cross = await owner.api.post("/api/equipe/convites", {
      json: { email: email("cross"), papel: "morador", pessoa_id: foreign.id },
    });
    expect(cross.status).toBe(404);
    const rows = await system().handle.db.select().from(convites).where(eq(convites.organizationId, owner.org.id));
    expect(rows).toHaveLength(1);
  });

  it("resend replaces the link; revoke ends it; expired links fail; another tenant gets 404", async () => {
    const to = email("resend");
    const created = await owner.api.post("/api/equipe/convites", { json: { email: to, papel: "porteiro" } });
    const first = await invitationLink(to);
    const resent = await owner.api.post(`/api/equipe/convites/${created.body.id}/reenviar`);
    expect(resent.status).toBe(200);
    expect(resent.body.envios).toBe(2);
    const second = await invitationLink(to, 2);
    expect(second.token).not.toBe(first.token);
    const anon = client(system(), { ip: uniqueIp() });
    expect((await anon.get(`/api/convites/${first.token}`)).status).toBe(404);
    expect((await anon.get(`/api/convites/${second.token}`)).status).toBe(200);

    const other = await createTenantWithMember(system(), { role: "owner" });
    expect((await other.api.post(`/api/equipe/convites/${created.body.id}/reenviar`)).status).toBe(404);
    expect((await other.api.delete(`/api/equipe/convites/${created.body.id}`)).status).toBe(404);
    expect((await other.api.get("/api/equipe/convites")).body.items).toEqual([]);

    expect((await owner.api.delete(`/api/equipe/convites/${created.body.id}`)).status).toBe(204);
    expect((await anon.get(`/api/convites/${second.token}`)).status).toBe(404);
    expect((await owner.api.delete(`/api/equipe/convites/${created.body.id}`)).status).toBe(404);

    const late = email("late");
    await owner.api.post("/api/equipe/convites", { json: { email: late, papel: "porteiro" } });
    const { token } = await invitationLink(late);
    await system()
      .handle.db.update(convites)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(convites.email, late));
    expect((await anon.get(`/api/convites/${token}`)).status).toBe(404);
    const list = await owner.api.get("/api/equipe/convites");
    expect(list.body.items.find((c: { email: string }) => c.email === late).status).toBe("expirado");
  });

  it("an existing account accepts by signing in first; no password is set from the link", async () => {
    const existing = await createUser(system());
    await owner.api.post("/api/equipe/convites", { json: { email: existing.email, papel: "sindico" } });
    const { token } = await invitationLink(existing.email);
    const anon = client(system(), { ip: uniqueIp() });
    expect((await anon.get(`/api/convites/${token}`)).body.conta_existente).toBe(true);
    const hijack = await anon.post(`/api/convites/${token}/aceitar`, {
      json: { nome: "Xavier Intruso", senha: NEW_PASSWORD },
    });
    expect(hijack.status).toBe(409);
    await signIn(system(), existing.email, existing.password);
    // Someone else signed in cannot use it either.
    const stranger = await createTenantWithMember(system());
    expect((await stranger.api.post(`/api/convites/${token}/aceitar`, { json: {} })).status).toBe(409);

    const cookie = await signIn(system(), existing.email, existing.password);
    const accepted = await client(system(), { cookie }).post(`/api/convites/${token}/aceitar`, { json: {} });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const me = await client(system(), { cookie }).get("/api/me");
    expect(me.body).toMatchObject({ role: "sindico", organization: { id: owner.org.id } });
  });

  it("only owner and síndicos manage the team", async () => {
    const porteiro = await addSignedInMember(system(), owner.org.id, "porteiro");
    const { unidade } = await createCondominioWithUnidade(system(), owner.org.id);
    const morador = await addSignedInMorador(system(), owner.org.id, unidade);
    for (const api of [porteiro.api, morador.api]) {
      expect((await api.get("/api/equipe/membros")).status).toBe(403);
      expect((await api.post("/api/equipe/convites", { json: { email: email("p"), papel: "sindico" } })).status).toBe(
        403,
      );
      expect((await api.put("/api/organizacao", { json: { nome: "Tomada" } })).status).toBe(403);
    }
    expect(await system().handle.db.select().from(convites).where(eq(convites.organizationId, owner.org.id))).toEqual(
      [],
    );
  });
});

describe("members", () => {
  it("removing a member ends their sessions and their event stream at once; their next request is 401", async () => {
    // An instance whose heartbeat would take a minute: the stream must end by the NOTIFY, not by it.
    const slowHeartbeat = await createSystem({
      ...testSystemOptions(),
      handle: system().handle,
      sseHeartbeatMs: 60_000,
    });
    try {
      const owner = await createTenantWithMember(system(), { role: "owner" });
      const porteiro = await addSignedInMember(system(), owner.org.id, "porteiro");
      const stream = await openEventStream(slowHeartbeat, porteiro.cookie);
      expect(stream.response.status).toBe(200);
      const [row] = await system().handle.db.select().from(member).where(eq(member.userId, porteiro.user.id));

      expect((await owner.api.delete(`/api/equipe/membros/${row!.id}`)).status).toBe(204);
      expect(await stream.messages!.endsWithin(5_000)).toBe(true);
      expect((await porteiro.api.get("/api/me")).status).toBe(401);
      expect(await system().handle.db.select().from(session).where(eq(session.userId, porteiro.user.id))).toEqual([]);
    } finally {
      slowHeartbeat.closeStreams();
    }
  });

  it("changing a role ends the sessions; the member signs in again with the new role", async () => {
    const owner = await createTenantWithMember(system(), { role: "owner" });
    const sindico = await addSignedInMember(system(), owner.org.id, "sindico");
    const [row] = await system().handle.db.select().from(member).where(eq(member.userId, sindico.user.id));
    const res = await owner.api.patch(`/api/equipe/membros/${row!.id}`, { json: { papel: "porteiro" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ papel: "porteiro", email: sindico.email });
    expect((await sindico.api.get("/api/me")).status).toBe(401);
    const cookie = await signIn(system(), sindico.email, sindico.password);
    expect((await client(system(), { cookie }).get("/api/me")).body.role).toBe("porteiro");
  });

  it("keeps an owner: nobody demotes or removes themselves, síndicos cannot touch owners, the last owner stays", async () => {
    const owner = await createTenantWithMember(system(), { role: "owner" });
    const sindico = await addSignedInMember(system(), owner.org.id, "sindico");
    const rows = await system().handle.db.select().from(member).where(eq(member.organizationId, owner.org.id));
    const ownerRow = rows.find((r) => r.userId === owner.user.id)!;
    const sindicoRow = rows.find((r) => r.userId === sindico.user.id)!;

    const self = await owner.api.patch(`/api/equipe/membros/${ownerRow.id}`, { json: { papel: "sindico" } });
    expect(self.status).toBe(409);
    expect((await owner.api.delete(`/api/equipe/membros/${ownerRow.id}`)).status).toBe(409);
    expect((await sindico.api.delete(`/api/equipe/membros/${ownerRow.id}`)).status).toBe(403);
    expect(
      (await sindico.api.patch(`/api/equipe/membros/${ownerRow.id}`, { json: { papel: "porteiro" } })).status,
    ).toBe(403);
    expect((await sindico.api.delete(`/api/equipe/membros/${sindicoRow.id}`)).status).toBe(409);
    // Owner is not a role one can be given here.
    expect((await owner.api.patch(`/api/equipe/membros/${sindicoRow.id}`, { json: { papel: "owner" } })).status).toBe(
      400,
    );
    const after = await system().handle.db.select().from(member).where(eq(member.organizationId, owner.org.id));
    expect(after.map((r) => [r.userId, r.role]).sort()).toEqual(rows.map((r) => [r.userId, r.role]).sort());

    // Another tenant's member id is a 404, and the list shows only this tenant.
    const other = await createTenantWithMember(system(), { role: "owner" });
    expect((await other.api.delete(`/api/equipe/membros/${sindicoRow.id}`)).status).toBe(404);
    expect(
      (await other.api.patch(`/api/equipe/membros/${sindicoRow.id}`, { json: { papel: "porteiro" } })).status,
    ).toBe(404);
    const list = await other.api.get("/api/equipe/membros");
    expect(list.body.items.map((m: { email: string }) => m.email)).toEqual([other.email]);
  });

  it("a member can become a morador only with a person record of the tenant", async () => {
    const owner = await createTenantWithMember(system(), { role: "owner" });
    const porteiro = await addSignedInMember(system(), owner.org.id, "porteiro");
    const { condominio } = await createCondominioWithUnidade(system(), owner.org.id);
    const pessoa = await addPessoa(owner.org.id, condominio.id, "Pedro");
    const [row] = await system().handle.db.select().from(member).where(eq(member.userId, porteiro.user.id));
    expect((await owner.api.patch(`/api/equipe/membros/${row!.id}`, { json: { papel: "morador" } })).status).toBe(400);
    const res = await owner.api.patch(`/api/equipe/membros/${row!.id}`, {
      json: { papel: "morador", pessoa_id: pessoa.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.pessoa).toMatchObject({ id: pessoa.id, nome: "Pedro" });
  });
});

describe("organização", () => {
  it("owner and síndicos edit the administradora's data; everyone in the tenant reads it", async () => {
    const owner = await createTenantWithMember(system(), { role: "owner" });
    const res = await owner.api.put("/api/organizacao", {
      json: { nome: "  Beta Gestão  ", cnpj: "11.222.333/0001-81", telefone: "(11) 99999-8888", email: "oi@beta.com" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ nome: "Beta Gestão", cnpj: "11222333000181", telefone: "+5511999998888" });
    const porteiro = await addSignedInMember(system(), owner.org.id, "porteiro");
    expect((await porteiro.api.get("/api/organizacao")).body.nome).toBe("Beta Gestão");
    expect((await porteiro.api.get("/api/me")).body.organization.name).toBe("Beta Gestão");

    const bad = await owner.api.put("/api/organizacao", {
      json: { nome: "B", cnpj: "11.111.111/1111-11", telefone: "123", email: "x" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      "cnpj",
      "email",
      "nome",
      "telefone",
    ]);
    expect((await owner.api.get("/api/organizacao")).body.nome).toBe("Beta Gestão");
  });
});
