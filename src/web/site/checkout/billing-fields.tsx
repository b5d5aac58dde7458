import type * as React from "react";
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from "react-hook-form";
import { maskCep, maskCnpj } from "@/shared/br-format";
import { Field } from "@/web/components/form-field";
import { PhoneInput } from "@/web/components/phone-input";
import { Input } from "@/web/components/ui/input";
import type { CheckoutFormValues } from "./checkout-form-schema";

/** Rewrites the input's value through `mask` before react-hook-form reads it. */
export function masked(registration: UseFormRegisterReturn, mask: (value: string) => string) {
  return {
    ...registration,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      return registration.onChange(event);
    },
  };
}

type ClienteField = keyof CheckoutFormValues["cliente"];

interface TextFieldProps extends Omit<React.ComponentProps<typeof Input>, "name"> {
  name: ClienteField;
  label: string;
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  required?: boolean;
  mask?: (value: string) => string;
  /** The shared phone input (docs/product.md, "Telefones"), which masks itself. */
  phone?: boolean;
  className?: string;
}

function TextField({ name, label, register, errors, required, mask, phone, className, ...input }: TextFieldProps) {
  const id = `cliente-${name}`;
  const registration = register(`cliente.${name}`);
  return (
    <Field id={id} label={label} required={required} error={errors.cliente?.[name]?.message} className={className}>
      {(describedBy) => {
        const control = {
          id,
          "aria-describedby": describedBy,
          "aria-invalid": !!errors.cliente?.[name],
          "aria-required": required,
        };
        if (phone) return <PhoneInput {...control} {...registration} placeholder={input.placeholder} />;
        return <Input {...control} {...(mask ? masked(registration, mask) : registration)} {...input} />;
      }}
    </Field>
  );
}

/** The billing form (docs/product.md, "Checkout"): contact, company and billing address. */
export function BillingFields({
  register,
  errors,
}: {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
}) {
  const common = { register, errors };
  return (
    <div className="grid gap-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-4 font-semibold text-base">Dados de contato</legend>
        <TextField
          {...common}
          name="nome"
          label="Nome Completo"
          required
          autoComplete="name"
          className="sm:col-span-2"
        />
        <TextField
          {...common}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          placeholder="voce@condominio.com.br"
        />
        <TextField {...common} name="telefone" label="Telefone" required phone placeholder="(11) 99999-9999" />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-4 font-semibold text-base">Empresa</legend>
        <TextField {...common} name="empresa" label="Nome da Empresa/Condomínio" required autoComplete="organization" />
        <TextField
          {...common}
          name="cnpj"
          label="CNPJ (opcional)"
          inputMode="numeric"
          placeholder="00.000.000/0000-00"
          mask={maskCnpj}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-4 font-semibold text-base">Endereço de cobrança</legend>
        <TextField
          {...common}
          name="cep"
          label="CEP"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          mask={maskCep}
          className="sm:col-span-2"
        />
        <TextField {...common} name="rua" label="Rua" required autoComplete="address-line1" className="sm:col-span-4" />
        <TextField {...common} name="numero" label="Número" required className="sm:col-span-2" />
        <TextField
          {...common}
          name="complemento"
          label="Complemento (opcional)"
          autoComplete="address-line2"
          className="sm:col-span-4"
        />
        <TextField {...common} name="bairro" label="Bairro" required className="sm:col-span-2" />
        <TextField
          {...common}
          name="cidade"
          label="Cidade"
          required
          autoComplete="address-level2"
          className="sm:col-span-3"
        />
        <TextField
          {...common}
          name="estado"
          label="Estado"
          required
          maxLength={2}
          autoComplete="address-level1"
          placeholder="SP"
          className="sm:col-span-1"
          mask={(v) => v.toUpperCase()}
        />
      </fieldset>
    </div>
  );
}
