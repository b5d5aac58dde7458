/** What an axe run found, trimmed to what a reader of a failing test needs (rule, impact, first nodes). */
import type AxeBuilder from "@axe-core/playwright";

export function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) {
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
  }));
}
