// Imported on first use by ../tooltip.tsx (lazy-radix.tsx, docs/decisions/026): never import it statically.
export { Tooltip } from "radix-ui";
