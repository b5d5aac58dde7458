/**
 * A resident's or employee's photo on their record (docs/product.md, "Fotos"): the image through its
 * signed address, "Processando a foto…" while it is rendered, or the initials; owners and síndicos
 * (cadastros:editar) add, replace or remove it with the console's photo capture (camera or file).
 */
import { Trash2 } from "lucide-react";
import { useId } from "react";
import type { PessoaDetail } from "@/shared/schemas/pessoas";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { FotoProcessando } from "@/web/components/foto-processando";
import { PhotoCapture } from "@/web/components/photo-capture";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useAdicionarFotoPessoa, useRemoverFotoPessoa } from "./pessoas.queries";

/** "Maria da Silva" → "MS": the placeholder without a photo. */
export function iniciais(nome: string): string {
  const partes = nome.trim().split(/\s+/).filter(Boolean);
  const primeira = partes[0]?.[0] ?? "";
  const ultima = partes.length > 1 ? (partes[partes.length - 1]?.[0] ?? "") : "";
  return (primeira + ultima).toUpperCase() || "?";
}

export function PessoaFoto({ p, canEdit }: { p: PessoaDetail; canEdit: boolean }) {
  const foto = p.foto;
  const src = foto?.status === "disponivel" ? (foto.url ?? foto.miniatura_url) : null;
  return (
    <div className="flex flex-wrap items-start gap-4">
      {foto?.status === "processando" ? (
        <FotoProcessando className="size-32" />
      ) : src ? (
        <img
          src={src}
          alt={`Foto de ${p.nome}`}
          width={128}
          height={128}
          decoding="async"
          className="size-32 rounded-md bg-muted object-cover"
          data-testid="pessoa-foto"
        />
      ) : (
        <div
          role="img"
          aria-label={`${p.nome}, sem foto`}
          className="flex size-32 items-center justify-center rounded-md bg-muted font-semibold text-3xl text-muted-foreground"
        >
          <span aria-hidden="true">{iniciais(p.nome)}</span>
        </div>
      )}
      {canEdit && <FotoActions p={p} />}
    </div>
  );
}

function FotoActions({ p }: { p: PessoaDetail }) {
  const hintId = useId();
  const adicionar = useAdicionarFotoPessoa(p.id);
  const remover = useRemoverFotoPessoa(p.id);
  const temFoto = p.foto !== null;

  async function enviar(foto: Blob) {
    try {
      await adicionar.mutateAsync(foto);
      toast.success("Foto enviada", { description: p.nome });
    } catch (error) {
      toast.error("Não foi possível enviar a foto", { description: errorMessage(error) });
    }
  }

  return (
    <div className="grid min-w-0 flex-1 gap-2">
      <div className="flex flex-wrap gap-2">
        <PhotoCapture
          takeLabel={temFoto ? "Trocar foto" : "Adicionar foto"}
          describedBy={hintId}
          onPhoto={(foto) => void enviar(foto)}
          dialog={{ title: "Foto da pessoa", description: "Enquadre o rosto e toque em Capturar." }}
        />
        {temFoto && (
          <ConfirmDialog
            trigger={
              <Button variant="outline" className="text-destructive">
                <Trash2 aria-hidden="true" />
                Remover foto
              </Button>
            }
            title="Remover foto?"
            description={`A foto de ${p.nome} será apagada.`}
            confirmLabel="Remover"
            pendingLabel="Removendo..."
            confirmVariant="destructive"
            onConfirm={async () => {
              try {
                await remover.mutateAsync();
                toast.success("Foto removida", { description: p.nome });
              } catch (error) {
                toast.error("Não foi possível remover a foto", { description: errorMessage(error) });
              }
            }}
          />
        )}
      </div>
      <p id={hintId} className="text-muted-foreground text-sm">
        Para a portaria reconhecer quem mora ou trabalha aqui. A imagem é gravada sem metadados.
      </p>
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        {adicionar.isPending && (
          <>
            <Spinner />
            Enviando a foto...
          </>
        )}
      </p>
    </div>
  );
}
