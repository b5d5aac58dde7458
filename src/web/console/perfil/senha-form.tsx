import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff, KeyRound } from "lucide-react";
import { useState } from "react";
import { type FieldPath, get, type UseFormReturn, useForm, useFormState } from "react-hook-form";
import { type AlterarSenhaForm, alterarSenhaFormSchema } from "@/shared/schemas/perfil";
import { Field } from "@/web/components/form-field";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError, errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useAlterarSenha } from "./perfil.queries";

const TITLE_ID = "senha-titulo";
const EMPTY: AlterarSenhaForm = { currentPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS: readonly FieldPath<AlterarSenhaForm>[] = ["currentPassword", "newPassword", "confirmPassword"];

/**
 * "Senha": the current password, the new one twice. better-auth checks the current one, stores the
 * new one and ends every other session of the account (revokeOtherSessions), keeping this one.
 */
export function SenhaCard({ email }: { email: string | undefined }) {
  const alterar = useAlterarSenha();
  const form = useForm<AlterarSenhaForm>({ resolver: zodResolver(alterarSenhaFormSchema), defaultValues: EMPTY });
  const { isSubmitting } = useFormState({ control: form.control });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await alterar.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast.success("Senha alterada!", { description: "As outras sessões da sua conta foram encerradas." });
    } catch (error) {
      if (error instanceof ApiError) {
        // better-auth's code for a wrong current password; its generic text speaks of the e-mail too.
        if (error.code === "INVALID_PASSWORD") {
          form.setError("currentPassword", { message: "Senha atual incorreta" }, { shouldFocus: true });
          toast.error("Erro ao alterar a senha", { description: "A senha atual não confere." });
          return;
        }
        for (const field of error.fields) {
          if ((FIELDS as readonly string[]).includes(field.path))
            form.setError(field.path as FieldPath<AlterarSenhaForm>, { message: field.message });
        }
      }
      toast.error("Erro ao alterar a senha", { description: errorMessage(error) });
    }
  });

  return (
    <SectionCard
      icon={KeyRound}
      title="Senha"
      titleId={TITLE_ID}
      description="Ao alterar a senha, as outras sessões abertas da sua conta são encerradas."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={TITLE_ID} aria-busy={isSubmitting} className="grid gap-5">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ""} readOnly hidden />
        <PasswordField
          form={form}
          name="currentPassword"
          label="Senha atual"
          subject="senha atual"
          autoComplete="current-password"
          className="md:max-w-[calc(50%-0.625rem)]"
        />
        <div className="grid gap-5 md:grid-cols-2">
          <PasswordField
            form={form}
            name="newPassword"
            label="Nova senha"
            subject="nova senha"
            autoComplete="new-password"
            hint="Pelo menos 6 caracteres. Evite senhas comuns, como 123456."
          />
          <PasswordField
            form={form}
            name="confirmPassword"
            label="Confirme a nova senha"
            subject="confirmação da senha"
            autoComplete="new-password"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner />}
            {isSubmitting ? "Alterando..." : "Alterar senha"}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/** A password input bound to the form, with its own show/hide toggle named after the field. */
function PasswordField({
  form,
  name,
  label,
  autoComplete,
  subject,
  hint,
  className,
}: {
  form: UseFormReturn<AlterarSenhaForm>;
  name: FieldPath<AlterarSenhaForm>;
  label: string;
  /** What the toggle shows or hides: "Mostrar {subject}". */
  subject: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  className?: string;
}) {
  const [visible, setVisible] = useState(false);
  const { errors, isSubmitting } = useFormState({ control: form.control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <Field id={name} label={label} required hint={hint} error={error} className={className}>
      {(describedBy) => (
        <div className="relative">
          <Input
            id={name}
            type={visible ? "text" : "password"}
            autoComplete={autoComplete}
            className="pr-11"
            disabled={isSubmitting}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...form.register(name)}
          />
          <Button
            variant="ghost"
            size="icon-sm"
            className="absolute top-1/2 right-0.5 -translate-y-1/2 text-muted-foreground hover:bg-transparent"
            aria-label={visible ? `Ocultar ${subject}` : `Mostrar ${subject}`}
            aria-controls={name}
            disabled={isSubmitting}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </Button>
        </div>
      )}
    </Field>
  );
}
