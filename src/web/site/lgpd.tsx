import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/lgpd";

export const meta: Route.MetaFunction = () =>
  publicMeta("LGPD", "Como a Guarita cumpre a Lei Geral de Proteção de Dados.");

export default function LgpdPage() {
  return <PublicPage title="LGPD" description="Como a Guarita cumpre a Lei Geral de Proteção de Dados." />;
}
