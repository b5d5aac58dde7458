/**
 * Radix on first use (docs/decisions/026). The console's menus, popovers, tooltips and phone sheet
 * are Radix primitives whose code (popper, floating-ui, focus scope, dismissable layer, the menu's
 * roving focus...) is about 34 KB gzipped, and the first console screen shows none of them open.
 * So a root (`DropdownMenu`, `Popover`, `Tooltip`, `Sheet`) renders, until its Radix module is
 * there, only a stand-in for its trigger: the same element and classes, with the attributes Radix
 * gives a closed trigger (`type`, `id`, `aria-haspopup`, `aria-expanded`, `data-state`).
 *
 * - Intent downloads the module: the pointer entering the trigger, focus, a press. A controlled root
 *   opened by other means (the sidebar's sheet) downloads it as it opens.
 * - Once it is there, every root swaps its stand-in for the Radix trigger, except while a press is
 *   under way on it (so that press's click reaches the element it began on). The Radix trigger is a
 *   new element: when the stand-in had focus, the new one gets it.
 * - A press that came first (a click, Enter, Space, ArrowDown, a pointer down on a menu) is kept and
 *   replayed on the Radix trigger, which handles it as its own: the popup opens as it would have
 *   (a menu's first item focused when opened from the keyboard) and focus returns to the trigger
 *   when it closes. A tooltip's pointer still resting on its trigger is replayed as a move, keyboard
 *   focus as focus. A press elsewhere, focus elsewhere or Escape in the meantime drops it.
 */
import { Slot } from "radix-ui";
import * as React from "react";

/** A module imported on first use, shared by every component that renders it. */
export interface LazyModule<T> {
  /** Starts the import (once; again after a failure) and resolves with the module. */
  load(): Promise<T>;
  /** The module once it has arrived; re-renders the caller when it does. */
  useLoaded(): T | undefined;
  /** The module, for parts rendered only inside a root that already uses it. */
  get(): T;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => value;
  return {
    load() {
      if (value !== undefined) return Promise.resolve(value);
      loading ??= importer().then(
        (module) => {
          value = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    useLoaded: () => React.useSyncExternalStore(subscribe, snapshot, snapshot),
    get() {
      if (value === undefined) throw new Error("lazy-radix: módulo usado antes de carregar");
      return value;
    },
  };
}

/**
 * What opens the popup on Radix's trigger:
 * - `pointerdown`: a menu (DropdownMenu): a left-button pointer down, or Enter, Space or ArrowDown;
 * - `click`: a popover or dialog: a click (Enter and Space make one on a button);
 * - `hover`: a tooltip: the pointer over the trigger, or keyboard focus.
 */
export type OpensOn = "pointerdown" | "click" | "hover";

/** An event to dispatch on the Radix trigger once it is there. */
type Replay =
  | { type: "pointerdown" | "pointermove"; init: PointerEventInit }
  | { type: "keydown"; init: KeyboardEventInit }
  | { type: "click" };

const MENU_KEYS = ["Enter", " ", "ArrowDown"];

function replayOn(element: HTMLElement, replay: Replay) {
  if (replay.type === "click") element.click();
  else if (replay.type === "keydown")
    element.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...replay.init }));
  else
    element.dispatchEvent(
      new PointerEvent(replay.type, { bubbles: true, cancelable: true, composed: true, ...replay.init }),
    );
}

/**
 * After a hover replayed on a trigger that replaced the stand-in under a still pointer: the browser
 * may not know the pointer is over the new element, and then sends it no leave events. If the next
 * move is outside and no leave came, send them (React's from `pointerout`, Radix's tooltip listens to
 * the native `pointerleave`). Returns the cleanup.
 */
function watchLeave(trigger: HTMLElement): () => void {
  let left = false;
  const onLeave = () => {
    left = true;
  };
  const onMove = (event: PointerEvent) => {
    stop();
    if (left || (event.target instanceof Node && trigger.contains(event.target))) return;
    const init: PointerEventInit = {
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      isPrimary: event.isPrimary,
      clientX: event.clientX,
      clientY: event.clientY,
      relatedTarget: event.target,
    };
    trigger.dispatchEvent(new PointerEvent("pointerout", { ...init, bubbles: true, composed: true }));
    trigger.dispatchEvent(new PointerEvent("pointerleave", init));
  };
  const stop = () => {
    trigger.removeEventListener("pointerleave", onLeave);
    document.removeEventListener("pointermove", onMove, true);
  };
  trigger.addEventListener("pointerleave", onLeave);
  document.addEventListener("pointermove", onMove, true);
  return stop;
}

function pointerInit(event: React.PointerEvent): PointerEventInit {
  return {
    pointerId: event.pointerId,
    pointerType: event.pointerType,
    isPrimary: event.isPrimary,
    button: event.button,
    buttons: event.buttons,
    clientX: event.clientX,
    clientY: event.clientY,
    screenX: event.screenX,
    screenY: event.screenY,
  };
}

/** What a root remembers about its stand-in between renders. */
interface Memory {
  replay: Replay | null;
  /** Where a pointer rests on a tooltip's stand-in (null when it left, or pressed). */
  hover: PointerEventInit | null;
  /** A press since the pointer entered: as Radix's tooltip, no more opening until it leaves. */
  hoverPressed: boolean;
  /** The stand-in had focus when it was swapped. */
  focused: boolean;
  /** The stand-in's focus came from a pointer press (Radix's tooltip does not open on that). */
  focusFromPointer: boolean;
  /** The next focus of the Radix trigger is the hand-over, not the user's: Radix ignores it. */
  silentFocus: boolean;
  /** Removes the listeners that drop a remembered press. */
  stopWatching: (() => void) | null;
}

interface StandInHandlers {
  onPointerEnter: (event: React.PointerEvent) => void;
  onPointerMove: (event: React.PointerEvent) => void;
  onPointerLeave: () => void;
  onPointerDown: (event: React.PointerEvent) => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
  onClick: () => void;
  onFocus: () => void;
}

interface LazyRootValue {
  /** Radix renders this root (its module is there and no press is under way on the stand-in). */
  real: boolean;
  opensOn: OpensOn;
  /** The menu trigger's id (the same on the stand-in and on Radix's trigger, which labels the menu). */
  triggerId: string | undefined;
  open: boolean;
  /** Radix's trigger (a button, or the element given with asChild; typed as Radix types it). */
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  standInRef: (node: HTMLElement | null) => void;
  /** Called as the stand-in unmounts, before React removes its element. */
  onStandInUnmount: () => void;
  handlers: StandInHandlers;
  onTriggerFocus: (event: React.FocusEvent) => void;
}

const LazyRootContext = React.createContext<LazyRootValue | null>(null);

export function useLazyRoot(): LazyRootValue {
  const value = React.useContext(LazyRootContext);
  if (!value) throw new Error("lazy-radix: trigger e conteúdo ficam dentro da sua raiz");
  return value;
}

/**
 * The root of a lazily loaded Radix primitive: its children (trigger stand-in, nothing for the
 * content) until the module is there, then `render(module)`, Radix's root around the same children.
 */
export function LazyRoot<T>({
  module,
  opensOn,
  open = false,
  disabled = false,
  render,
  children,
}: {
  module: LazyModule<T>;
  opensOn: OpensOn;
  /** Open by other means (a controlled root): the module is loaded at once. */
  open?: boolean;
  /** Nothing to show for now (a tooltip of an expanded sidebar): intent does not load the module. */
  disabled?: boolean;
  render: (radix: T) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const loaded = module.useLoaded();
  const [pressing, setPressing] = React.useState(false);
  const real = loaded !== undefined && !pressing;
  const id = React.useId();
  const triggerRef = React.useRef<HTMLButtonElement | null>(null);
  const standIn = React.useRef<HTMLElement | null>(null);
  const memory = React.useRef<Memory>({
    replay: null,
    hover: null,
    hoverPressed: false,
    focused: false,
    focusFromPointer: false,
    silentFocus: false,
    stopWatching: null,
  });
  const options = React.useRef({ opensOn, disabled });
  options.current = { opensOn, disabled };

  React.useEffect(() => {
    if (open && loaded === undefined) module.load().catch(() => undefined);
  }, [open, loaded, module]);

  const handlers = React.useMemo<StandInHandlers>(() => {
    const m = memory.current;
    const intent = () => {
      if (!options.current.disabled) module.load().catch(() => undefined);
    };
    const hovering = (event: React.PointerEvent) =>
      options.current.opensOn === "hover" && event.pointerType !== "touch";
    // The swap waits for the end of a press on the stand-in: after the click that follows it.
    const startPress = (ends: string[]) => {
      setPressing(true);
      const end = (event: Event) => {
        // The window losing focus ends it too (no pointerup may come); an element's blur does not.
        if (event.type === "blur" && event.target !== window) return;
        for (const type of ends) window.removeEventListener(type, end, true);
        window.setTimeout(() => setPressing(false));
      };
      for (const type of ends) window.addEventListener(type, end, true);
    };
    const remember = (replay: Replay) => {
      m.replay = replay;
      if (m.stopWatching) return;
      const inside = (event: Event) => event.target instanceof Node && !!standIn.current?.contains(event.target);
      const drop = (event: Event) => {
        if (inside(event) || (event instanceof KeyboardEvent && event.key !== "Escape")) return;
        m.replay = null;
        m.stopWatching?.();
      };
      const types = ["pointerdown", "focusin", "keydown"] as const;
      for (const type of types) document.addEventListener(type, drop, true);
      m.stopWatching = () => {
        for (const type of types) document.removeEventListener(type, drop, true);
        m.stopWatching = null;
      };
    };
    return {
      onPointerEnter(event) {
        intent();
        m.hoverPressed = false;
        if (hovering(event)) m.hover = pointerInit(event);
      },
      onPointerMove(event) {
        if (hovering(event) && !m.hoverPressed) m.hover = pointerInit(event);
      },
      onPointerLeave() {
        m.hover = null;
      },
      onFocus: intent,
      onPointerDown(event) {
        intent();
        startPress(["pointerup", "pointercancel", "blur"]);
        const { opensOn } = options.current;
        if (opensOn === "hover") {
          // Radix closes a tooltip on a press and does not open it on the focus that follows.
          m.hover = null;
          m.hoverPressed = true;
          m.focusFromPointer = true;
        } else if (opensOn === "pointerdown" && event.button === 0 && !event.ctrlKey) {
          remember({ type: "pointerdown", init: pointerInit(event) });
          // As Radix's menu trigger: the press opens the menu, it does not focus the trigger.
          event.preventDefault();
        }
      },
      onKeyDown(event) {
        intent();
        m.focusFromPointer = false;
        const { opensOn } = options.current;
        if (opensOn === "pointerdown" && MENU_KEYS.includes(event.key)) {
          remember({ type: "keydown", init: { key: event.key, code: event.code } });
          event.preventDefault();
        } else if (opensOn === "click" && (event.key === "Enter" || event.key === " ")) {
          // Space clicks on keyup: the swap waits for it.
          startPress(["keyup", "blur"]);
        }
      },
      onClick() {
        if (options.current.opensOn === "click") remember({ type: "click" });
      },
    };
  }, [module]);

  // Kept when React detaches it: the check below runs as the stand-in unmounts. (A ref's cleanup or
  // null call would not do: a link's ref, behind Slot and React Router's Link, gets no cleanup, and
  // refs are also detached and attached again on ordinary renders.)
  const standInRef = React.useCallback((node: HTMLElement | null) => {
    if (node) standIn.current = node;
  }, []);
  const onStandInUnmount = React.useCallback(() => {
    if (standIn.current && standIn.current === document.activeElement) memory.current.focused = true;
  }, []);

  const onTriggerFocus = React.useCallback((event: React.FocusEvent) => {
    if (!memory.current.silentFocus) return;
    memory.current.silentFocus = false;
    // Radix's handlers skip an event whose default was prevented (its composeEventHandlers).
    event.preventDefault();
  }, []);

  // The hand-over: focus first (before paint), then the remembered press, once Radix's own effects
  // (the menu's keyboard listener) are in place.
  React.useLayoutEffect(() => {
    if (!real) return;
    const m = memory.current;
    m.stopWatching?.();
    if (m.focused) {
      m.focused = false;
      m.silentFocus = m.focusFromPointer;
      triggerRef.current?.focus({ preventScroll: true });
      m.silentFocus = false;
    }
  }, [real]);
  React.useEffect(() => {
    if (!real) return;
    const m = memory.current;
    const replay: Replay | null = m.replay ?? (m.hover ? { type: "pointermove", init: m.hover } : null);
    m.replay = null;
    m.hover = null;
    const trigger = triggerRef.current;
    if (!replay || !trigger?.isConnected) return;
    replayOn(trigger, replay);
    if (replay.type === "pointermove") return watchLeave(trigger);
  }, [real]);
  React.useEffect(() => () => memory.current.stopWatching?.(), []);

  const value = React.useMemo<LazyRootValue>(
    () => ({
      real,
      opensOn,
      triggerId: opensOn === "pointerdown" ? id : undefined,
      open,
      triggerRef,
      standInRef,
      onStandInUnmount,
      handlers,
      onTriggerFocus,
    }),
    [real, opensOn, id, open, standInRef, onStandInUnmount, handlers, onTriggerFocus],
  );

  return (
    <LazyRootContext.Provider value={value}>
      {real && loaded !== undefined ? render(loaded) : children}
    </LazyRootContext.Provider>
  );
}

type TriggerProps = Omit<React.ComponentProps<"button">, "ref"> & { asChild?: boolean };

/** Runs the caller's handler, then ours unless the caller prevented the default (as Radix does). */
function compose<E extends React.SyntheticEvent>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/** A Radix module whose trigger LazyTrigger renders once it is there. */
type WithTrigger<P> = { Trigger: React.ComponentType<P & { ref: React.Ref<HTMLButtonElement> }> };

/**
 * A root's trigger: the stand-in until Radix renders the root, then the module's `Trigger` with
 * the same props, the menu's id, the ref the hand-over focuses and replays on.
 */
export function LazyTrigger<P extends TriggerProps>({ module, ...props }: P & { module: LazyModule<WithTrigger<P>> }) {
  const lazy = useLazyRoot();
  if (lazy.real) {
    const { Trigger } = module.get();
    return (
      <Trigger
        {...(lazy.triggerId ? { id: lazy.triggerId } : {})}
        {...(props as unknown as P)}
        ref={lazy.triggerRef}
        onFocus={compose(props.onFocus, lazy.onTriggerFocus)}
      />
    );
  }
  return <StandIn {...props} />;
}

/** The trigger before Radix: the element and classes the caller gave, with a closed trigger's attributes. */
function StandIn({ asChild, ...rest }: TriggerProps) {
  const lazy = useLazyRoot();
  // A layout effect's cleanup runs before React removes the element: whether it has focus is known.
  React.useLayoutEffect(() => lazy.onStandInUnmount, [lazy.onStandInUnmount]);
  const Comp = asChild ? Slot.Root : "button";
  const { handlers } = lazy;
  const state = lazy.open ? "open" : "closed";
  // What Radix's trigger carries while closed (see its source): a tooltip's only its state.
  const closed =
    lazy.opensOn === "hover"
      ? { "data-state": "closed" }
      : {
          type: "button" as const,
          id: lazy.triggerId,
          "aria-haspopup": lazy.opensOn === "pointerdown" ? ("menu" as const) : ("dialog" as const),
          "aria-expanded": lazy.open,
          "data-state": state,
        };
  return (
    <Comp
      {...closed}
      {...rest}
      ref={lazy.standInRef}
      onPointerEnter={compose(rest.onPointerEnter, handlers.onPointerEnter)}
      onPointerMove={compose(rest.onPointerMove, handlers.onPointerMove)}
      onPointerLeave={compose(rest.onPointerLeave, handlers.onPointerLeave)}
      onPointerDown={compose(rest.onPointerDown, handlers.onPointerDown)}
      onKeyDown={compose(rest.onKeyDown, handlers.onKeyDown)}
      onClick={compose(rest.onClick, handlers.onClick)}
      onFocus={compose(rest.onFocus, handlers.onFocus)}
    />
  );
}
