import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = () => consoleTitle("Chamada");

export default function ChamadaDetailPage() {
  return <PlaceholderPage title="Chamada" description="Detalhes da chamada." />;
}
