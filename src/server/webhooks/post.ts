/**
 * One HTTP POST of a webhook body: the URL checked again (an IP literal never reaches the DNS
 * lookup), node's http(s) client with the guarded DNS lookup (only public addresses unless
 * allowed), no redirects followed (a 3xx is an answer, not an invitation to reach
 * another host), a hard timeout, and at most a few KB of the answer read.
 */
import http from "node:http";
import https from "node:https";
import {
  guardedLookup,
  PRIVATE_ADDRESS_DELIVERY_REFUSED,
  PRIVATE_ADDRESS_REFUSED as PRIVATE_ADDRESS_REFUSED_AT_SAVE,
  webhookUrlProblem,
} from "./address-guard";

export const POST_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 4096;

export interface PostResult {
  /** Null when no HTTP answer came (refused, timeout, DNS, private address). */
  status: number | null;
  error: string | null;
  durationMs: number;
}

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, error: "URL inválida", durationMs: 0 });
      return;
    }
    // Node connects to an IP literal without calling `lookup`, so the guarded lookup never sees it;
    // and a URL saved under WEBHOOKS_ALLOW_PRIVATE=true is judged by today's setting.
    const problem = webhookUrlProblem(url, options.allowPrivate);
    if (problem) {
      const refused = problem === PRIVATE_ADDRESS_REFUSED_AT_SAVE ? PRIVATE_ADDRESS_DELIVERY_REFUSED : "URL inválida";
      resolve({ status: null, error: refused, durationMs: 0 });
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs ?? POST_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          resolve({ status, error: ok ? null : `Resposta HTTP ${status}`, durationMs: elapsed() });
        };
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("timeout", () =>
      request.destroy(new Error(`sem resposta em ${(options.timeoutMs ?? POST_TIMEOUT_MS) / 1000} s`)),
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPRIVATEADDRESS") {
        resolve({ status: null, error: PRIVATE_ADDRESS_DELIVERY_REFUSED, durationMs: elapsed() });
        return;
      }
      const reason =
        error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message;
      resolve({ status: null, error: reason.slice(0, 500), durationMs: elapsed() });
    });
    request.end(body);
  });
}
