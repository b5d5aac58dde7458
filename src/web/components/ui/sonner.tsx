import { useTheme } from "next-themes";
import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Toasts follow the app theme and its tokens; only one is visible at a time (docs/product.md, "Console shell").
 * The theme is only known after mount, and sonner renders nothing theme-dependent until a toast exists,
 * so pre-rendered pages hydrate without mismatches.
 */
export function Toaster(props: ToasterProps) {
  const { theme = "system" } = useTheme();
  return (
    <Sonner
      theme={theme as ToasterProps["theme"]}
      visibleToasts={1}
      closeButton
      containerAriaLabel="Avisos"
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as CSSProperties
      }
      toastOptions={{
        closeButtonAriaLabel: "Fechar aviso",
        classNames: {
          description: "!text-muted-foreground",
          error: "!border-destructive/50 [&_[data-title]]:!text-destructive",
          closeButton: "!bg-popover !text-popover-foreground !border-border",
        },
      }}
      {...props}
    />
  );
}
