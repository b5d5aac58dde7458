/**
 * The theme menu without React (content-only pages): the same storage and classes as next-themes
 * (`theme` in localStorage; `light`/`dark` class and color-scheme on <html>), so a choice made here
 * holds on the React pages and the console, and next-themes' inline script applies it before paint.
 */
export const THEME_CHOICES = [
  { value: "light", label: "Claro" },
  { value: "dark", label: "Escuro" },
  { value: "system", label: "Sistema" },
] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number]["value"];

const STORAGE_KEY = "theme";

function isThemeChoice(value: string | null | undefined): value is ThemeChoice {
  return THEME_CHOICES.some((choice) => choice.value === value);
}

function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isThemeChoice(value) ? value : "system";
  } catch {
    return "system";
  }
}

function applyTheme(theme: ThemeChoice) {
  const resolved = theme === "system" ? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light") : theme;
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

function markPressed(theme: ThemeChoice) {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-theme-choice]")) {
    button.setAttribute("aria-pressed", String(button.dataset.themeChoice === theme));
  }
}

export function enhanceThemeMenu() {
  markPressed(storedTheme());
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>("[data-theme-choice]");
    const theme = button?.dataset.themeChoice;
    if (!button || !isThemeChoice(theme)) return;
    try {
      localStorage.setItem(STORAGE_KEY, theme);
    } catch {
      // Private mode without storage: the choice still applies to this page.
    }
    applyTheme(theme);
    markPressed(theme);
    button.closest("details")?.removeAttribute("open");
  });
  // "Sistema" follows the device live, as next-themes does.
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (storedTheme() === "system") applyTheme("system");
  });
}
