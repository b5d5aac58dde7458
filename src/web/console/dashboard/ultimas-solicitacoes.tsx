import { ArrowRight, Bot, ClipboardList, Plus } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { SolicitacaoComFotoRow } from "@/shared/schemas/solicitacoes";
import { unidadeLabel } from "@/shared/unidade-label";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { RelativeTime } from "@/web/components/relative-time";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { VisitorThumbnail } from "@/web/components/visitor-thumbnail";
import { ULTIMAS_SHOWN } from "./dashboard.queries";

/** First letter of the visitor's name, upper-cased. */
export function initial(nome: string): string {
  return (nome.trim().charAt(0) || "?").toUpperCase();
}

function Row({ solicitacao: s, showCondominio }: { solicitacao: SolicitacaoComFotoRow; showCondominio: boolean }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3" data-solicitacao-id={s.id}>
      {/* The visitor's photo when there is one (docs/product.md, "Fotos"), else their initial, in the same box. */}
      {s.foto_miniatura_url ? (
        <VisitorThumbnail src={s.foto_miniatura_url} nome={s.nome_visitante} />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
        >
          {initial(s.nome_visitante)}
        </span>
      )}
      <div className="min-w-0 flex-1 basis-44 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <TipoBadge tipo={s.tipo} />
          <StatusBadge status={s.status} />
          {s.criado_pelo_atendente && (
            <Badge variant="outline" className="gap-1" data-testid="pelo-atendente">
              <Bot aria-hidden="true" className="size-3.5" />
              Atendente virtual
            </Badge>
          )}
        </div>
        <p className="truncate font-medium">{s.nome_visitante}</p>
        <p className="flex flex-wrap gap-x-2 text-muted-foreground text-sm">
          <span>{unidadeLabel(s.unidade)}</span>
          {showCondominio && (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="ultimas-condominio">{s.condominio.nome}</span>
            </>
          )}
          <span aria-hidden="true">·</span>
          <RelativeTime value={s.created_at} timeZone={s.condominio.timezone} />
        </p>
      </div>
      <Button asChild variant="outline" size="sm" className="ml-auto shrink-0">
        <Link to={`/app/solicitacoes/${s.id}`}>Ver detalhes</Link>
      </Button>
    </li>
  );
}

function RowsSkeleton() {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="flex items-center gap-3 rounded-lg border p-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-48" />
          </div>
          <Skeleton className="h-8 w-24" />
        </li>
      ))}
    </ul>
  );
}

/** "Últimas Solicitações" (docs/product.md, "Dashboard"): at most 10 of today's requests, newest first. */
export function UltimasSolicitacoes({
  items,
  loading,
  error,
  onRetry,
  showCondominio = false,
}: {
  items: SolicitacaoComFotoRow[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Rows of several condominiums ("Todos os condomínios"): each names its own. */
  showCondominio?: boolean;
}) {
  const shown = items?.slice(0, ULTIMAS_SHOWN) ?? [];
  const more = (items?.length ?? 0) > ULTIMAS_SHOWN;

  let body: React.ReactNode;
  if (loading) {
    body = (
      <>
        <span className="sr-only" role="status">
          Carregando solicitações...
        </span>
        <RowsSkeleton />
      </>
    );
  } else if (error && !items) {
    body = <ErrorState title="Não foi possível carregar as solicitações de hoje." error={error} onRetry={onRetry} />;
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={ClipboardList}
        title="Nenhuma solicitação hoje"
        description="Comece criando sua primeira solicitação de acesso"
        action={
          <Button asChild>
            <Link to="/app/solicitacoes/nova">
              <Plus aria-hidden="true" />
              Criar primeira solicitação
            </Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label="Solicitações de hoje">
          {shown.map((s) => (
            <Row key={s.id} solicitacao={s} showCondominio={showCondominio} />
          ))}
        </ul>
        {more && (
          <div className="mt-4 flex justify-center">
            <Button asChild variant="outline">
              <Link to="/app/solicitacoes">
                Ver todas as solicitações
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby="ultimas-titulo">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id="ultimas-titulo" className="text-lg">
            Últimas Solicitações
          </h2>
        </CardTitle>
        <CardDescription>Solicitações de hoje</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{body}</CardContent>
    </Card>
  );
}
