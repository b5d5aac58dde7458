/**
 * Zod 4 probes `new Function` to compile fast parsers; our CSP forbids eval, so the probe shows up as
 * a CSP violation (Lighthouse's "issues" audit). Interpreted parsing is plenty for our forms.
 *
 * This sets zod's `jitless` option without importing zod, so a page that has nothing to parse yet
 * (the sign-in page, until its form is used) does not download it: zod keeps its configuration on
 * `globalThis.__zod_globalConfig`, the object `z.config()` reads and writes, created by whichever
 * runs first (zod-jitless.test.ts checks this against the installed zod).
 */
export function disableZodJit(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
