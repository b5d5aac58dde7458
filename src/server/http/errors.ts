/**
 * One error type for the whole API and one handler that turns anything thrown into the JSON error
 * shape of src/shared/schemas/errors.ts. Services throw `AppError`s; nothing else builds error
 * responses.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "../../shared/schemas/errors";
import { isDatabaseUnavailable } from "../db/connection-errors";
import type { AppEnv } from "./context";

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
    /** Sent as `Retry-After` (a 429 that knows when the client may try again). */
    readonly retryAfterSeconds?: number,
    /** A console path where the client can fix it (error.link). */
    readonly link?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, fields?: FieldError[]) =>
  new AppError(400, "VALIDATION_ERROR", message, fields);
export const unauthorized = (message = "Sessão expirada ou inexistente. Entre novamente.") =>
  new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message = "Você não tem permissão para esta ação.") =>
  new AppError(403, "FORBIDDEN", message);
export const notFound = (message = "Registro não encontrado.") => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string) => new AppError(409, "CONFLICT", message);
export const tooManyRequests = (
  message = "Muitas tentativas. Aguarde um pouco e tente novamente.",
  retryAfterSeconds?: number,
) => new AppError(429, "TOO_MANY_REQUESTS", message, undefined, retryAfterSeconds);
/** An action beyond the plan's limits (docs/decisions/045-plans-and-billing.md); the message names the limit. */
export const planLimit = (message: string, link: string) =>
  new AppError(403, "PLAN_LIMIT", message, undefined, undefined, link);
/** Staff's console while the subscription is unpaid past its grace period, or ended. */
export const accountReadOnly = (message: string, link: string) =>
  new AppError(402, "ACCOUNT_READ_ONLY", message, undefined, undefined, link);
export const databaseUnavailable = () =>
  new AppError(503, "DATABASE_UNAVAILABLE", "Banco de dados indisponível. Tente novamente em instantes.");

/** Seconds a client should wait before retrying while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

export function fieldErrorsFromZod(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join(".") || "(corpo)", message: issue.message }));
}

/** A validation failure answers 400 and names the fields; the first message doubles as the summary. */
export function validationError(error: ZodError): AppError {
  const fields = fieldErrorsFromZod(error);
  const summary = fields.length === 1 ? fields[0]!.message : "Dados inválidos. Verifique os campos informados.";
  return badRequest(summary, fields);
}

export function errorBody(error: AppError, requestId: string | undefined): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(requestId ? { requestId } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.link ? { link: error.link } : {}),
    },
  };
}

const HTTP_EXCEPTION_MESSAGES: Partial<Record<number, string>> = {
  400: "Requisição inválida. Verifique os dados enviados.",
  401: "Sessão expirada ou inexistente. Entre novamente.",
  403: "Você não tem permissão para esta ação.",
  404: "Recurso não encontrado.",
  405: "Método não permitido.",
  413: "Conteúdo grande demais.",
  415: "Tipo de conteúdo não suportado. Envie JSON.",
};

/** Maps anything thrown to an `AppError`; unknown errors become a logged 500 without details. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (error instanceof HTTPException) {
    // Hono's validators throw 400 for malformed JSON bodies; keep our message, not theirs.
    const message = error.message.includes("Malformed JSON")
      ? "JSON malformado no corpo da requisição."
      : (HTTP_EXCEPTION_MESSAGES[error.status] ?? "Requisição inválida.");
    return new AppError(
      error.status as ContentfulStatusCode,
      error.status === 400 ? "BAD_REQUEST" : "HTTP_ERROR",
      message,
    );
  }
  return null;
}

export function handleError(error: unknown, c: Context<AppEnv>) {
  const requestId = c.get("requestId");
  const appError = toAppError(error);
  if (appError) {
    if (appError.code === "DATABASE_UNAVAILABLE") {
      // Expected while PostgreSQL restarts: one line per request, not a stack trace each.
      c.get("logger").warn({ reason: error instanceof Error ? error.message : String(error) }, "database unavailable");
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_S));
    } else if (appError.status >= 500) c.get("logger").error({ err: error }, "request failed");
    if (appError.retryAfterSeconds !== undefined) c.header("Retry-After", String(appError.retryAfterSeconds));
    return c.json(errorBody(appError, requestId), appError.status);
  }
  c.get("logger").error({ err: error }, "unhandled error");
  return c.json(
    errorBody(
      new AppError(500, "INTERNAL_ERROR", "Erro interno do servidor. Tente novamente em instantes."),
      requestId,
    ),
    500,
  );
}

/** A PostgreSQL unique violation (23505) on the given constraint, through Drizzle's error wrapper. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (pgError.code === "23505" && (pgError.constraint === constraint || pgError.message?.includes(constraint)))
      return true;
  }
  return false;
}
