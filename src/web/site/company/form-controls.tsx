import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/utils";

/**
 * A labelled form field of the public forms. Validation there is the browser's own (required,
 * type=email), so the asterisk is only a visual cue: the `required` attribute is what assistive
 * technology announces.
 */
export function FormField({
  htmlFor,
  label,
  required = false,
  hint,
  hintId,
  className,
  children,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
  hint?: React.ReactNode;
  /** Reference it from the control's aria-describedby. */
  hintId?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A native <select>: unlike a custom listbox it takes part in the browser's required-field check and
 * opens the system picker on phones. Give it an empty first option as the placeholder.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-1 pr-9 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/20",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          className,
        )}
        {...props}
      />
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

/** The note above a public form explaining the asterisk. */
export function RequiredFieldsNote() {
  return (
    <p className="text-muted-foreground text-sm">
      Campos marcados com{" "}
      <span className="text-destructive" aria-hidden="true">
        *
      </span>
      <span className="sr-only">asterisco</span> são obrigatórios.
    </p>
  );
}
