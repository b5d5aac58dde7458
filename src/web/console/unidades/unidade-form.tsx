import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { type UnidadeInput, unidadeInputSchema } from "@/shared/schemas/unidades";
import { Field } from "@/web/components/form-field";
import { InfoNote } from "@/web/components/registry";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { Switch } from "@/web/components/ui/switch";
import { Textarea } from "@/web/components/ui/textarea";
import { condominioOptions } from "@/web/console/solicitacoes/lookups.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { type UnidadeDetail, useSaveUnidade } from "./unidades.queries";

export const LIST = "/app/unidades";
const FIELDS = ["condominio_id", "codigo", "torre", "pbx_ramal", "observacoes"] as const;

/** Unit form (SPEC.md sections 2.9 and 5). */
export function UnidadeForm({ unidade, condominioId }: { unidade?: UnidadeDetail; condominioId?: string }) {
  const editing = !!unidade;
  const navigate = useNavigate();
  const save = useSaveUnidade(unidade?.id);
  const condominios = useQuery(condominioOptions());
  const form = useForm<UnidadeInput>({
    resolver: zodResolver(unidadeInputSchema),
    defaultValues: {
      condominio_id: unidade?.condominio_id ?? condominioId ?? "",
      codigo: unidade?.codigo ?? "",
      torre: unidade?.torre ?? "",
      pbx_ramal: unidade?.pbx_ramal ?? "",
      observacoes: unidade?.observacoes ?? "",
      enabled: unidade?.enabled ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const choices = (condominios.data ?? []).filter((c) => c.enabled || c.id === unidade?.condominio_id);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(editing ? "Unidade atualizada!" : "Unidade criada!");
      navigate(LIST);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if ((FIELDS as readonly string[]).includes(field.path))
            form.setError(field.path as (typeof FIELDS)[number], { message: field.message });
        }
      }
      toast.error(editing ? "Erro ao atualizar unidade" : "Erro ao criar unidade", {
        description: errorMessage(error),
      });
    }
  });

  let placeholder = "Selecione um condomínio";
  if (condominios.isPending) placeholder = "Carregando condomínios...";
  else if (condominios.isError) placeholder = "Condomínios indisponíveis";
  else if (choices.length === 0) placeholder = "Nenhum condomínio cadastrado";

  const text = (name: "codigo" | "torre" | "pbx_ramal", label: string, hint: string, required = false) => (
    <Field id={name} label={label} required={required} error={errors[name]?.message}>
      {(describedBy) => (
        <Input
          id={name}
          autoComplete="off"
          placeholder={hint}
          disabled={isSubmitting}
          aria-required={required || undefined}
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
          {text("codigo", "Código", "Ex.: 101", true)}
          {text("torre", "Torre", "Ex.: Torre A")}
          {text("pbx_ramal", "Ramal", "Ex.: 2101")}
          <Field id="observacoes" label="Observações" error={errors.observacoes?.message} className="md:col-span-2">
            {(describedBy) => (
              <Textarea
                id="observacoes"
                rows={3}
                disabled={isSubmitting}
                aria-invalid={errors.observacoes ? true : undefined}
                aria-describedby={describedBy}
                {...form.register("observacoes")}
              />
            )}
          </Field>
          <div className="flex items-center justify-between gap-4 rounded-lg border p-4 md:col-span-2">
            <div className="space-y-1">
              <Label htmlFor="enabled">Unidade ativa</Label>
              <p id="enabled-hint" className="text-muted-foreground text-sm">
                Unidades inativas não recebem novas solicitações.
              </p>
            </div>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id="enabled"
                  ref={field.ref}
                  checked={field.value ?? true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={isSubmitting}
                  aria-describedby="enabled-hint"
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      {!editing && <InfoNote>Após criar a unidade, você poderá associar moradores a ela.</InfoNote>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={LIST}>Cancelar</Link>
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Salvando..." : editing ? "Salvar alterações" : "Criar Unidade"}
        </Button>
      </div>
    </form>
  );
}
