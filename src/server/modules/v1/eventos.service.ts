/**
 * The start of the events feed for a client that begins following it (GET /api/v1/eventos?desde=agora):
 * the id of the tenant's latest event, so it reads only what happens from now on. A gate controller
 * that started from 0 would replay the last 7 days' authorisations and open the gate for each.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { eventoSequencias } from "../../db/schema";

/** The tenant's latest event id (0 before its first event). Ids only grow, pruned events included. */
export async function latestEventId(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ id: eventoSequencias.ultimoId })
    .from(eventoSequencias)
    .where(eq(eventoSequencias.organizationId, organizationId));
  return row?.id ?? 0;
}
