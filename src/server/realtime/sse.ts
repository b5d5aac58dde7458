/**
 * The bytes of /api/events (Server-Sent Events). An event's frame is built and encoded once per
 * instance (event-bus.ts) and the same bytes are written to every stream that carries it.
 */
import type { DomainEvent } from "../../shared/schemas/events";

/** One SSE message, encoded; shared by every stream that sends it, so never modified. */
export class Frame {
  /** Buffers, not plain Uint8Arrays: a socket would wrap each of those in a Buffer on every write. */
  readonly bytes: Buffer;
  private chunk: Buffer | null = null;

  constructor(text: string) {
    this.bytes = Buffer.from(text, "utf8");
  }

  /**
   * The same bytes as one HTTP/1.1 chunk (`<size in hex>\r\n<bytes>\r\n`): what a node response in
   * chunked encoding would write for `bytes`, built once for all the sockets it goes to.
   */
  get chunked(): Buffer {
    this.chunk ??= Buffer.concat([
      Buffer.from(`${this.bytes.byteLength.toString(16)}\r\n`, "latin1"),
      this.bytes,
      Buffer.from("\r\n", "latin1"),
    ]);
    return this.chunk;
  }
}

/**
 * `event:`, `data:` (the event as JSON: one line, since JSON escapes line breaks) and `id:`.
 * The type is one of EVENT_TYPES and the id an integer, so neither can break a line either.
 */
export function eventFrame(event: DomainEvent): Frame {
  return new Frame(`event: ${event.type}\ndata: ${JSON.stringify(event)}\nid: ${event.id}\n\n`);
}

/** The first message of a stream: where it resumes from, and how long the browser waits before reconnecting. */
export function readyFrame(lastEventId: number | null): Frame {
  return new Frame(`event: ready\ndata: ${JSON.stringify({ lastEventId })}\nretry: 3000\n\n`);
}

/** The heartbeat: a comment, which EventSource ignores. */
export const PING_FRAME = new Frame(": ping\n\n");
