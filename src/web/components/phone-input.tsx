/**
 * Every phone field of the console and the checkout (docs/product.md, "Telefones"): masks what is typed
 * ("(11) 98765-4321"), shows a stored E.164 value masked, and opens the phone keypad. The form's schema
 * (src/shared/phone.ts, phoneField / optionalPhone) turns the text into E.164 on submit.
 */
import type * as React from "react";
import { Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { maskPhone, PHONE_PLACEHOLDER, phoneInputText } from "@/shared/phone";
import { type AnyForm, Field } from "@/web/components/form-field";
import { Input } from "@/web/components/ui/input";

type PhoneInputProps = Omit<React.ComponentProps<typeof Input>, "type" | "inputMode" | "value" | "defaultValue"> & {
  value?: string | null;
  defaultValue?: string | null;
};

/**
 * A tel input that re-masks its text on every change, before the handler reads it; works bound to
 * react-hook-form's `register` (uncontrolled) and as a controlled input.
 */
export function PhoneInput({
  value,
  defaultValue,
  onChange,
  placeholder = PHONE_PLACEHOLDER,
  autoComplete = "tel",
  ...props
}: PhoneInputProps) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      placeholder={placeholder}
      {...props}
      value={value === undefined ? undefined : phoneInputText(value)}
      defaultValue={defaultValue === undefined ? undefined : phoneInputText(defaultValue)}
      onChange={(event) => {
        event.target.value = maskPhone(event.target.value);
        onChange?.(event);
      }}
    />
  );
}

/** A phone input bound to a form field, with its label, hint and inline error. */
export function PhoneField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  placeholder,
  className,
}: {
  form: AnyForm<T>;
  /** Also the input's id, so the API's field errors and the e2e tests can find it. */
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  hint?: React.ReactNode;
  placeholder?: string;
  className?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <Field
          id={name}
          label={label}
          required={required}
          hint={hint}
          error={fieldState.error?.message}
          className={className}
        >
          {(describedBy) => (
            <PhoneInput
              ref={field.ref}
              id={name}
              name={field.name}
              value={field.value ?? ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={placeholder}
              disabled={formState.isSubmitting}
              aria-required={required || undefined}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      )}
    />
  );
}
