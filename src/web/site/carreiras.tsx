import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/carreiras";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/carreiras",
    title: "Carreiras",
    description: "Venha construir a portaria do futuro com a gente.",
  });

export default function CarreirasPage() {
  return <PublicPage title="Carreiras" description="Venha construir a portaria do futuro com a gente." />;
}
