/**
 * A form field: its label, the control, an optional hint and its inline error, linked by
 * aria-describedby. The bound variants wire a react-hook-form field to the control and take its
 * error and the form's "submitting" state (which disables it) from the form itself.
 */
import type * as React from "react";
import { Controller, type FieldPath, type FieldValues, get, type UseFormReturn, useFormState } from "react-hook-form";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Switch } from "@/web/components/ui/switch";
import { Textarea } from "@/web/components/ui/textarea";
import { cn } from "@/web/lib/utils";

export function Field({
  id,
  label,
  required,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string;
  children: (describedBy: string | undefined) => React.ReactNode;
  className?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid min-w-0 content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** The forms' useForm result; the transformed (submitted) type does not matter to a field. */
// biome-ignore lint/suspicious/noExplicitAny: any output type, as useForm's own default allows
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

interface BoundProps<T extends FieldValues> {
  form: AnyForm<T>;
  /** Also the control's id, so the API's field errors and the e2e tests can find it. */
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  hint?: React.ReactNode;
  className?: string;
}

/** The props every bound control takes: its id, the submitting state and the error/hint links. */
interface ControlProps {
  id: string;
  disabled: boolean;
  "aria-required": true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A Field whose error and disabled state come from the form; `children` draws the control. */
function BoundField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  children,
}: BoundProps<T> & { children: (control: ControlProps) => React.ReactNode }) {
  const { errors, isSubmitting } = useFormState({ control: form.control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <Field id={name} label={label} required={required} hint={hint} error={error} className={className}>
      {(describedBy) =>
        children({
          id: name,
          disabled: isSubmitting,
          "aria-required": required || undefined,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy,
        })
      }
    </Field>
  );
}

/** A text input bound to a form field. */
export function InputField<T extends FieldValues>({
  type,
  inputMode,
  placeholder,
  min,
  autoComplete = "off",
  ...bound
}: BoundProps<T> & Pick<React.ComponentProps<"input">, "type" | "inputMode" | "placeholder" | "min" | "autoComplete">) {
  return (
    <BoundField {...bound}>
      {(control) => (
        <Input
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          min={min}
          {...control}
          {...bound.form.register(bound.name)}
        />
      )}
    </BoundField>
  );
}

/** A three-row textarea bound to a form field. */
export function TextareaField<T extends FieldValues>({
  placeholder,
  ...bound
}: BoundProps<T> & { placeholder?: string }) {
  return (
    <BoundField {...bound}>
      {(control) => <Textarea rows={3} placeholder={placeholder} {...control} {...bound.form.register(bound.name)} />}
    </BoundField>
  );
}

/** A select bound to a form field; `disabled` adds the caller's reasons (choices still loading...). */
export function SelectField<T extends FieldValues>({
  placeholder,
  options,
  disabled = false,
  onValueChange,
  wrap = false,
  ...bound
}: BoundProps<T> & {
  placeholder: string;
  options: readonly (readonly [value: string, label: string])[];
  disabled?: boolean;
  /** Runs after the field changed, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
  /** The chosen label wraps in the closed select rather than widening it (long labels, a 360 px phone). */
  wrap?: boolean;
}) {
  return (
    <BoundField {...bound}>
      {({ disabled: submitting, ...control }) => (
        <Controller
          control={bound.form.control}
          name={bound.name}
          render={({ field }) => (
            <Select
              value={field.value ?? ""}
              onValueChange={(value) => {
                field.onChange(value);
                onValueChange?.(value);
              }}
              disabled={submitting || disabled}
            >
              <SelectTrigger
                ref={field.ref}
                onBlur={field.onBlur}
                className={cn(
                  "w-full",
                  wrap &&
                    "whitespace-normal py-1.5 text-left data-[size=default]:h-auto data-[size=default]:min-h-9 *:data-[slot=select-value]:line-clamp-none",
                )}
                {...control}
              >
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map(([value, optionLabel]) => (
                  <SelectItem key={value} value={value}>
                    {optionLabel}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </BoundField>
  );
}

/** An on/off switch bound to a boolean form field (on unless false), with its label and explanation. */
export function SwitchField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
}: Omit<BoundProps<T>, "required"> & { hint: string }) {
  const { isSubmitting } = useFormState({ control: form.control, name });
  const hintId = `${name}-hint`;
  return (
    <div className={cn("flex items-center justify-between gap-4 rounded-lg border p-4", className)}>
      <div className="space-y-1">
        <Label htmlFor={name}>{label}</Label>
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      </div>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch
            id={name}
            ref={field.ref}
            checked={field.value ?? true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={isSubmitting}
            aria-describedby={hintId}
          />
        )}
      />
    </div>
  );
}
