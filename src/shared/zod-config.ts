/**
 * Zod speaks pt-BR on both sides. Imported once by the server entry and the web root, before any schema
 * parses. Field-specific messages (docs/product.md, "Validation messages") are written on the schemas
 * themselves.
 */
import { z } from "zod";

z.config(z.locales.ptBR());
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Campo obrigatório";
    if (issue.code === "invalid_type" && issue.input === null) return "Campo obrigatório";
    return undefined;
  },
});

export { z };
