import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { DATABASE_RETRY_AFTER_S, databaseUnavailable } from "../../http/errors";
import { PUBLIC } from "../../http/openapi";
import { apiRouter } from "../../http/routes";

const healthSchema = z
  .object({
    /**
     * `unavailable`: the database cannot be reached (503 with Retry-After). `degraded`: it can, but
     * the realtime LISTEN connection is still reconnecting (events arrive once it is back).
     */
    status: z.enum(["ok", "degraded", "unavailable"]),
    database: z.object({ kind: z.enum(["pglite", "postgres"]), reachable: z.boolean(), latencyMs: z.number() }),
    realtime: z.object({ listening: z.boolean() }),
    message: z.string().optional(),
    uptimeSeconds: z.number(),
  })
  .openapi("Health");

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  operationId: "consultarSaude",
  tags: ["Sistema"],
  summary: "Estado do serviço e do banco de dados",
  security: PUBLIC,
  responses: {
    200: {
      description: "Serviço e banco de dados disponíveis",
      content: { "application/json": { schema: healthSchema } },
    },
    503: { description: "Banco de dados inacessível", content: { "application/json": { schema: healthSchema } } },
  },
});

export function healthRoutes(handle: DatabaseHandle) {
  return apiRouter().openapi(healthRoute, async (c) => {
    const started = performance.now();
    let reachable = true;
    try {
      await handle.db.execute(sql`select 1`);
    } catch (error) {
      reachable = false;
      c.get("logger").warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "health check: database unreachable",
      );
    }
    const database = { kind: handle.kind, reachable, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    const realtime = { listening: handle.listening() };
    const uptimeSeconds = Math.round(process.uptime());
    if (reachable) {
      const status = realtime.listening ? ("ok" as const) : ("degraded" as const);
      return c.json({ status, database, realtime, uptimeSeconds }, 200);
    }
    c.header("Retry-After", String(DATABASE_RETRY_AFTER_S));
    const message = databaseUnavailable().message;
    return c.json({ status: "unavailable" as const, database, realtime, message, uptimeSeconds }, 503);
  });
}
