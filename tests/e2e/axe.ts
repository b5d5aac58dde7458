/** Accessibility and layout checks the e2e specs share. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** What an axe run found, trimmed to what a reader of a failing test needs (rule, impact, first nodes). */
export function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) {
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
  }));
}

/** No running transition (a dialog zooming in reads as low contrast to axe). */
export async function transitionsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe finds nothing on the page as it stands, once its transitions are over. */
export async function expectNoAxeViolations(page: Page) {
  await transitionsDone(page);
  let results = await new AxeBuilder({ page }).analyze();
  if (results.violations.length > 0) {
    // A toast can start fading in while axe reads the page (the step's own confirmation a frame late,
    // or the tenant's event from another screen): its half-transparent frame reads as low contrast.
    // Once what moves has settled the page is read again, and whatever is still wrong fails.
    await transitionsDone(page);
    results = await new AxeBuilder({ page }).analyze();
  }
  expect(describeViolations(results.violations)).toEqual([]);
}

/** Nothing makes the page scroll sideways at this width. */
export async function expectNoHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
