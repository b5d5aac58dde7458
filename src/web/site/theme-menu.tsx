import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import type * as React from "react";
import { useHydrated } from "@/web/lib/use-hydrated";
import { cn } from "@/web/lib/utils";
import { THEME_CHOICES } from "@/web/site/enhance/theme";

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Closes the <details> around a control (menus built on native disclosures). */
export function closeDisclosure(element: Element) {
  element.closest("details")?.removeAttribute("open");
}

/**
 * The public pages' theme menu: a native disclosure with one button per theme, so it opens
 * without a script. On the content-only pages (no React) the enhancement script handles the
 * buttons (enhance/theme.ts); on the React pages (checkout, sign-up, sign-in) next-themes does.
 * Without JavaScript a theme cannot be stored, so the menu is hidden then (app.css).
 */
export function ThemeMenu() {
  const { theme, setTheme } = useTheme();
  // The stored theme is only known in the browser: no pressed state in the pre-rendered HTML.
  const hydrated = useHydrated();
  return (
    <details data-theme-menu className="relative">
      <summary
        aria-label="Alternar tema"
        className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden"
      >
        <Sun className="size-4 dark:hidden" aria-hidden="true" />
        <Moon className="hidden size-4 dark:block" aria-hidden="true" />
      </summary>
      <fieldset className="absolute right-0 z-50 mt-2 grid w-40 gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
        <legend className="sr-only">Tema</legend>
        {THEME_CHOICES.map(({ value, label }) => {
          const Icon = ICONS[value];
          return (
            <button
              key={value}
              type="button"
              data-theme-choice={value}
              aria-pressed={hydrated ? (theme ?? "system") === value : undefined}
              onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
                setTheme(value);
                closeDisclosure(event.currentTarget);
              }}
              className={cn(
                "flex items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60",
                "aria-pressed:bg-accent aria-pressed:font-medium",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          );
        })}
      </fieldset>
    </details>
  );
}
