/** Reads an SSE response of the in-process app event by event. */
import type { System } from "@/server/bootstrap";
import { TEST_ORIGIN } from "./system";

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export async function openEventStream(
  system: System,
  cookie: string | undefined,
  opts: { lastEventId?: string; path?: string } = {},
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, accept: "text/event-stream" };
  if (cookie) headers.cookie = cookie;
  if (opts.lastEventId !== undefined) headers["last-event-id"] = opts.lastEventId;
  const response = await system.app.request(`http://localhost:3000${opts.path ?? "/api/events"}`, { headers });
  if (!response.body || response.status !== 200) return { response, messages: null };

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const queue: SseMessage[] = [];
  let buffer = "";
  const wake: { fn: (() => void) | null } = { fn: null };
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });

  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const msg: SseMessage = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) msg.comment = line.slice(1).trim();
            else {
              const i = line.indexOf(":");
              const key = line.slice(0, i) as keyof SseMessage;
              const value = line.slice(i + 1).replace(/^ /, "");
              if (key === "data") msg.data = msg.data === undefined ? value : `${msg.data}\n${value}`;
              else if (key === "id" || key === "event") msg[key] = value;
            }
          }
          queue.push(msg);
          wake.fn?.();
          cut = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // cancelled
    }
    markEnded();
  })();

  return {
    response,
    messages: {
      /** The next message matching `filter`, or null after `timeoutMs`. */
      async next(filter: (m: SseMessage) => boolean = (m) => !!m.event, timeoutMs = 3000): Promise<SseMessage | null> {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const i = queue.findIndex(filter);
          if (i >= 0) return queue.splice(i, 1)[0]!;
          const left = deadline - Date.now();
          if (left <= 0) return null;
          await new Promise<void>((resolve) => {
            wake.fn = resolve;
            setTimeout(resolve, left);
          });
        }
      },
      async close() {
        await reader.cancel().catch(() => undefined);
      },
      /** Whether the server ends the stream within `timeoutMs`. */
      async endsWithin(timeoutMs: number): Promise<boolean> {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        });
        const result = await Promise.race([ended.then(() => true), timeout]);
        clearTimeout(timer);
        return result;
      },
    },
  };
}

export const isDomainEvent = (m: { event?: string }) => !!m.event && m.event.startsWith("solicitacao.");
