import { Check } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
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
import { ToggleGroup, ToggleGroupItem } from "@/web/components/ui/toggle-group";
import { cn } from "@/web/lib/utils";
import { LandingSection } from "./section";
import { WhatsAppDemoLink } from "./whatsapp-link";

function checkoutHref(plan: Plan, billing: BillingCycle) {
  return `/checkout?${new URLSearchParams({ plan: plan.id, billing })}`;
}

function BillingToggle({ billing, onChange }: { billing: BillingCycle; onChange: (billing: BillingCycle) => void }) {
  return (
    <div className="mb-10 flex flex-col items-center gap-2">
      <ToggleGroup
        type="single"
        aria-label="Ciclo de cobrança"
        value={billing}
        // Radix reports "" when the pressed option is clicked again; one cycle is always chosen.
        onValueChange={(value) => value && onChange(value as BillingCycle)}
      >
        <ToggleGroupItem value="monthly">{BILLING_LABELS.monthly}</ToggleGroupItem>
        <ToggleGroupItem value="yearly">
          {BILLING_LABELS.yearly}
          <Badge variant="default">{YEARLY_DISCOUNT_LABEL}</Badge>
        </ToggleGroupItem>
      </ToggleGroup>
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

function PlanCard({ plan, billing }: { plan: Plan; billing: BillingCycle }) {
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
        <PlanPrice plan={plan} billing={billing} />
      </div>
      <ul className="mb-8 flex-1 space-y-3 text-sm">
        {plan.recursos.map((recurso) => (
          <li key={recurso} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {recurso}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant={plan.popular ? "default" : "outline"}>
        <Link to={checkoutHref(plan, billing)}>Escolher {plan.nome}</Link>
      </Button>
    </li>
  );
}

/** Plans from the shared catalogue, with the monthly/yearly toggle (yearly by default, SPEC.md section 9). */
export function PlansSection() {
  const [billing, setBilling] = useState<BillingCycle>(DEFAULT_BILLING);
  return (
    <LandingSection
      id="planos"
      eyebrow="Planos"
      title="Um plano para cada condomínio"
      description="Preços mensais por condomínio, com implantação em 2 a 4 semanas e suporte com resposta em até 2 horas."
    >
      <BillingToggle billing={billing} onChange={setBilling} />
      <ul className="grid gap-6 lg:grid-cols-3">
        {PLAN_LIST.map((plan) => (
          <PlanCard key={plan.id} plan={plan} billing={billing} />
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center gap-3 text-center">
        <p className="text-muted-foreground">Administra vários condomínios ou precisa de uma integração específica?</p>
        <WhatsAppDemoLink>Falar com vendas</WhatsAppDemoLink>
      </div>
    </LandingSection>
  );
}
