// Imported on first use by ../dropdown-menu.tsx (lazy-radix.tsx, docs/decisions/026): never import it statically.
export { DropdownMenu } from "radix-ui";
