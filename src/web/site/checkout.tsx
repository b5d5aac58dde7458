import { PublicPage, publicMeta } from "@/web/site/public-page";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () =>
  publicMeta("Checkout", "Escolha o plano e conclua a assinatura da Guarita.");

export default function CheckoutPage() {
  return <PublicPage title="Checkout" description="Escolha o plano e conclua a assinatura da Guarita." />;
}
