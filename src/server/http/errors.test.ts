import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./context";
import { conflict, handleError } from "./errors";

function appThatThrows(error: unknown) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(async (c, next) => {
    c.set("logger", pino({ level: "silent" }));
    await next();
  });
  app.onError(handleError);
  app.get("/", () => {
    throw error;
  });
  return app;
}

describe("handleError", () => {
  it("answers an unexpected error with 500, the request id and no internals", async () => {
    const res = await appThatThrows(new Error("segredo: senha do banco")).request("/");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error.code).toBe("INTERNAL_ERROR");
    expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
    expect(JSON.stringify(body)).not.toContain("segredo");
    expect(JSON.stringify(body)).not.toContain("at ");
  });

  it("answers an AppError with its status and pt-BR message", async () => {
    const res = await appThatThrows(conflict("Já existe.")).request("/");
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: "CONFLICT", message: "Já existe." });
  });

  it("answers a lost database connection with 503, a pt-BR message and Retry-After, not 500", async () => {
    // What Drizzle throws when PostgreSQL restarts or refuses: the driver's error as `cause`.
    const wrap = (cause: unknown) => Object.assign(new Error("Failed query: begin"), { cause });
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    for (const error of [
      wrap(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })),
      wrap(Object.assign(new Error("the database system is starting up"), { code: "57P03" })),
      wrap(Object.assign(new Error("sorry, too many clients already"), { code: "53300" })),
      wrap(Object.assign(new Error("connection failure"), { code: "08006" })),
      wrap(new AggregateError([refused, refused])),
      wrap(new Error("timeout exceeded when trying to connect")),
      new Error("Connection terminated unexpectedly"),
    ]) {
      const res = await appThatThrows(error).request("/");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect((await res.json()).error).toMatchObject({
        code: "DATABASE_UNAVAILABLE",
        message: "Banco de dados indisponível. Tente novamente em instantes.",
      });
    }
  });

  it("keeps other database errors a 500", async () => {
    const error = Object.assign(new Error("Failed query"), {
      cause: Object.assign(new Error('column "x" does not exist'), { code: "42703" }),
    });
    expect((await appThatThrows(error).request("/")).status).toBe(500);
  });
});
