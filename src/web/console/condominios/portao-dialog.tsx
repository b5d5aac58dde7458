/**
 * "Novo portão" and "Editar portão" (docs/product.md, "Portões"): name, kind, the WhatsApp number
 * visitors write to at the gate, whether it is in use, and its IP camera (portao-camera-fields.tsx:
 * the address, the user, the write-only password, "Testar câmera"). The shared schema validates as the API
 * does; the server's refusals come back on the fields: the name already taken in this condominium
 * (409) under "Nome", a WhatsApp number already linked to another gate (409) under its field.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Save } from "lucide-react";
import { type FieldPath, useForm } from "react-hook-form";
import type { z } from "zod";
import { PORTAO_TIPOS } from "@/shared/domain";
import {
  PORTAO_TIPO_LABELS,
  type Portao,
  type PortaoInput,
  portaoInputSchema,
  WHATSAPP_NUMERO_EM_USO,
} from "@/shared/schemas/portoes";
import { InputField, SelectField, SwitchField } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
  type RowDialogProps,
} from "@/web/components/ui/dialog";
import { ApiError } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { PortaoCameraFields } from "./portao-camera-fields";
import { useSavePortao } from "./portoes.queries";

/** Which dialog is open: a new gate, or the gate being edited. */
export type PortaoDialogState = { kind: "novo" } | { kind: "editar"; portao: Portao } | null;

/** The fields the API's errors may name, in the order they appear. */
const FIELDS: FieldPath<PortaoInput>[] = [
  "nome",
  "tipo",
  "whatsapp_numero_id",
  "ativo",
  "camera.url",
  "camera.usuario",
  "camera.senha",
];
const TIPO_OPTIONS = PORTAO_TIPOS.map((tipo) => [tipo, PORTAO_TIPO_LABELS[tipo]] as const);

/**
 * A 409 carries no field, but it is about one: the WhatsApp number (one gate per number) or the
 * name (unique per condominium, whatever the case). It goes under that field like any other refusal.
 */
function onItsField(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 409 || error.fields.length > 0) return error;
  const path = error.message === WHATSAPP_NUMERO_EM_USO ? "whatsapp_numero_id" : "nome";
  return new ApiError(error.message, error.status, error.code, [{ path, message: error.message }]);
}

export function PortaoDialog({
  condominioId,
  state,
  onOpenChange,
  onCloseAutoFocus,
}: RowDialogProps & { condominioId: string; state: PortaoDialogState }) {
  const save = useSavePortao(condominioId);
  const busy = save.isPending;
  const portao = state?.kind === "editar" ? state.portao : null;
  return (
    <Dialog open={!!state} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent busy={busy} onCloseAutoFocus={onCloseAutoFocus}>
        {state && (
          <>
            <DialogHeader>
              <DialogTitle>{portao ? "Editar portão" : "Novo portão"}</DialogTitle>
              <DialogDescription>
                {portao
                  ? "Portões não são excluídos: desative o portão que sair de uso. As solicitações que já o citam mostram o nome atual."
                  : "Por onde visitantes e veículos entram. A portaria escolhe em qual portão está, e as solicitações e os passes validados ali registram o portão."}
              </DialogDescription>
            </DialogHeader>
            <PortaoForm
              // A fresh form per gate, and an empty one for each new gate.
              key={portao?.id ?? "novo"}
              portao={portao}
              save={save}
              onDone={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PortaoForm({
  portao,
  save,
  onDone,
}: {
  portao: Portao | null;
  save: ReturnType<typeof useSavePortao>;
  onDone: () => void;
}) {
  const form = useForm<PortaoInput, unknown, z.output<typeof portaoInputSchema>>({
    resolver: zodResolver(portaoInputSchema),
    defaultValues: portao
      ? {
          nome: portao.nome,
          tipo: portao.tipo,
          ativo: portao.ativo,
          whatsapp_numero_id: portao.whatsapp_numero_id ?? "",
          // The password is never read back: blank keeps the saved one.
          camera: { url: portao.camera?.url ?? "", usuario: portao.camera?.usuario ?? "", senha: "" },
        }
      : {
          nome: "",
          tipo: "pedestres",
          ativo: true,
          whatsapp_numero_id: "",
          camera: { url: "", usuario: "", senha: "" },
        },
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: portao?.id, input: values });
      toast.success(portao ? "Portão atualizado" : "Portão criado", {
        description: saved.ativo ? saved.nome : `${saved.nome} (inativo)`,
      });
      onDone();
    } catch (error) {
      reportSaveError(
        form,
        onItsField(error),
        FIELDS,
        portao ? "Não foi possível salvar o portão" : "Não foi possível criar o portão",
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <InputField form={form} name="nome" label="Nome" required placeholder="Ex.: Portaria principal, Garagem" />
      <SelectField
        form={form}
        name="tipo"
        label="Tipo"
        required
        placeholder="Selecione o tipo do portão"
        options={TIPO_OPTIONS}
      />
      <InputField
        form={form}
        name="whatsapp_numero_id"
        label="Número do WhatsApp (ID do número na Cloud API)"
        inputMode="numeric"
        placeholder="Ex.: 106540352242922"
        hint="Opcional. O “Phone number ID” do número em que os visitantes escrevem neste portão, como aparece no painel do WhatsApp da Meta (só dígitos), não o número de telefone. Cada número fica ligado a um só portão. Em branco: nenhum."
      />
      <PortaoCameraFields form={form} portao={portao} />
      <SwitchField
        form={form}
        name="ativo"
        label="Ativo"
        hint="Portões inativos não aparecem na portaria e não podem ser escolhidos em novas solicitações."
      />
      <DialogFormFooter
        submitting={submitting}
        label={portao ? "Salvar alterações" : "Criar portão"}
        pendingLabel={portao ? "Salvando..." : "Criando..."}
        icon={portao ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
      />
    </form>
  );
}
