import type { Tooltip as TooltipPrimitive } from "radix-ui";
import * as React from "react";
import { LazyRoot, LazyTrigger, lazyModule, useLazyRoot } from "@/web/components/ui/lazy-radix";
import { cn } from "@/web/lib/utils";

/** Radix's tooltip, imported on first use (lazy-radix.tsx): until then the trigger is a stand-in. */
const radix = lazyModule(() => import("./radix/tooltip").then((m) => m.Tooltip));

/**
 * A tooltip with its own provider (shown at once, no delay). `disabled`: nothing to show for now
 * (the sidebar's labels while it is expanded): it stays closed, and hovering or focusing the trigger
 * does not download Radix for it.
 */
export function Tooltip({
  disabled = false,
  open: openProp,
  onOpenChange,
  delayDuration = 0,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Root> & { disabled?: boolean }) {
  const [openState, setOpenState] = React.useState(false);
  const open = !disabled && (openProp ?? openState);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  return (
    <LazyRoot
      module={radix}
      opensOn="hover"
      disabled={disabled}
      render={(P) => (
        <P.Provider delayDuration={delayDuration}>
          <P.Root {...props} open={open} onOpenChange={setOpen}>
            {children}
          </P.Root>
        </P.Provider>
      )}
    >
      {children}
    </LazyRoot>
  );
}

export function TooltipTrigger(props: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <LazyTrigger module={radix} {...props} />;
}

/**
 * `inline` renders the tooltip next to its trigger instead of at the end of <body>, so it stays in the
 * trigger's landmark (axe "region"); it is still positioned against the viewport.
 */
export function TooltipContent({
  className,
  sideOffset = 4,
  inline = false,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content> & { inline?: boolean }) {
  const { real } = useLazyRoot();
  if (!real) return null;
  const P = radix.get();
  const Wrapper = inline ? React.Fragment : P.Portal;
  return (
    <Wrapper>
      <P.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          "z-50 w-fit origin-(--radix-tooltip-content-transform-origin) text-balance rounded-md bg-foreground px-3 py-1.5 text-background text-xs data-[state=delayed-open]:animate-fade-in",
          className,
        )}
        {...props}
      >
        {children}
        <P.Arrow className="z-50 size-2.5 translate-y-[calc(-50%_-_2px)] rotate-45 rounded-[2px] bg-foreground fill-foreground" />
      </P.Content>
    </Wrapper>
  );
}
