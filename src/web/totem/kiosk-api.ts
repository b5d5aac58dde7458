/**
 * The kiosk's calls to /api/totem (docs/product.md, "Totem"). The tablet's credential is the httpOnly
 * `guarita_totem` cookie set by the pairing, scoped to /api/totem: a same-origin fetch sends it, and
 * the page never sees it. No staff session is involved.
 */
import type { Conversa, TurnoResposta } from "@/shared/schemas/atendente";
import type { FotoConversa } from "@/shared/schemas/fotos";
import type { TotemDispositivo } from "@/shared/schemas/totens";
import { ApiError, apiFetch } from "@/web/lib/api";

export const KIOSK_EVENTS_URL = "/api/totem/eventos";

const conversa = (id: string) => `/api/totem/conversas/${encodeURIComponent(id)}`;

/**
 * Reads give up after this long: a request caught by a network drop can hang instead of failing, and
 * the kiosk's catch-up (read again when the server answers) waits on the read in flight.
 */
const READ_TIMEOUT_MS = 8_000;
const read = () => ({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
/** A photo (a few hundred KB) that has not arrived in this long on the gate's network is tried again. */
const FOTO_TIMEOUT_MS = 20_000;

export const kioskApi = {
  parear: (codigo: string) => apiFetch<TotemDispositivo>("/api/totem/parear", { method: "POST", json: { codigo } }),
  dispositivo: () => apiFetch<TotemDispositivo>("/api/totem", read()),
  iniciar: () => apiFetch<TurnoResposta>("/api/totem/conversas", { method: "POST", json: {} }),
  enviar: (id: string, texto: string) =>
    apiFetch<TurnoResposta>(`${conversa(id)}/mensagens`, { method: "POST", json: { texto } }),
  conversa: (id: string) => apiFetch<Conversa>(conversa(id), read()),
  // keepalive: the visitor walked away and the screen resets at once; the close still reaches the server.
  encerrar: (id: string) => apiFetch<void>(`${conversa(id)}/encerrar`, { method: "POST", keepalive: true }),
  /** The visitor's picture (a JPEG); replaces the one taken before in this conversation. */
  foto: (id: string, foto: Blob) =>
    apiFetch<FotoConversa>(`${conversa(id)}/foto`, {
      method: "POST",
      body: foto,
      headers: { "Content-Type": "image/jpeg" },
      signal: AbortSignal.timeout(FOTO_TIMEOUT_MS),
    }),
  /** "Não quero foto": the residents are told the visitor preferred not to have one. */
  recusarFoto: (id: string) =>
    apiFetch<FotoConversa>(`${conversa(id)}/foto/recusa`, {
      method: "POST",
      signal: AbortSignal.timeout(FOTO_TIMEOUT_MS),
    }),
};

/** The kiosk's credential is gone (never paired, revoked, or replaced by another tablet's pairing). */
export function isUnpaired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** No answer from the server at all (the tablet's network, or the server restarting): worth retrying. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
