import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => consoleTitle("Pessoas");

export default function PessoasListPage() {
  return <PlaceholderPage title="Pessoas" description="Gerencie os moradores e funcionários dos condomínios." />;
}
