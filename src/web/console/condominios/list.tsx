import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => consoleTitle("Condomínios");

export default function CondominiosListPage() {
  return <PlaceholderPage title="Condomínios" description="Gerencie os condomínios atendidos." />;
}
