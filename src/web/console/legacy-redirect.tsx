import { Navigate, useLocation } from "react-router";
import { canonicalConsolePath } from "@/shared/public-routes";

/**
 * The unprefixed console URLs (/dashboard, /solicitacoes/nova, ...) reach the same screens under /app
 * (docs/decisions/001-canonical-console-urls.md). The server answers 301 on full page loads; this covers
 * client-side links.
 */
export default function LegacyConsoleRedirect() {
  const { pathname, search, hash } = useLocation();
  const target = canonicalConsolePath(pathname, search) ?? "/app/dashboard";
  return <Navigate to={`${target}${hash}`} replace />;
}
