/** Reads /api/events of a running server over real HTTP, event by event (for process tests). */
export interface HttpSseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** `lastEventId`: resume after that id, as a reconnecting browser does (the `Last-Event-ID` header). */
export async function openHttpEventStream(baseUrl: string, cookie: string, options: { lastEventId?: number } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie, accept: "text/event-stream", origin: baseUrl };
  if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`/api/events respondeu ${response.status}`);
  const events: HttpSseEvent[] = [];
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const msg: HttpSseEvent = {};
          for (const line of block.split("\n")) {
            const i = line.indexOf(":");
            if (i <= 0) continue; // comments (": ping") and blank lines
            const key = line.slice(0, i);
            const value = line.slice(i + 1).replace(/^ /, "");
            if (key === "id" || key === "event" || key === "data") msg[key] = value;
          }
          if (msg.event) events.push(msg);
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
    }
  })();
  return {
    /** Every event received so far, in arrival order. */
    events,
    ended: () => ended,
    close: () => controller.abort(),
  };
}
