import { Check } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { type CheckoutChoice, checkoutHref } from "@/shared/plan-params";
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

// Links, not radios: each choice is the checkout's URL for it (?plan=&billing=), so a click works
// before hydration (the server answers with that choice's pre-rendered page) and without
// JavaScript; once hydrated, React Router swaps the summary in place. `aria-current` marks the choice.
const choiceClass =
  "flex items-center justify-between gap-3 rounded-lg border bg-card p-3 text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=true]:border-primary aria-[current=true]:bg-primary/5";

function ChoiceMark({ chosen }: { chosen: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-4 shrink-0 items-center justify-center rounded-full border",
        chosen ? "border-primary" : "border-muted-foreground/60",
      )}
    >
      {chosen && <span className="size-2 rounded-full bg-primary" />}
    </span>
  );
}

function ChoiceLink({
  to,
  chosen,
  className,
  children,
}: {
  to: string;
  chosen: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={chosen ? "true" : undefined}
      className={cn(choiceClass, className)}
    >
      {children}
    </Link>
  );
}

export function PlanSelector({ value }: { value: CheckoutChoice }) {
  return (
    <nav aria-labelledby="checkout-plano" className="grid gap-2">
      <h2 id="checkout-plano" className="mb-2 font-medium text-sm">
        Plano
      </h2>
      {PLAN_LIST.map((plan) => (
        <ChoiceLink key={plan.id} to={checkoutHref({ ...value, plan: plan.id })} chosen={value.plan === plan.id}>
          <span className="flex items-center gap-3">
            <ChoiceMark chosen={value.plan === plan.id} />
            <span className="font-medium">{plan.nome}</span>
            {plan.popular && <Badge variant="secondary">Popular</Badge>}
          </span>
          <span className="text-muted-foreground">
            {plan.precoCentavos ? `a partir de ${formatBRL(plan.precoCentavos.yearly)}/mês` : "Sob consulta"}
          </span>
        </ChoiceLink>
      ))}
    </nav>
  );
}

export function BillingToggle({ value }: { value: CheckoutChoice }) {
  return (
    <nav aria-labelledby="checkout-cobranca">
      <h2 id="checkout-cobranca" className="mb-2 font-medium text-sm">
        Cobrança
      </h2>
      <div className="grid grid-cols-2 gap-2">
        {BILLING_CYCLES.map((cycle) => (
          <ChoiceLink
            key={cycle}
            to={checkoutHref({ ...value, billing: cycle })}
            chosen={value.billing === cycle}
            className="justify-center"
          >
            <ChoiceMark chosen={value.billing === cycle} />
            <span className="font-medium">{BILLING_LABELS[cycle]}</span>
            {cycle === "yearly" && <Badge>{YEARLY_DISCOUNT_LABEL}</Badge>}
          </ChoiceLink>
        ))}
      </div>
      <p className="mt-2 text-muted-foreground text-xs">
        No plano anual: {YEARLY_DISCOUNT_LABEL} ({YEARLY_DISCOUNT_HINT.toLowerCase()}).
      </p>
    </nav>
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
