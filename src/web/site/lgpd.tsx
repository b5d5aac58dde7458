import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/lgpd";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/lgpd", title: "LGPD", description: "Como a Guarita cumpre a Lei Geral de Proteção de Dados." });

export default function LgpdPage() {
  return <PublicPage title="LGPD" description="Como a Guarita cumpre a Lei Geral de Proteção de Dados." />;
}
