import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Solicitação");

export default function NovaSolicitacaoPage() {
  return (
    <PlaceholderPage
      title="Nova Solicitação"
      description="Cadastre uma solicitação de acesso para um visitante ou prestador de serviço."
    />
  );
}
