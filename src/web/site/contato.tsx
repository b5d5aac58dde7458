import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/contato";

export const meta: Route.MetaFunction = () => publicMeta("Contato", "Fale com a equipe da Guarita.");

export default function ContatoPage() {
  return <PublicPage title="Contato" description="Fale com a equipe da Guarita." />;
}
