import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = () => consoleTitle("Condomínio");

export default function CondominioDetailPage() {
  return <PlaceholderPage title="Condomínio" description="Dados do condomínio." />;
}
