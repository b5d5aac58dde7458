import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates a pre-rendered page, true afterwards. Pages whose content depends on
 * the URL's query (which the pre-rendered HTML can't know) render their defaults until then, so
 * hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
