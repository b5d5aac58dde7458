import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/privacidade";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/privacidade",
    title: "Política de Privacidade",
    description: "Como a Guarita coleta, usa e protege os seus dados pessoais.",
  });

export default function PrivacidadePage() {
  return (
    <PublicPage
      title="Política de Privacidade"
      description="Como a Guarita coleta, usa e protege os seus dados pessoais."
    />
  );
}
