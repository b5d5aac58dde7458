/**
 * "Novo visitante": the porteiro registers who is at the gate without leaving Portaria. The request
 * is created at this condominium and gate, when the device knows its gate (the shared schema
 * validates it as the API does), the residents are told, and the visitor shows up in "Aguardando
 * decisão" on the same screen. The visitor's photo may be taken here too (docs/decisions/039-visitor-photos.md):
 * sent right after the request is created; a failed upload leaves the request created and offers to
 * send the same photo again, here or later on the request's detail (fotos-pendentes.ts).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Send, UserPlus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { SOLICITACAO_TIPOS } from "@/shared/domain";
import type { Portao } from "@/shared/schemas/portoes";
import { type SolicitacaoCreateInput, solicitacaoCreateSchema } from "@/shared/schemas/solicitacoes";
import { tipoLabel } from "@/shared/status-catalogue";
import { InputField, SelectField, TextareaField } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { PendingPhotoPicker } from "@/web/components/pending-photo-picker";
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
import { enviarFotoDaNovaSolicitacao } from "@/web/console/solicitacoes/fotos-pendentes";
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
  // The photo's upload follows the creation: the dialog stays open until both are done.
  const [enviandoFoto, setEnviandoFoto] = useState(false);
  const busy = create.isPending || enviandoFoto;
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
          onEnviandoFoto={setEnviandoFoto}
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
  onEnviandoFoto,
  onDone,
}: {
  condominioId: string;
  portaoId: string | undefined;
  create: ReturnType<typeof useCreateSolicitacao>;
  onEnviandoFoto: (enviando: boolean) => void;
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
  const [foto, setFoto] = useState<Blob | null>(null);
  // The request was created but its photo was not sent: the form gives way to the retry.
  const [falha, setFalha] = useState<{ id: string; nome: string; erro: string } | null>(null);

  function criada(nome: string) {
    toast.success(`Solicitação de ${nome} criada`, {
      description: "Os moradores foram avisados. Acompanhe em “Aguardando decisão”.",
    });
    onDone();
  }

  async function enviar(id: string, nome: string, blob: Blob) {
    onEnviandoFoto(true);
    try {
      const erro = await enviarFotoDaNovaSolicitacao(id, blob);
      if (erro) setFalha({ id, nome, erro });
      else criada(nome);
    } finally {
      onEnviandoFoto(false);
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    let created: Awaited<ReturnType<typeof create.mutateAsync>>;
    try {
      created = await create.mutateAsync(portaoId ? { ...values, portao_id: portaoId } : values);
    } catch (error) {
      reportSaveError(form, error, FIELDS, "Não foi possível criar a solicitação");
      return;
    }
    if (foto) await enviar(created.id, created.nome_visitante, foto);
    else criada(created.nome_visitante);
  });

  if (falha && foto)
    return (
      <FotoNaoEnviada
        nome={falha.nome}
        erro={falha.erro}
        onEnviar={() => enviar(falha.id, falha.nome, foto)}
        onFechar={() => {
          // The photo stays pending: the request's detail still offers to send it.
          toast.warning(`Solicitação de ${falha.nome} criada sem a foto`, {
            description: "Os moradores foram avisados. Envie a foto depois no detalhe da solicitação.",
          });
          onDone();
        }}
      />
    );

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
      <FotoVisitante foto={foto} onFoto={setFoto} disabled={submitting} />
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

/**
 * "Foto do visitante", optional, as on the new-request form: taken (the tablet's rear camera) or
 * chosen, previewed, and sent once the request exists.
 */
function FotoVisitante({
  foto,
  onFoto,
  disabled,
}: {
  foto: Blob | null;
  onFoto: (foto: Blob | null) => void;
  disabled: boolean;
}) {
  const titleId = useId();
  const hintId = useId();
  return (
    <fieldset aria-labelledby={titleId} className="grid min-w-0 gap-2" data-testid="foto-visitante">
      <p id={titleId} className="font-medium text-sm">
        Foto do visitante <span className="font-normal text-muted-foreground">(opcional)</span>
      </p>
      <p id={hintId} className="text-muted-foreground text-sm">
        Ajuda o morador a reconhecer quem está no portão. É apagada após o prazo de retenção do condomínio.
      </p>
      <PendingPhotoPicker
        foto={foto}
        onFoto={onFoto}
        disabled={disabled}
        describedBy={hintId}
        readyText="Foto pronta: será enviada ao avisar os moradores."
        compact
      />
    </fieldset>
  );
}

/** The request exists but its photo did not go: send the same photo again, or close without it. */
function FotoNaoEnviada({
  nome,
  erro,
  onEnviar,
  onFechar,
}: {
  nome: string;
  erro: string;
  onEnviar: () => Promise<void>;
  onFechar: () => void;
}) {
  const [enviando, setEnviando] = useState(false);
  const retry = useRef<HTMLButtonElement>(null);
  // The form's submit button is gone: the focus moves to what the porteiro may do now.
  useEffect(() => retry.current?.focus(), []);
  return (
    <div className="grid gap-4" data-testid="foto-nao-enviada">
      <div
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
      >
        <p className="break-words">
          A solicitação de {nome} foi criada e os moradores foram avisados, mas a foto não foi enviada: {erro}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" size="lg" disabled={enviando} onClick={onFechar}>
          Fechar sem a foto
        </Button>
        <Button
          ref={retry}
          size="lg"
          aria-busy={enviando || undefined}
          onClick={async () => {
            if (enviando) return;
            setEnviando(true);
            try {
              await onEnviar();
            } finally {
              setEnviando(false);
            }
          }}
        >
          {enviando ? <Spinner /> : <Send aria-hidden="true" />}
          Enviar a foto de novo
        </Button>
      </DialogFooter>
    </div>
  );
}
