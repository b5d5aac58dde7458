/**
 * The pending invitations card: every open invitation (valid or past its expiry), with "Reenviar"
 * (a new link, valid for another 7 days) and "Revogar" (behind a confirmation).
 */
import { useQuery } from "@tanstack/react-query";
import { MailCheck, Send, XCircle } from "lucide-react";
import { useRef, useState } from "react";
import { ROLE_LABELS } from "@/shared/permissions";
import { CONVITE_VALIDADE_DIAS, type Convite } from "@/shared/schemas/equipe";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { Pagination } from "@/web/components/pagination";
import { formatDateTime } from "@/web/components/relative-time";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { convitesListOptions, useReenviarConvite, useRevogarConvite } from "./configuracoes.queries";
import { ConteudoDaLista, ListaItens, ListaSkeleton, useVoltaDaPaginaVazia } from "./listas";

const HEADING_ID = "convites-titulo";
const revogarId = (conviteId: string) => `revogar-convite-${conviteId}`;

/** Pendente in amber and Expirado in grey, the colours the request statuses use for the same words. */
function ConviteStatusBadge({ status }: { status: Convite["status"] }) {
  return (
    <Badge variant="outline" data-status={status} className={toneClasses(status === "pendente" ? "amber" : "grey")}>
      {status === "pendente" ? "Pendente" : "Expirado"}
    </Badge>
  );
}

function ConviteItem({
  convite,
  reenviando,
  onReenviar,
  onRevogar,
}: {
  convite: Convite;
  reenviando: boolean;
  onReenviar: () => void;
  onRevogar: () => void;
}) {
  const envios = convite.envios === 1 ? "1 envio" : `${convite.envios} envios`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-convite={convite.email}>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium">{convite.email}</span>
          <ConviteStatusBadge status={convite.status} />
        </div>
        <p className="text-sm">
          {ROLE_LABELS[convite.papel]}
          {convite.pessoa && <span className="text-muted-foreground"> · {convite.pessoa.nome}</span>}
        </p>
        <p className="text-muted-foreground text-xs">
          Enviado em <time dateTime={convite.enviado_em}>{formatDateTime(convite.enviado_em)}</time> · {envios}
          {convite.convidado_por && ` · por ${convite.convidado_por}`} ·{" "}
          {convite.status === "pendente" ? "expira em" : "expirou em"}{" "}
          <time dateTime={convite.expira_em}>{formatDateTime(convite.expira_em)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          disabled={reenviando}
          onClick={onReenviar}
          aria-label={`Reenviar convite para ${convite.email}`}
        >
          {reenviando ? <Spinner /> : <Send aria-hidden="true" />}
          {reenviando ? "Reenviando..." : "Reenviar"}
        </Button>
        <Button
          id={revogarId(convite.id)}
          variant="outline"
          size="sm"
          className="flex-1 text-destructive sm:flex-none"
          onClick={onRevogar}
          aria-label={`Revogar convite para ${convite.email}`}
        >
          <XCircle aria-hidden="true" />
          Revogar
        </Button>
      </div>
    </li>
  );
}

export function ConvitesCard() {
  // Local, not in the URL: the members list owns ?page, and open invitations are rarely many.
  const [page, setPage] = useState(1);
  const query = useQuery(convitesListOptions({ page }));
  const reenviar = useReenviarConvite();
  const revogar = useRevogarConvite();
  const [revogando, setRevogando] = useState<Convite | null>(null);
  const lastTarget = useRef<string | null>(null);

  async function reenviarConvite(convite: Convite) {
    try {
      const atualizado = await reenviar.mutateAsync(convite.id);
      toast.success(`Convite reenviado para ${atualizado.email}`, {
        description: `O link anterior deixou de valer; o novo vale por ${CONVITE_VALIDADE_DIAS} dias.`,
      });
    } catch (error) {
      toast.error("Não foi possível reenviar o convite", { description: errorMessage(error) });
    }
  }

  /** Back to the row's "Revogar" (cancelled), or to the heading once the row is gone (revoked). */
  function returnFocus(event: Event) {
    event.preventDefault();
    const trigger = lastTarget.current ? document.getElementById(revogarId(lastTarget.current)) : null;
    (trigger ?? document.getElementById(HEADING_ID))?.focus();
  }

  const data = query.data;
  const items = data?.items ?? [];
  // A revocation can empty the last page.
  useVoltaDaPaginaVazia(query, page, () => setPage((p) => Math.max(1, p - 1)));

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={HEADING_ID} tabIndex={-1} className="text-lg outline-none">
            Convites pendentes
          </h2>
        </CardTitle>
        <CardDescription>
          Convites ainda não aceitos. “Reenviar” manda um novo link, válido por mais {CONVITE_VALIDADE_DIAS} dias.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <ConteudoDaLista
          query={query}
          erro="Não foi possível carregar os convites."
          carregando={<ListaSkeleton label="Carregando convites" larguras={["w-56", "w-40"]} />}
          vazio={
            <EmptyState
              icon={MailCheck}
              title="Nenhum convite pendente."
              description="Os convites enviados aparecem aqui até serem aceitos ou revogados."
            />
          }
        >
          <ListaItens label="Convites pendentes" stale={query.isPlaceholderData}>
            {items.map((convite) => (
              <ConviteItem
                key={convite.id}
                convite={convite}
                reenviando={reenviar.isPending && reenviar.variables === convite.id}
                onReenviar={() => void reenviarConvite(convite)}
                onRevogar={() => {
                  lastTarget.current = convite.id;
                  setRevogando(convite);
                }}
              />
            ))}
          </ListaItens>
        </ConteudoDaLista>
        {data && (
          <Pagination
            page={page}
            pageSize={data.page_size}
            total={data.total}
            totalTruncated={data.total_truncated}
            itemsOnPage={items.length}
            onPageChange={setPage}
            disabled={query.isPlaceholderData}
          />
        )}
      </CardContent>
      <ConfirmDialog
        confirmVariant="destructive"
        open={!!revogando}
        onOpenChange={(next) => !next && setRevogando(null)}
        title="Revogar convite?"
        description={
          revogando
            ? `O link enviado para ${revogando.email} deixará de funcionar. Você poderá convidar este e-mail de novo depois.`
            : ""
        }
        confirmLabel="Revogar"
        pendingLabel="Revogando..."
        onCloseAutoFocus={returnFocus}
        onConfirm={async () => {
          if (!revogando) return;
          try {
            await revogar.mutateAsync(revogando.id);
            toast.success("Convite revogado", { description: revogando.email });
          } catch (error) {
            toast.error("Não foi possível revogar o convite", { description: errorMessage(error) });
          }
        }}
      />
    </Card>
  );
}
