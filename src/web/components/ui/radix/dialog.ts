// Imported on first use by ../sheet.tsx (lazy-radix.tsx, docs/decisions/026): never import it statically.
export { Dialog } from "radix-ui";
