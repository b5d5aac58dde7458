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
});
