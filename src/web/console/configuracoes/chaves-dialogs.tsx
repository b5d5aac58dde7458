/**
 * "Nova chave": the dialog that creates an API key (name and permissions) and then, in place, shows
 * its secret once ("Chave criada"), with "Copiar" and the warning that it will not be shown again.
 * The secret lives in this dialog's state only: closing it drops the secret and the mutation's result.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Plus } from "lucide-react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { API_KEY_SCOPES } from "@/shared/domain";
import {
  API_KEY_SCOPE_LABELS,
  type ChaveCriada,
  type ChaveInput,
  chaveInputSchema,
} from "@/shared/schemas/integracoes";
import { InputField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { CheckboxGroupField, useApiSubmit } from "./campos";
import { useCriarChave } from "./configuracoes.queries";
import { SegredoUmaVez, useDialogComSegredo } from "./segredo";

const CHAVE_FIELDS = ["nome", "escopos"] as const;
const SEGREDO_ID = "chave-segredo";
const AVISO_ID = "chave-segredo-aviso";

type Saida = z.output<typeof chaveInputSchema>;
type Form = UseFormReturn<ChaveInput, unknown, Saida>;

/** The "Nova chave" button and its dialog; the form mounts with the dialog, so each opening starts empty. */
export function NovaChaveDialog() {
  const criar = useCriarChave();
  const segredo = useDialogComSegredo<ChaveCriada>(criar, AVISO_ID);
  return (
    <Dialog {...segredo.dialogProps}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Nova chave
        </Button>
      </DialogTrigger>
      <DialogContent {...segredo.contentProps}>
        {segredo.criado ? (
          <ChaveCriadaView chave={segredo.criado} onDone={segredo.fechar} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Nova chave de API</DialogTitle>
              <DialogDescription>
                Dê um nome que identifique o sistema (por exemplo, “PABX da portaria”) e marque só as permissões de que
                ele precisa.
              </DialogDescription>
            </DialogHeader>
            <ChaveForm criar={criar} onCreated={segredo.setCriado} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ChaveForm({
  criar,
  onCreated,
}: {
  criar: ReturnType<typeof useCriarChave>;
  onCreated: (chave: ChaveCriada) => void;
}) {
  const form: Form = useForm<ChaveInput, unknown, Saida>({
    resolver: zodResolver(chaveInputSchema),
    defaultValues: { nome: "", escopos: [] },
  });
  const submitting = form.formState.isSubmitting;
  const onSubmit = useApiSubmit(form, CHAVE_FIELDS, "Não foi possível criar a chave", async (values) => {
    onCreated(await criar.mutateAsync(values));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <InputField
        form={form}
        name="nome"
        label="Nome"
        required
        placeholder="PABX da portaria"
        hint="Aparece na lista de chaves; o sistema que a usa não o vê."
      />
      <CheckboxGroupField
        form={form}
        name="escopos"
        idPrefix="escopos"
        optionIdPrefix="escopo"
        legend="Permissões"
        hint="O que os sistemas com esta chave podem fazer. Não é possível alterar depois: crie outra chave."
        options={API_KEY_SCOPES}
        labels={API_KEY_SCOPE_LABELS}
      />
      <DialogFormFooter
        submitting={submitting}
        label="Criar chave"
        pendingLabel="Criando..."
        icon={<KeyRound aria-hidden="true" />}
      />
    </form>
  );
}

function ChaveCriadaView({ chave, onDone }: { chave: ChaveCriada; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Chave criada</DialogTitle>
        <DialogDescription>
          A chave “{chave.nome}” está ativa. Configure o sistema para enviá-la no cabeçalho{" "}
          <code className="font-mono text-xs">Authorization: Bearer &lt;chave&gt;</code>.
        </DialogDescription>
      </DialogHeader>
      <SegredoUmaVez
        id={SEGREDO_ID}
        avisoId={AVISO_ID}
        aviso={
          <>
            <strong className="font-semibold">Copie agora: esta chave não será mostrada de novo.</strong> Se ela se
            perder, revogue-a e crie outra.
          </>
        }
        label="Chave secreta"
        segredo={chave.segredo}
        copiadoLabel="Copiada"
        copiadoToast={{ title: "Chave copiada", description: "Guarde-a no sistema que vai usá-la." }}
        selecionadoToast={{ title: "Copie a chave selecionada", description: "Use Ctrl+C (ou ⌘+C) para copiá-la." }}
        onDone={onDone}
      />
    </>
  );
}
