import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/contato";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/contato", title: "Contato", description: "Fale com a equipe da Guarita." });

export default function ContatoPage() {
  return <PublicPage title="Contato" description="Fale com a equipe da Guarita." />;
}
