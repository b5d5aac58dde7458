import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Pessoa");

export default function EditarPessoaPage() {
  return <PlaceholderPage title="Editar Pessoa" description="Atualize os dados cadastrais da pessoa." />;
}
