/**
 * The kiosk's photo step (docs/product.md, "Totem"; docs/decisions/039-visitor-photos.md): before the
 * residents are asked, the visitor at the gate's tablet has their picture taken, or declines. Either
 * is one row of `fotos` on the kiosk's conversation, and goes with the request the conversation
 * creates. A conversation keeps at most one: a retake (or a refusal after a picture) replaces the
 * previous row, whose blobs leave the store at once.
 */
import type { Readable } from "node:stream";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { FotoConversa } from "../../../shared/schemas/fotos";
import type { Database } from "../../db/client";
import { fotos, solicitacoesAcesso } from "../../db/schema";
import { recordEvent } from "../../realtime/events";
import { type openConversaOf, settledSolicitacaoOf } from "../atendente/atendente.service";
import { attachToConversa, type FotoDeps, linkFotosToSolicitacao, purgeDeletedBlobs } from "../fotos/fotos.service";

/**
 * POST /api/totem/conversas/{id}/foto (an image) and …/foto/recusa (null: the visitor declined).
 * The image is checked, re-encoded and stored by attachToConversa; then every other photo of the
 * conversation goes (the newest stays, so two uploads at once still leave one), and their blobs are
 * purged. A request the conversation created while the image was arriving gets it too.
 */
export async function fotoDoVisitante(
  deps: FotoDeps,
  /** The kiosk's own open conversation (openConversaOf), read before a byte of the image. */
  conversa: Awaited<ReturnType<typeof openConversaOf>>,
  body: Readable | Buffer | null,
  onPurgeError: (error: unknown) => void = () => {},
): Promise<FotoConversa> {
  const { id } = await attachToConversa(deps, conversa, body);
  const replaced = await deps.db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: fotos.id })
      .from(fotos)
      .where(and(eq(fotos.organizationId, conversa.organizationId), eq(fotos.conversaId, conversa.id)))
      .orderBy(desc(fotos.createdAt), desc(fotos.id))
      .limit(1);
    if (!newest) return 0;
    // The trigger on `fotos` queues the deleted rows' blobs (blobs_excluidos) in this transaction.
    const gone = await tx
      .delete(fotos)
      .where(
        and(
          eq(fotos.organizationId, conversa.organizationId),
          eq(fotos.conversaId, conversa.id),
          ne(fotos.id, newest.id),
        ),
      )
      .returning({ id: fotos.id });
    return gone.length;
  });
  if (replaced > 0) await purgeDeletedBlobs(deps.db, deps.store).catch(onPurgeError);
  if (!conversa.solicitacaoId) await linkLate(deps.db, conversa.organizationId, conversa.id);
  const [row] = await deps.db
    .select({ id: fotos.id, status: fotos.status })
    .from(fotos)
    .where(and(eq(fotos.organizationId, conversa.organizationId), eq(fotos.id, id)));
  // Replaced by a newer one that arrived at the same moment: this one is gone, the newer one stays.
  return { id, status: (row?.status ?? (body ? "disponivel" : "recusada")) as FotoConversa["status"] };
}

/**
 * The turn that creates the request links the photos there are in its own transaction; one stored
 * while that turn ran is linked here once it ended, and the console's detail is told.
 */
async function linkLate(db: Database, organizationId: string, conversaId: string): Promise<void> {
  const solicitacaoId = await settledSolicitacaoOf(db, organizationId, conversaId);
  if (!solicitacaoId) return;
  await db.transaction(async (tx) => {
    const linked = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(fotos)
      .where(
        and(
          eq(fotos.organizationId, organizationId),
          eq(fotos.conversaId, conversaId),
          sql`${fotos.solicitacaoId} IS NULL`,
        ),
      );
    if ((linked[0]?.n ?? 0) === 0) return;
    await linkFotosToSolicitacao(tx, organizationId, conversaId, solicitacaoId);
    const [request] = await tx
      .select({
        id: solicitacoesAcesso.id,
        nomeVisitante: solicitacoesAcesso.nomeVisitante,
        status: solicitacoesAcesso.status,
        unidadeId: solicitacoesAcesso.unidadeId,
      })
      .from(solicitacoesAcesso)
      .where(and(eq(solicitacoesAcesso.organizationId, organizationId), eq(solicitacoesAcesso.id, solicitacaoId)));
    if (!request) return;
    await recordEvent(tx, organizationId, {
      type: "solicitacao.atualizada",
      solicitacao: {
        id: request.id,
        nome_visitante: request.nomeVisitante,
        status: request.status as never,
        unidade_id: request.unidadeId,
      },
    });
  });
}
