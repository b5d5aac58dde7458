/**
 * Native disclosures (<details>) that act as a menu or a panel: they open and close without a
 * script; this adds what a menu is expected to do. `data-disclosure` (menus, the theme menu):
 * Esc, a click outside or a followed link closes it. `data-disclosure="panel"` (the careers form):
 * only Esc and a `data-close-disclosure` button close it. Focus returns to the summary on Esc.
 */
const MENUS = "details[data-disclosure]:not([data-disclosure='panel']), details[data-theme-menu]";
const ALL = "details[data-disclosure], details[data-theme-menu]";

function close(details: HTMLDetailsElement, focusSummary: boolean) {
  details.open = false;
  if (focusSummary) details.querySelector("summary")?.focus();
}

export function enhanceDisclosures() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const inside = (event.target as Element | null)?.closest?.<HTMLDetailsElement>(ALL);
    const open = inside?.open ? inside : [...document.querySelectorAll<HTMLDetailsElement>(MENUS)].find((d) => d.open);
    if (open) close(open, true);
  });
  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    for (const details of document.querySelectorAll<HTMLDetailsElement>(ALL)) {
      if (!details.open) continue;
      const isPanel = details.dataset.disclosure === "panel";
      if (!details.contains(target)) {
        if (!isPanel) close(details, false);
      } else if (!isPanel && target?.closest("a[href]")) {
        close(details, false);
      } else if (target?.closest("[data-close-disclosure]")) {
        // Let a reset button clear the form first.
        setTimeout(() => close(details, true));
      }
    }
  });
}
