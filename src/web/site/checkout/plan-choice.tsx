import { Check } from "lucide-react";
import {
  BILLING_CYCLES,
  BILLING_LABELS,
  type BillingCycle,
  formatBRL,
  PLAN_LIST,
  PLANS,
  type PlanId,
  YEARLY_DISCOUNT_HINT,
  YEARLY_DISCOUNT_LABEL,
} from "@/shared/plans";
import { Badge } from "@/web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Separator } from "@/web/components/ui/separator";
import { cn } from "@/web/lib/utils";

// Native radios: arrow keys, labels and form semantics for free; the cards are their labels.
const choiceClass =
  "flex cursor-pointer items-center justify-between gap-3 rounded-lg border bg-card p-3 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60";

export function PlanSelector({ value, onChange }: { value: PlanId; onChange: (plan: PlanId) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Plano</legend>
      {PLAN_LIST.map((plan) => (
        <label key={plan.id} className={choiceClass}>
          <span className="flex items-center gap-3">
            <input
              type="radio"
              name="plan"
              value={plan.id}
              checked={value === plan.id}
              onChange={() => onChange(plan.id)}
              className="size-4 accent-primary"
            />
            <span className="font-medium">{plan.nome}</span>
            {plan.popular && <Badge variant="secondary">Popular</Badge>}
          </span>
          <span className="text-muted-foreground">
            {plan.precoCentavos ? `a partir de ${formatBRL(plan.precoCentavos.yearly)}/mês` : "Sob consulta"}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm">Cobrança</legend>
      <div className="grid grid-cols-2 gap-2">
        {BILLING_CYCLES.map((cycle) => (
          <label key={cycle} className={cn(choiceClass, "justify-center")}>
            <input
              type="radio"
              name="billing"
              value={cycle}
              checked={value === cycle}
              onChange={() => onChange(cycle)}
              className="size-4 accent-primary"
            />
            <span className="font-medium">{BILLING_LABELS[cycle]}</span>
            {cycle === "yearly" && <Badge>{YEARLY_DISCOUNT_LABEL}</Badge>}
          </label>
        ))}
      </div>
      <p className="mt-2 text-muted-foreground text-xs">
        No plano anual: {YEARLY_DISCOUNT_LABEL} ({YEARLY_DISCOUNT_HINT.toLowerCase()}).
      </p>
    </fieldset>
  );
}

/** The chosen plan's price and features, from the shared catalogue (amounts in cents). */
export function PlanSummary({ plan, billing }: { plan: PlanId; billing: BillingCycle }) {
  const chosen = PLANS[plan];
  const prices = chosen.precoCentavos;
  return (
    <Card aria-labelledby="resumo-titulo">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="resumo-titulo">Resumo do pedido</h2>
        </CardTitle>
        <CardDescription>{chosen.descricao}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-baseline justify-between gap-2">
          <span className="font-semibold text-lg">
            Plano {chosen.nome}
            {chosen.popular && (
              <Badge variant="secondary" className="ml-2 align-middle">
                Popular
              </Badge>
            )}
          </span>
          <span className="text-muted-foreground text-sm">{BILLING_LABELS[billing]}</span>
        </div>
        <ul className="grid gap-2 text-sm">
          {chosen.recursosCheckout.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
        <Separator />
        {prices ? (
          <>
            <dl className="grid gap-1 text-sm">
              {billing === "yearly" && (
                <div className="flex justify-between text-muted-foreground">
                  <dt>Preço mensal sem desconto</dt>
                  <dd>
                    <s>{formatBRL(prices.monthly)}</s>
                  </dd>
                </div>
              )}
              <div className="flex items-baseline justify-between">
                <dt className="font-medium">
                  Total por mês
                  {billing === "yearly" && <Badge className="ml-2">{YEARLY_DISCOUNT_LABEL}</Badge>}
                </dt>
                <dd className="font-bold text-2xl" data-testid="checkout-total">
                  {formatBRL(prices[billing])}
                </dd>
              </div>
            </dl>
            <p className="text-muted-foreground text-xs">
              {billing === "yearly"
                ? "Compromisso de 12 meses, cobrado mês a mês. Hoje você paga a primeira mensalidade."
                : "Sem fidelidade: cancele quando quiser. Hoje você paga a primeira mensalidade."}
            </p>
          </>
        ) : (
          <p className="text-sm">
            <span className="font-bold text-2xl" data-testid="checkout-total">
              Sob consulta
            </span>
            <br />
            <span className="text-muted-foreground">Nenhuma cobrança agora: a proposta é feita com o nosso time.</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
