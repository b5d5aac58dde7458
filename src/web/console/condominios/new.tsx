import { consoleTitle, PlaceholderPage } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => consoleTitle("Novo Condomínio");

export default function NovoCondominioPage() {
  return <PlaceholderPage title="Novo Condomínio" description="Cadastre um condomínio." />;
}
