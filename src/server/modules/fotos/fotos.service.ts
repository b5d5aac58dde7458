/**
 * Visitors' photos (docs/product.md, "Fotos"; docs/decisions/039-visitor-photos.md): stored through the
 * blob store after sharp re-encoded them (storage/images.ts), attached to a request (later to a pass or
 * a kiosk's conversation), shown through signed short-lived addresses that still check the reader's
 * session, tenant and data scope, each view recorded, and deleted with their blobs by retention and by
 * a data subject's anonymisation.
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Foto, FotoOrigem, FotoStatus, FotoVariante } from "../../../shared/schemas/fotos";
import { type AuditActor, recordAudit } from "../../audit/audit";
import { isResidentScope, type Reader, seesCondominio, seesUnidade } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import {
  apiKeys,
  areasComuns,
  encomendas,
  fotos,
  passes,
  pessoas,
  portoes,
  solicitacoesAcesso,
  user,
} from "../../db/schema";
import { AppError, conflict, forbidden, notFound } from "../../http/errors";
import type { BlobStore } from "../../storage";
import { readAll } from "../../storage/blob-store";
import { inspectImage } from "../../storage/images";
import { dropBlobs, purgeDeletedBlobs } from "./blob-purge";
import { type FotoRenderer, recordFotoEvent } from "./foto-render.service";

export { purgeDeletedBlobs } from "./blob-purge";

import { checkFotoUrl, signFotoUrl } from "./foto-url";

/**
 * What the photo routes and services need: the database, the blob store, the signing secret, and the
 * renderer an accepted upload kicks (docs/decisions/040-photos-rendered-in-background.md).
 */
export interface FotoDeps {
  db: Database;
  store: BlobStore;
  secret: string;
  renderer: Pick<FotoRenderer, "kick" | "receiving">;
}

/** The kiosk in the audit trail: no person took the picture. */
const TOTEM_ACTOR: AuditActor = { tipo: "sistema", id: null, nome: "Totem do portão", ip: null };

/** A request keeps at most this many photos: a stuck upload loop cannot fill the store. */
export const MAX_FOTOS_POR_SOLICITACAO = 10;

const SOLICITACAO_NAO_ENCONTRADA = "Solicitação não encontrada";
const FOTO_NAO_ENCONTRADA = "Foto não encontrada";

/** Who adds a photo: a console member (tenant) or an integration's key. */
export interface FotoAuthor {
  organizationId: string;
  scope: Reader["scope"];
  userId: string | null;
  apiKeyId?: string | null;
  actor: AuditActor;
}

/** An upload accepted by the checks that need no decoding, kept as its photo's original. */
interface ReceivedUpload {
  id: string;
  chaveOriginal: string;
}

/**
 * The upload's checks without decoding (type by its bytes, size, declared pixels: refusals are pt-BR
 * AppErrors and nothing is stored), then the bytes as received under the new photo's own namespace.
 * The renderer makes the renditions and deletes this original (docs/decisions/040).
 */
async function receiveUpload(deps: FotoDeps, body: Readable | Buffer): Promise<ReceivedUpload> {
  const received = deps.renderer.receiving();
  try {
    const image = await inspectImage(body);
    const id = randomUUID();
    const original = await deps.store.put(image.bytes, { namespace: id, contentType: `image/${image.format}` });
    return { id, chaveOriginal: original.key };
  } finally {
    received();
  }
}

/** What a received photo belongs to and who added it. */
interface ReceivedRow {
  organizationId: string;
  condominioId: string;
  solicitacaoId?: string | null;
  passeId?: string | null;
  conversaId?: string | null;
  pessoaId?: string | null;
  encomendaId?: string | null;
  areaId?: string | null;
  portaoId?: string | null;
  origem: FotoOrigem;
  criadoPorUserId?: string | null;
  criadoPorApiKeyId?: string | null;
}

/**
 * The row of a received photo, waiting for its renditions, with its audit entry (by id: no personal
 * data in the trail) and the event the screens follow, in the caller's transaction.
 */
async function insertReceived(
  tx: Executor,
  received: ReceivedUpload,
  row: ReceivedRow,
  audit: { actor: AuditActor; resumo: string; depois: Record<string, string> },
): Promise<void> {
  await tx.insert(fotos).values({
    id: received.id,
    ...row,
    status: "processando",
    chaveOriginal: received.chaveOriginal,
  });
  await recordAudit(tx, row.organizationId, audit.actor, {
    acao: "criar",
    entidade: "foto",
    entidadeId: received.id,
    resumo: audit.resumo,
    depois: audit.depois,
  });
  await recordFotoEvent(tx, row.organizationId, {
    solicitacaoId: row.solicitacaoId ?? null,
    passeId: row.passeId ?? null,
  });
}

/**
 * Writes a received photo's row in `write` (which may refuse: a limit, a revoked pass); on any
 * failure the original leaves the store. After the commit the renderer is kicked.
 */
async function commitReceived(deps: FotoDeps, received: ReceivedUpload, write: (tx: Executor) => Promise<void>) {
  try {
    await deps.db.transaction(write);
  } catch (error) {
    await dropBlobs(deps.store, [received.chaveOriginal]).catch(() => {});
    throw error;
  }
  deps.renderer.kick(received.id);
}

/** The request an author may add a photo to, locked for the count; 404 outside the tenant or scope. */
async function lockSolicitacao(tx: Executor, author: FotoAuthor, solicitacaoId: string) {
  const [row] = await tx
    .select({
      id: solicitacoesAcesso.id,
      condominioId: solicitacoesAcesso.condominioId,
      unidadeId: solicitacoesAcesso.unidadeId,
      portaoId: solicitacoesAcesso.portaoId,
      status: solicitacoesAcesso.status,
      nomeVisitante: solicitacoesAcesso.nomeVisitante,
      criadoPorUserId: solicitacoesAcesso.criadoPorUserId,
      anonimizadoEm: solicitacoesAcesso.anonimizadoEm,
    })
    .from(solicitacoesAcesso)
    .where(and(eq(solicitacoesAcesso.organizationId, author.organizationId), eq(solicitacoesAcesso.id, solicitacaoId)))
    .for("update");
  if (!row || !seesUnidade(author, row)) throw notFound(SOLICITACAO_NAO_ENCONTRADA);
  // Counted in its own statement, after the lock is ours: its snapshot then holds every photo
  // committed by the uploads that held the lock before (a subquery of the locking statement would
  // count from before the wait, and parallel uploads would all pass the limit).
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(fotos)
    .where(and(eq(fotos.organizationId, author.organizationId), eq(fotos.solicitacaoId, row.id)));
  return { ...row, fotos: counted?.n ?? 0 };
}

/**
 * POST /api/solicitacoes/{id}/fotos and /api/v1/solicitacoes/{id}/foto: the image is checked and
 * stored first (the upload streams; no lock is held while it arrives), then the row is written in
 * one transaction that locks the request and counts its photos, so parallel uploads cannot pass the
 * limit; a refusal there deletes the blobs just stored.
 */
export async function attachToSolicitacao(
  deps: FotoDeps,
  author: FotoAuthor,
  solicitacaoId: string,
  body: Readable | Buffer,
  origem: FotoOrigem,
): Promise<Foto> {
  // A cheap check before the bytes are read: a wrong id or another unit's request never uploads.
  await deps.db.transaction((tx) => checkCanAttach(tx, author, solicitacaoId));
  const received = await receiveUpload(deps, body);
  await commitReceived(deps, received, async (tx) => {
    const request = await checkCanAttach(tx, author, solicitacaoId);
    await insertReceived(
      tx,
      received,
      {
        organizationId: author.organizationId,
        condominioId: request.condominioId,
        solicitacaoId: request.id,
        portaoId: request.portaoId,
        origem,
        criadoPorUserId: author.userId,
        criadoPorApiKeyId: author.apiKeyId ?? null,
      },
      {
        actor: author.actor,
        resumo: "Adicionou uma foto do visitante a uma solicitação",
        depois: { solicitacao_id: request.id, origem },
      },
    );
  });
  const [deste] = await fotosOf(deps, { organizationId: author.organizationId, userId: author.userId }, [
    solicitacaoId,
  ]);
  const mine = deste?.find((f) => f.id === received.id);
  if (!mine) throw notFound(FOTO_NAO_ENCONTRADA);
  return mine;
}

/**
 * The kiosk's photo step (docs/product.md, "Totem"): the visitor's picture, or their refusal, belongs
 * to the conversation (staff see it in "Atendimentos") and to its request once the attendant creates
 * one (linkFotosToSolicitacao); both in the conversation's condominium and at its gate.
 */
export async function attachToConversa(
  deps: FotoDeps,
  conversa: {
    organizationId: string;
    id: string;
    condominioId: string;
    portaoId: string | null;
    solicitacaoId: string | null;
  },
  body: Readable | Buffer | null,
): Promise<{ id: string }> {
  if (body === null) {
    const id = await recordMissingPhoto(deps.db, {
      organizationId: conversa.organizationId,
      condominioId: conversa.condominioId,
      conversaId: conversa.id,
      solicitacaoId: conversa.solicitacaoId,
      portaoId: conversa.portaoId,
      origem: "totem",
      status: "recusada",
      motivo: "O visitante preferiu não tirar foto.",
    });
    return { id };
  }
  const received = await receiveUpload(deps, body);
  await commitReceived(deps, received, (tx) =>
    insertReceived(
      tx,
      received,
      {
        organizationId: conversa.organizationId,
        condominioId: conversa.condominioId,
        conversaId: conversa.id,
        solicitacaoId: conversa.solicitacaoId,
        portaoId: conversa.portaoId,
        origem: "totem",
      },
      {
        actor: TOTEM_ACTOR,
        resumo: "Totem do portão: tirou a foto do visitante",
        depois: { conversa_id: conversa.id, origem: "totem" },
      },
    ),
  );
  return { id: received.id };
}

/** The request a conversation created takes the conversation's photos (the detail and the link show them). */
export async function linkFotosToSolicitacao(
  tx: Executor,
  organizationId: string,
  conversaId: string,
  solicitacaoId: string,
): Promise<void> {
  await tx
    .update(fotos)
    .set({ solicitacaoId })
    .where(
      and(
        eq(fotos.organizationId, organizationId),
        eq(fotos.conversaId, conversaId),
        sql`${fotos.solicitacaoId} IS NULL`,
      ),
    );
}

const PASSE_NAO_ENCONTRADO = "Passe não encontrado";

/**
 * POST /api/passes/{id}/foto: the pass holder's face, which the Portaria screen shows when the pass
 * is used so the porteiro compares it with who is at the gate. A pass keeps one: a new photo replaces
 * the previous (whose blobs the trigger queues and the purge removes). A morador only for their
 * units' passes (the data scope); a revoked or anonymised pass takes none.
 */
/**
 * An owner of one current photo (a pass's holder, a person, a package's label): how to lock it (404
 * outside the author's reach), the column that points at it, and what the audit trail says.
 */
interface SinglePhotoOwner {
  lock(tx: Executor): Promise<{ id: string; condominioId: string }>;
  column: "passeId" | "pessoaId" | "encomendaId" | "areaId";
  /** The audit record's sentence and the key its `depois` names the owner by. */
  resumo: string;
  auditKey: "passe_id" | "pessoa_id" | "encomenda_id" | "area_id";
}

/**
 * The "one photo per owner" upload: the owner checked before a byte is read, then, once the upload
 * is kept, locked again and its previous photo replaced in the same transaction (the trigger queues
 * the old blobs; the purge below removes them from the store). Audited by id only.
 */
async function replaceSinglePhoto(
  deps: FotoDeps,
  author: FotoAuthor,
  owner: SinglePhotoOwner,
  body: Readable | Buffer,
  current: (reader: FotoReader) => Promise<Foto | null>,
): Promise<Foto> {
  await deps.db.transaction((tx) => owner.lock(tx));
  const received = await receiveUpload(deps, body);
  await commitReceived(deps, received, async (tx) => {
    const row = await owner.lock(tx);
    await tx.delete(fotos).where(and(eq(fotos.organizationId, author.organizationId), eq(fotos[owner.column], row.id)));
    await insertReceived(
      tx,
      received,
      {
        organizationId: author.organizationId,
        condominioId: row.condominioId,
        [owner.column]: row.id,
        origem: "porteiro",
        criadoPorUserId: author.userId,
        criadoPorApiKeyId: author.apiKeyId ?? null,
      },
      { actor: author.actor, resumo: owner.resumo, depois: { [owner.auditKey]: row.id } },
    );
  });
  await purgeDeletedBlobs(deps.db, deps.store).catch(() => {});
  const foto = await current({ organizationId: author.organizationId, userId: author.userId });
  if (!foto) throw notFound(FOTO_NAO_ENCONTRADA);
  return foto;
}

/** POST /api/passes/{id}/foto: the pass holder's photo, shown at the gate when the pass is used. */
export async function attachToPasse(
  deps: FotoDeps,
  author: FotoAuthor,
  passeId: string,
  body: Readable | Buffer,
): Promise<Foto> {
  const lock = async (tx: Executor) => {
    const [row] = await tx
      .select({
        id: passes.id,
        condominioId: passes.condominioId,
        unidadeId: passes.unidadeId,
        status: passes.status,
        anonimizadoEm: passes.anonimizadoEm,
      })
      .from(passes)
      .where(and(eq(passes.organizationId, author.organizationId), eq(passes.id, passeId)))
      .for("update");
    if (!row || !seesUnidade(author, row)) throw notFound(PASSE_NAO_ENCONTRADO);
    if (row.anonimizadoEm || row.status === "revogado") {
      throw conflict("Este passe foi revogado ou anonimizado; não é possível adicionar foto.");
    }
    return row;
  };
  return replaceSinglePhoto(
    deps,
    author,
    { lock, column: "passeId", resumo: "Adicionou a foto do titular de um passe", auditKey: "passe_id" },
    body,
    (reader) => fotoOfPasse(deps, reader, passeId),
  );
}

/** The pass holder's photo (its detail, the Portaria's result), signed for the reader; null without one. */
export async function fotoOfPasse(
  deps: Pick<FotoDeps, "db" | "secret">,
  reader: FotoReader,
  passeId: string,
): Promise<Foto | null> {
  return currentFotoOf(deps, reader, eq(fotos.passeId, passeId));
}

/**
 * The one current photo of an owner (a pass, a person), signed for the reader; one being rendered
 * too: the owner's screen says so, and re-reads until it is ready. Null without one.
 */
async function currentFotoOf(deps: Pick<FotoDeps, "db" | "secret">, reader: FotoReader, owner: SQL) {
  const [row] = await deps.db
    .select(currentFotoColumns)
    .from(fotos)
    .leftJoin(user, eq(user.id, fotos.criadoPorUserId))
    .where(
      and(eq(fotos.organizationId, reader.organizationId), owner, inArray(fotos.status, ["disponivel", "processando"])),
    )
    .orderBy(sql`${fotos.createdAt} DESC`)
    .limit(1);
  if (!row) return null;
  return toCurrentFoto(deps, reader, row, Date.now());
}

/** What an owner's current photo is read with (currentFotoOf, fotosOfAreas). */
const currentFotoColumns = {
  id: fotos.id,
  origem: fotos.origem,
  status: fotos.status,
  motivo: fotos.motivo,
  largura: fotos.largura,
  altura: fotos.altura,
  createdAt: fotos.createdAt,
  userNome: user.name,
};

function toCurrentFoto(
  deps: Pick<FotoDeps, "secret">,
  reader: FotoReader,
  row: {
    id: string;
    origem: string;
    status: string;
    motivo: string | null;
    largura: number | null;
    altura: number | null;
    createdAt: Date;
    userNome: string | null;
  },
  now: number,
): Foto {
  const sign = (variante: FotoVariante) =>
    reader.userId && row.status === "disponivel"
      ? signFotoUrl(deps.secret, row.id, variante, reader.userId, now)
      : null;
  return {
    id: row.id,
    origem: row.origem as FotoOrigem,
    status: row.status as FotoStatus,
    motivo: row.motivo,
    portao: null,
    autor: row.userNome,
    largura: row.largura,
    altura: row.altura,
    url: sign("exibicao"),
    miniatura_url: sign("miniatura"),
    created_at: row.createdAt.toISOString(),
  };
}

const PESSOA_NAO_ENCONTRADA = "Pessoa não encontrada";

/**
 * The person an author may change the photo of, locked so parallel uploads replace one another in
 * turn; 404 outside the tenant or the author's condominiums (the registry's own scope, pessoas module).
 */
async function lockPessoa(tx: Executor, author: FotoAuthor, pessoaId: string) {
  const [row] = await tx
    .select({ id: pessoas.id, condominioId: pessoas.condominioId })
    .from(pessoas)
    .where(and(eq(pessoas.organizationId, author.organizationId), eq(pessoas.id, pessoaId)))
    .for("update");
  if (!row || isResidentScope(author) || !seesCondominio(author, row.condominioId)) {
    throw notFound(PESSOA_NAO_ENCONTRADA);
  }
  return row;
}

/**
 * POST /api/pessoas/{id}/foto: a resident's or employee's photo on their registry page (docs/product.md,
 * "Fotos"). One per person: a new one replaces the previous. A wrong id or another condominium's
 * person never uploads a byte.
 */
export async function attachToPessoa(
  deps: FotoDeps,
  author: FotoAuthor,
  pessoaId: string,
  body: Readable | Buffer,
): Promise<Foto> {
  return replaceSinglePhoto(
    deps,
    author,
    {
      lock: (tx) => lockPessoa(tx, author, pessoaId),
      column: "pessoaId",
      resumo: "Adicionou a foto de uma pessoa",
      auditKey: "pessoa_id",
    },
    body,
    (reader) => fotoOfPessoa(deps, reader, pessoaId),
  );
}

const ENCOMENDA_NAO_ENCONTRADA = "Encomenda não encontrada";

/**
 * POST /api/encomendas/{id}/foto: the package's (or its label's) photo, taken as it is received
 * (docs/decisions/043-deliveries.md). One per package; staff of its condominium only.
 */
export async function attachToEncomenda(
  deps: FotoDeps,
  author: FotoAuthor,
  encomendaId: string,
  body: Readable | Buffer,
): Promise<Foto> {
  const lock = async (tx: Executor) => {
    const [row] = await tx
      .select({ id: encomendas.id, condominioId: encomendas.condominioId, unidadeId: encomendas.unidadeId })
      .from(encomendas)
      .where(and(eq(encomendas.organizationId, author.organizationId), eq(encomendas.id, encomendaId)))
      .for("update");
    if (!row || isResidentScope(author) || !seesUnidade(author, row)) throw notFound(ENCOMENDA_NAO_ENCONTRADA);
    return row;
  };
  return replaceSinglePhoto(
    deps,
    author,
    { lock, column: "encomendaId", resumo: "Adicionou a foto de uma encomenda", auditKey: "encomenda_id" },
    body,
    (reader) => fotoOfEncomenda(deps, reader, encomendaId),
  );
}

/** A package's photo for its detail, signed for the reader; null without one. The caller checked the scope. */
export async function fotoOfEncomenda(
  deps: Pick<FotoDeps, "db" | "secret">,
  reader: FotoReader,
  encomendaId: string,
): Promise<Foto | null> {
  return currentFotoOf(deps, reader, eq(fotos.encomendaId, encomendaId));
}

const AREA_NAO_ENCONTRADA = "Área não encontrada";

/**
 * POST /api/areas/{id}/foto: the common area's picture, shown to residents choosing what to book
 * (docs/decisions/044-common-area-bookings.md). One per area, replaced by a new one; staff of the
 * area's condominium only (the route asks areas:gerenciar); a removed area takes none.
 */
export async function attachToArea(
  deps: FotoDeps,
  author: FotoAuthor,
  areaId: string,
  body: Readable | Buffer,
): Promise<Foto> {
  const lock = async (tx: Executor) => {
    const [row] = await tx
      .select({ id: areasComuns.id, condominioId: areasComuns.condominioId, removidaEm: areasComuns.removidaEm })
      .from(areasComuns)
      .where(and(eq(areasComuns.organizationId, author.organizationId), eq(areasComuns.id, areaId)))
      .for("update");
    if (!row || row.removidaEm || isResidentScope(author) || !seesCondominio(author, row.condominioId)) {
      throw notFound(AREA_NAO_ENCONTRADA);
    }
    return row;
  };
  return replaceSinglePhoto(
    deps,
    author,
    { lock, column: "areaId", resumo: "Adicionou a foto de uma área comum", auditKey: "area_id" },
    body,
    (reader) => currentFotoOf(deps, reader, eq(fotos.areaId, areaId)),
  );
}

/**
 * The current photo of each of these areas (their list and detail), signed for the reader, in one
 * statement whatever the number of areas. The caller checked the reader sees the areas.
 */
export async function fotosOfAreas(
  deps: Pick<FotoDeps, "db" | "secret">,
  reader: FotoReader,
  areaIds: readonly string[],
): Promise<Map<string, Foto>> {
  const out = new Map<string, Foto>();
  if (areaIds.length === 0) return out;
  const rows = await deps.db
    .selectDistinctOn([fotos.areaId], { areaId: fotos.areaId, ...currentFotoColumns })
    .from(fotos)
    .leftJoin(user, eq(user.id, fotos.criadoPorUserId))
    .where(
      and(
        eq(fotos.organizationId, reader.organizationId),
        inArray(fotos.areaId, [...areaIds]),
        inArray(fotos.status, ["disponivel", "processando"]),
      ),
    )
    .orderBy(fotos.areaId, sql`${fotos.createdAt} DESC`);
  const now = Date.now();
  for (const row of rows) out.set(row.areaId!, toCurrentFoto(deps, reader, row, now));
  return out;
}

/** DELETE /api/pessoas/{id}/foto: the row goes (its blobs queued by the trigger, then purged); 404 without one. */
export async function removeFotoOfPessoa(deps: FotoDeps, author: FotoAuthor, pessoaId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const pessoa = await lockPessoa(tx, author, pessoaId);
    const removed = await tx
      .delete(fotos)
      .where(and(eq(fotos.organizationId, author.organizationId), eq(fotos.pessoaId, pessoa.id)))
      .returning({ id: fotos.id });
    if (removed.length === 0) throw notFound("Esta pessoa não tem foto.");
    await recordAudit(tx, author.organizationId, author.actor, {
      acao: "excluir",
      entidade: "foto",
      entidadeId: removed[0]!.id,
      resumo: "Removeu a foto de uma pessoa",
      antes: { pessoa_id: pessoa.id },
    });
  });
  await purgeDeletedBlobs(deps.db, deps.store).catch(() => {});
}

/** A person's photo for their detail, signed for the reader; null without one. The caller checked the scope. */
export async function fotoOfPessoa(
  deps: Pick<FotoDeps, "db" | "secret">,
  reader: FotoReader,
  pessoaId: string,
): Promise<Foto | null> {
  return currentFotoOf(deps, reader, eq(fotos.pessoaId, pessoaId));
}

/** A gate's photo goes to a visitor who arrived at most this long ago and is still waiting. */
const PORTAO_VISITANTE_JANELA_MS = 10 * 60_000;

/**
 * POST /api/v1/portoes/{id}/foto: a camera or on-site agent pushes the picture of whoever is at the
 * gate; it goes to the gate's latest pending request of the last minutes. Nobody waiting: 409 before
 * a byte is read.
 */
export async function attachToPortao(
  deps: FotoDeps,
  author: FotoAuthor,
  portaoId: string,
  body: Readable | Buffer,
  now = new Date(),
): Promise<Foto> {
  const [portao] = await deps.db
    .select({ id: portoes.id })
    .from(portoes)
    .where(and(eq(portoes.organizationId, author.organizationId), eq(portoes.id, portaoId)));
  if (!portao) throw notFound("Portão não encontrado");
  const [waiting] = await deps.db
    .select({ id: solicitacoesAcesso.id })
    .from(solicitacoesAcesso)
    .where(
      and(
        eq(solicitacoesAcesso.organizationId, author.organizationId),
        eq(solicitacoesAcesso.portaoId, portaoId),
        eq(solicitacoesAcesso.status, "pendente"),
        sql`${solicitacoesAcesso.createdAt} > ${new Date(now.getTime() - PORTAO_VISITANTE_JANELA_MS).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${solicitacoesAcesso.createdAt} DESC`)
    .limit(1);
  if (!waiting) throw conflict("Nenhum visitante aguardando neste portão: a foto não foi gravada.");
  return attachToSolicitacao(deps, author, waiting.id, body, "camera");
}

async function checkCanAttach(tx: Executor, author: FotoAuthor, solicitacaoId: string) {
  const request = await lockSolicitacao(tx, author, solicitacaoId);
  if (request.anonimizadoEm) {
    throw conflict("Os dados desta solicitação foram anonimizados; não é possível adicionar fotos.");
  }
  // A morador adds photos only to the visitors they registered themselves, while still pending.
  if (isResidentScope(author) && (request.criadoPorUserId !== author.userId || request.status !== "pendente")) {
    throw forbidden("Você só pode enviar fotos das visitas que registrou e que ainda aguardam decisão.");
  }
  if (request.fotos >= MAX_FOTOS_POR_SOLICITACAO) {
    throw conflict(`Esta solicitação já tem ${MAX_FOTOS_POR_SOLICITACAO} fotos, o máximo.`);
  }
  return request;
}

/**
 * A photo that could not be taken (a gate camera that did not answer, a visitor who declined the
 * kiosk's): recorded so the detail and the resident say there is none, and why.
 */
export async function recordMissingPhoto(
  db: Executor,
  input: {
    organizationId: string;
    condominioId: string;
    solicitacaoId?: string | null;
    conversaId?: string | null;
    portaoId?: string | null;
    origem: FotoOrigem;
    status: Exclude<FotoStatus, "disponivel">;
    motivo: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(fotos)
    .values({
      organizationId: input.organizationId,
      condominioId: input.condominioId,
      solicitacaoId: input.solicitacaoId ?? null,
      conversaId: input.conversaId ?? null,
      portaoId: input.portaoId ?? null,
      origem: input.origem,
      status: input.status,
      motivo: input.motivo,
    })
    .returning({ id: fotos.id });
  return row!.id;
}

/**
 * What the resident's link says about the visitor's picture: the latest stored photo, else why there
 * is none (the visitor declined it at the kiosk), else nothing.
 */
export async function latestFotoOf(
  db: Executor,
  organizationId: string,
  solicitacaoId: string,
): Promise<{ id: string; chave: string } | { id: string; chave: null; motivo: string } | null> {
  const rows = await db
    .select({ id: fotos.id, chave: fotos.chave, motivo: fotos.motivo })
    .from(fotos)
    .where(
      and(
        eq(fotos.organizationId, organizationId),
        eq(fotos.solicitacaoId, solicitacaoId),
        sql`(${fotos.chave} IS NOT NULL OR ${fotos.status} = 'recusada')`,
      ),
    )
    // A stored photo first, whenever it was taken; then the latest refusal.
    .orderBy(sql`${fotos.chave} IS NULL`, sql`${fotos.createdAt} DESC`)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return row.chave ? { id: row.id, chave: row.chave } : { id: row.id, chave: null, motivo: row.motivo ?? "" };
}

/** Who reads: the tenant and the user the addresses are signed for (null: an API key, no addresses). */
export interface FotoReader {
  organizationId: string;
  userId: string | null;
}

/**
 * The photos of these requests, oldest first, per request (in the order of the ids), with addresses
 * signed for the reader. The caller has already checked the reader sees the requests.
 */
export async function fotosOf(deps: Pick<FotoDeps, "db" | "secret">, reader: FotoReader, solicitacaoIds: string[]) {
  if (solicitacaoIds.length === 0) return [];
  const rows = await deps.db
    .select({
      id: fotos.id,
      solicitacaoId: fotos.solicitacaoId,
      origem: fotos.origem,
      status: fotos.status,
      motivo: fotos.motivo,
      largura: fotos.largura,
      altura: fotos.altura,
      createdAt: fotos.createdAt,
      portaoId: portoes.id,
      portaoNome: portoes.nome,
      userNome: user.name,
      chaveNome: apiKeys.nome,
    })
    .from(fotos)
    .leftJoin(portoes, eq(portoes.id, fotos.portaoId))
    .leftJoin(user, eq(user.id, fotos.criadoPorUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, fotos.criadoPorApiKeyId))
    .where(and(eq(fotos.organizationId, reader.organizationId), inArray(fotos.solicitacaoId, solicitacaoIds)))
    .orderBy(asc(fotos.createdAt), asc(fotos.id));
  const now = Date.now();
  const sign = (id: string, variante: FotoVariante) =>
    reader.userId ? signFotoUrl(deps.secret, id, variante, reader.userId, now) : null;
  return solicitacaoIds.map((sid) =>
    rows
      .filter((r) => r.solicitacaoId === sid)
      .map(
        (r): Foto => ({
          id: r.id,
          origem: r.origem as FotoOrigem,
          status: r.status as FotoStatus,
          motivo: r.motivo,
          portao: r.portaoId && r.portaoNome ? { id: r.portaoId, nome: r.portaoNome } : null,
          autor: r.userNome ?? r.chaveNome ?? null,
          largura: r.largura,
          altura: r.altura,
          url: r.status === "disponivel" ? sign(r.id, "exibicao") : null,
          miniatura_url: r.status === "disponivel" ? sign(r.id, "miniatura") : null,
          created_at: r.createdAt.toISOString(),
        }),
      ),
  );
}

/**
 * The latest available photo's thumbnail address of each of these requests (lists: the dashboard,
 * the requests and the access log). One statement whatever the number of ids.
 */
export async function thumbnailsOf(
  deps: Pick<FotoDeps, "db" | "secret">,
  reader: FotoReader,
  solicitacaoIds: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (solicitacaoIds.length === 0 || !reader.userId) return out;
  const rows = await deps.db
    .selectDistinctOn([fotos.solicitacaoId], { id: fotos.id, solicitacaoId: fotos.solicitacaoId })
    .from(fotos)
    .where(
      and(
        eq(fotos.organizationId, reader.organizationId),
        inArray(fotos.solicitacaoId, [...solicitacaoIds]),
        eq(fotos.status, "disponivel"),
      ),
    )
    .orderBy(fotos.solicitacaoId, sql`${fotos.createdAt} DESC`);
  const now = Date.now();
  for (const r of rows) out.set(r.solicitacaoId!, signFotoUrl(deps.secret, r.id, "miniatura", reader.userId, now));
  return out;
}

/** The stored rendition a reader may open, or a 403/404 that says why not. */
export interface OpenedFoto {
  stream: Readable;
  solicitacaoId: string | null;
}

/**
 * GET /api/fotos/{id}/{variante}: the signature must be this user's and current, the photo this
 * tenant's, and its request inside the reader's data scope (a morador: their units' visitors only).
 * A photo that belongs to no request or pass (a kiosk conversation's, a registered person's) is for
 * staff of its condominium only: the people registry is staff's (pessoas:ler), scoped by condominium.
 */
export async function openFoto(
  deps: FotoDeps,
  reader: Reader & { userId: string },
  params: { id: string; variante: FotoVariante; exp: number; sig: string },
  now = Date.now(),
): Promise<OpenedFoto> {
  const check = checkFotoUrl(deps.secret, params.id, params.variante, reader.userId, params.exp, params.sig, now);
  if (check === "expirada") {
    throw new AppError(403, "FOTO_URL_EXPIRADA", "O endereço desta foto expirou. Recarregue a página para vê-la.");
  }
  if (check === "invalida") throw forbidden("Endereço de foto inválido para esta sessão.");
  const [row] = await deps.db
    .select({
      chave: fotos.chave,
      chaveMiniatura: fotos.chaveMiniatura,
      condominioId: fotos.condominioId,
      solicitacaoId: fotos.solicitacaoId,
      unidadeId: sql<
        string | null
      >`coalesce(${solicitacoesAcesso.unidadeId}, ${passes.unidadeId}, ${encomendas.unidadeId})`,
      areaId: areasComuns.id,
      areaListada: sql<boolean>`(${areasComuns.ativa} AND ${areasComuns.removidaEm} IS NULL)`,
    })
    .from(fotos)
    .leftJoin(solicitacoesAcesso, eq(solicitacoesAcesso.id, fotos.solicitacaoId))
    .leftJoin(passes, eq(passes.id, fotos.passeId))
    .leftJoin(encomendas, eq(encomendas.id, fotos.encomendaId))
    .leftJoin(areasComuns, eq(areasComuns.id, fotos.areaId))
    .where(and(eq(fotos.organizationId, reader.organizationId), eq(fotos.id, params.id), isNotNull(fotos.chave)));
  if (!row) throw notFound(FOTO_NAO_ENCONTRADA);
  // A common area's photo: whoever sees the area (a morador: the active areas of their units'
  // condominiums; staff: their condominiums' areas, docs/decisions/044-common-area-bookings.md).
  const visible = row.areaId
    ? seesCondominio(reader, row.condominioId) && (!isResidentScope(reader) || row.areaListada === true)
    : row.unidadeId
      ? seesUnidade(reader, { unidadeId: row.unidadeId, condominioId: row.condominioId })
      : !isResidentScope(reader) && seesUnidade(reader, { unidadeId: "", condominioId: row.condominioId });
  if (!visible) throw notFound(FOTO_NAO_ENCONTRADA);
  const key = params.variante === "miniatura" ? row.chaveMiniatura! : row.chave!;
  const stream = await deps.store.get(key);
  if (!stream) throw notFound("A imagem desta foto não está mais disponível.");
  return { stream, solicitacaoId: row.solicitacaoId };
}

/** A photo as a data subject's export carries it: what it belongs to, and its display image. */
export interface FotoExportada {
  id: string;
  solicitacao_id: string | null;
  passe_id: string | null;
  pessoa_id: string | null;
  origem: FotoOrigem;
  tirada_em: string;
  arquivo: string;
  bytes: Buffer;
}

/**
 * The stored photos of these requests, passes and people, with their display images (a data subject's copy
 * of their data, docs/product.md "Personal data and retention"). A blob missing from the store is
 * left out rather than failing the whole export.
 */
export async function fotosParaExportar(
  db: Executor,
  store: BlobStore,
  organizationId: string,
  ids: { solicitacoes: string[]; passes: string[]; pessoas?: string[] },
): Promise<FotoExportada[]> {
  const owners = [
    ids.solicitacoes.length > 0 ? inArray(fotos.solicitacaoId, ids.solicitacoes) : undefined,
    ids.passes.length > 0 ? inArray(fotos.passeId, ids.passes) : undefined,
    ids.pessoas && ids.pessoas.length > 0 ? inArray(fotos.pessoaId, ids.pessoas) : undefined,
  ].filter((c) => c !== undefined);
  if (owners.length === 0) return [];
  const rows = await db
    .select()
    .from(fotos)
    .where(and(eq(fotos.organizationId, organizationId), isNotNull(fotos.chave), or(...owners)))
    .orderBy(asc(fotos.createdAt));
  const out: FotoExportada[] = [];
  for (const r of rows) {
    const stream = await store.get(r.chave!);
    if (!stream) continue;
    out.push({
      id: r.id,
      solicitacao_id: r.solicitacaoId,
      passe_id: r.passeId,
      pessoa_id: r.pessoaId,
      origem: r.origem as FotoOrigem,
      tirada_em: r.createdAt.toISOString(),
      arquivo: `fotos/${r.id}.jpg`,
      bytes: await readAll(stream),
    });
  }
  return out;
}
