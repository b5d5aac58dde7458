/**
 * Photos' blobs leave the store (docs/decisions/039-visitor-photos.md): directly when a photo that was
 * never recorded is dropped, and through the queue the trigger on `fotos` fills (`blobs_excluidos`)
 * when rows are deleted or an original is replaced by its renditions.
 */
import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blobsExcluidos } from "../../db/schema";
import type { BlobStore } from "../../storage";

/** Removes blobs by key; the keys are a photo's own (its namespace), so nobody else's go. */
export async function dropBlobs(store: BlobStore, keys: readonly (string | null)[]): Promise<void> {
  await Promise.all(keys.filter((k): k is string => k !== null).map((k) => store.delete(k)));
}

const PURGE_BATCH = 200;

/**
 * Deletes from the store the blobs of deleted photos (queued by the trigger on `fotos`), checks each
 * is gone, and only then forgets it; returns how many left the store. No transaction is held while
 * the store works (PGlite takes turns: docs/decisions/029). Two purges at once may delete the same
 * blob twice, which the store takes as done: a photo's keys are its own (namespace = its id).
 */
export async function purgeDeletedBlobs(db: Database, store: BlobStore): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ chave: blobsExcluidos.chave })
      .from(blobsExcluidos)
      .orderBy(asc(blobsExcluidos.createdAt))
      .limit(PURGE_BATCH);
    if (batch.length === 0) return total;
    const keys = batch.map((b) => b.chave);
    await dropBlobs(store, keys);
    const left = await Promise.all(keys.map((k) => store.has(k)));
    const gone = keys.filter((_, i) => !left[i]);
    if (gone.length > 0) await db.delete(blobsExcluidos).where(inArray(blobsExcluidos.chave, gone));
    total += gone.length;
    // Something the store would not delete stays queued for the next purge, which is not this one.
    if (gone.length < keys.length) {
      throw new Error(`${keys.length - gone.length} arquivo(s) de fotos continuam no armazenamento após a exclusão`);
    }
    if (batch.length < PURGE_BATCH) return total;
  }
}
