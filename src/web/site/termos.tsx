import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/termos";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/termos", title: "Termos de Uso", description: "As regras para o uso dos serviços da Guarita." });

export default function TermosPage() {
  return <PublicPage title="Termos de Uso" description="As regras para o uso dos serviços da Guarita." />;
}
