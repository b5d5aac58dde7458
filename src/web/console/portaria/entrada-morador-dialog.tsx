/**
 * "Entrada autorizada por morador": someone with no pass and no request, let in because a resident
 * said so at the gate or on the intercom. The porteiro names the unit, the resident who authorised
 * and the visitor; the shared schema's "morador" branch validates it as the API does.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { LogIn, UserCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { type FieldPath, useForm, useWatch } from "react-hook-form";
import { VISITA_TIPOS } from "@/shared/domain";
import { VISITA_TIPO_LABELS } from "@/shared/schemas/passes";
import { InputField, SelectField } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useRegistrarEntrada } from "@/web/console/acessos/acessos.queries";
import { UnidadeSelectField } from "@/web/console/unidades/unidade-select-field";
import { unidadeDetailOptions } from "@/web/console/unidades/unidades.queries";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { entradaMoradorSchema } from "./portaria-helpers";

type EntradaMoradorForm = {
  origem: "morador";
  unidade_id: string;
  autorizado_por_pessoa_id: string;
  nome: string;
  documento: string;
  tipo: (typeof VISITA_TIPOS)[number];
};

const DEFAULTS: EntradaMoradorForm = {
  origem: "morador",
  unidade_id: "",
  autorizado_por_pessoa_id: "",
  nome: "",
  documento: "",
  tipo: "visitante",
};

/** The fields the API's errors may name, in the order they appear. */
const FIELDS: FieldPath<EntradaMoradorForm>[] = ["unidade_id", "autorizado_por_pessoa_id", "nome", "documento", "tipo"];
const TIPO_OPTIONS = VISITA_TIPOS.map((t) => [t, VISITA_TIPO_LABELS[t]] as const);

export function EntradaMoradorDialog({ condominioId }: { condominioId: string }) {
  const [open, setOpen] = useState(false);
  const registrar = useRegistrarEntrada();
  const busy = registrar.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" className="h-14 w-full text-base sm:w-auto">
          <UserCheck className="size-6" aria-hidden="true" />
          Entrada autorizada por morador
        </Button>
      </DialogTrigger>
      <DialogContent busy={busy}>
        <DialogHeader>
          <DialogTitle>Entrada autorizada por morador</DialogTitle>
          <DialogDescription>
            Para quem chegou sem passe nem solicitação e foi liberado por um morador, na portaria ou pelo interfone.
          </DialogDescription>
        </DialogHeader>
        <EntradaMoradorFormView condominioId={condominioId} registrar={registrar} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EntradaMoradorFormView({
  condominioId,
  registrar,
  onDone,
}: {
  condominioId: string;
  registrar: ReturnType<typeof useRegistrarEntrada>;
  onDone: () => void;
}) {
  const form = useForm({ resolver: zodResolver(entradaMoradorSchema), defaultValues: DEFAULTS });
  const submitting = form.formState.isSubmitting;
  const unidadeId = useWatch({ control: form.control, name: "unidade_id" }) ?? "";

  const unidade = useQuery({ ...unidadeDetailOptions(unidadeId), enabled: !!unidadeId });
  const moradores = unidade.data?.moradores_ativos ?? [];

  // A unit with one resident: that is who authorised. Never overrides a choice already made.
  const onlyMorador = moradores.length === 1 ? moradores[0]!.pessoa_id : undefined;
  useEffect(() => {
    if (onlyMorador && !form.getValues("autorizado_por_pessoa_id"))
      form.setValue("autorizado_por_pessoa_id", onlyMorador, { shouldValidate: form.formState.isSubmitted });
  }, [form, onlyMorador]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const acesso = await registrar.mutateAsync(values);
      toast.success("Entrada registrada", { description: `${acesso.nome} entrou no condomínio.` });
      onDone();
    } catch (error) {
      reportSaveError(form, error, FIELDS, "Não foi possível registrar a entrada");
    }
  });

  let moradorPlaceholder = "Selecione o morador";
  if (!unidadeId) moradorPlaceholder = "Selecione a unidade primeiro";
  else if (unidade.isPending) moradorPlaceholder = "Carregando moradores...";
  else if (unidade.isError) moradorPlaceholder = "Moradores indisponíveis";
  else if (moradores.length === 0) moradorPlaceholder = "Nenhum morador ativo nesta unidade";

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <UnidadeSelectField
        form={form}
        name="unidade_id"
        condominioId={condominioId}
        onValueChange={() =>
          form.setValue("autorizado_por_pessoa_id", "", { shouldValidate: form.formState.isSubmitted })
        }
      />
      <SelectField
        // Remount per unit, so the previous unit's resident never lingers on screen.
        key={unidadeId}
        form={form}
        name="autorizado_por_pessoa_id"
        label="Morador que autorizou"
        required
        placeholder={moradorPlaceholder}
        options={moradores.map((m) => [m.pessoa_id, m.is_responsavel ? `${m.nome} (responsável)` : m.nome] as const)}
        disabled={!unidadeId || unidade.isPending || moradores.length === 0}
        hint={unidadeId && unidade.isError ? errorMessage(unidade.error) : undefined}
      />
      <InputField form={form} name="nome" label="Nome do visitante" required placeholder="Nome completo" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField form={form} name="documento" label="Documento" placeholder="RG ou CPF (opcional)" />
        <SelectField
          form={form}
          name="tipo"
          label="Tipo"
          required
          placeholder="Selecione o tipo"
          options={TIPO_OPTIONS}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" size="lg" disabled={submitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? <Spinner /> : <LogIn aria-hidden="true" />}
          Registrar entrada
        </Button>
      </DialogFooter>
    </form>
  );
}
