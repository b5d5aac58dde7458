/**
 * "Fotos" of a request's detail (docs/decisions/039-visitor-photos.md): the resident and the porteiro
 * compare the visitor's face with the latest photo, shown large, with where it came from, the gate
 * and the time; earlier photos as thumbnails that select; the photos that could not be taken with
 * their reason; one just sent, while its renditions are made, as "Processando a foto…". Images come
 * through signed addresses that expire within minutes, so a broken image says to reload rather than
 * showing an empty frame. Who may add a photo (staff, or the morador who registered a pending visit)
 * gets "Adicionar foto".
 */
import { CameraOff, ImageOff, RefreshCw, Send, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { SolicitacaoDetail } from "@/shared/schemas/solicitacoes";
import { FotoProcessando } from "@/web/components/foto-processando";
import { PhotoCapture } from "@/web/components/photo-capture";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ZonedTime } from "@/web/components/zoned-time";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { descartarFotoPendente, type FotoPendente, fotoPendente } from "./fotos-pendentes";
import { useAdicionarFoto } from "./solicitacoes.queries";
import {
  type Foto,
  formatInZone,
  fotoAusenteTexto,
  fotoExibicao,
  fotoOrigemTexto,
  fotoPorTexto,
} from "./timeline-entries";

const IMAGEM_FALHOU = "Não foi possível carregar a foto. Recarregue a página.";

/** The photo being compared: loading, then shown, or the reason it is not. */
function FotoGrande({
  foto,
  nome,
  timeZone,
  onReload,
}: {
  foto: Foto;
  nome: string;
  timeZone: string;
  onReload: () => Promise<unknown>;
}) {
  const [estado, setEstado] = useState<"carregando" | "pronta" | "falhou">("carregando");
  const [tentativa, setTentativa] = useState(0);
  const por = fotoPorTexto(foto);

  return (
    <figure className="grid min-w-0 gap-2" data-testid="foto-grande" data-foto-id={foto.id}>
      <div className="relative aspect-[4/3] w-full max-w-xl overflow-hidden rounded-md border bg-muted">
        {foto.url && estado !== "falhou" && (
          <img
            key={`${foto.url}#${tentativa}`}
            src={foto.url}
            alt={`Foto do visitante ${nome}`}
            width={foto.largura ?? undefined}
            height={foto.altura ?? undefined}
            decoding="async"
            className={cn("absolute inset-0 size-full object-contain", estado === "carregando" && "opacity-0")}
            onLoad={() => setEstado("pronta")}
            onError={() => setEstado("falhou")}
          />
        )}
        {estado === "carregando" && (
          <div role="status" className="absolute inset-0 flex items-center justify-center gap-2 text-muted-foreground">
            <Spinner className="size-6" />
            <span className="text-sm">Carregando a foto...</span>
          </div>
        )}
        {estado === "falhou" && (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-sm"
          >
            <ImageOff className="size-8 text-muted-foreground" aria-hidden="true" />
            <p>{IMAGEM_FALHOU}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={async () => {
                // A fresh detail brings freshly signed addresses; the retry remounts the image.
                await onReload().catch(() => undefined);
                setTentativa((n) => n + 1);
                setEstado("carregando");
              }}
            >
              <RefreshCw aria-hidden="true" />
              Recarregar foto
            </Button>
          </div>
        )}
      </div>
      <figcaption className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-medium" data-testid="foto-origem">
          {fotoOrigemTexto(foto)}
        </span>
        {foto.portao && <span className="text-muted-foreground">Portão {foto.portao.nome}</span>}
        <ZonedTime value={foto.created_at} timeZone={timeZone} className="text-muted-foreground" />
        {por && <span className="text-muted-foreground">{por}</span>}
      </figcaption>
    </figure>
  );
}

/** The earlier photos, each a button that shows it large. */
function Miniaturas({
  fotos,
  selecionada,
  onSelect,
  timeZone,
}: {
  fotos: Foto[];
  selecionada: string;
  onSelect: (id: string) => void;
  timeZone: string;
}) {
  return (
    <ul aria-label="Fotos do visitante" className="flex flex-wrap gap-2">
      {fotos.map((foto, index) => {
        const atual = foto.id === selecionada;
        return (
          <li key={foto.id}>
            <button
              type="button"
              aria-pressed={atual}
              aria-label={`Foto ${index + 1} de ${fotos.length}: ${fotoOrigemTexto(foto)}, ${formatInZone(foto.created_at, timeZone)}`}
              onClick={() => onSelect(foto.id)}
              className={cn(
                "block size-16 overflow-hidden rounded-md border-2 bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
                atual ? "border-primary" : "border-transparent opacity-80 hover:opacity-100",
              )}
            >
              {foto.miniatura_url ? (
                <img src={foto.miniatura_url} alt="" loading="lazy" className="size-full object-cover" />
              ) : (
                <ImageOff className="m-auto size-5 text-muted-foreground" aria-hidden="true" />
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The photos that could not be taken, with their reason. */
function SemFoto({ fotos, timeZone }: { fotos: Foto[]; timeZone: string }) {
  return (
    <ul aria-label="Fotos não tiradas" className="grid gap-2" data-testid="fotos-ausentes">
      {fotos.map((foto) => (
        <li key={foto.id} className="flex items-start gap-2 text-sm">
          <CameraOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {fotoAusenteTexto(foto)}
            <span className="text-muted-foreground">
              {" "}
              ({fotoOrigemTexto(foto)}
              {foto.portao ? `, portão ${foto.portao.nome}` : ""},{" "}
              <ZonedTime value={foto.created_at} timeZone={timeZone} />)
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The new-request form's photo that failed to upload: sent again from here, or dropped. */
function FotoNaoEnviada({
  pendente,
  onEnviar,
  onDescartar,
  enviando,
}: {
  pendente: FotoPendente;
  onEnviar: () => void;
  onDescartar: () => void;
  enviando: boolean;
}) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
      data-testid="foto-nao-enviada"
    >
      <p className="break-words">A foto tirada ao criar a solicitação não foi enviada: {pendente.erro}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="sm" disabled={enviando} onClick={onEnviar}>
          {enviando ? <Spinner /> : <Send aria-hidden="true" />}
          Enviar a foto de novo
        </Button>
        <Button size="sm" variant="outline" className="text-foreground" disabled={enviando} onClick={onDescartar}>
          <Trash2 aria-hidden="true" />
          Descartar
        </Button>
      </div>
    </div>
  );
}

export function FotosCard({
  solicitacao: s,
  canAdd,
  onReload,
}: {
  solicitacao: SolicitacaoDetail;
  /** Staff, or the morador who registered this visit while it is pending (the server checks again). */
  canAdd: boolean;
  onReload: () => Promise<unknown>;
}) {
  const titleId = useId();
  const hintId = useId();
  const timeZone = s.condominio.timezone;
  const comImagem = s.fotos.filter((f) => fotoExibicao(f) === "imagem");
  // Just uploaded, renditions on the way (docs/product.md, "Fotos"): a placeholder until the live event refetches.
  const processando = s.fotos.some((f) => fotoExibicao(f) === "processando");
  const semImagem = s.fotos.filter((f) => fotoExibicao(f) === "ausente");
  const ultima = comImagem.at(-1);

  // A thumbnail chosen stays chosen until a newer photo arrives, which is then the one shown.
  const [escolha, setEscolha] = useState<{ id: string; ultima: string | undefined } | null>(null);
  const selecionada =
    (escolha && escolha.ultima === ultima?.id && comImagem.find((f) => f.id === escolha.id)) || ultima;

  const adicionar = useAdicionarFoto(s.id);
  const [pendente, setPendente] = useState(() => fotoPendente(s.id));

  async function enviar(foto: Blob, origem: "nova" | "pendente") {
    try {
      await adicionar.mutateAsync(foto);
      if (origem === "pendente") {
        descartarFotoPendente(s.id);
        setPendente(null);
      }
      toast.success("Foto adicionada", { description: `A foto de ${s.nome_visitante} foi enviada.` });
    } catch (error) {
      toast.error("Não foi possível enviar a foto", { description: errorMessage(error) });
    }
  }

  return (
    <SectionCard className="gap-4" title="Fotos" titleId={titleId}>
      <div className="grid min-w-0 gap-4" data-testid="fotos">
        {pendente && (
          <FotoNaoEnviada
            pendente={pendente}
            enviando={adicionar.isPending}
            onEnviar={() => void enviar(pendente.foto, "pendente")}
            onDescartar={() => {
              descartarFotoPendente(s.id);
              setPendente(null);
            }}
          />
        )}
        {selecionada && (
          <FotoGrande
            // A new address (another photo, a refetch after expiry) starts loading afresh.
            key={selecionada.url ?? selecionada.id}
            foto={selecionada}
            nome={s.nome_visitante}
            timeZone={timeZone}
            onReload={onReload}
          />
        )}
        {processando && (
          <FotoProcessando
            compact={Boolean(selecionada)}
            className={cn("w-full max-w-xl", !selecionada && "aspect-[4/3]")}
          />
        )}
        {comImagem.length > 1 && selecionada && (
          <Miniaturas
            fotos={comImagem}
            selecionada={selecionada.id}
            onSelect={(id) => setEscolha({ id, ultima: ultima?.id })}
            timeZone={timeZone}
          />
        )}
        {semImagem.length > 0 && <SemFoto fotos={semImagem} timeZone={timeZone} />}
        {s.fotos.length === 0 && <p className="text-muted-foreground text-sm">Nenhuma foto.</p>}
        {canAdd && (
          <div className="grid gap-2 border-t pt-4">
            <p id={hintId} className="text-muted-foreground text-sm">
              A foto aparece para o morador decidir e é apagada após o prazo de retenção do condomínio.
            </p>
            {/* Left enabled while a photo uploads: the focus is on these buttons, and another photo may follow. */}
            <PhotoCapture
              takeLabel="Adicionar foto"
              describedBy={hintId}
              onPhoto={(foto) => void enviar(foto, "nova")}
            />
            <p role="status" className="flex min-h-5 items-center gap-2 text-muted-foreground text-sm">
              {adicionar.isPending && (
                <>
                  <Spinner />
                  Enviando a foto...
                </>
              )}
            </p>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
