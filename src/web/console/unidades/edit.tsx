import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Unidade");

export default function EditarUnidadePage() {
  return <PlaceholderPage title="Editar Unidade" description="Atualize os dados da unidade." />;
}
