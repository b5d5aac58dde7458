import type { Popover as PopoverPrimitive } from "radix-ui";
import type * as React from "react";
import { LazyRoot, LazyTrigger, lazyModule, useLazyRoot } from "@/web/components/ui/lazy-radix";
import { cn } from "@/web/lib/utils";

/** Radix's popover, imported on first use (lazy-radix.tsx): until then the trigger is a stand-in. */
const radix = lazyModule(() => import("./radix/popover").then((m) => m.Popover));

/** Non-modal floating panel: Esc and a click outside close it, focus returns to the trigger. */
export function Popover({ children, ...props }: React.ComponentProps<typeof PopoverPrimitive.Root>) {
  return (
    <LazyRoot
      module={radix}
      opensOn="click"
      open={props.open ?? props.defaultOpen}
      render={(P) => <P.Root {...props}>{children}</P.Root>}
    >
      {children}
    </LazyRoot>
  );
}

export function PopoverTrigger(props: React.ComponentProps<typeof PopoverPrimitive.Trigger>) {
  return <LazyTrigger module={radix} {...props} />;
}

export function PopoverClose(props: React.ComponentProps<typeof PopoverPrimitive.Close>) {
  const P = radix.get();
  return <P.Close {...props} />;
}

export function PopoverContent({
  className,
  align = "center",
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  const { real } = useLazyRoot();
  if (!real) return null;
  const P = radix.get();
  return (
    <P.Portal>
      <P.Content
        data-slot="popover-content"
        align={align}
        sideOffset={sideOffset}
        className={cn(
          "z-50 w-72 max-w-[calc(100vw-1rem)] origin-(--radix-popover-content-transform-origin) rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden data-[state=open]:animate-zoom-in",
          className,
        )}
        {...props}
      />
    </P.Portal>
  );
}
