import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = () => consoleTitle("Solicitação");

export default function SolicitacaoDetailPage() {
  return <PlaceholderPage title="Solicitação" description="Detalhes, decisão e chamadas da solicitação de acesso." />;
}
