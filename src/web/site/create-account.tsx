import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/create-account";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/create-account",
    title: "Criar conta",
    description: "Defina a senha de acesso à sua conta Guarita.",
  });

export default function CreateAccountPage() {
  return <PublicPage title="Criar conta" description="Defina a senha de acesso à sua conta Guarita." />;
}
