/**
 * One run of a job at a time per process, and every call made during a run answered by a single
 * follow-up run: a burst of "something is due" signals costs at most two runs. Each call resolves
 * after a run that started after it, so whatever was committed before the call is handled by then.
 */
export function coalescedRunner<T>(run: () => Promise<T>) {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;

  function runNow(): Promise<T> {
    if (!running) {
      running = run().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return runNow();
      });
    return queued;
  }

  return {
    runNow,
    /** Resolves when the current and the queued runs are over. */
    settled: () => Promise.allSettled([running, queued]),
  };
}
