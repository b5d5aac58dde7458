/**
 * "Novo visitante": the porteiro registers who is at the gate without leaving Portaria. The request
 * is created at this condominium and gate, when the device knows its gate (the shared schema
 * validates it as the API does), the residents are told, and the visitor shows up in "Aguardando
 * decisão" on the same screen.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { SOLICITACAO_TIPOS } from "@/shared/domain";
import type { Portao } from "@/shared/schemas/portoes";
import { type SolicitacaoCreateInput, solicitacaoCreateSchema } from "@/shared/schemas/solicitacoes";
import { tipoLabel } from "@/shared/status-catalogue";
import { InputField, SelectField, TextareaField } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { PhoneField } from "@/web/components/phone-input";
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
import { useCreateSolicitacao } from "@/web/console/solicitacoes/solicitacoes.queries";
import { UnidadeSelectField } from "@/web/console/unidades/unidade-select-field";
import { toast } from "@/web/lib/toast";

type Form = Required<Omit<SolicitacaoCreateInput, "expiracao_em" | "portao_id">>;

/** The fields the API's errors may name, in the order they appear. */
const FIELDS: FieldPath<Form>[] = [
  "unidade_id",
  "nome_visitante",
  "tipo",
  "doc_visitante",
  "telefone_visitante",
  "motivo",
];
const TIPO_OPTIONS = SOLICITACAO_TIPOS.map((tipo) => [tipo, tipoLabel(tipo)] as const);

export function NovoVisitanteDialog({
  condominioId,
  portao,
}: {
  condominioId: string;
  /** The gate this device works at, if known: the request names it. */
  portao?: Pick<Portao, "id" | "nome">;
}) {
  const [open, setOpen] = useState(false);
  const create = useCreateSolicitacao();
  const busy = create.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="lg" className="h-14 w-full text-base sm:w-auto">
          <UserPlus className="size-6" aria-hidden="true" />
          Novo visitante
        </Button>
      </DialogTrigger>
      <DialogContent busy={busy} className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Novo visitante</DialogTitle>
          <DialogDescription>
            Quem está na portaria e para qual unidade. Os moradores recebem o aviso para autorizar ou negar.
            {portao && ` Portão: ${portao.nome}.`}
          </DialogDescription>
        </DialogHeader>
        <NovoVisitanteForm
          // A fresh form per opening, for the next visitor.
          key={String(open)}
          condominioId={condominioId}
          portaoId={portao?.id}
          create={create}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function NovoVisitanteForm({
  condominioId,
  portaoId,
  create,
  onDone,
}: {
  condominioId: string;
  portaoId: string | undefined;
  create: ReturnType<typeof useCreateSolicitacao>;
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(solicitacaoCreateSchema),
    defaultValues: {
      condominio_id: condominioId,
      unidade_id: "",
      tipo: "visitante",
      nome_visitante: "",
      doc_visitante: "",
      telefone_visitante: "",
      motivo: "",
    } satisfies Form,
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(portaoId ? { ...values, portao_id: portaoId } : values);
      toast.success(`Solicitação de ${created.nome_visitante} criada`, {
        description: "Os moradores foram avisados. Acompanhe em “Aguardando decisão”.",
      });
      onDone();
    } catch (error) {
      reportSaveError(form, error, FIELDS, "Não foi possível criar a solicitação");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <UnidadeSelectField form={form} name="unidade_id" condominioId={condominioId} />
      <InputField form={form} name="nome_visitante" label="Nome do visitante" required placeholder="Nome completo" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          form={form}
          name="tipo"
          label="Tipo"
          required
          placeholder="Selecione o tipo"
          options={TIPO_OPTIONS}
        />
        <InputField form={form} name="doc_visitante" label="Documento" placeholder="RG ou CPF (opcional)" />
      </div>
      <PhoneField form={form} name="telefone_visitante" label="Telefone do visitante" />
      <TextareaField form={form} name="motivo" label="Motivo" placeholder="Ex.: entrega, visita, manutenção" />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" size="lg" disabled={submitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? <Spinner /> : <UserPlus aria-hidden="true" />}
          Avisar moradores
        </Button>
      </DialogFooter>
    </form>
  );
}
