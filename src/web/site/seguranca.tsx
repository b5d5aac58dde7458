import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/seguranca";

export const meta: Route.MetaFunction = () =>
  publicMeta("Segurança", "Criptografia, auditoria e controles que protegem o seu condomínio.");

export default function SegurancaPage() {
  return (
    <PublicPage title="Segurança" description="Criptografia, auditoria e controles que protegem o seu condomínio." />
  );
}
