/**
 * One snapshot from a gate's IP camera: the JPEG that HTTP snapshot endpoints of IP cameras and
 * NVRs return (Hikvision `/ISAPI/Streaming/channels/101/picture`, Dahua `/cgi-bin/snapshot.cgi`…).
 *
 * The URL is typed by staff and usually points into the condominium's network, so the server makes
 * requests where a tenant told it to. The rules, as for webhooks (docs/decisions/020-webhooks.md,
 * reusing its address guard):
 * - private or internal addresses only when the caller allows them (URLs saved by an owner or a
 *   síndico); otherwise the URL's host is checked (an IP literal never reaches a DNS lookup) and the
 *   socket connects only to addresses the guarded lookup accepted, so a name that resolves to a
 *   private address (DNS rebinding) is refused;
 * - http and https only; credentials in the URL are refused (they belong in the user and password
 *   fields, which are never shown back);
 * - one deadline (default 3 s) for everything: connection, headers, body, and the second request
 *   that answers an authentication challenge;
 * - redirects are never followed: a 3xx is a failure, and its target is never requested;
 * - at most 10 MB of body read: a larger Content-Length is refused before reading, and a body
 *   without one is counted and dropped as soon as it passes the limit.
 *
 * Authentication answers the challenge the camera gives (digest-auth.ts): the first request goes
 * without credentials, and a 401 with `WWW-Authenticate` gets one answer, Digest preferred over
 * Basic. Nothing is sent pre-emptively, so the password never reaches a server that did not ask for
 * it, and a wrong password costs exactly one failed attempt (cameras lock accounts after a few).
 *
 * Failures are results, never exceptions, with a pt-BR reason for staff that never holds the
 * password, the address a name resolved to, or the camera's own error text.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { guardedLookup, isPrivateHost } from "../webhooks/address-guard";
import {
  basicAuthorization,
  type Challenge,
  digestAuthorization,
  isStale,
  parseChallenges,
  pickChallenge,
} from "./digest-auth";

export interface CameraConfig {
  url: string;
  usuario?: string | null;
  senha?: string | null;
}

export type SnapshotFailure = "timeout" | "auth" | "redirect" | "endereco" | "http" | "rede" | "grande";

export type SnapshotResult =
  | { ok: true; bytes: Buffer; contentType: string | null; ms: number }
  | { ok: false; motivo: string; codigo: SnapshotFailure; ms: number };

export interface SnapshotOptions {
  /** Private and internal addresses allowed (a URL saved by an owner or a síndico). */
  allowPrivate: boolean;
  /** For the whole fetch; default 3000. */
  timeoutMs?: number;
  /** Largest body read; default 10 MB. */
  maxBytes?: number;
  /** The caller gave up (the request that wanted the picture ended): the fetch stops. */
  signal?: AbortSignal;
}

export const SNAPSHOT_TIMEOUT_MS = 3000;
export const SNAPSHOT_MAX_BYTES = 10 * 1024 * 1024;

const URL_INVALID = "Informe o endereço da câmera: uma URL http:// ou https:// válida.";
const URL_WITH_CREDENTIALS =
  "Não coloque usuário e senha no endereço da câmera: use os campos Usuário e Senha do cadastro.";
const PRIVATE_REFUSED =
  "Endereço interno ou privado não é permitido aqui. Use um endereço público (http:// ou https://), ou peça ao proprietário ou a um síndico que cadastre a câmera.";

/**
 * The check when a camera URL is saved: null when acceptable, else the pt-BR reason. Names are
 * resolved only when fetching, where the guarded lookup refuses a private answer.
 */
export function cameraUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return URL_INVALID;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return URL_INVALID;
  if (url.username || url.password) return URL_WITH_CREDENTIALS;
  if (!allowPrivate && isPrivateHost(url.hostname)) return PRIVATE_REFUSED;
  return null;
}

/** A failure met while talking to the camera, carried to the one place that builds the result. */
class Failure extends Error {
  constructor(
    readonly codigo: SnapshotFailure,
    readonly motivo: string,
  ) {
    super(motivo);
  }
}

export async function fetchSnapshot(camera: CameraConfig, options: SnapshotOptions): Promise<SnapshotResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? SNAPSHOT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? SNAPSHOT_MAX_BYTES;

  // Checked again at every fetch: Node connects to an IP literal without any lookup, and a URL saved
  // by an owner must not be fetched where the caller does not allow private addresses.
  const problem = cameraUrlProblem(camera.url, options.allowPrivate);
  if (problem) return { ok: false, codigo: "endereco", motivo: problem, ms: ms() };
  const target = new URL(camera.url.trim());

  // One controller for the deadline and the caller's signal; `why` tells them apart afterwards.
  const controller = new AbortController();
  let why: "timeout" | "cancelado" | null = null;
  const stop = (reason: "timeout" | "cancelado") => {
    why ??= reason;
    controller.abort();
  };
  const timer = setTimeout(() => stop("timeout"), timeoutMs);
  const onCallerAbort = () => stop("cancelado");
  if (options.signal?.aborted) stop("cancelado");
  else options.signal?.addEventListener("abort", onCallerAbort, { once: true });

  try {
    const context = { signal: controller.signal, allowPrivate: options.allowPrivate, maxBytes };
    const { bytes, contentType } = await exchange(target, camera, context);
    return { ok: true, bytes, contentType, ms: ms() };
  } catch (error) {
    if (why === "timeout") {
      return { ok: false, codigo: "timeout", motivo: `A câmera não respondeu em ${seconds(timeoutMs)} s.`, ms: ms() };
    }
    if (why === "cancelado") {
      return { ok: false, codigo: "rede", motivo: "A busca da imagem da câmera foi cancelada.", ms: ms() };
    }
    if (error instanceof Failure) return { ok: false, codigo: error.codigo, motivo: error.motivo, ms: ms() };
    return { ok: false, ...networkFailure(error as NodeJS.ErrnoException), ms: ms() };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
    // Whatever is still open (a response left unread) is closed with the controller.
    controller.abort();
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
}

interface Context {
  signal: AbortSignal;
  allowPrivate: boolean;
  maxBytes: number;
}

/** The request, the answer to a challenge when asked, and the body. */
async function exchange(
  target: URL,
  camera: CameraConfig,
  context: Context,
): Promise<{ bytes: Buffer; contentType: string | null }> {
  const { maxBytes } = context;
  let response = await get(target, null, context);
  const usuario = camera.usuario ?? "";
  const senha = camera.senha ?? "";

  if (response.statusCode === 401) {
    const challenges = challengesOf(response);
    if (!usuario && !senha) {
      throw new Failure("auth", "A câmera pede usuário e senha: preencha-os no cadastro da câmera.");
    }
    let challenge = pickChallenge(challenges);
    if (!challenge) {
      throw new Failure(
        "auth",
        challenges.length === 0
          ? "A câmera recusou o acesso sem dizer como se autenticar."
          : "A câmera pede um tipo de autenticação que o Guarita não suporta (só Digest e Basic).",
      );
    }
    response = await get(target, authorization(challenge, target, usuario, senha), context);
    // A Digest nonce that expired between the two requests (`stale=true`) is worth one more try
    // with the new nonce: the credentials were not judged.
    if (response.statusCode === 401) {
      const retry = pickChallenge(challengesOf(response));
      if (retry && isStale(retry)) {
        challenge = retry;
        response = await get(target, authorization(challenge, target, usuario, senha), context);
      }
    }
    if (response.statusCode === 401) {
      response.destroy();
      throw new Failure("auth", "A câmera recusou o usuário e a senha.");
    }
  }

  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    response.destroy();
    throw new Failure("redirect", "A câmera redirecionou para outro endereço; configure o endereço final.");
  }
  if (status < 200 || status >= 300) {
    response.destroy();
    throw new Failure("http", httpErrorReason(status));
  }

  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new Failure("grande", tooLarge(maxBytes));
  }
  const bytes = await readBody(response, maxBytes);
  if (bytes.length === 0) throw new Failure("http", "A câmera respondeu sem imagem.");
  return { bytes, contentType: response.headers["content-type"] ?? null };
}

function challengesOf(response: IncomingMessage): Challenge[] {
  const challenges = parseChallenges(response.headersDistinct["www-authenticate"]);
  // The 401's body is not needed; its connection is not reused (agent: false).
  response.destroy();
  return challenges;
}

function authorization(challenge: Challenge, target: URL, usuario: string, senha: string): string {
  if (challenge.scheme === "basic") return basicAuthorization(usuario, senha);
  const uri = `${target.pathname}${target.search}`;
  // pickChallenge returns only usable Digest challenges, so this is never null.
  return digestAuthorization({ challenge, method: "GET", uri, username: usuario, password: senha }) ?? "";
}

function httpErrorReason(status: number): string {
  if (status === 404) return "A câmera respondeu com erro 404: o caminho da imagem não existe nela.";
  if (status === 403) return "A câmera respondeu com erro 403: o usuário não tem permissão para ver a imagem.";
  return `A câmera respondeu com erro ${status}.`;
}

function tooLarge(maxBytes: number): string {
  const mb = (maxBytes / 1024 / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
  return `A imagem da câmera passa de ${mb} MB.`;
}

/** One GET, resolved with the response once its headers arrived. Errors (and the abort) reject. */
function get(target: URL, authorizationHeader: string | null, context: Context): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = target.protocol === "https:" ? https : http;
    const headers: Record<string, string> = { accept: "image/*, */*;q=0.5", "user-agent": "Guarita" };
    if (authorizationHeader) headers.authorization = authorizationHeader;
    const request = client.request(
      target,
      {
        method: "GET",
        headers,
        // Refuses a name that resolves to a private address unless allowed, at the socket.
        lookup: guardedLookup(context.allowPrivate) as never,
        signal: context.signal,
        agent: false,
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

/** The body, up to `maxBytes`: past it the response is destroyed and the rest never read. */
function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let read = 0;
    response.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) {
        response.destroy(new Failure("grande", tooLarge(maxBytes)));
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks, read)));
    response.on("error", reject);
    // Closed before the end without an error (the camera dropped the connection mid-body).
    response.on("close", () => {
      if (!response.complete)
        reject(new Failure("rede", "A câmera fechou a conexão antes de enviar a imagem inteira."));
    });
  });
}

function networkFailure(error: NodeJS.ErrnoException): { codigo: SnapshotFailure; motivo: string } {
  const code = error.code ?? "";
  if (code === "EPRIVATEADDRESS") return { codigo: "endereco", motivo: PRIVATE_REFUSED };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") {
    return { codigo: "rede", motivo: "O nome da câmera não foi encontrado (DNS). Confira o endereço." };
  }
  if (code === "ECONNREFUSED") {
    return { codigo: "rede", motivo: "A câmera recusou a conexão. Confira o endereço e a porta." };
  }
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") {
    return { codigo: "rede", motivo: "A câmera não pode ser alcançada a partir do servidor do Guarita." };
  }
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code)) {
    return {
      codigo: "rede",
      motivo:
        "O certificado HTTPS da câmera não é válido (por exemplo, autoassinado). Use um certificado válido ou http://.",
    };
  }
  if (code === "ECONNRESET" || code === "EPIPE" || code === "HPE_INVALID_CONSTANT") {
    return { codigo: "rede", motivo: "A câmera fechou a conexão antes de responder." };
  }
  if (code.startsWith("HPE_")) return { codigo: "rede", motivo: "A câmera respondeu algo que não é HTTP válido." };
  return { codigo: "rede", motivo: "Não foi possível buscar a imagem da câmera." };
}
