/**
 * Concurrent lanes of work as the attendant's and the phone line's benches run them: every lane at
 * once, each lane's iterations one after the other; a warm-up first, whose iterations are not
 * counted (`measuring` is false while they run), then the measured rounds, timed with the
 * process's CPU.
 */
export function lanes(count: number) {
  let measuring = false;
  const wave = (from: number, rounds: number, iteration: (lane: number, round: number) => Promise<void>) =>
    Promise.all(
      Array.from({ length: count }, async (_, lane) => {
        for (let round = from; round < from + rounds; round++) await iteration(lane, round);
      }),
    );
  return {
    /** Whether the iteration running now is a measured one. */
    get measuring() {
      return measuring;
    },
    async run(warmup: number, rounds: number, iteration: (lane: number, round: number) => Promise<void>) {
      await wave(0, warmup, iteration);
      measuring = true;
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      await wave(warmup, rounds, iteration);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      measuring = false;
      return { seconds, nodeCpuPct: Math.round((cpu.user + cpu.system) / 1e4 / seconds) };
    },
  };
}
