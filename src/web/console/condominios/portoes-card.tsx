/**
 * The condominium's gates (docs/product.md, "Portões"): each one's name, kind and "Inativo" when out
 * of use. Owners and síndicos add and edit them here ("Novo portão", "Editar"), and see what links
 * each to the outside: its phone line's URL for Twilio ("Copiar URL"), its WhatsApp number and its
 * IP camera's address;
 * everyone else reads the list. Gates are never deleted, so there is no such action.
 */
import { useQuery } from "@tanstack/react-query";
import { Car, Copy, DoorOpen, Footprints, Pencil, Plus, TabletSmartphone } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import type { PortaoTipo } from "@/shared/domain";
import { PORTAO_TIPO_LABELS, type Portao } from "@/shared/schemas/portoes";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { ActiveBadge } from "@/web/components/registry";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { PortaoDialog, type PortaoDialogState } from "./portao-dialog";
import { portoesOptions } from "./portoes.queries";

const HEADING_ID = "portoes-titulo";
const NOVO_ID = "novo-portao";
/** Each gate's "Editar", so the focus goes back to it when its dialog closes. */
const editarId = (portaoId: string) => `editar-portao-${portaoId}`;

const TIPO_ICONS: Record<PortaoTipo, typeof Car> = { pedestres: Footprints, veiculos: Car };

function TipoPortaoBadge({ tipo }: { tipo: PortaoTipo }) {
  const Icon = TIPO_ICONS[tipo];
  return (
    <Badge variant="secondary" data-tipo={tipo}>
      <Icon aria-hidden="true" />
      {PORTAO_TIPO_LABELS[tipo]}
    </Badge>
  );
}

/** "Copiar URL": the phone line's webhook, to paste in the Twilio number's configuration. */
function CopiarUrl({ url, portaoNome, describedBy }: { url: string; portaoNome: string; describedBy: string }) {
  async function copiar() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("sem área de transferência");
      await navigator.clipboard.writeText(url);
      toast.success("URL copiada", {
        description: "No Twilio, cole no número do portão, em “A call comes in”: Webhook, HTTP POST.",
      });
    } catch {
      // No clipboard (an insecure origin or a refused permission): the URL itself, to copy by hand.
      toast.error("Não foi possível copiar a URL", { description: url });
    }
  }
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="shrink-0 self-start"
      onClick={() => void copiar()}
      aria-label={`Copiar URL da linha telefônica do portão ${portaoNome}`}
      aria-describedby={describedBy}
    >
      <Copy aria-hidden="true" />
      Copiar URL
    </Button>
  );
}

/**
 * What links the gate to the outside, for those who manage gates (the API sends it to them only):
 * the phone line's "A call comes in" URL and the WhatsApp number's id, when set.
 */
function PortaoLinhas({ portao, vozUrl }: { portao: Portao; vozUrl: string }) {
  const urlId = `voz-url-${portao.id}`;
  // Twilio reaches only a public https:// address (the server's PUBLIC_URL).
  const local = !vozUrl.startsWith("https://");
  return (
    <dl className="grid min-w-0 gap-3 text-sm">
      <div className="grid min-w-0 gap-1">
        <dt className="text-muted-foreground">Linha telefônica (Twilio)</dt>
        <dd className="grid min-w-0 gap-2">
          <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-start">
            <code
              id={urlId}
              className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1 font-mono text-xs [overflow-wrap:anywhere]"
              data-testid="voz-url"
            >
              {vozUrl}
            </code>
            <CopiarUrl url={vozUrl} portaoNome={portao.nome} describedBy={urlId} />
          </div>
          <p className="text-muted-foreground text-xs">
            No número do Twilio deste portão, em “A call comes in”: Webhook, HTTP POST.
            {local && " Este endereço não é público: o Twilio só alcança o Guarita por um endereço https://."}
          </p>
        </dd>
      </div>
      {portao.camera && (
        <div className="grid min-w-0 gap-1">
          <dt className="text-muted-foreground">Câmera (imagem a cada solicitação)</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="camera-url">
            {portao.camera.url}
            {portao.camera.usuario && (
              <span className="font-sans text-muted-foreground">
                {" "}
                — usuário {portao.camera.usuario}
                {portao.camera.tem_senha ? ", com senha" : ", sem senha"}
              </span>
            )}
          </dd>
        </div>
      )}
      {portao.whatsapp_numero_id && (
        <div className="grid min-w-0 gap-1">
          <dt className="text-muted-foreground">WhatsApp (ID do número)</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="whatsapp-numero-id">
            {portao.whatsapp_numero_id}
          </dd>
        </div>
      )}
    </dl>
  );
}

function PortaoItem({ portao, onEditar }: { portao: Portao; onEditar?: (portao: Portao) => void }) {
  return (
    <li className="grid min-w-0 gap-3 p-4" data-portao={portao.nome}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="break-words font-medium [overflow-wrap:anywhere]">{portao.nome}</span>
          <TipoPortaoBadge tipo={portao.tipo} />
          {!portao.ativo && <ActiveBadge active={false} />}
        </div>
        {onEditar && (
          <Button
            id={editarId(portao.id)}
            variant="outline"
            size="sm"
            onClick={() => onEditar(portao)}
            aria-label={`Editar o portão ${portao.nome}`}
          >
            <Pencil aria-hidden="true" />
            Editar
          </Button>
        )}
      </div>
      {portao.voz_url && <PortaoLinhas portao={portao} vozUrl={portao.voz_url} />}
    </li>
  );
}

/** Two placeholder rows, hidden from screen readers; the list's name says what is loading. */
function PortoesSkeleton() {
  return (
    <ul className="divide-y rounded-lg border" aria-busy="true" aria-label="Carregando portões">
      {[0, 1].map((i) => (
        <li key={i} className="flex items-center gap-2 p-4" aria-hidden="true">
          <Skeleton className="h-4 w-40 max-w-full" />
          <Skeleton className="h-4 w-20" />
        </li>
      ))}
    </ul>
  );
}

export function PortoesCard({ condominioId }: { condominioId: string }) {
  const query = useQuery(portoesOptions(condominioId));
  const canEdit = usePermission("cadastros:editar");
  const canTotens = usePermission("totens:gerenciar");
  const [dialog, setDialog] = useState<PortaoDialogState>(null);
  // The button the dialog was opened from: the focus goes back to it when the dialog closes.
  const lastTrigger = useRef(NOVO_ID);

  function abrir(state: NonNullable<PortaoDialogState>) {
    lastTrigger.current = state.kind === "editar" ? editarId(state.portao.id) : NOVO_ID;
    setDialog(state);
  }

  function returnFocus(event: Event) {
    event.preventDefault();
    (document.getElementById(lastTrigger.current) ?? document.getElementById(HEADING_ID))?.focus();
  }

  const items = query.data?.items ?? [];
  let content: ReactNode;
  if (query.isError && !query.data)
    content = (
      <ErrorState
        title="Não foi possível carregar os portões."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.isPending) content = <PortoesSkeleton />;
  else if (items.length === 0)
    content = (
      <EmptyState
        icon={DoorOpen}
        className="py-6"
        title="Nenhum portão cadastrado."
        description={
          canEdit
            ? "Cadastre os portões do condomínio, como a portaria de pedestres e a garagem: a portaria escolhe em qual está, e cada solicitação e passe validado registra por onde o visitante entrou."
            : "Os portões dizem por onde cada visitante entrou. Quem cadastra os portões é o síndico ou a administradora."
        }
      />
    );
  else
    content = (
      <ul className="divide-y rounded-lg border" aria-labelledby={HEADING_ID}>
        {items.map((portao) => (
          <PortaoItem
            key={portao.id}
            portao={portao}
            onEditar={canEdit ? (p) => abrir({ kind: "editar", portao: p }) : undefined}
          />
        ))}
      </ul>
    );

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 px-4 sm:px-6">
        <div className="grid min-w-0 grow basis-64 gap-1.5">
          <CardTitle asChild>
            <h2 id={HEADING_ID} tabIndex={-1} className="flex items-center gap-2 text-lg outline-none">
              <DoorOpen className="size-5" aria-hidden="true" />
              Portões
            </h2>
          </CardTitle>
          <CardDescription>Por onde visitantes e veículos entram no condomínio.</CardDescription>
        </div>
        {(canEdit || canTotens) && (
          <div className="flex flex-wrap gap-2">
            {/* The gates' kiosks, of this condominium (docs/product.md, "Totem"). */}
            {canTotens && (
              <Button asChild variant="ghost">
                <Link to={`/app/totens?condominio_id=${encodeURIComponent(condominioId)}`}>
                  <TabletSmartphone aria-hidden="true" />
                  Totens
                </Link>
              </Button>
            )}
            {canEdit && (
              <Button id={NOVO_ID} variant="outline" onClick={() => abrir({ kind: "novo" })}>
                <Plus aria-hidden="true" />
                Novo portão
              </Button>
            )}
          </div>
        )}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{content}</CardContent>
      {canEdit && (
        <PortaoDialog
          condominioId={condominioId}
          state={dialog}
          onOpenChange={(open) => !open && setDialog(null)}
          onCloseAutoFocus={returnFocus}
        />
      )}
    </Card>
  );
}
