/**
 * Public paths that are pre-rendered to HTML at build time, and the console's sections.
 * The build (react-router.config.ts) and the HTTP server (which paths exist, which redirect)
 * read this one list.
 */
export const PRERENDERED_PATHS = [
  "/",
  "/login",
  "/checkout",
  "/create-account",
  "/privacidade",
  "/termos",
  "/lgpd",
  "/seguranca",
  "/sobre",
  "/carreiras",
  "/contato",
] as const;

/** Console sections. Canonical URLs live under /app; the unprefixed forms redirect there. */
export const CONSOLE_SECTIONS = [
  "dashboard",
  "solicitacoes",
  "pessoas",
  "unidades",
  "condominios",
  "chamadas",
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

export const CONSOLE_PREFIX = "/app";

/** `/solicitacoes/nova?x=1` → `/app/solicitacoes/nova?x=1`; null when the path is not a console path. */
export function canonicalConsolePath(pathname: string, search = ""): string | null {
  const first = pathname.split("/")[1] ?? "";
  if (!(CONSOLE_SECTIONS as readonly string[]).includes(first)) return null;
  return `${CONSOLE_PREFIX}${pathname}${search}`;
}
