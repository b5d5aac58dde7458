import { XIcon } from "lucide-react";
import type { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { LazyRoot, LazyTrigger, lazyModule, useLazyRoot } from "@/web/components/ui/lazy-radix";
import { cn } from "@/web/lib/utils";

/** Radix's dialog, imported on first use (lazy-radix.tsx): when it opens, or on intent. */
const radix = lazyModule(() => import("./radix/dialog").then((m) => m.Dialog));

/** Starts downloading the sheet's code (its opener is about to be used: hover, focus, press). */
export function preloadSheet() {
  radix.load().catch(() => undefined);
}

/** A side panel built on Radix Dialog: focus trap, Esc to close, focus returns to the trigger. */
export function Sheet({ children, ...props }: React.ComponentProps<typeof DialogPrimitive.Root>) {
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

export function SheetTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <LazyTrigger module={radix} {...props} />;
}

export function SheetClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  const P = radix.get();
  return <P.Close {...props} />;
}

function SheetOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  const P = radix.get();
  return (
    <P.Overlay
      data-slot="sheet-overlay"
      className={cn("fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in", className)}
      {...props}
    />
  );
}

const sideClasses = {
  right: "inset-y-0 right-0 h-full w-3/4 border-l data-[state=open]:animate-slide-in-right sm:max-w-sm",
  left: "inset-y-0 left-0 h-full w-3/4 border-r data-[state=open]:animate-slide-in-left sm:max-w-sm",
} as const;

export function SheetContent({
  className,
  children,
  side = "right",
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  side?: keyof typeof sideClasses;
  showCloseButton?: boolean;
}) {
  const { real } = useLazyRoot();
  if (!real) return null;
  const P = radix.get();
  return (
    <P.Portal>
      <SheetOverlay />
      <P.Content
        data-slot="sheet-content"
        className={cn(
          "fixed z-50 flex flex-col gap-4 bg-background shadow-lg outline-none",
          sideClasses[side],
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <P.Close
            className="absolute top-4 right-4 rounded-xs opacity-70 outline-none transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none [&_svg]:size-4"
            aria-label="Fechar"
          >
            <XIcon aria-hidden="true" />
          </P.Close>
        )}
      </P.Content>
    </P.Portal>
  );
}

export function SheetHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sheet-header" className={cn("flex flex-col gap-1.5 p-4", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sheet-footer" className={cn("mt-auto flex flex-col gap-2 p-4", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  const P = radix.get();
  return <P.Title data-slot="sheet-title" className={cn("font-semibold text-foreground", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  const P = radix.get();
  return (
    <P.Description
      data-slot="sheet-description"
      className={cn("text-muted-foreground text-sm", className)}
      {...props}
    />
  );
}
