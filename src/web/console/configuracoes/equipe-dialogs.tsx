/**
 * The team screen's dialogs: inviting, changing a member's role, and the confirmation of the
 * destructive actions (removing a member, revoking an invitation).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Send, UserPlus } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { InvitableRole } from "@/shared/domain";
import { ROLE_LABELS } from "@/shared/permissions";
import {
  CONVITE_VALIDADE_DIAS,
  type ConviteInput,
  conviteInputSchema,
  type Membro,
  type PapelInput,
  papelInputSchema,
} from "@/shared/schemas/equipe";
import { InputField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogAviso,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type RowDialogProps,
} from "@/web/components/ui/dialog";
import { toast } from "@/web/lib/toast";
import { type PessoaEscolhida, PessoaPicker, RoleSelect, useApiSubmit } from "./campos";
import { useAlterarPapel, useConvidar } from "./configuracoes.queries";

const CONVITE_FIELDS = ["email", "papel", "pessoa_id"] as const;
const PAPEL_FIELDS = ["papel", "pessoa_id"] as const;
const PAPEL_DESCRICAO_ID = "papel-dialog-descricao";
const AVISO_ID = "papel-dialog-aviso";

/** "Convidar": the button and its dialog. The form mounts with the dialog, so each opening starts empty. */
export function ConvidarDialog() {
  const [open, setOpen] = useState(false);
  const convidar = useConvidar();
  const busy = convidar.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Convidar
        </Button>
      </DialogTrigger>
      <DialogContent busy={busy}>
        <DialogHeader>
          <DialogTitle>Convidar para a equipe</DialogTitle>
          <DialogDescription>
            Enviaremos um e-mail com um link válido por {CONVITE_VALIDADE_DIAS} dias para a pessoa entrar com o papel
            escolhido.
          </DialogDescription>
        </DialogHeader>
        <ConviteForm onSent={() => setOpen(false)} convidar={convidar} />
      </DialogContent>
    </Dialog>
  );
}

function ConviteForm({ convidar, onSent }: { convidar: ReturnType<typeof useConvidar>; onSent: () => void }) {
  const form = useForm<ConviteInput>({
    resolver: zodResolver(conviteInputSchema),
    defaultValues: { email: "", pessoa_id: null },
  });
  const [pessoa, setPessoa] = useState<PessoaEscolhida | null>(null);
  const papel = useWatch({ control: form.control, name: "papel" });
  const submitting = form.formState.isSubmitting;

  const onSubmit = useApiSubmit(form, CONVITE_FIELDS, "Não foi possível enviar o convite", async (values) => {
    const convite = await convidar.mutateAsync(values);
    toast.success(`Convite enviado para ${convite.email}`, {
      description: `Papel: ${ROLE_LABELS[convite.papel]}. O link vale por ${CONVITE_VALIDADE_DIAS} dias.`,
    });
    onSent();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <InputField
        form={form}
        name="email"
        label="E-mail"
        type="email"
        required
        placeholder="nome@exemplo.com"
        hint="O endereço que receberá o convite; a pessoa entrará com ele."
      />
      <PapelEPessoa form={form} papel={papel} pessoa={pessoa} setPessoa={setPessoa} disabled={submitting} />
      <DialogFormFooter
        submitting={submitting}
        label="Enviar convite"
        pendingLabel="Enviando..."
        icon={<Send aria-hidden="true" />}
      />
    </form>
  );
}

/**
 * The role choice and, for a morador only, the person record. Leaving morador clears the person:
 * the API refuses a person on any other role's invitation or change.
 */
function PapelEPessoa({
  form,
  papel,
  pessoa,
  setPessoa,
  disabled,
}: {
  // Both forms have these two fields; their other fields do not matter here.
  form: ReturnType<typeof useForm<PapelInput>> | ReturnType<typeof useForm<ConviteInput>>;
  papel: InvitableRole | undefined;
  pessoa: PessoaEscolhida | null;
  setPessoa: (pessoa: PessoaEscolhida | null) => void;
  disabled: boolean;
}) {
  const f = form as unknown as ReturnType<typeof useForm<PapelInput>>;
  return (
    <>
      <Controller
        control={f.control}
        name="papel"
        render={({ field, fieldState }) => (
          <RoleSelect
            id="papel"
            triggerRef={field.ref}
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              f.setValue("pessoa_id", next === "morador" ? (pessoa?.id ?? null) : null, {
                shouldValidate: f.formState.isSubmitted,
              });
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            disabled={disabled}
          />
        )}
      />
      {papel === "morador" && (
        <Controller
          control={f.control}
          name="pessoa_id"
          render={({ field, fieldState }) => (
            <PessoaPicker
              id="pessoa_id"
              searchRef={field.ref}
              value={pessoa}
              onChange={(next) => {
                setPessoa(next);
                field.onChange(next?.id ?? null);
              }}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
      )}
    </>
  );
}

/** "Alterar papel" of one member; controlled by the list, which opens it from the row's menu. */
export function PapelDialog({
  membro,
  onOpenChange,
  onCloseAutoFocus,
}: RowDialogProps & {
  /** The member whose role changes; null closes the dialog. */
  membro: Membro | null;
}) {
  const alterar = useAlterarPapel();
  const busy = alterar.isPending;
  return (
    <Dialog open={!!membro} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        busy={busy}
        onCloseAutoFocus={onCloseAutoFocus}
        aria-describedby={`${PAPEL_DESCRICAO_ID} ${AVISO_ID}`}
      >
        {membro && (
          <>
            <DialogHeader>
              <DialogTitle>Alterar papel</DialogTitle>
              <DialogDescription id={PAPEL_DESCRICAO_ID}>
                {membro.nome} ({membro.email}) hoje é {ROLE_LABELS[membro.papel]}.
              </DialogDescription>
            </DialogHeader>
            <PapelForm key={membro.id} membro={membro} alterar={alterar} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PapelForm({
  membro,
  alterar,
  onDone,
}: {
  membro: Membro;
  alterar: ReturnType<typeof useAlterarPapel>;
  onDone: () => void;
}) {
  // An owner's row has no current invitable role: the choice starts empty (owners are demoted here).
  const atual = membro.papel === "owner" ? undefined : membro.papel;
  // A login already tied to a person record starts with it, should it become a morador.
  const [pessoa, setPessoa] = useState<PessoaEscolhida | null>(
    membro.pessoa ? { id: membro.pessoa.id, nome: membro.pessoa.nome } : null,
  );
  const form = useForm<PapelInput>({
    resolver: zodResolver(papelInputSchema),
    defaultValues: { papel: atual, pessoa_id: atual === "morador" ? (membro.pessoa?.id ?? null) : null },
  });
  const papel = useWatch({ control: form.control, name: "papel" });
  const pessoaId = useWatch({ control: form.control, name: "pessoa_id" });
  const submitting = form.formState.isSubmitting;
  // The same role (and, for a morador, the same person) would change nothing but still sign them out.
  const unchanged = papel === membro.papel && (papel !== "morador" || pessoaId === membro.pessoa?.id);

  const onSubmit = useApiSubmit(form, PAPEL_FIELDS, "Não foi possível alterar o papel", async (values) => {
    const atualizado = await alterar.mutateAsync({ id: membro.id, input: values });
    toast.success("Papel alterado", {
      description: `${atualizado.nome} agora é ${ROLE_LABELS[atualizado.papel]} e precisará entrar novamente.`,
    });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <PapelEPessoa form={form} papel={papel} pessoa={pessoa} setPessoa={setPessoa} disabled={submitting} />
      <DialogAviso id={AVISO_ID}>A pessoa será desconectada e precisará entrar novamente.</DialogAviso>
      <DialogFormFooter submitting={submitting} label="Alterar papel" pendingLabel="Salvando..." disabled={unchanged} />
    </form>
  );
}
