import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => consoleTitle("Solicitações de Acesso");

export default function SolicitacoesListPage() {
  return (
    <PlaceholderPage
      title="Solicitações de Acesso"
      description="Gerencie as solicitações de acesso de visitantes e prestadores de serviço."
    />
  );
}
