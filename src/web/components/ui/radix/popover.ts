// Imported on first use by ../popover.tsx (lazy-radix.tsx, docs/decisions/026): never import it statically.
export { Popover } from "radix-ui";
