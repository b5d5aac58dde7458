import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { type Pessoa, type PessoaInput, pessoaInputSchema } from "@/shared/schemas/pessoas";
import { Field } from "@/web/components/form-field";
import { InfoNote } from "@/web/components/registry";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { Switch } from "@/web/components/ui/switch";
import { condominioOptions } from "@/web/console/solicitacoes/lookups.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { useSavePessoa } from "./pessoas.queries";

export const LIST = "/app/pessoas";
const FIELDS = ["condominio_id", "nome", "documento", "telefone_e164", "email", "pbx_ramal", "foto_url"] as const;
type TextField = Exclude<(typeof FIELDS)[number], "condominio_id">;

/** Person form (SPEC.md sections 2.8 and 5). */
export function PessoaForm({ pessoa, condominioId }: { pessoa?: Pessoa; condominioId?: string }) {
  const editing = !!pessoa;
  const navigate = useNavigate();
  const save = useSavePessoa(pessoa?.id);
  const condominios = useQuery(condominioOptions());
  const form = useForm<PessoaInput>({
    resolver: zodResolver(pessoaInputSchema),
    defaultValues: {
      condominio_id: pessoa?.condominio_id ?? condominioId ?? "",
      nome: pessoa?.nome ?? "",
      documento: pessoa?.documento ?? "",
      telefone_e164: pessoa?.telefone_e164 ?? "",
      email: pessoa?.email ?? "",
      pbx_ramal: pessoa?.pbx_ramal ?? "",
      foto_url: pessoa?.foto_url ?? "",
      ativo: pessoa?.ativo ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const choices = (condominios.data ?? []).filter((c) => c.enabled || c.id === pessoa?.condominio_id);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(editing ? "Pessoa atualizada!" : "Pessoa criada!");
      navigate(LIST);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if ((FIELDS as readonly string[]).includes(field.path))
            form.setError(field.path as (typeof FIELDS)[number], { message: field.message });
        }
      }
      toast.error(editing ? "Erro ao atualizar pessoa" : "Erro ao criar pessoa", { description: errorMessage(error) });
    }
  });

  let placeholder = "Selecione um condomínio";
  if (condominios.isPending) placeholder = "Carregando condomínios...";
  else if (condominios.isError) placeholder = "Condomínios indisponíveis";
  else if (choices.length === 0) placeholder = "Nenhum condomínio cadastrado";

  const text = (
    name: TextField,
    label: string,
    opts: { placeholder?: string; type?: string; required?: boolean; hint?: string; wide?: boolean } = {},
  ) => (
    <Field
      id={name}
      label={label}
      required={opts.required}
      hint={opts.hint}
      error={errors[name]?.message}
      className={opts.wide ? "md:col-span-2" : undefined}
    >
      {(describedBy) => (
        <Input
          id={name}
          type={opts.type ?? "text"}
          autoComplete="off"
          placeholder={opts.placeholder}
          disabled={isSubmitting}
          aria-required={opts.required || undefined}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(name)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-busy={isSubmitting}>
      <Card>
        <CardContent className="grid gap-5 px-4 sm:px-6 md:grid-cols-2">
          <Field
            id="condominio_id"
            label="Condomínio"
            required
            error={errors.condominio_id?.message}
            className="md:col-span-2"
          >
            {(describedBy) => (
              <Controller
                control={form.control}
                name="condominio_id"
                render={({ field }) => (
                  <Select
                    value={field.value ?? ""}
                    onValueChange={field.onChange}
                    disabled={isSubmitting || condominios.isPending || choices.length === 0}
                  >
                    <SelectTrigger
                      id="condominio_id"
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                      aria-required="true"
                      aria-invalid={errors.condominio_id ? true : undefined}
                      aria-describedby={describedBy}
                    >
                      <SelectValue placeholder={placeholder} />
                    </SelectTrigger>
                    <SelectContent>
                      {choices.map((c) => (
                        <SelectItem key={c.id} value={c.id}>
                          {c.nome}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          {text("nome", "Nome completo", { required: true, placeholder: "Nome da pessoa", wide: true })}
          {text("documento", "Documento", { placeholder: "RG ou CPF" })}
          {text("email", "E-mail", { type: "email", placeholder: "nome@exemplo.com" })}
          {text("telefone_e164", "Telefone", {
            type: "tel",
            placeholder: "+5511999999999",
            hint: "Formato internacional, com + e o código do país.",
          })}
          {text("pbx_ramal", "Ramal", { placeholder: "Ex.: 2101" })}
          {text("foto_url", "URL da foto", { type: "url", placeholder: "https://...", wide: true })}
          <div className="flex items-center justify-between gap-4 rounded-lg border p-4 md:col-span-2">
            <div className="space-y-1">
              <Label htmlFor="ativo">Pessoa ativa</Label>
              <p id="ativo-hint" className="text-muted-foreground text-sm">
                Pessoas inativas não são chamadas para autorizar acessos.
              </p>
            </div>
            <Controller
              control={form.control}
              name="ativo"
              render={({ field }) => (
                <Switch
                  id="ativo"
                  ref={field.ref}
                  checked={field.value ?? true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={isSubmitting}
                  aria-describedby="ativo-hint"
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <InfoNote>
        {editing
          ? "As alterações serão aplicadas imediatamente no sistema."
          : "Após criar a pessoa, você poderá associá-la a unidades e definir permissões."}
      </InfoNote>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={LIST}>Cancelar</Link>
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Salvando..." : editing ? "Salvar alterações" : "Criar Pessoa"}
        </Button>
      </div>
    </form>
  );
}
