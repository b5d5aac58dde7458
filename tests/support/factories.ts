/** Test data built through the same services the product uses. */
import { randomUUID } from "node:crypto";
import { createUserWithPassword } from "@/server/auth/users";
import type { System } from "@/server/bootstrap";
import { addMember, createTenant } from "@/server/modules/tenants/tenants.service";
import type { MemberRole } from "@/shared/domain";
import { client, cookieFrom } from "./http";

export const TEST_PASSWORD = "senha-segura-123";

let ipCounter = 0;
/** A distinct client IP per sign-in, so better-auth's per-IP limiter never couples tests. */
export const uniqueIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export async function createUser(system: System, overrides: { email?: string; name?: string; password?: string } = {}) {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@teste.guarita.app`;
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await createUserWithPassword(system.auth, {
    email,
    name: overrides.name ?? "Usuária de Teste",
    password,
  });
  return { user, email, password };
}

export async function signIn(system: System, email: string, password: string): Promise<string> {
  const res = await client(system).post("/api/auth/sign-in/email", { json: { email, password }, ip: uniqueIp() });
  if (res.status !== 200) throw new Error(`sign-in falhou (${res.status}): ${JSON.stringify(res.body)}`);
  return cookieFrom(res.headers);
}

/** A tenant with one signed-in member of the given role. */
export async function createTenantWithMember(system: System, opts: { role?: MemberRole; name?: string } = {}) {
  const { user, email, password } = await createUser(system);
  const org = await createTenant(system.handle.db, {
    name: opts.name ?? `Cliente ${randomUUID().slice(0, 6)}`,
    ownerUserId: user.id,
    ownerRole: opts.role ?? "sindico",
  });
  const cookie = await signIn(system, email, password);
  return { org, user, email, password, cookie, api: client(system, { cookie }) };
}

/** Adds another signed-in member to an existing tenant. */
export async function addSignedInMember(system: System, organizationId: string, role: MemberRole) {
  const { user, email, password } = await createUser(system);
  await addMember(system.handle.db, { organizationId, userId: user.id, role });
  const cookie = await signIn(system, email, password);
  return { user, email, password, cookie, api: client(system, { cookie }) };
}

/** A condominium and one unit of a tenant, written directly (the registry API comes with its own tests). */
export async function createCondominioWithUnidade(
  system: System,
  organizationId: string,
  opts: { timezone?: string; codigo?: string; torre?: string | null; nome?: string } = {},
) {
  const { condominios, unidades } = await import("@/server/db/schema");
  const { buildSearchText } = await import("@/server/db/search");
  const nome = opts.nome ?? "Residencial Teste";
  const timezone = opts.timezone ?? "America/Sao_Paulo";
  const [condominio] = await system.handle.db
    .insert(condominios)
    .values({ organizationId, nome, timezone, busca: buildSearchText([nome, timezone]) })
    .returning();
  const codigo = opts.codigo ?? "101";
  const torre = opts.torre === undefined ? "Torre A" : opts.torre;
  const [unidade] = await system.handle.db
    .insert(unidades)
    .values({
      organizationId,
      condominioId: condominio!.id,
      codigo,
      torre,
      pbxRamal: "2101",
      busca: buildSearchText([codigo, torre, "2101"]),
    })
    .returning();
  return { condominio: condominio!, unidade: unidade! };
}

export async function addUnidade(
  system: System,
  organizationId: string,
  condominioId: string,
  codigo: string,
  torre: string | null = null,
) {
  const { unidades } = await import("@/server/db/schema");
  const { buildSearchText } = await import("@/server/db/search");
  const [unidade] = await system.handle.db
    .insert(unidades)
    .values({ organizationId, condominioId, codigo, torre, busca: buildSearchText([codigo, torre]) })
    .returning();
  return unidade!;
}

/**
 * A signed-in morador of a unit: a member with role morador whose person record (pessoas.user_id)
 * lives in the unit (an active unidade_moradores row), which is what scopes their data.
 */
export async function addSignedInMorador(
  system: System,
  organizationId: string,
  unidade: { id: string; condominioId: string },
  opts: { nome?: string } = {},
) {
  const { pessoas, unidadeMoradores } = await import("@/server/db/schema");
  const { buildSearchText } = await import("@/server/db/search");
  const { user, email, password } = await createUser(system, { name: opts.nome ?? "Morador de Teste" });
  await addMember(system.handle.db, { organizationId, userId: user.id, role: "morador" });
  const nome = opts.nome ?? "Morador de Teste";
  const [pessoa] = await system.handle.db
    .insert(pessoas)
    .values({
      organizationId,
      condominioId: unidade.condominioId,
      nome,
      documento: "123.456.789-00",
      telefoneE164: "+5511999990000",
      userId: user.id,
      busca: buildSearchText([nome]),
    })
    .returning();
  await system.handle.db.insert(unidadeMoradores).values({
    organizationId,
    condominioId: unidade.condominioId,
    unidadeId: unidade.id,
    pessoaId: pessoa!.id,
    isResponsavel: true,
  });
  const cookie = await signIn(system, email, password);
  return { user, email, password, pessoa: pessoa!, cookie, api: client(system, { cookie }) };
}

/** An API key with every scope, created through the API by a signed-in owner or síndico; its client. */
export async function createApiKeyClient(system: System, cookie: string, nome = "Integração de teste") {
  const { API_KEY_SCOPES } = await import("@/shared/domain");
  const res = await client(system, { cookie }).post("/api/integracoes/chaves", {
    json: { nome, escopos: [...API_KEY_SCOPES] },
  });
  if (res.status !== 201) throw new Error(`criar chave falhou (${res.status}): ${JSON.stringify(res.body)}`);
  const key = res.body as { id: string; segredo: string };
  return { key, api: client(system, { headers: { authorization: `Bearer ${key.segredo}` } }) };
}

/** The client a documented route expects: an API key on /api/v1, the session cookie elsewhere. */
/** The right credential for a documented path: an API key on /api/v1, a kiosk's on /api/totem, else the session. */
export function clientForPath(
  system: System,
  path: string,
  cookie: string,
  apiKeySecret: string,
  totemCookie?: string,
) {
  if (path.startsWith("/api/v1/")) return client(system, { headers: { authorization: `Bearer ${apiKeySecret}` } });
  if (totemCookie && path.startsWith("/api/totem/") && path !== "/api/totem/parear")
    return client(system, { cookie: totemCookie });
  return client(system, { cookie });
}

/** A kiosk paired at a new gate of a new condominium of the session's tenant: its device cookie. */
export async function createPairedTotem(system: System, organizationId: string, cookie: string) {
  const staff = client(system, { cookie });
  const { condominio } = await createCondominioWithUnidade(system, organizationId, { nome: "Condomínio do Totem" });
  const gate = await staff.post("/api/portoes", { json: { condominio_id: condominio.id, nome: "Portaria" } });
  const created = await staff.post("/api/totens", {
    json: { nome: "Totem", condominio_id: condominio.id, portao_id: gate.body.id },
  });
  const codigo = String(created.body.link).split("/").pop();
  const paired = await client(system).post("/api/totem/parear", { json: { codigo } });
  if (paired.status !== 200) throw new Error(`createPairedTotem: ${paired.status} ${JSON.stringify(paired.body)}`);
  return { cookie: cookieFrom(paired.headers), totemId: created.body.totem.id as string };
}
