import { CheckIcon, ChevronRightIcon, CircleIcon } from "lucide-react";
import type { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import type * as React from "react";
import { Fragment } from "react";
import { LazyRoot, LazyTrigger, lazyModule, useLazyRoot } from "@/web/components/ui/lazy-radix";
import { cn } from "@/web/lib/utils";

/** Radix's menu, imported on first use (lazy-radix.tsx): until then the trigger is a stand-in. */
const radix = lazyModule(() => import("./radix/dropdown-menu").then((m) => m.DropdownMenu));

/**
 * Non-modal by default: a modal menu hides the rest of the page with aria-hidden while it is open,
 * which leaves focusable elements inside aria-hidden (an axe violation). Focus still moves into the
 * menu, arrows/Esc work, and a click outside closes it.
 */
export function DropdownMenu({
  modal = false,
  children,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return (
    <LazyRoot
      module={radix}
      opensOn="pointerdown"
      open={props.open ?? props.defaultOpen}
      render={(P) => (
        <P.Root modal={modal} {...props}>
          {children}
        </P.Root>
      )}
    >
      {children}
    </LazyRoot>
  );
}

export function DropdownMenuTrigger(props: React.ComponentProps<typeof DropdownMenuPrimitive.Trigger>) {
  return <LazyTrigger module={radix} {...props} />;
}

export function DropdownMenuPortal(props: React.ComponentProps<typeof DropdownMenuPrimitive.Portal>) {
  const P = radix.get();
  return <P.Portal {...props} />;
}

export function DropdownMenuGroup(props: React.ComponentProps<typeof DropdownMenuPrimitive.Group>) {
  const P = radix.get();
  return <P.Group {...props} />;
}

export function DropdownMenuRadioGroup(props: React.ComponentProps<typeof DropdownMenuPrimitive.RadioGroup>) {
  const P = radix.get();
  return <P.RadioGroup {...props} />;
}

export function DropdownMenuSub(props: React.ComponentProps<typeof DropdownMenuPrimitive.Sub>) {
  const P = radix.get();
  return <P.Sub {...props} />;
}

const itemBase =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground data-disabled:pointer-events-none data-disabled:opacity-50 [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0";

/**
 * `inline` renders the menu where its trigger is instead of at the end of <body>, so it stays inside
 * the trigger's landmark (the header's banner) rather than being stray content (axe "region").
 * It is still positioned against the viewport, so an ancestor's overflow does not clip it.
 */
export function DropdownMenuContent({
  className,
  sideOffset = 4,
  inline = false,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Content> & { inline?: boolean }) {
  const { real, triggerId } = useLazyRoot();
  if (!real) return null;
  const P = radix.get();
  const Wrapper = inline ? Fragment : P.Portal;
  return (
    <Wrapper>
      <P.Content
        data-slot="dropdown-menu-content"
        aria-labelledby={triggerId}
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-[8rem] origin-(--radix-dropdown-menu-content-transform-origin) overflow-y-auto overflow-x-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md data-[state=open]:animate-zoom-in",
          className,
        )}
        {...props}
      />
    </Wrapper>
  );
}

export function DropdownMenuItem({
  className,
  inset,
  variant = "default",
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Item> & { inset?: boolean; variant?: "default" | "destructive" }) {
  const P = radix.get();
  return (
    <P.Item
      data-slot="dropdown-menu-item"
      data-inset={inset}
      data-variant={variant}
      className={cn(
        itemBase,
        "data-[inset]:pl-8 data-[variant=destructive]:text-destructive data-[variant=destructive]:*:[svg]:text-destructive!",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuCheckboxItem({
  className,
  children,
  checked,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.CheckboxItem>) {
  const P = radix.get();
  return (
    <P.CheckboxItem
      data-slot="dropdown-menu-checkbox-item"
      className={cn(itemBase, "py-1.5 pr-2 pl-8", className)}
      checked={checked}
      {...props}
    >
      <span className="pointer-events-none absolute left-2 flex size-3.5 items-center justify-center">
        <P.ItemIndicator>
          <CheckIcon className="size-4" />
        </P.ItemIndicator>
      </span>
      {children}
    </P.CheckboxItem>
  );
}

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.RadioItem>) {
  const P = radix.get();
  return (
    <P.RadioItem
      data-slot="dropdown-menu-radio-item"
      className={cn(itemBase, "py-1.5 pr-2 pl-8", className)}
      {...props}
    >
      <span className="pointer-events-none absolute left-2 flex size-3.5 items-center justify-center">
        <P.ItemIndicator>
          <CircleIcon className="size-2 fill-current" />
        </P.ItemIndicator>
      </span>
      {children}
    </P.RadioItem>
  );
}

export function DropdownMenuLabel({
  className,
  inset,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Label> & { inset?: boolean }) {
  const P = radix.get();
  return (
    <P.Label
      data-slot="dropdown-menu-label"
      data-inset={inset}
      className={cn("px-2 py-1.5 font-medium text-sm data-[inset]:pl-8", className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  const P = radix.get();
  return (
    <P.Separator
      data-slot="dropdown-menu-separator"
      className={cn("-mx-1 my-1 h-px bg-border", className)}
      {...props}
    />
  );
}

export function DropdownMenuShortcut({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="dropdown-menu-shortcut"
      className={cn("ml-auto text-muted-foreground text-xs tracking-widest", className)}
      {...props}
    />
  );
}

export function DropdownMenuSubTrigger({
  className,
  inset,
  children,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.SubTrigger> & { inset?: boolean }) {
  const P = radix.get();
  return (
    <P.SubTrigger
      data-slot="dropdown-menu-sub-trigger"
      data-inset={inset}
      className={cn(itemBase, "data-[state=open]:bg-accent data-[inset]:pl-8", className)}
      {...props}
    >
      {children}
      <ChevronRightIcon className="ml-auto size-4" />
    </P.SubTrigger>
  );
}

export function DropdownMenuSubContent({
  className,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.SubContent>) {
  const P = radix.get();
  return (
    <P.SubContent
      data-slot="dropdown-menu-sub-content"
      className={cn(
        "z-50 min-w-[8rem] origin-(--radix-dropdown-menu-content-transform-origin) overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-lg data-[state=open]:animate-zoom-in",
        className,
      )}
      {...props}
    />
  );
}
