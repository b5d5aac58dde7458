import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/privacidade";

export const meta: Route.MetaFunction = () =>
  publicMeta("Política de Privacidade", "Como a Guarita coleta, usa e protege os seus dados pessoais.");

export default function PrivacidadePage() {
  return (
    <PublicPage
      title="Política de Privacidade"
      description="Como a Guarita coleta, usa e protege os seus dados pessoais."
    />
  );
}
