import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => consoleTitle("Chamadas");

export default function ChamadasListPage() {
  return <PlaceholderPage title="Chamadas" description="Histórico das chamadas feitas aos ramais das unidades." />;
}
