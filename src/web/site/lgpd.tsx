import { LGPD } from "@/web/site/legal/lgpd.content";
import { LegalDocument } from "@/web/site/legal-document";
import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/lgpd";

const TITLE = "LGPD";
const DESCRIPTION = "Como a Guarita cumpre a Lei Geral de Proteção de Dados.";

export const meta: Route.MetaFunction = () => publicMeta({ path: "/lgpd", title: TITLE, description: DESCRIPTION });

export default function LgpdPage() {
  return (
    <PublicPage title={TITLE} description={DESCRIPTION} className="max-w-5xl">
      <LegalDocument {...LGPD} />
    </PublicPage>
  );
}
