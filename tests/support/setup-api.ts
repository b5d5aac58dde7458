// Before any shared schema: routes call `.openapi()` on them, which @hono/zod-openapi adds to zod
// when it loads; a test that imports a service first would otherwise build schemas without it.
import "@hono/zod-openapi";
import "@/shared/zod-config";
