import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import type { AppEnv } from "../../http/context";

const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({ kind: z.enum(["pglite", "postgres"]), reachable: z.boolean(), latencyMs: z.number() }),
    uptimeSeconds: z.number(),
  })
  .openapi("Health");

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["Sistema"],
  summary: "Estado do serviço e do banco de dados",
  responses: {
    200: {
      description: "Serviço e banco de dados disponíveis",
      content: { "application/json": { schema: healthSchema } },
    },
    503: { description: "Banco de dados inacessível", content: { "application/json": { schema: healthSchema } } },
  },
});

export function healthRoutes(handle: DatabaseHandle) {
  return new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
    const started = performance.now();
    let reachable = true;
    try {
      await handle.db.execute(sql`select 1`);
    } catch (error) {
      reachable = false;
      c.get("logger").error({ err: error }, "health check: database unreachable");
    }
    const body = {
      status: reachable ? ("ok" as const) : ("degraded" as const),
      database: { kind: handle.kind, reachable, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
      uptimeSeconds: Math.round(process.uptime()),
    };
    return reachable ? c.json(body, 200) : c.json(body, 503);
  });
}
