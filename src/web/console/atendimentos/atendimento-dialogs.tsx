/**
 * The dialogs of a conversation a person handles: "Registrar solicitação" (the request for the visitor
 * they talked to: the unit, the name, the kind of visit) and "Encerrar" (just close, or tell the
 * visitor "Entrada não autorizada").
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ClipboardPlus, PhoneOff } from "lucide-react";
import { useId, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import type { z } from "zod";
import { SOLICITACAO_TIPOS } from "@/shared/domain";
import {
  type Atendimento,
  type AtendimentoSolicitacaoInput,
  atendimentoSolicitacaoInputSchema,
} from "@/shared/schemas/atendimentos";
import { tipoLabel } from "@/shared/status-catalogue";
import { InputField, SelectField } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { UnidadeSelectField } from "@/web/console/unidades/unidade-select-field";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { useEncerrarAtendimento, useRegistrarSolicitacao } from "./atendimentos.queries";

const TIPO_OPTIONS = SOLICITACAO_TIPOS.map((tipo) => [tipo, tipoLabel(tipo)] as const);
const FIELDS: FieldPath<AtendimentoSolicitacaoInput>[] = ["unidade_id", "nome_visitante", "tipo"];

interface DialogProps {
  atendimento: Atendimento;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it may be gone (the request registered, the conversation closed). */
  onCloseAutoFocus: (event: Event) => void;
}

/** "Registrar solicitação": what the attendant found out is filled in; the porteiro completes it. */
export function RegistrarSolicitacaoDialog({ atendimento, open, onOpenChange, onCloseAutoFocus }: DialogProps) {
  const registrar = useRegistrarSolicitacao(atendimento.id);
  const busy = registrar.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent busy={busy} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Registrar solicitação</DialogTitle>
          <DialogDescription>
            Para o visitante desta conversa, em {atendimento.condominio_nome}
            {atendimento.portao_nome ? `, portão ${atendimento.portao_nome}` : ""}. Os moradores recebem o aviso para
            autorizar ou negar, e o visitante acompanha pelo totem.
          </DialogDescription>
        </DialogHeader>
        {open && <RegistrarForm atendimento={atendimento} registrar={registrar} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RegistrarForm({
  atendimento,
  registrar,
  onDone,
}: {
  atendimento: Atendimento;
  registrar: ReturnType<typeof useRegistrarSolicitacao>;
  onDone: () => void;
}) {
  const form = useForm<AtendimentoSolicitacaoInput, unknown, z.output<typeof atendimentoSolicitacaoInputSchema>>({
    resolver: zodResolver(atendimentoSolicitacaoInputSchema),
    defaultValues: {
      unidade_id: atendimento.unidade?.id ?? "",
      nome_visitante: atendimento.nome_visitante ?? "",
      tipo: atendimento.tipo ?? "visitante",
    },
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await registrar.mutateAsync(values);
      toast.success(`Solicitação de ${values.nome_visitante} registrada`, {
        description: "Os moradores foram avisados.",
      });
      onDone();
    } catch (error) {
      reportSaveError(form, error, FIELDS, "Não foi possível registrar a solicitação");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <UnidadeSelectField form={form} name="unidade_id" condominioId={atendimento.condominio_id} />
      <InputField form={form} name="nome_visitante" label="Nome do visitante" required placeholder="Nome completo" />
      <SelectField
        form={form}
        name="tipo"
        label="Tipo"
        required
        placeholder="Selecione o tipo"
        options={TIPO_OPTIONS}
      />
      <DialogFormFooter
        submitting={submitting}
        label="Registrar solicitação"
        pendingLabel="Registrando..."
        icon={<ClipboardPlus aria-hidden="true" />}
      />
    </form>
  );
}

type Desfecho = "encerrar" | "negado";

const DESFECHOS: { value: Desfecho; label: string; description: string }[] = [
  {
    value: "encerrar",
    label: "Apenas encerrar",
    description: "A conversa termina e o totem volta ao início, pronto para o próximo visitante.",
  },
  {
    value: "negado",
    label: "Entrada não autorizada",
    description: "O visitante vê “Entrada não autorizada” no totem.",
  },
];

/** "Encerrar": a choice between closing and refusing the entry, then the confirmation button. */
export function EncerrarDialog({ atendimento, open, onOpenChange, onCloseAutoFocus }: DialogProps) {
  const encerrar = useEncerrarAtendimento(atendimento.id);
  const [desfecho, setDesfecho] = useState<Desfecho>("encerrar");
  const busy = encerrar.isPending;
  const name = useId();

  function change(next: boolean) {
    if (busy) return;
    if (next) setDesfecho("encerrar");
    onOpenChange(next);
  }

  async function confirmar() {
    try {
      await encerrar.mutateAsync(desfecho === "negado" ? "negado" : undefined);
      toast.success("Atendimento encerrado", {
        description: desfecho === "negado" ? "O visitante foi avisado: entrada não autorizada." : undefined,
      });
      onOpenChange(false);
    } catch (error) {
      toast.error("Não foi possível encerrar o atendimento", { description: errorMessage(error) });
      onOpenChange(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent busy={busy} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Encerrar atendimento</DialogTitle>
          <DialogDescription>
            {atendimento.nome_visitante ? `A conversa com ${atendimento.nome_visitante}` : "A conversa"} termina agora.
            Não é possível reabrir.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirmar();
          }}
        >
          <fieldset className="grid gap-2" disabled={busy}>
            <legend className="mb-2 font-medium text-sm">O que dizer ao visitante</legend>
            {DESFECHOS.map((d) => (
              <label
                key={d.value}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                  desfecho === d.value && "border-primary bg-primary/5",
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={d.value}
                  checked={desfecho === d.value}
                  onChange={() => setDesfecho(d.value)}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="grid gap-0.5">
                  <span className="font-medium text-sm">{d.label}</span>
                  <span className="text-muted-foreground text-sm">{d.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" variant={desfecho === "negado" ? "destructive" : "default"} disabled={busy}>
              {busy ? <Spinner /> : <PhoneOff aria-hidden="true" />}
              {busy ? "Encerrando..." : "Encerrar atendimento"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
