import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/sobre";

export const meta: Route.MetaFunction = () =>
  publicMeta("Sobre a Guarita", "Missão, visão, valores e a equipe por trás da Guarita.");

export default function SobrePage() {
  return <PublicPage title="Sobre a Guarita" description="Missão, visão, valores e a equipe por trás da Guarita." />;
}
