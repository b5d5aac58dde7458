import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = () => consoleTitle("Pessoa");

export default function PessoaDetailPage() {
  return <PlaceholderPage title="Pessoa" description="Dados cadastrais da pessoa." />;
}
