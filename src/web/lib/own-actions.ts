/**
 * Changes this tab made itself. The realtime stream echoes them back to every tab, including this
 * one; the tab that acted already showed its own toast ("Solicitação criada!"), and sonner shows one
 * toast at a time, so the echo must not replace it.
 */

/** How long after its own change a tab ignores the echo. */
const OWN_WINDOW_MS = 10_000;
/** How long an event waits for this tab's in-flight changes to learn their ids. */
const MAX_WAIT_MS = 5_000;

const recent = new Map<string, number>();
const inFlight = new Set<Promise<unknown>>();

function remember(id: string) {
  const now = Date.now();
  for (const [key, until] of recent) if (until < now) recent.delete(key);
  recent.set(id, now + OWN_WINDOW_MS);
}

function isRecent(id: string): boolean {
  const until = recent.get(id);
  return until !== undefined && until >= Date.now();
}

/**
 * Runs a change made by this tab and remembers which request it touched: `id` when known up front
 * (a decision), or `idOf(result)` once the server answers (a creation).
 */
export function trackOwnAction<T>(
  run: () => Promise<T>,
  opts: { id?: string; idOf?: (result: T) => string },
): Promise<T> {
  if (opts.id) remember(opts.id);
  const tracked = (async () => {
    const result = await run();
    if (opts.idOf) remember(opts.idOf(result));
    return result;
  })();
  inFlight.add(tracked);
  tracked
    .finally(() => inFlight.delete(tracked))
    .catch(() => {
      // the caller handles the failure
    });
  return tracked;
}

/**
 * Whether this tab caused the change to request `id`. The event can arrive before the creating
 * request's response, so it first waits (a little) for this tab's changes still in flight.
 */
export async function isOwnAction(id: string): Promise<boolean> {
  if (isRecent(id)) return true;
  if (inFlight.size > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, MAX_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  return isRecent(id);
}
