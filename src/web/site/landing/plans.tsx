import { Check } from "lucide-react";
import { checkoutHref } from "@/shared/plan-params";
import {
  BILLING_CYCLES,
  BILLING_LABELS,
  type BillingCycle,
  DEFAULT_BILLING,
  formatBRLShort,
  PLAN_LIST,
  type Plan,
  YEARLY_DISCOUNT_HINT,
  YEARLY_DISCOUNT_LABEL,
} from "@/shared/plans";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";
import { LandingSection } from "./section";
import { WhatsAppDemoLink } from "./whatsapp-link";

/**
 * Monthly or yearly prices without a script (docs/decisions/013): two native radios, and every
 * price and "Escolher" link exists once per cycle; CSS shows the ones of the checked cycle
 * (`[data-billing-root]` rules in app.css), so a press works as soon as the HTML is on screen.
 */
function BillingToggle() {
  return (
    <div className="mb-10 flex flex-col items-center gap-2">
      <div
        role="radiogroup"
        aria-label="Ciclo de cobrança"
        className="inline-flex rounded-md border bg-background p-1 shadow-xs"
      >
        {BILLING_CYCLES.map((cycle) => (
          <label
            key={cycle}
            className="relative flex cursor-pointer items-center gap-2 rounded-sm px-3 py-1.5 font-medium text-sm transition-colors hover:bg-accent has-[:checked]:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60"
          >
            <input
              type="radio"
              name="cobranca"
              value={cycle}
              defaultChecked={cycle === DEFAULT_BILLING}
              // Invisible but covering its label: pointer and keyboard reach the real radio.
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            {BILLING_LABELS[cycle]}
            {cycle === "yearly" && <Badge variant="default">{YEARLY_DISCOUNT_LABEL}</Badge>}
          </label>
        ))}
      </div>
      <p className="text-center text-muted-foreground text-sm">
        {YEARLY_DISCOUNT_HINT} no plano anual ({YEARLY_DISCOUNT_LABEL} na mensalidade).
      </p>
    </div>
  );
}

function PlanPrice({ plan, billing }: { plan: Plan; billing: BillingCycle }) {
  if (!plan.precoCentavos) {
    return (
      <p className="flex min-h-20 flex-col justify-center">
        <span className="font-bold text-3xl tracking-tight">Sob consulta</span>
        <span className="text-muted-foreground text-sm">proposta sob medida para a sua operação</span>
      </p>
    );
  }
  const price = plan.precoCentavos[billing];
  return (
    <p className="flex min-h-20 flex-col justify-center">
      <span>
        <span className="font-bold text-4xl tracking-tight">{formatBRLShort(price)}</span>
        <span className="text-muted-foreground">/mês</span>
      </span>
      <span className="text-muted-foreground text-sm">
        {billing === "yearly" ? (
          <>
            no plano anual, em vez de <s>{formatBRLShort(plan.precoCentavos.monthly)}</s>
          </>
        ) : (
          "no plano mensal"
        )}
      </span>
    </p>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm",
        plan.popular && "border-primary ring-2 ring-primary",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-xl">{plan.nome}</h3>
        {plan.popular && <Badge>Mais popular</Badge>}
      </div>
      <p className="mt-2 min-h-10 text-muted-foreground text-sm">{plan.descricao}</p>
      <div className="my-6">
        {plan.precoCentavos ? (
          BILLING_CYCLES.map((cycle) => (
            <div key={cycle} data-billing={cycle}>
              <PlanPrice plan={plan} billing={cycle} />
            </div>
          ))
        ) : (
          <PlanPrice plan={plan} billing={DEFAULT_BILLING} />
        )}
      </div>
      <ul className="mb-8 flex-1 space-y-3 text-sm">
        {plan.recursos.map((recurso) => (
          <li key={recurso} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {recurso}
          </li>
        ))}
      </ul>
      {BILLING_CYCLES.map((cycle) => (
        <Button key={cycle} asChild size="lg" variant={plan.popular ? "default" : "outline"} data-billing={cycle}>
          <a href={checkoutHref({ plan: plan.id, billing: cycle })}>Escolher {plan.nome}</a>
        </Button>
      ))}
    </li>
  );
}

/** Plans from the shared catalogue, with the monthly/yearly toggle (docs/product.md, "Plans and prices"). */
export function PlansSection() {
  return (
    <LandingSection
      id="planos"
      eyebrow="Planos"
      title="Um plano para cada condomínio"
      description="Preços mensais por condomínio, com implantação em 2 a 4 semanas e suporte com resposta em até 2 horas."
    >
      <div data-billing-root>
        <BillingToggle />
        <ul className="grid gap-6 lg:grid-cols-3">
          {PLAN_LIST.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      </div>
      <div className="mt-10 flex flex-col items-center gap-3 text-center">
        <p className="text-muted-foreground">Administra vários condomínios ou precisa de uma integração específica?</p>
        <WhatsAppDemoLink>Falar com vendas</WhatsAppDemoLink>
      </div>
    </LandingSection>
  );
}
