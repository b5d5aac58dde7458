import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/carreiras";

export const meta: Route.MetaFunction = () =>
  publicMeta("Carreiras", "Venha construir a portaria do futuro com a gente.");

export default function CarreirasPage() {
  return <PublicPage title="Carreiras" description="Venha construir a portaria do futuro com a gente." />;
}
