import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/termos";

export const meta: Route.MetaFunction = () =>
  publicMeta("Termos de Uso", "As regras para o uso dos serviços da Guarita.");

export default function TermosPage() {
  return <PublicPage title="Termos de Uso" description="As regras para o uso dos serviços da Guarita." />;
}
