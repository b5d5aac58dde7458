/**
 * The one way the console talks to /api: same-origin fetch with the session cookie, JSON in and out,
 * and errors turned into `ApiError` carrying the server's pt-BR message.
 */
import type { ApiErrorBody } from "@/shared/schemas/errors";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const FALLBACK_MESSAGE = "Ocorreu um erro inesperado.";

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        Accept: "application/json",
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError("Sem conexão com o servidor. Verifique sua internet e tente novamente.", 0, "NETWORK_ERROR");
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(error?.message ?? FALLBACK_MESSAGE, response.status, error?.code ?? "UNKNOWN", error?.fields);
  }
  return body as T;
}

/** Message to show for any thrown value, with the fallback text of docs/product.md, "Error messages". */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
}
