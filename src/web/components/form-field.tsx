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

function useBoundState<T extends FieldValues>(form: AnyForm<T>, name: FieldPath<T>) {
  const { errors, isSubmitting } = useFormState({ control: form.control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  return { error, disabled: isSubmitting };
}

/** A text input bound to a form field. */
export function InputField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  ...input
}: BoundProps<T> & Pick<React.ComponentProps<"input">, "type" | "inputMode" | "placeholder" | "min">) {
  const { error, disabled } = useBoundState(form, name);
  return (
    <Field id={name} label={label} required={required} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <Input
          id={name}
          autoComplete="off"
          {...input}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(name)}
        />
      )}
    </Field>
  );
}

/** A three-row textarea bound to a form field. */
export function TextareaField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  placeholder,
}: BoundProps<T> & { placeholder?: string }) {
  const { error, disabled } = useBoundState(form, name);
  return (
    <Field id={name} label={label} required={required} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <Textarea
          id={name}
          rows={3}
          placeholder={placeholder}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(name)}
        />
      )}
    </Field>
  );
}

/** A select bound to a form field; `disabled` adds the caller's reasons (choices still loading...). */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  placeholder,
  options,
  disabled = false,
  onValueChange,
}: BoundProps<T> & {
  placeholder: string;
  options: readonly (readonly [value: string, label: string])[];
  disabled?: boolean;
  /** Runs after the field changed, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
}) {
  const { error, disabled: submitting } = useBoundState(form, name);
  return (
    <Field id={name} label={label} required={required} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <Controller
          control={form.control}
          name={name}
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
                id={name}
                ref={field.ref}
                onBlur={field.onBlur}
                className="w-full"
                aria-required={required || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
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
    </Field>
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
  const { disabled } = useBoundState(form, name);
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
            disabled={disabled}
            aria-describedby={hintId}
          />
        )}
      />
    </div>
  );
}
