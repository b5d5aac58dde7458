import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/create-account";

export const meta: Route.MetaFunction = () =>
  publicMeta("Criar conta", "Defina a senha de acesso à sua conta Guarita.");

export default function CreateAccountPage() {
  return <PublicPage title="Criar conta" description="Defina a senha de acesso à sua conta Guarita." />;
}
