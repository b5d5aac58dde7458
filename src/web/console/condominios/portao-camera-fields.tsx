/**
 * The gate form's camera part (docs/product.md, "Portões"; docs/decisions/039-visitor-photos.md,
 * "Gate cameras"): the IP camera's snapshot address, its user and its password, which is
 * write-only (blank keeps the saved one), and "Testar câmera", which fetches one picture now from
 * what the fields hold and shows it small, or says why there is none.
 */
import { Camera } from "lucide-react";
import { useId } from "react";
import type { PortaoCamera, PortaoInput } from "@/shared/schemas/portoes";
import { type AnyForm, InputField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { useTestarCamera } from "./portoes.queries";

type Form = AnyForm<PortaoInput>;

export function PortaoCameraFields({
  form,
  portao,
}: {
  form: Form;
  /** The gate being edited (its id for the test, what is saved), or null for a new gate. */
  portao: { id: string; nome: string; camera?: PortaoCamera | null } | null;
}) {
  const legendId = useId();
  const temSenha = !!portao?.camera?.tem_senha;
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border p-3 sm:p-4" aria-describedby={`${legendId}-descricao`}>
      <legend id={legendId} className="flex items-center gap-2 px-1 font-medium text-sm">
        <Camera className="size-4" aria-hidden="true" />
        Câmera do portão (opcional)
      </legend>
      <p id={`${legendId}-descricao`} className="text-muted-foreground text-xs">
        Quando uma solicitação é criada neste portão, o Guarita busca uma foto nesta câmera IP e a anexa à solicitação.
        Use o endereço de imagem (snapshot) HTTP da câmera ou do gravador.
      </p>
      <InputField
        form={form}
        name="camera.url"
        label="Endereço da imagem"
        type="url"
        inputMode="url"
        placeholder="Ex.: http://192.168.0.20/ISAPI/Streaming/channels/101/picture"
        hint="http:// ou https://, sem usuário e senha no endereço. Endereços da rede interna são aceitos. Em branco: sem câmera."
      />
      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        <InputField form={form} name="camera.usuario" label="Usuário" placeholder="Ex.: admin" />
        <InputField
          form={form}
          name="camera.senha"
          label="Senha"
          type="password"
          autoComplete="new-password"
          placeholder={temSenha ? "Deixe em branco para manter" : undefined}
          hint={
            temSenha
              ? "Há uma senha salva; ela nunca é mostrada. Deixe em branco para manter; apague o usuário para removê-la."
              : "Guardada cifrada; nunca é mostrada de volta."
          }
        />
      </div>
      {portao ? (
        <TestarCamera form={form} portao={portao} />
      ) : (
        <p className="text-muted-foreground text-xs">Crie o portão para testar a câmera.</p>
      )}
    </fieldset>
  );
}

function TestarCamera({ form, portao }: { form: Form; portao: { id: string; nome: string } }) {
  const testar = useTestarCamera(portao.id);
  const resultId = useId();
  const result = testar.data;

  function run() {
    const camera = form.getValues().camera;
    testar.mutate({ url: camera?.url?.trim() ?? "", usuario: camera?.usuario ?? "", senha: camera?.senha ?? "" });
  }

  return (
    <div className="grid min-w-0 gap-3">
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto sm:justify-self-start"
        onClick={run}
        disabled={testar.isPending}
        aria-describedby={resultId}
      >
        {testar.isPending ? <Spinner aria-hidden="true" /> : <Camera aria-hidden="true" />}
        {testar.isPending ? "Testando..." : "Testar câmera"}
      </Button>
      {/* Announced when it changes: the wait, the picture's arrival or the reason. */}
      <div
        id={resultId}
        role="status"
        aria-live="polite"
        className="grid min-w-0 gap-2 text-sm"
        data-testid="teste-camera"
      >
        {testar.isPending && <p className="text-muted-foreground">Buscando a imagem da câmera…</p>}
        {!testar.isPending && testar.isError && (
          <p className="text-destructive">Não foi possível testar a câmera: {errorMessage(testar.error)}</p>
        )}
        {!testar.isPending && result?.ok === true && (
          <>
            <img
              src={result.imagem}
              width={result.largura}
              height={result.altura}
              alt={`Imagem de teste da câmera do portão ${portao.nome}`}
              className="h-auto max-w-full rounded-md border"
            />
            <p className="text-muted-foreground text-xs">
              Imagem recebida em {result.ms.toLocaleString("pt-BR")} ms. Esta prévia não é guardada.
            </p>
          </>
        )}
        {!testar.isPending && result?.ok === false && <p className="text-destructive">Sem imagem: {result.motivo}</p>}
      </div>
    </div>
  );
}
