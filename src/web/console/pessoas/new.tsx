import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Pessoa");

export default function NovaPessoaPage() {
  return <PlaceholderPage title="Nova Pessoa" description="Cadastre um morador ou funcionário." />;
}
