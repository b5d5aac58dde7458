/**
 * Photos are rendered in the background (docs/decisions/040-photos-rendered-in-background.md): an
 * upload is checked without decoding, kept as the photo's original and answered at once with status
 * `processando`; this renderer decodes it, stores the display image and the thumbnail under the
 * photo's own namespace, marks it `disponivel` (or `indisponivel` with the pt-BR reason when the
 * bytes do not decode) and deletes the original, EXIF and all. The screens follow the event it records.
 *
 * One render at a time per process (the decode is the CPU-heavy part; the other core answers
 * requests). A photo is claimed with a lease (FOR UPDATE SKIP LOCKED), so instances sharing a bucket
 * share the work, and a lease left by a process that stopped is taken again after a few minutes.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Executor } from "../../db/client";
import { blobsExcluidos, fotos, passes, solicitacoesAcesso } from "../../db/schema";
import { coalescedRunner } from "../../jobs/coalesced-run";
import { recordEvent } from "../../realtime/events";
import type { BlobStore, PutResult } from "../../storage";
import { readAll } from "../../storage/blob-store";
import { ImageRefused, inspectImage, type ProcessedImage, renderImage } from "../../storage/images";
import { dropBlobs, purgeDeletedBlobs } from "./blob-purge";

/** A claim older than this belongs to a process that stopped: another takes the photo again. */
const LEASE_MS = 2 * 60_000;
/** Claims before a photo that keeps failing (a store out of reach, a crash while decoding) is given up. */
const MAX_TENTATIVAS = 3;
/** A photo waiting this long was left behind by the process that received it: any process takes it. */
const ORPHAN_MS = 30_000;
/**
 * How long a render waits for the uploads arriving to be answered. A porteiro waits on an upload's
 * answer; nobody waits on a rendition a second later ("Processando a foto…" shows meanwhile). The cap
 * keeps a steady stream of uploads from starving the renderer.
 */
const YIELD_MS = 2_000;

export const FOTO_ORIGINAL_PERDIDO = "O arquivo enviado se perdeu antes de ser processado. Envie a foto de novo.";
export const FOTO_NAO_PROCESSADA = "Não foi possível processar a foto. Envie outra.";

/** A photo's two renditions as stored, and what its row records of them. */
export interface StoredRenditions {
  chave: string;
  chaveMiniatura: string;
  largura: number;
  altura: number;
  bytes: number;
}

/**
 * Stores both renditions under the photo's namespace (its row's id). One stored and not the other:
 * the stored one is deleted and the error thrown, so nothing of a half-kept photo stays in the store.
 */
export async function storeRenditions(
  store: BlobStore,
  image: ProcessedImage,
  namespace: string,
): Promise<StoredRenditions> {
  const puts = await Promise.allSettled([
    store.put(image.display.data, { namespace, contentType: image.display.contentType }),
    store.put(image.thumbnail.data, { namespace, contentType: image.thumbnail.contentType }),
  ]);
  const failed = puts.find((r) => r.status === "rejected");
  if (failed) {
    await dropBlobs(
      store,
      puts.flatMap((r) => (r.status === "fulfilled" ? [r.value.key] : [])),
    ).catch(() => {});
    throw failed.reason;
  }
  const [display, thumb] = puts.map((r) => (r as PromiseFulfilledResult<PutResult>).value) as [PutResult, PutResult];
  return {
    chave: display.key,
    chaveMiniatura: thumb.key,
    largura: image.display.width,
    altura: image.display.height,
    bytes: display.size,
  };
}

/**
 * Tells the screens that show what the photo belongs to: its request's (detail, lists, the resident's
 * link) or its pass's. A kiosk conversation's photo reaches its request when the attendant creates one.
 */
export async function recordFotoEvent(
  tx: Executor,
  organizationId: string,
  owner: { solicitacaoId: string | null; passeId: string | null },
): Promise<void> {
  if (owner.solicitacaoId) {
    const [request] = await tx
      .select({
        nomeVisitante: solicitacoesAcesso.nomeVisitante,
        status: solicitacoesAcesso.status,
        unidadeId: solicitacoesAcesso.unidadeId,
      })
      .from(solicitacoesAcesso)
      .where(
        and(eq(solicitacoesAcesso.organizationId, organizationId), eq(solicitacoesAcesso.id, owner.solicitacaoId)),
      );
    if (request) {
      await recordEvent(tx, organizationId, {
        type: "solicitacao.atualizada",
        solicitacao: {
          id: owner.solicitacaoId,
          nome_visitante: request.nomeVisitante,
          status: request.status as never,
          unidade_id: request.unidadeId,
        },
      });
    }
  }
  if (owner.passeId) {
    const [passe] = await tx
      .select({ unidadeId: passes.unidadeId, nome: passes.nome })
      .from(passes)
      .where(and(eq(passes.organizationId, organizationId), eq(passes.id, owner.passeId)));
    if (passe) {
      await recordEvent(tx, organizationId, {
        type: "passe.atualizado",
        visita: { unidade_id: passe.unidadeId, nome_visitante: passe.nome },
        passe: { id: owner.passeId },
      });
    }
  }
}

interface Claimed {
  id: string;
  organizationId: string;
  chaveOriginal: string;
  renderEm: Date;
  tentativas: number;
}

/**
 * Leases one waiting photo to this run: the one given (an upload this process accepted), else the
 * oldest left behind (waiting longer than ORPHAN_MS: its process stopped, or never kicked). Null
 * when there is none free. Uploads are rendered by the process that received them; another takes
 * one only when it is left behind, so instances with a store of their own never take each other's.
 */
async function claim(db: Database, fotoId: string | null): Promise<Claimed | null> {
  const waiting = db
    .select({ id: fotos.id })
    .from(fotos)
    .where(
      and(
        eq(fotos.status, "processando"),
        fotoId ? eq(fotos.id, fotoId) : sql`${fotos.createdAt} < now() - make_interval(secs => ${ORPHAN_MS / 1000})`,
        sql`(${fotos.renderEm} IS NULL OR ${fotos.renderEm} < now() - make_interval(secs => ${LEASE_MS / 1000}))`,
      ),
    )
    .orderBy(fotos.createdAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(fotos)
    .set({
      renderEm: sql`date_trunc('milliseconds', now())`,
      renderTentativas: sql`${fotos.renderTentativas} + 1`,
    })
    .where(inArray(fotos.id, waiting))
    .returning({
      id: fotos.id,
      organizationId: fotos.organizationId,
      chaveOriginal: fotos.chaveOriginal,
      renderEm: fotos.renderEm,
      tentativas: fotos.renderTentativas,
    });
  if (!row?.chaveOriginal || !row.renderEm) return null;
  return row as Claimed;
}

type Outcome = "disponivel" | "indisponivel" | "removida";

/**
 * Completes a claimed photo, with its renditions or with why there are none, while the lease is
 * still this run's; queues the original for deletion and tells the screens, in one transaction.
 */
async function finish(
  db: Database,
  claimed: Claimed,
  completion: StoredRenditions | { motivo: string },
): Promise<Outcome> {
  const disponivel = !("motivo" in completion);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(fotos)
      .set({
        ...(disponivel
          ? { status: "disponivel", motivo: null, ...completion }
          : { status: "indisponivel", ...completion }),
        chaveOriginal: null,
        renderEm: null,
      })
      .where(and(eq(fotos.id, claimed.id), eq(fotos.status, "processando"), eq(fotos.renderEm, claimed.renderEm)))
      .returning({ solicitacaoId: fotos.solicitacaoId, passeId: fotos.passeId });
    if (!updated) return "removida";
    await tx.insert(blobsExcluidos).values({ chave: claimed.chaveOriginal }).onConflictDoNothing();
    await recordFotoEvent(tx, claimed.organizationId, updated);
    return disponivel ? "disponivel" : "indisponivel";
  });
}

async function renderClaimed(store: BlobStore, db: Database, claimed: Claimed): Promise<Outcome> {
  if (claimed.tentativas > MAX_TENTATIVAS) return finish(db, claimed, { motivo: FOTO_NAO_PROCESSADA });
  const stream = await store.get(claimed.chaveOriginal);
  if (!stream) return finish(db, claimed, { motivo: FOTO_ORIGINAL_PERDIDO });
  let image: ProcessedImage;
  try {
    image = await renderImage(await inspectImage(await readAll(stream)));
  } catch (error) {
    if (error instanceof ImageRefused) return finish(db, claimed, { motivo: error.message });
    throw error;
  }
  const stored = await storeRenditions(store, image, claimed.id);
  try {
    const outcome = await finish(db, claimed, stored);
    // The row went meanwhile (retention, an anonymisation) or another run took it over: so do these blobs.
    if (outcome === "removida") await dropBlobs(store, [stored.chave, stored.chaveMiniatura]).catch(() => {});
    return outcome;
  } catch (error) {
    await dropBlobs(store, [stored.chave, stored.chaveMiniatura]).catch(() => {});
    throw error;
  }
}

export interface FotoRenderResult {
  disponivel: number;
  indisponivel: number;
  falhas: number;
}

export interface FotoRenderer {
  /**
   * Renders these photos (accepted by this process), then whatever was left behind; resolves after
   * a run that started after the call.
   */
  renderDue(fotoIds?: readonly string[]): Promise<FotoRenderResult>;
  /** Starts a run soon (an upload was accepted: its id); errors are logged. */
  kick(fotoId?: string): void;
  /**
   * An upload is arriving: renders wait until none is (at most YIELD_MS per photo), so a burst of
   * uploads is answered first. Call the returned function once it is stored or refused.
   */
  receiving(): () => void;
  /** Resolves when the current and the queued runs are over (tests; shutdown). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function createFotoRenderer(deps: { db: Database; store: BlobStore; logger: Logger }): FotoRenderer {
  const log = deps.logger.child({ component: "fotos" });
  let closed = false;
  // Uploads accepted here and not rendered yet, oldest first.
  const mine = new Set<string>();
  // Uploads being received by this process, and the renders waiting for them to be answered.
  let arriving = 0;
  let waiting: (() => void)[] = [];
  const uploadsAnswered = () =>
    arriving === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, YIELD_MS);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
  const runner = coalescedRunner(async (): Promise<FotoRenderResult> => {
    const result: FotoRenderResult = { disponivel: 0, indisponivel: 0, falhas: 0 };
    while (!closed) {
      await uploadsAnswered();
      const next = mine.values().next();
      const fotoId = next.done ? null : next.value;
      if (fotoId) mine.delete(fotoId);
      const claimed = await claim(deps.db, fotoId);
      if (!claimed) {
        if (fotoId) continue;
        break;
      }
      try {
        const outcome = await renderClaimed(deps.store, deps.db, claimed);
        if (outcome !== "removida") result[outcome]++;
      } catch (error) {
        // The lease stays: the photo is taken again when it runs out, up to MAX_TENTATIVAS claims.
        result.falhas++;
        log.error({ err: error, foto: claimed.id }, "falha ao processar uma foto; nova tentativa em alguns minutos");
      }
    }
    // The originals of the photos just rendered leave the store now, not at the next housekeeping.
    if (result.disponivel + result.indisponivel > 0) {
      await purgeDeletedBlobs(deps.db, deps.store).catch((error) =>
        log.error({ err: error }, "falha ao apagar os originais das fotos processadas"),
      );
    }
    return result;
  });
  const renderDue = (fotoIds: readonly string[] = []) => {
    if (closed) return Promise.resolve({ disponivel: 0, indisponivel: 0, falhas: 0 });
    for (const id of fotoIds) mine.add(id);
    return runner.runNow();
  };
  return {
    renderDue,
    kick(fotoId) {
      if (closed) return;
      renderDue(fotoId ? [fotoId] : []).catch((error) =>
        log.error({ err: error }, "falha ao processar as fotos recebidas"),
      );
    },
    receiving() {
      arriving++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        arriving--;
        if (arriving > 0) return;
        const wake = waiting;
        waiting = [];
        for (const resume of wake) resume();
      };
    },
    async settled() {
      await runner.settled();
    },
    async close() {
      closed = true;
      await runner.settled();
    },
  };
}
