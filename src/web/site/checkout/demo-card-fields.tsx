import { FlaskConical } from "lucide-react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { maskCardExpiry, maskCardNumber, onlyDigits } from "@/shared/br-format";
import { Field } from "@/web/components/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Input } from "@/web/components/ui/input";
import { masked } from "./billing-fields";
import type { CheckoutFormValues } from "./checkout-form-schema";

/** Demo mode's card fields and label (docs/product.md, "Checkout"): nothing is charged. */
export function DemoCardFields({
  register,
  errors,
}: {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
}) {
  const error = (name: "numero" | "validade" | "cvc") => errors.cartao?.[name]?.message;
  return (
    <div className="grid gap-4">
      <Alert>
        <FlaskConical aria-hidden="true" />
        <AlertTitle>Modo de demonstração: nenhum valor será cobrado</AlertTitle>
        <AlertDescription>
          Use o cartão de teste 4242 4242 4242 4242, com qualquer validade futura e qualquer CVC de 3 dígitos. O cartão
          4000 0000 0000 0002 simula uma recusa.
        </AlertDescription>
      </Alert>
      <div className="grid gap-4 sm:grid-cols-4">
        <Field id="cartao-numero" label="Número do cartão" required error={error("numero")} className="sm:col-span-2">
          {(describedBy) => (
            <Input
              id="cartao-numero"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="0000 0000 0000 0000"
              aria-describedby={describedBy}
              aria-invalid={!!error("numero")}
              {...masked(register("cartao.numero"), maskCardNumber)}
            />
          )}
        </Field>
        <Field id="cartao-validade" label="Validade (MM/AA)" required error={error("validade")}>
          {(describedBy) => (
            <Input
              id="cartao-validade"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              aria-describedby={describedBy}
              aria-invalid={!!error("validade")}
              {...masked(register("cartao.validade"), maskCardExpiry)}
            />
          )}
        </Field>
        <Field id="cartao-cvc" label="CVC" required error={error("cvc")}>
          {(describedBy) => (
            <Input
              id="cartao-cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              aria-describedby={describedBy}
              aria-invalid={!!error("cvc")}
              {...masked(register("cartao.cvc"), (v) => onlyDigits(v).slice(0, 3))}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
