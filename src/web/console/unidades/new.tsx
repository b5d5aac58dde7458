import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Unidade");

export default function NovaUnidadePage() {
  return <PlaceholderPage title="Nova Unidade" description="Cadastre uma unidade em um condomínio." />;
}
