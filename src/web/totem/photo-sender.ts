/**
 * How the kiosk sends its visitor's photo (docs/product.md, "Totem"): each choice (a picture taken,
 * or "Não quero foto") goes to the server in the order made, the newest replacing the previous
 * there, so a choice still waiting when a newer one is made is dropped. The gate's network may be
 * slow or down: a choice that failed for the network is tried once more, then given up quietly. The
 * conversation never waits on it (the residents are told there is no photo, or see none).
 */
import { ApiError } from "@/web/lib/api";

/** A picture (JPEG), or the visitor's refusal. */
export type FotoEscolha = Blob | null;

export interface PhotoSenderOptions {
  send: (escolha: FotoEscolha) => Promise<unknown>;
  /** The pause before the one retry. */
  retryDelayMs?: number;
  /** For tests: the pause itself. */
  sleep?: (ms: number) => Promise<void>;
}

/** Worth one more try: the network, a timeout or the server restarting; not a refusal of the photo. */
function transient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One conversation's sender: call it with each choice; the returned promise settles (never rejects)
 * once this choice was sent, superseded or given up; it says whether the server took it.
 */
export function createPhotoSender({ send, retryDelayMs = 2_000, sleep = wait }: PhotoSenderOptions) {
  let queue: Promise<unknown> = Promise.resolve();
  let latest = 0;
  return (escolha: FotoEscolha): Promise<boolean> => {
    const mine = ++latest;
    const done = queue.then(async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        // A newer choice was made while this one waited (or before its retry): that one counts.
        if (mine !== latest) return false;
        try {
          await send(escolha);
          return true;
        } catch (error) {
          if (attempt > 0 || !transient(error)) return false;
          await sleep(retryDelayMs);
        }
      }
      return false;
    });
    queue = done;
    return done;
  };
}
