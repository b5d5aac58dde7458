import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/seguranca";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/seguranca",
    title: "Segurança",
    description: "Criptografia, auditoria e controles que protegem o seu condomínio.",
  });

export default function SegurancaPage() {
  return (
    <PublicPage title="Segurança" description="Criptografia, auditoria e controles que protegem o seu condomínio." />
  );
}
