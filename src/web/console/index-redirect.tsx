import { useQuery } from "@tanstack/react-query";
import { Navigate } from "react-router";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleHome, meQueryOptions } from "@/web/lib/me.queries";

/** /app → the role's home (docs/product.md, "Addresses"): Portaria for a porteiro, else the dashboard. */
export default function ConsoleIndex() {
  const me = useQuery(meQueryOptions());
  // Signed out or failed: the dashboard's own guard and error states take it from there.
  if (me.isPending) return <LoadingState message="Carregando..." className="py-16" />;
  return <Navigate to={consoleHome(me.data?.role)} replace />;
}
