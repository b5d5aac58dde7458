/**
 * The resident page's only stylesheet, inlined in one <style> (no files, no web fonts): mobile
 * first, one column up to 30rem, 56 px buttons, contrast checked against WCAG AA in both schemes
 * (white on the green and red buttons is 5.0:1 and 6.5:1). Written readable here, sent squeezed.
 */

const SOURCE = `
:root {
  color-scheme: light dark;
  --bg: #f1f5f9; --card: #fff; --ink: #0f172a; --muted: #475569; --line: #cbd5e1;
  --brand: #1d4ed8; --field: #64748b; --ok: #15803d; --ok2: #166534; --no: #b91c1c; --no2: #991b1b; --neutral: #475569;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0b1220; --card: #1e293b; --ink: #f1f5f9; --muted: #cbd5e1; --line: #334155;
    --brand: #93c5fd; --field: #94a3b8; --neutral: #64748b;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--ink);
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  overflow-wrap: break-word; overflow-wrap: anywhere;
}
.w { max-width: 30rem; margin: 0 auto; padding-left: 1rem; padding-right: 1rem; }
header { display: flex; align-items: center; gap: .5rem; padding-top: 1rem; padding-bottom: .75rem; font-weight: 700; color: var(--brand); }
main > div { background: var(--card); border: 1px solid var(--line); border-radius: 1rem; padding: 1.25rem; }
main > div > :last-child { margin-bottom: 0; }
h1 { font-size: 1.375rem; line-height: 1.3; margin: 0 0 .75rem; }
p { margin: 0 0 .75rem; }
a { color: var(--brand); }
.m { color: var(--muted); font-size: .9375rem; }
dl { display: grid; grid-template-columns: minmax(0, 1fr); gap: .625rem; margin: 1rem 0; padding: .875rem 0; border-top: 1px solid var(--line); border-bottom: 1px solid var(--line); }
dt { color: var(--muted); font-size: .875rem; }
dd { margin: 0; font-weight: 600; }
.foto { display: block; width: 100%; max-height: 60vh; object-fit: contain; margin: 1rem 0 0; border-radius: .75rem; background: var(--line); }
.acts { display: grid; gap: .75rem; margin-top: 1.25rem; }
.b {
  display: flex; align-items: center; justify-content: center; width: 100%; min-height: 3.5rem;
  padding: .75rem 1rem; border: 2px solid transparent; border-radius: .75rem;
  font: inherit; font-size: 1.125rem; font-weight: 700; text-align: center; text-decoration: none; cursor: pointer;
  -webkit-appearance: none; appearance: none;
}
.ok { background: var(--ok); color: #fff; }
.ok:hover { background: var(--ok2); }
.no { background: var(--no); color: #fff; }
.no:hover { background: var(--no2); }
.sec { background: transparent; color: var(--ink); border-color: var(--field); }
a:focus, button:focus, textarea:focus { outline: 3px solid var(--brand); outline-offset: 3px; }
a:focus:not(:focus-visible), button:focus:not(:focus-visible) { outline: none; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
textarea {
  display: block; width: 100%; min-height: 6rem; padding: .75rem; resize: vertical;
  font: inherit; color: inherit; background: var(--card); border: 1px solid var(--field); border-radius: .5rem;
}
.hint { margin: .25rem 0 0; }
.ic { display: flex; align-items: center; justify-content: center; width: 3.5rem; height: 3.5rem; border-radius: 50%; margin-bottom: .75rem; color: #fff; background: var(--neutral); }
.ic.ok { background: var(--ok); }
.ic.no { background: var(--no); }
footer { padding-top: 1.25rem; padding-bottom: 2rem; text-align: center; }
footer p { margin: 0 0 .25rem; font-size: .875rem; }
`;

/** Whitespace squeezed out; the source above avoids descendant selectors next to a colon. */
export const RESIDENT_PAGE_CSS = SOURCE.replace(/\s+/g, " ")
  .replace(/\s*([{};,>])\s*/g, "$1")
  .replace(/:\s+/g, ":")
  .replace(/;}/g, "}")
  .trim();
