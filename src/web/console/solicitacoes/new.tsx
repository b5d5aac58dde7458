import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { ArrowLeft, Info } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { SOLICITACAO_TIPOS } from "@/shared/domain";
import { type SolicitacaoCreateInput, solicitacaoCreateSchema } from "@/shared/schemas/solicitacoes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { tipoLabel } from "@/shared/status-catalogue";
import { Field } from "@/web/components/form-field";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { consoleTitle } from "@/web/console/placeholder-page";
import { ApiError, errorMessage } from "@/web/lib/api";
import type { Route } from "./+types/new";
import { condominioOptions, unidadeOptions } from "./lookups.queries";
import { useCreateSolicitacao } from "./solicitacoes.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Solicitação");

const LIST = "/app/solicitacoes";

const DEFAULTS = {
  condominio_id: "",
  unidade_id: "",
  tipo: "visitante",
  nome_visitante: "",
  doc_visitante: "",
  telefone_visitante: "",
  motivo: "",
  expiracao_em: "",
} satisfies SolicitacaoCreateInput;

type FieldName = keyof typeof DEFAULTS;

function Group({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={titleId} className="text-lg">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <fieldset aria-labelledby={titleId} className="grid min-w-0 gap-4 md:grid-cols-2">
          {children}
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** New access request (SPEC.md sections 2.6 and 5): the API's own zod schema validates the form. */
export default function NovaSolicitacaoPage() {
  const navigate = useNavigate();
  const create = useCreateSolicitacao();
  const form = useForm({
    resolver: zodResolver(solicitacaoCreateSchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;
  const condominioId = useWatch({ control: form.control, name: "condominio_id" }) ?? "";

  const condominios = useQuery(condominioOptions());
  const unidades = useQuery(unidadeOptions(condominioId));
  const condominioChoices = (condominios.data ?? []).filter((c) => c.enabled);
  const unidadeChoices = (unidades.data ?? []).filter((u) => u.enabled);

  const busy = isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success("Solicitação criada!", { description: `Solicitação para ${values.nome_visitante} registrada.` });
      navigate(LIST);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if (field.path in DEFAULTS) form.setError(field.path as FieldName, { message: field.message });
        }
      }
      toast.error("Erro ao criar solicitação", { description: errorMessage(error) });
    }
  });

  let condominioPlaceholder = "Selecione um condomínio";
  if (condominios.isPending) condominioPlaceholder = "Carregando condomínios...";
  else if (condominios.isError) condominioPlaceholder = "Condomínios indisponíveis";
  else if (condominioChoices.length === 0) condominioPlaceholder = "Nenhum condomínio cadastrado";

  let unidadePlaceholder = "Selecione uma unidade";
  if (!condominioId) unidadePlaceholder = "Selecione um condomínio primeiro";
  else if (unidades.isPending) unidadePlaceholder = "Carregando unidades...";
  else if (unidades.isError) unidadePlaceholder = "Unidades indisponíveis";
  else if (unidadeChoices.length === 0) unidadePlaceholder = "Nenhuma unidade ativa neste condomínio";

  // The datetime-local picker starts at the current minute; the schema checks "in the future".
  const minExpiracao = format(new Date(), "yyyy-MM-dd'T'HH:mm");

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="flex items-start gap-2">
        <Button asChild variant="ghost" size="icon" className="mt-0.5 shrink-0">
          <Link to={LIST} aria-label="Voltar para solicitações">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <PageHeader
          className="min-w-0 flex-1"
          title="Nova Solicitação"
          description="Cadastre uma solicitação de acesso para um visitante ou prestador de serviço."
        />
      </div>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-busy={busy}>
        <p className="text-muted-foreground text-sm">
          Campos marcados com{" "}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
          <span className="sr-only">asterisco</span> são obrigatórios.
        </p>

        <Group title="Localização" description="Onde o visitante vai entrar.">
          <Field id="condominio_id" label="Condomínio" required error={errors.condominio_id?.message}>
            {(describedBy) => (
              <Controller
                control={form.control}
                name="condominio_id"
                render={({ field }) => (
                  <Select
                    value={field.value ?? ""}
                    onValueChange={(value) => {
                      field.onChange(value);
                      form.setValue("unidade_id", "", { shouldValidate: form.formState.isSubmitted });
                    }}
                    disabled={busy || condominios.isPending || condominioChoices.length === 0}
                  >
                    <SelectTrigger
                      id="condominio_id"
                      ref={field.ref}
                      onBlur={field.onBlur}
                      aria-required="true"
                      aria-invalid={errors.condominio_id ? true : undefined}
                      aria-describedby={describedBy}
                    >
                      <SelectValue placeholder={condominioPlaceholder} />
                    </SelectTrigger>
                    <SelectContent>
                      {condominioChoices.map((c) => (
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
          {condominios.isError && (
            <div className="text-destructive text-sm md:col-span-2" role="alert">
              Não foi possível carregar os condomínios: {errorMessage(condominios.error)}{" "}
              <Button variant="link" className="h-auto p-0" onClick={() => void condominios.refetch()}>
                Tentar novamente
              </Button>
            </div>
          )}

          <Field id="unidade_id" label="Unidade" required error={errors.unidade_id?.message}>
            {(describedBy) => (
              <Controller
                control={form.control}
                name="unidade_id"
                render={({ field }) => (
                  <Select
                    // Remount per condominium, so the previous condominium's choice never lingers.
                    key={condominioId}
                    value={field.value ?? ""}
                    onValueChange={field.onChange}
                    disabled={busy || !condominioId || unidades.isPending || unidadeChoices.length === 0}
                  >
                    <SelectTrigger
                      id="unidade_id"
                      ref={field.ref}
                      onBlur={field.onBlur}
                      aria-required="true"
                      aria-invalid={errors.unidade_id ? true : undefined}
                      aria-describedby={describedBy}
                    >
                      <SelectValue placeholder={unidadePlaceholder} />
                    </SelectTrigger>
                    <SelectContent>
                      {unidadeChoices.map((u) => (
                        <SelectItem key={u.id} value={u.id}>
                          {unidadeLabel(u)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          {condominioId && unidades.isError && (
            <div className="text-destructive text-sm md:col-span-2" role="alert">
              Não foi possível carregar as unidades: {errorMessage(unidades.error)}{" "}
              <Button variant="link" className="h-auto p-0" onClick={() => void unidades.refetch()}>
                Tentar novamente
              </Button>
            </div>
          )}

          <Field id="tipo" label="Tipo de visita" required error={errors.tipo?.message}>
            {(describedBy) => (
              <Controller
                control={form.control}
                name="tipo"
                render={({ field }) => (
                  <Select value={field.value ?? ""} onValueChange={field.onChange} disabled={busy}>
                    <SelectTrigger
                      id="tipo"
                      ref={field.ref}
                      onBlur={field.onBlur}
                      aria-required="true"
                      aria-invalid={errors.tipo ? true : undefined}
                      aria-describedby={describedBy}
                    >
                      <SelectValue placeholder="Selecione o tipo de visita" />
                    </SelectTrigger>
                    <SelectContent>
                      {SOLICITACAO_TIPOS.map((tipo) => (
                        <SelectItem key={tipo} value={tipo}>
                          {tipoLabel(tipo)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
        </Group>

        <Group title="Dados do Visitante" description="Quem vai entrar no condomínio.">
          <Field
            id="nome_visitante"
            label="Nome completo"
            required
            error={errors.nome_visitante?.message}
            className="md:col-span-2"
          >
            {(describedBy) => (
              <Input
                id="nome_visitante"
                autoComplete="off"
                placeholder="Nome do visitante"
                disabled={busy}
                aria-required="true"
                aria-invalid={errors.nome_visitante ? true : undefined}
                aria-describedby={describedBy}
                {...form.register("nome_visitante")}
              />
            )}
          </Field>
          <Field id="doc_visitante" label="Documento" error={errors.doc_visitante?.message}>
            {(describedBy) => (
              <Input
                id="doc_visitante"
                autoComplete="off"
                placeholder="RG ou CPF"
                disabled={busy}
                aria-invalid={errors.doc_visitante ? true : undefined}
                aria-describedby={describedBy}
                {...form.register("doc_visitante")}
              />
            )}
          </Field>
          <Field id="telefone_visitante" label="Telefone" error={errors.telefone_visitante?.message}>
            {(describedBy) => (
              <Input
                id="telefone_visitante"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="(11) 99999-9999"
                disabled={busy}
                aria-invalid={errors.telefone_visitante ? true : undefined}
                aria-describedby={describedBy}
                {...form.register("telefone_visitante")}
              />
            )}
          </Field>
        </Group>

        <Group title="Informações Adicionais" description="Motivo da visita e validade da solicitação.">
          <Field id="motivo" label="Motivo da visita" error={errors.motivo?.message} className="md:col-span-2">
            {(describedBy) => (
              <Textarea
                id="motivo"
                rows={3}
                placeholder="Ex.: entrega, visita familiar, manutenção"
                disabled={busy}
                aria-invalid={errors.motivo ? true : undefined}
                aria-describedby={describedBy}
                {...form.register("motivo")}
              />
            )}
          </Field>
          <Field
            id="expiracao_em"
            label="Expira em"
            hint="Opcional. Depois desse momento, a solicitação pendente expira."
            error={errors.expiracao_em?.message}
          >
            {(describedBy) => (
              <Input
                id="expiracao_em"
                type="datetime-local"
                min={minExpiracao}
                disabled={busy}
                aria-invalid={errors.expiracao_em ? true : undefined}
                aria-describedby={describedBy}
                {...form.register("expiracao_em")}
              />
            )}
          </Field>
        </Group>

        <div className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950 text-sm dark:border-blue-400/30 dark:bg-blue-400/10 dark:text-blue-100">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            A solicitação será criada com status <strong>Pendente</strong> e os moradores da unidade serão notificados
            para autorizar ou negar o acesso.
          </p>
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to={LIST}>Cancelar</Link>
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            {busy ? "Criando..." : "Criar Solicitação"}
          </Button>
        </div>
      </form>
    </div>
  );
}
