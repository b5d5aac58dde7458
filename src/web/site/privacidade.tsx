import { PRIVACIDADE } from "@/web/site/legal/privacidade.content";
import { LegalDocument } from "@/web/site/legal-document";
import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/privacidade";

const TITLE = "Política de Privacidade";
const DESCRIPTION = "Como a Guarita coleta, usa e protege os seus dados pessoais.";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/privacidade", title: TITLE, description: DESCRIPTION });

export default function PrivacidadePage() {
  return (
    <PublicPage title={TITLE} description={DESCRIPTION} className="max-w-5xl">
      <LegalDocument {...PRIVACIDADE} />
    </PublicPage>
  );
}
