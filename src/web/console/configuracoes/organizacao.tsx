/**
 * Configurações → Organização (docs/product.md, "Organização"): the administradora's name, CNPJ and contacts, which
 * invitations and e-mails carry. The CNPJ is stored as digits and the phone in E.164 (docs/product.md,
 * "Telefones"); both are edited with their masks.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Building2, Save, Undo2 } from "lucide-react";
import type * as React from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { maskCnpj } from "@/shared/br-format";
import { type Organizacao, type OrganizacaoInput, organizacaoInputSchema } from "@/shared/schemas/organizacao";
import { ErrorState } from "@/web/components/error-state";
import { Field, InputField } from "@/web/components/form-field";
import { PhoneField } from "@/web/components/phone-input";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/organizacao";
import { useApiSubmit } from "./campos";
import { organizacaoOptions, useSalvarOrganizacao } from "./configuracoes.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Organização");

const FIELDS = ["nome", "cnpj", "telefone", "email"] as const;

type Saida = z.output<typeof organizacaoInputSchema>;
type Form = UseFormReturn<OrganizacaoInput, unknown, Saida>;

/** What the form starts from: every field a string (empty for none), the CNPJ masked (the phone input masks itself). */
function toValores(org: Organizacao): OrganizacaoInput {
  return {
    nome: org.nome,
    cnpj: org.cnpj ? maskCnpj(org.cnpj) : "",
    telefone: org.telefone ?? "",
    email: org.email ?? "",
  };
}

/** A text input that re-masks what is typed (digits only reach the server, the schema strips the rest). */
function MaskedField({
  form,
  name,
  label,
  mask,
  placeholder,
  hint,
}: {
  form: Form;
  name: "cnpj";
  label: string;
  mask: (value: string) => string;
  placeholder: string;
  hint?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <Field id={name} label={label} hint={hint} error={fieldState.error?.message}>
          {(describedBy) => (
            <Input
              ref={field.ref}
              id={name}
              name={field.name}
              inputMode="numeric"
              autoComplete="off"
              placeholder={placeholder}
              value={field.value ?? ""}
              onChange={(event) => field.onChange(mask(event.target.value))}
              onBlur={field.onBlur}
              disabled={formState.isSubmitting}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      )}
    />
  );
}

function OrganizacaoForm({ organizacao }: { organizacao: Organizacao }) {
  const salvar = useSalvarOrganizacao();
  const form: Form = useForm<OrganizacaoInput, unknown, Saida>({
    resolver: zodResolver(organizacaoInputSchema),
    defaultValues: toValores(organizacao),
  });
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = useApiSubmit(form, FIELDS, "Não foi possível salvar os dados", async (values) => {
    const saved = await salvar.mutateAsync(values);
    // The saved data become the new baseline: the button goes back to "nothing to save".
    form.reset(toValores(saved));
    toast.success("Dados da organização salvos");
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={isSubmitting || undefined}>
      <div className="grid gap-5 md:grid-cols-2">
        <InputField
          form={form}
          name="nome"
          label="Nome da administradora"
          required
          autoComplete="organization"
          placeholder="Ex.: Administradora Exemplo Ltda."
          className="md:col-span-2"
        />
        <MaskedField form={form} name="cnpj" label="CNPJ" mask={maskCnpj} placeholder="00.000.000/0000-00" />
        <PhoneField form={form} name="telefone" label="Telefone de contato" />
        <InputField
          form={form}
          name="email"
          label="E-mail de contato"
          type="email"
          placeholder="contato@administradora.com.br"
          hint="Para onde convidados e moradores respondem."
          className="md:col-span-2"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {isDirty && !isSubmitting && (
          <p className="text-muted-foreground text-sm sm:mr-auto" aria-live="polite">
            Há alterações não salvas.
          </p>
        )}
        <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
          <Undo2 aria-hidden="true" />
          Descartar alterações
        </Button>
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? <Spinner /> : <Save aria-hidden="true" />}
          {isSubmitting ? "Salvando..." : "Salvar alterações"}
        </Button>
      </div>
    </form>
  );
}

export default function OrganizacaoPage() {
  const query = useQuery(organizacaoOptions());
  let content: React.ReactNode;
  if (query.data) content = <OrganizacaoForm organizacao={query.data} />;
  else if (query.isError)
    content = (
      <ErrorState
        title="Não foi possível carregar os dados da organização."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else content = <LoadingState message="Carregando dados da organização..." className="py-10" />;

  return (
    <SectionCard
      icon={Building2}
      title="Dados da organização"
      description="Estes dados aparecem nos convites e nos e-mails enviados em nome da administradora."
    >
      {content}
    </SectionCard>
  );
}
