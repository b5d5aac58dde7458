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
  // Account pages reached from e-mailed links or the sign-in page; not in the sitemap.
  "/esqueci-a-senha",
  "/redefinir-senha",
  "/verificar-email",
  "/convite",
] as const;
export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/**
 * Content-only public pages: served as pre-rendered HTML and CSS without React (the build strips
 * their hydration scripts; a small enhancement script adds the theme menu, the video and the forms'
 * prefilled messages). Every other pre-rendered page (sign-in, checkout, account creation) is a
 * React app. docs/decisions/013.
 */
export const REACT_PUBLIC_PATHS = [
  "/login",
  "/checkout",
  "/create-account",
  "/esqueci-a-senha",
  "/redefinir-senha",
  "/verificar-email",
  "/convite",
] as const satisfies readonly PrerenderedPath[];

/** Pre-rendered pages of one person's account (sign-in, reset, invitation): kept out of the sitemap. */
export const ACCOUNT_PATHS: readonly PrerenderedPath[] = [
  "/login",
  "/create-account",
  "/esqueci-a-senha",
  "/redefinir-senha",
  "/verificar-email",
  "/convite",
];

export const STATIC_PUBLIC_PATHS: readonly PrerenderedPath[] = PRERENDERED_PATHS.filter(
  (path) => !(REACT_PUBLIC_PATHS as readonly string[]).includes(path),
);

export function isStaticPublicPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return (STATIC_PUBLIC_PATHS as readonly string[]).includes(normalized);
}

/** Console sections. Canonical URLs live under /app; the unprefixed forms redirect there. */
export const CONSOLE_SECTIONS = [
  "dashboard",
  "solicitacoes",
  "pessoas",
  "unidades",
  "condominios",
  "chamadas",
  "portaria",
  "passes",
  "acessos",
  "perfil",
  "configuracoes",
  "auditoria",
  "titulares",
  "importacao",
  "atendimentos",
  "totens",
  "central",
  "relatorios",
  "encomendas",
  "areas",
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

export const CONSOLE_PREFIX = "/app";

/** `/solicitacoes/nova?x=1` → `/app/solicitacoes/nova?x=1`; null when the path is not a console path. */
export function canonicalConsolePath(pathname: string, search = ""): string | null {
  const first = pathname.split("/")[1] ?? "";
  if (!(CONSOLE_SECTIONS as readonly string[]).includes(first)) return null;
  return `${CONSOLE_PREFIX}${pathname}${search}`;
}
