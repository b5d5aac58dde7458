import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = () => consoleTitle("Unidade");

export default function UnidadeDetailPage() {
  return <PlaceholderPage title="Unidade" description="Dados da unidade e seus moradores." />;
}
