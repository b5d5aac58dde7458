/**
 * The frame of the console's create/edit forms: the cards of fields, an optional informational note
 * and the footer with "Cancelar" and the submit button, plus the save handler every form shares.
 */
import { Info } from "lucide-react";
import type * as React from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useFormState } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { AnyForm } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError, errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";

/** The blue informational panel of the forms. */
function InfoNote({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950 text-sm dark:border-blue-400/30 dark:bg-blue-400/10 dark:text-blue-100",
        className,
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/** A card of fields: one column, or two from the medium breakpoint with `className="md:grid-cols-2"`. */
export function FormCard({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className={cn("grid gap-5 px-4 sm:px-6", className)}>{children}</CardContent>
    </Card>
  );
}

/**
 * The <form> (validated by the schema, not the browser), its fields, the note and the footer. While
 * saving, the submit button shows `pendingLabel` and a spinner.
 */
export function FormLayout<T extends FieldValues>({
  form,
  onSubmit,
  note,
  cancelTo,
  submitLabel,
  pendingLabel = "Salvando...",
  children,
}: {
  form: AnyForm<T>;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  note?: React.ReactNode;
  cancelTo: string;
  submitLabel: string;
  pendingLabel?: string;
  children: React.ReactNode;
}) {
  const { isSubmitting } = useFormState({ control: form.control });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-busy={isSubmitting}>
      {children}
      {note && <InfoNote>{note}</InfoNote>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelTo}>Cancelar</Link>
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * A failed save in a dialog: the fields the API names get its messages inline, the toast says what
 * failed, and the first field in error takes the focus once the form is enabled again.
 */
export function reportSaveError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError" | "setFocus">,
  error: unknown,
  fields: readonly FieldPath<T>[],
  title: string,
) {
  let first: FieldPath<T> | undefined;
  if (error instanceof ApiError) {
    for (const field of error.fields) {
      const name = fields.find((f) => f === field.path);
      if (!name) continue;
      form.setError(name, { message: field.message });
      first ??= name;
    }
  }
  toast.error(title, { description: errorMessage(error) });
  // After the form is enabled again, or the focus would land on a disabled field.
  if (first) setTimeout(() => form.setFocus(first), 0);
}

/**
 * The submit handler of a form that saves through the API: on success the toast and the way back
 * to `goTo`; on failure the fields the API names get its messages inline (the server checks more
 * than the schema: uniqueness, references) and the error toast says what failed.
 */
export function useSaveHandler<T extends FieldValues, Output, Saved = unknown>(
  form: UseFormReturn<T, unknown, Output>,
  {
    fields,
    save,
    success,
    successDescription,
    errorTitle,
    goTo,
    afterSave,
  }: {
    /** The fields the API's errors may name. */
    fields: readonly FieldPath<T>[];
    save: (values: Output) => Promise<Saved>;
    success: string;
    successDescription?: (values: Output) => string;
    errorTitle: string;
    /** Where to go next: a fixed screen, or the record just saved. */
    goTo: string | ((saved: Saved) => string);
    /**
     * After the success toast and the navigation: a follow-up whose own toast must be the one left
     * visible (the console shows one at a time), such as a photo that failed to upload.
     */
    afterSave?: (saved: Saved) => void;
  },
) {
  const navigate = useNavigate();
  return form.handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      toast.success(success, successDescription && { description: successDescription(values) });
      navigate(typeof goTo === "function" ? goTo(saved) : goTo);
      afterSave?.(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if ((fields as readonly string[]).includes(field.path))
            form.setError(field.path as FieldPath<T>, { message: field.message });
        }
      }
      toast.error(errorTitle, { description: errorMessage(error) });
    }
  });
}
