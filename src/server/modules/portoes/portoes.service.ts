/**
 * A condominium's gates (docs/product.md, "Portões"; docs/decisions/034-gates.md): kept by staff on
 * the condominium's screen, named by requests, pass readings and the gate command. A gate is never
 * deleted (requests keep naming it); one out of use is made inactive, and new requests refuse it.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PortaoTipo } from "../../../shared/domain";
import {
  type Portao,
  type PortaoCamera,
  type PortaoCameraTesteResult,
  type portaoCameraTesteSchema,
  type portaoInputSchema,
  WHATSAPP_NUMERO_EM_USO,
} from "../../../shared/schemas/portoes";
import { actorOf, changes, recordAudit } from "../../audit/audit";
import { condominioCondition } from "../../auth/scope";
import { openSecret, sealSecret } from "../../auth/secret-box";
import { type CameraConfig, cameraUrlProblem, fetchSnapshot } from "../../cameras/snapshot";
import type { Database, Executor } from "../../db/client";
import { condominios, portoes as p } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";
import { processImage } from "../../storage/images";

export const PORTAO_NOT_FOUND = "Portão não encontrado";
const CONDOMINIO_NOT_FOUND = "Condomínio não encontrado";
const NOME_EM_USO = "Já existe um portão com este nome neste condomínio";
const NOME_UNICO = "portoes_condominio_nome_uq";
const WHATSAPP_UNICO = "portoes_whatsapp_numero_uq";

type Row = typeof p.$inferSelect;
type Input = z.output<typeof portaoInputSchema>;

export function toPortao(r: Row): Portao {
  return { id: r.id, condominio_id: r.condominioId, nome: r.nome, tipo: r.tipo as PortaoTipo, ativo: r.ativo };
}

/**
 * Where the gate's phone line reaches Guarita: the "A call comes in" webhook (HTTP POST) of its
 * Twilio number (docs/product.md, "Portões"), on `base` (the public URL).
 */
export const vozUrlOf = (base: string, portaoId: string) =>
  `${base.replace(/\/+$/, "")}/api/webhooks/twilio/voz?portao=${encodeURIComponent(portaoId)}`;

/**
 * How a caller sees the gates: those who manage them (`linhaBase`: the public URL) also get the
 * WhatsApp number and the phone line's webhook; everyone else (null) the gate alone.
 */
export type Linha = string | null;

function present(r: Row, linhaBase: Linha): Portao {
  if (linhaBase === null) return toPortao(r);
  return {
    ...toPortao(r),
    whatsapp_numero_id: r.whatsappNumeroId,
    voz_url: vozUrlOf(linhaBase, r.id),
    camera: cameraOf(r),
  };
}

/** The camera as its managers read it: never the password, only whether there is one. */
function cameraOf(r: Row): PortaoCamera | null {
  if (!r.cameraUrl) return null;
  return { url: r.cameraUrl, usuario: r.cameraUsuario, tem_senha: r.cameraSenhaCifrada !== null };
}

/** The secret box's purpose for gate cameras' passwords (auth/secret-box.ts); bound to the gate's id. */
export const CAMERA_SENHA_PURPOSE = "camera-senha";

/** A saved password that no longer opens: the server's secret changed since it was saved. */
export const CAMERA_SENHA_ILEGIVEL =
  "A senha salva da câmera não pode mais ser lida (o segredo do servidor mudou). Digite a senha de novo no cadastro do portão.";

const CAMERA_SENHA_OUTRO_SERVIDOR =
  "O endereço da câmera mudou de servidor: digite a senha de novo (ou apague o usuário, se a câmera não pede senha).";

type CameraColumns = Pick<
  Row,
  "cameraUrl" | "cameraUsuario" | "cameraSenhaCifrada" | "cameraSalvaPorUserId" | "cameraSalvaEm"
>;

/** Scheme, host and port: a saved password goes only where it was typed for. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The camera columns a body asks for, or null when the camera stays as it is (absent, or the same
 * address, user and no new password). Only owners and síndicos reach this (cadastros:editar), so
 * private addresses are accepted; who saved it is kept, and the password is sealed for this gate.
 */
function cameraColumns(
  secret: string,
  gateId: string,
  before: CameraColumns | null,
  camera: Input["camera"],
  userId: string,
): CameraColumns | null {
  if (camera === undefined) return null;
  const saved = { at: new Date(), by: userId };
  const url = camera?.url ?? "";
  if (!url) {
    if (!before?.cameraUrl) return null;
    return {
      cameraUrl: null,
      cameraUsuario: null,
      cameraSenhaCifrada: null,
      cameraSalvaPorUserId: saved.by,
      cameraSalvaEm: saved.at,
    };
  }
  const problem = cameraUrlProblem(url, true);
  if (problem) throw badRequest(problem, [{ path: "camera.url", message: problem }]);
  const usuario = camera?.usuario || null;
  const senha = camera?.senha || null;
  if (senha && !usuario) {
    const message = "Informe o usuário da câmera junto com a senha.";
    throw badRequest(message, [{ path: "camera.usuario", message }]);
  }
  let sealed: string | null = null;
  if (usuario && senha) sealed = sealSecret(secret, CAMERA_SENHA_PURPOSE, senha, gateId);
  else if (usuario && before?.cameraSenhaCifrada) {
    // The saved password goes only to the server it was typed for (a changed host must not get it).
    if (originOf(before.cameraUrl) !== originOf(url)) {
      throw badRequest(CAMERA_SENHA_OUTRO_SERVIDOR, [{ path: "camera.senha", message: CAMERA_SENHA_OUTRO_SERVIDOR }]);
    }
    sealed = before.cameraSenhaCifrada;
  }
  const same =
    before?.cameraUrl === url && before.cameraUsuario === usuario && before.cameraSenhaCifrada === sealed && !senha;
  if (same) return null;
  return {
    cameraUrl: url,
    cameraUsuario: usuario,
    cameraSenhaCifrada: sealed,
    cameraSalvaPorUserId: saved.by,
    cameraSalvaEm: saved.at,
  };
}

/** The address as the audit trail keeps it: a query string may carry a camera's key, so it is left out. */
function auditedUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search ? "?…" : ""}`;
  } catch {
    return null;
  }
}

function conflictOf(error: unknown): unknown {
  if (isUniqueViolation(error, NOME_UNICO)) return conflict(NOME_EM_USO);
  // Another gate's number, perhaps of another tenant: the message names neither.
  if (isUniqueViolation(error, WHATSAPP_UNICO)) return conflict(WHATSAPP_NUMERO_EM_USO);
  return error;
}

async function assertCondominio(db: Executor, tenant: TenantContext, condominioId: string) {
  const [row] = await db
    .select({ id: condominios.id })
    .from(condominios)
    .where(
      and(
        eq(condominios.organizationId, tenant.organizationId),
        condominioCondition(tenant, condominios.id),
        eq(condominios.id, condominioId),
      ),
    );
  if (!row) throw notFound(CONDOMINIO_NOT_FOUND);
}

/** A condominium's gates, active first, then by name. */
export async function list(
  db: Database,
  tenant: TenantContext,
  condominioId: string,
  linhaBase: Linha = null,
): Promise<Portao[]> {
  await assertCondominio(db, tenant, condominioId);
  const rows = await rowsOfCondominio(db, tenant.organizationId, condominioId);
  return rows.map((r) => present(r, linhaBase));
}

function rowsOfCondominio(db: Executor, organizationId: string, condominioId: string) {
  return db
    .select()
    .from(p)
    .where(and(eq(p.organizationId, organizationId), eq(p.condominioId, condominioId)))
    .orderBy(desc(p.ativo), asc(sql`lower(${p.nome})`), asc(p.id));
}

/** The same, for a caller already scoped (an API key, the attendant): the gates alone. */
export async function listOfCondominio(db: Executor, organizationId: string, condominioId: string) {
  return (await rowsOfCondominio(db, organizationId, condominioId)).map(toPortao);
}

export async function create(
  db: Database,
  tenant: TenantContext,
  condominioId: string,
  input: Input,
  secret: string,
  linhaBase: Linha = null,
) {
  // The id is known before the insert: the camera's password is sealed for it.
  const id = randomUUID();
  const camera = cameraColumns(secret, id, null, input.camera, tenant.userId);
  try {
    return await db.transaction(async (tx) => {
      await assertCondominio(tx, tenant, condominioId);
      const [row] = await tx
        .insert(p)
        .values({
          id,
          organizationId: tenant.organizationId,
          condominioId,
          nome: input.nome,
          tipo: input.tipo,
          ativo: input.ativo,
          whatsappNumeroId: input.whatsapp_numero_id ?? null,
          ...camera,
        })
        .returning();
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "criar",
        entidade: "portao",
        entidadeId: row!.id,
        resumo: `Criou o portão ${row!.nome}`,
        depois: pick(row!),
      });
      return present(row!, linhaBase);
    });
  } catch (error) {
    throw conflictOf(error);
  }
}

const AUDIT_FIELDS = [
  "nome",
  "tipo",
  "ativo",
  "whatsappNumeroId",
  "cameraUrl",
  "cameraUsuario",
  "cameraTemSenha",
] as const;
/** Never the password: whether there is one (and, on a change, that it changed). */
const pick = (r: Row) => ({
  nome: r.nome,
  tipo: r.tipo,
  ativo: r.ativo,
  whatsappNumeroId: r.whatsappNumeroId,
  cameraUrl: auditedUrl(r.cameraUrl),
  cameraUsuario: r.cameraUsuario,
  cameraTemSenha: r.cameraSenhaCifrada !== null,
});

/**
 * PUT: name, kind and status as given; a WhatsApp number or a camera the body omits stays as it is.
 * `secret`: the server's (BETTER_AUTH_SECRET), which the camera's password is sealed under.
 */
export async function update(
  db: Database,
  tenant: TenantContext,
  id: string,
  input: Input,
  secret: string,
  linhaBase: Linha = null,
) {
  try {
    return await db.transaction(async (tx) => {
      // Staff of other condominiums (an assigned porteiro's scope) do not reach this one's gates.
      const where = and(
        eq(p.organizationId, tenant.organizationId),
        condominioCondition(tenant, p.condominioId),
        eq(p.id, id),
      );
      const [before] = await tx.select().from(p).where(where).for("update");
      if (!before) throw notFound(PORTAO_NOT_FOUND);
      const camera = cameraColumns(secret, id, before, input.camera, tenant.userId);
      const [after] = await tx
        .update(p)
        .set({
          nome: input.nome,
          tipo: input.tipo,
          ativo: input.ativo,
          ...(input.whatsapp_numero_id !== undefined && { whatsappNumeroId: input.whatsapp_numero_id }),
          ...camera,
          updatedAt: new Date(),
        })
        .where(where)
        .returning();
      let diff = changes(pick(before), pick(after!), AUDIT_FIELDS);
      // A new password where there was one: the trail says it changed, never what it is.
      if (
        camera?.cameraSenhaCifrada &&
        before.cameraSenhaCifrada &&
        camera.cameraSenhaCifrada !== before.cameraSenhaCifrada
      ) {
        diff ??= { antes: {}, depois: {} };
        diff.depois.cameraSenhaTrocada = true;
      }
      if (diff) {
        await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
          acao: "alterar",
          entidade: "portao",
          entidadeId: id,
          resumo: `Alterou o portão ${after!.nome}`,
          ...diff,
        });
      }
      return present(after!, linhaBase);
    });
  } catch (error) {
    throw conflictOf(error);
  }
}

/** A gate as a call names it: by id, or by its name (any case), as integrations did before gates existed. */
export interface PortaoRef {
  portao_id?: string;
  portao?: string;
}

/**
 * The active gate of this condominium a call names, or null when it names none. A gate of another
 * condominium, an inactive one or an unknown name is refused (400, naming the field), so no request
 * or reading points at a gate the condominium does not have.
 */
export async function resolvePortao(
  db: Executor,
  organizationId: string,
  condominioId: string,
  ref: PortaoRef,
): Promise<{ id: string; nome: string } | null> {
  if (!ref.portao_id && !ref.portao) return null;
  const [row] = await db
    .select({ id: p.id, nome: p.nome })
    .from(p)
    .where(
      and(
        eq(p.organizationId, organizationId),
        eq(p.condominioId, condominioId),
        eq(p.ativo, true),
        ref.portao_id ? eq(p.id, ref.portao_id) : sql`lower(${p.nome}) = lower(${ref.portao})`,
      ),
    );
  if (row) return row;
  const field = ref.portao_id ? "portao_id" : "portao";
  const message = ref.portao_id
    ? "Portão não encontrado entre os portões ativos deste condomínio"
    : `Não há portão ativo chamado “${ref.portao}” neste condomínio (veja GET /api/v1/portoes)`;
  throw badRequest(message, [{ path: field, message }]);
}

/** A gate's saved camera, ready to fetch from: its password opened, or why it cannot be used. */
export function savedCamera(
  secret: string,
  gate: Pick<Row, "id" | "cameraUrl" | "cameraUsuario" | "cameraSenhaCifrada">,
): CameraConfig | { motivo: string } | null {
  if (!gate.cameraUrl) return null;
  let senha: string | null = null;
  if (gate.cameraSenhaCifrada) {
    senha = openSecret(secret, CAMERA_SENHA_PURPOSE, gate.cameraSenhaCifrada, gate.id);
    if (senha === null) return { motivo: CAMERA_SENHA_ILEGIVEL };
  }
  return { url: gate.cameraUrl, usuario: gate.cameraUsuario, senha };
}

const SEM_CAMERA = "Este portão não tem câmera cadastrada: informe o endereço da câmera.";

/** The camera answered, but not with a picture the pipeline takes (an HTML page, a broken JPEG). */
export const cameraImageProblem = (error: AppError) =>
  `A câmera respondeu, mas não com uma imagem utilizável: ${error.message}`;

/**
 * POST /api/portoes/{id}/camera/teste: one snapshot now, from the saved camera or from what the form
 * holds, as a thumbnail data URL (nothing is stored), or the pt-BR reason. The saved password is sent
 * only to the saved address's server. Each test is a view of the gate's picture: audited.
 */
export async function testCamera(
  db: Database,
  tenant: TenantContext,
  secret: string,
  id: string,
  body: z.output<typeof portaoCameraTesteSchema>,
  signal?: AbortSignal,
): Promise<PortaoCameraTesteResult> {
  const [gate] = await db
    .select()
    .from(p)
    .where(and(eq(p.organizationId, tenant.organizationId), condominioCondition(tenant, p.condominioId), eq(p.id, id)));
  if (!gate) throw notFound(PORTAO_NOT_FOUND);
  let camera: CameraConfig;
  if (!body.url) {
    const saved = savedCamera(secret, gate);
    if (!saved) return { ok: false, motivo: SEM_CAMERA, ms: 0 };
    if ("motivo" in saved) return { ok: false, motivo: saved.motivo, ms: 0 };
    camera = saved;
  } else {
    const usuario = body.usuario || null;
    let senha = body.senha || null;
    if (!senha && usuario && gate.cameraSenhaCifrada && originOf(gate.cameraUrl) === originOf(body.url)) {
      senha = openSecret(secret, CAMERA_SENHA_PURPOSE, gate.cameraSenhaCifrada, gate.id);
      if (senha === null) return { ok: false, motivo: CAMERA_SENHA_ILEGIVEL, ms: 0 };
    }
    camera = { url: body.url, usuario, senha };
  }
  const snapshot = await fetchSnapshot(camera, { allowPrivate: true, signal });
  let result: PortaoCameraTesteResult;
  if (!snapshot.ok) result = { ok: false, motivo: snapshot.motivo, ms: snapshot.ms };
  else {
    try {
      const { thumbnail } = await processImage(snapshot.bytes);
      result = {
        ok: true,
        imagem: `data:${thumbnail.contentType};base64,${thumbnail.data.toString("base64")}`,
        largura: thumbnail.width,
        altura: thumbnail.height,
        ms: snapshot.ms,
      };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      result = { ok: false, motivo: cameraImageProblem(error), ms: snapshot.ms };
    }
  }
  await recordAudit(db, tenant.organizationId, actorOf(tenant), {
    acao: "visualizar",
    entidade: "portao",
    entidadeId: gate.id,
    resumo: `Testou a câmera do portão ${gate.nome}`,
    depois: { cameraUrl: auditedUrl(camera.url), ok: result.ok },
  });
  return result;
}
