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
    /** Where the user can fix it (a plan's limit, an unpaid subscription: "Plano e faturamento"). */
    readonly link?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const FALLBACK_MESSAGE = "Ocorreu um erro inesperado.";

/**
 * The refusals that came with a link, by message: the toasts are raised with the message alone
 * (`toast.error(title, { description: errorMessage(error) })` across the console), and toast.ts finds
 * the link here, so every screen's refusal of a plan's limit or of a read-only account points to
 * "Plano e faturamento" without each screen knowing (docs/decisions/045-plans-and-billing.md).
 * Such messages are few and always mean the same fix, so a message maps to one link.
 */
const LINKED_MESSAGES_MAX = 20;
const linkedMessages = new Map<string, { link: string; code: string }>();

function rememberLink(message: string, link: string, code: string) {
  linkedMessages.delete(message);
  linkedMessages.set(message, { link, code });
  if (linkedMessages.size > LINKED_MESSAGES_MAX) linkedMessages.delete(linkedMessages.keys().next().value!);
}

/** The link (and error code) an API refusal with this message carried, if any. */
export function linkForMessage(message: unknown): { link: string; code: string } | undefined {
  return typeof message === "string" ? linkedMessages.get(message) : undefined;
}

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
    const message = error?.message ?? FALLBACK_MESSAGE;
    const code = error?.code ?? "UNKNOWN";
    // Only a path of this app: a link is followed inside the console, never to another site.
    const link = typeof error?.link === "string" && /^\/(?![/\\])/.test(error.link) ? error.link : undefined;
    if (link) rememberLink(message, link, code);
    throw new ApiError(message, response.status, code, error?.fields, link);
  }
  return body as T;
}

/** Message to show for any thrown value, with the fallback text of docs/product.md, "Error messages". */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
}
