/**
 * "Cartão" (docs/decisions/045-plans-and-billing.md): in demo mode the checkout's test card fields; with
 * Stripe the card is changed on Stripe's customer portal, which the button opens.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { CreditCard, ExternalLink, Save } from "lucide-react";
import type * as React from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { maskCardExpiry, maskCardNumber, onlyDigits } from "@/shared/br-format";
import { type DemoCardInput, demoCardSchema } from "@/shared/schemas/checkout";
import type { FaturamentoResumo } from "@/shared/schemas/faturamento";
import { Field } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useTrocarCartao } from "../faturamento.queries";

const cartaoFormSchema = z.object({ cartao: demoCardSchema });
type CartaoForm = { cartao: DemoCardInput };
const CAMPOS = ["cartao.numero", "cartao.validade", "cartao.cvc"] as const;
const VAZIO: CartaoForm = { cartao: { numero: "", validade: "", cvc: "" } };

function DemoCartaoForm() {
  const trocar = useTrocarCartao();
  const form = useForm<CartaoForm, unknown, z.output<typeof cartaoFormSchema>>({
    resolver: zodResolver(cartaoFormSchema),
    defaultValues: VAZIO,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { resumo } = await trocar.mutateAsync(values.cartao);
      form.reset(VAZIO);
      toast.success("Cartão atualizado", {
        description: resumo.cartao
          ? `As próximas cobranças vão para o cartão final ${resumo.cartao.final}.`
          : undefined,
      });
    } catch (error) {
      reportSaveError(form, error, CAMPOS, "Não foi possível alterar o cartão");
    }
  });

  /** A masked text input: what is typed is re-formatted before react-hook-form reads it. */
  function masked(name: (typeof CAMPOS)[number], mask: (value: string) => string) {
    const field = form.register(name);
    return {
      ...field,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.target.value = mask(event.target.value);
        return field.onChange(event);
      },
    };
  }

  const erro = (name: "numero" | "validade" | "cvc") => errors.cartao?.[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={isSubmitting || undefined}>
      <p className="text-muted-foreground text-sm">
        Use o cartão de teste 4242 4242 4242 4242, com qualquer validade futura e qualquer CVC de 3 dígitos. O cartão
        4000 0000 0000 0002 simula uma recusa.
      </p>
      <div className="grid gap-4 sm:grid-cols-4">
        <Field id="cartao-numero" label="Número do cartão" required error={erro("numero")} className="sm:col-span-2">
          {(describedBy) => (
            <Input
              id="cartao-numero"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="0000 0000 0000 0000"
              disabled={isSubmitting}
              aria-describedby={describedBy}
              aria-invalid={!!erro("numero") || undefined}
              {...masked("cartao.numero", maskCardNumber)}
            />
          )}
        </Field>
        <Field id="cartao-validade" label="Validade (MM/AA)" required error={erro("validade")}>
          {(describedBy) => (
            <Input
              id="cartao-validade"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              disabled={isSubmitting}
              aria-describedby={describedBy}
              aria-invalid={!!erro("validade") || undefined}
              {...masked("cartao.validade", maskCardExpiry)}
            />
          )}
        </Field>
        <Field id="cartao-cvc" label="CVC" required error={erro("cvc")}>
          {(describedBy) => (
            <Input
              id="cartao-cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              disabled={isSubmitting}
              aria-describedby={describedBy}
              aria-invalid={!!erro("cvc") || undefined}
              {...masked("cartao.cvc", (v) => onlyDigits(v).slice(0, 3))}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <Spinner /> : <Save aria-hidden="true" />}
          {isSubmitting ? "Salvando..." : "Salvar cartão"}
        </Button>
      </div>
    </form>
  );
}

function PortalButton() {
  const trocar = useTrocarCartao();
  async function abrir() {
    try {
      const { portal_url } = await trocar.mutateAsync(undefined);
      if (portal_url) window.location.assign(portal_url);
    } catch (error) {
      toast.error("Não foi possível abrir o portal de pagamento", { description: errorMessage(error) });
    }
  }
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        O cartão é alterado no portal de pagamento da Stripe, em uma página segura. Ao terminar, você volta para cá.
      </p>
      <Button className="w-full sm:w-fit" disabled={trocar.isPending} onClick={() => void abrir()}>
        {trocar.isPending ? <Spinner /> : <ExternalLink aria-hidden="true" />}
        Alterar cartão
      </Button>
    </div>
  );
}

export function CartaoCard({ resumo }: { resumo: FaturamentoResumo }) {
  if (resumo.modo === "contrato") return null;
  if (resumo.modo === "stripe" && !resumo.portal_disponivel) return null;
  return (
    <SectionCard
      icon={CreditCard}
      title="Cartão"
      description={
        resumo.cartao
          ? `As cobranças vão para o cartão final ${resumo.cartao.final}. Troque-o aqui.`
          : "O cartão das próximas cobranças."
      }
    >
      {resumo.modo === "demo" ? <DemoCartaoForm /> : <PortalButton />}
    </SectionCard>
  );
}
