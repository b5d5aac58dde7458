import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => consoleTitle("Unidades");

export default function UnidadesListPage() {
  return <PlaceholderPage title="Unidades" description="Gerencie as unidades dos condomínios e seus ramais." />;
}
