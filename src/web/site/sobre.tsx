import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/sobre";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/sobre",
    title: "Sobre a Guarita",
    description: "Missão, visão, valores e a equipe por trás da Guarita.",
  });

export default function SobrePage() {
  return <PublicPage title="Sobre a Guarita" description="Missão, visão, valores e a equipe por trás da Guarita." />;
}
