import { TERMOS } from "@/web/site/legal/termos.content";
import { LegalDocument } from "@/web/site/legal-document";
import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/termos";

const TITLE = "Termos de Uso";
const DESCRIPTION = "As regras para o uso dos serviços da Guarita.";

export const meta: Route.MetaFunction = () => publicMeta({ path: "/termos", title: TITLE, description: DESCRIPTION });

export default function TermosPage() {
  return (
    <PublicPage title={TITLE} description={DESCRIPTION} className="max-w-5xl">
      <LegalDocument {...TERMOS} />
    </PublicPage>
  );
}
