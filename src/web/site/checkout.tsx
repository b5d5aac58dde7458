import { ArrowLeft, Lock } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { CheckoutForm } from "@/web/site/checkout/checkout-form";
import { BillingToggle, PlanSelector, PlanSummary } from "@/web/site/checkout/plan-choice";
import { useCheckoutParams } from "@/web/site/checkout/use-checkout-params";
import { SiteFooter, SiteHeader } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () =>
  publicMeta({
    path: "/checkout",
    title: "Assinatura",
    description:
      "Escolha o plano da Guarita, mensal ou anual com 10% de desconto, e conclua a assinatura da portaria remota do seu condomínio.",
  });

/**
 * Checkout (docs/product.md, "Checkout"): plan and cycle in the query string, the plan summary from the
 * shared catalogue, the billing form and the card. Pre-rendered once per plan and cycle, so the
 * page the server sends already shows the choice in the query (see use-checkout-params).
 */
export default function CheckoutPage() {
  const choice = useCheckoutParams();
  const { plan, billing } = choice;
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 md:py-12">
        <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
          <a href="/">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </a>
        </Button>
        <div className="mb-8 space-y-2">
          <h1 className="font-bold text-3xl tracking-tight md:text-4xl">Assine a Guarita</h1>
          <p className="text-lg text-muted-foreground">
            Escolha o plano, preencha os dados de cobrança e comece a usar a portaria inteligente hoje.
          </p>
        </div>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <aside aria-label="Plano escolhido" className="grid content-start gap-6 lg:order-2 lg:sticky lg:top-6">
            <PlanSelector value={choice} />
            <BillingToggle value={choice} />
            <PlanSummary plan={plan} billing={billing} />
            <p className="flex items-center gap-2 text-muted-foreground text-xs">
              <Lock aria-hidden="true" className="size-3.5" />
              Pagamento processado com criptografia. Não guardamos os dados do seu cartão.
            </p>
          </aside>
          <section aria-label="Dados da assinatura" className="lg:order-1">
            <CheckoutForm plan={plan} billing={billing} />
          </section>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
