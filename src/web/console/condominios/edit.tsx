import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Condomínio");

export default function EditarCondominioPage() {
  return <PlaceholderPage title="Editar Condomínio" description="Atualize os dados do condomínio." />;
}
