import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/checkout",
    title: "Checkout",
    description: "Escolha o plano e conclua a assinatura da Guarita.",
  });

export default function CheckoutPage() {
  return <PublicPage title="Checkout" description="Escolha o plano e conclua a assinatura da Guarita." />;
}
