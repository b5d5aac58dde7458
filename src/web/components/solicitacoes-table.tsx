import { ClipboardList } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { Solicitacao } from "@/shared/schemas/solicitacoes";
import { unidadeLabel } from "@/shared/unidade-label";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { SectionCard } from "@/web/components/section-card";
import { SemRespostaBadge, StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { useIsMobile } from "@/web/lib/use-mobile";
import { cn } from "@/web/lib/utils";

export function detailHref(id: string) {
  return `/app/solicitacoes/${id}`;
}

const SKELETON_COLUMNS = [
  ["visitante", "w-40"],
  ["tipo", "w-20"],
  ["unidade", "w-28"],
  ["status", "w-20"],
  ["data", "w-28"],
  ["acoes", "ml-auto w-24"],
] as const;

function DateCell({ value }: { value: string }) {
  return (
    <div className="flex flex-col">
      <span>{formatDateTime(value)}</span>
      <RelativeTime value={value} className="text-muted-foreground text-xs" />
    </div>
  );
}

/** The visitor's name, linking to the detail; its hit area stretches over the whole row or card. */
function VisitorLink({ s, className }: { s: Solicitacao; className?: string }) {
  return (
    <Link
      to={detailHref(s.id)}
      className={cn(
        "rounded-sm font-medium outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60",
        className,
      )}
    >
      {s.nome_visitante}
    </Link>
  );
}

/** A pending request nobody answered (docs/product.md, "Resident link"): the porteiro calls the unit. */
function semResposta(s: Solicitacao): boolean {
  return s.status === "pendente" && s.sem_resposta_moradores_em !== null;
}

function DetailsLink({ s, className }: { s: Solicitacao; className?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn("relative z-10", className)}>
      <Link to={detailHref(s.id)}>Ver detalhes</Link>
    </Button>
  );
}

/**
 * The request list (docs/product.md, "Solicitações"): a table with Visitante, Tipo, Unidade, Status, Data and
 * Ações on wide screens, a list of cards on phones. The visitor's name links to the detail, and the
 * link's hit area covers the whole row.
 */
export function SolicitacoesTable({
  items,
  loading,
  stale,
}: {
  items: Solicitacao[];
  loading: boolean;
  /** Showing the previous page's rows while the next one loads. */
  stale?: boolean;
}) {
  const isMobile = useIsMobile();

  if (isMobile) {
    return (
      <ul className={cn("space-y-3", stale && "opacity-60")} aria-busy={loading || stale || undefined}>
        {loading
          ? [0, 1, 2, 3].map((i) => (
              <li key={i} className="space-y-2 rounded-lg border p-3" aria-hidden="true">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-4 w-32" />
              </li>
            ))
          : items.map((s) => (
              <li
                key={s.id}
                className="relative space-y-2 rounded-lg border p-3 hover:bg-muted/50"
                data-solicitacao-id={s.id}
              >
                <div className="flex items-start justify-between gap-2">
                  <VisitorLink s={s} className="min-w-0 break-words" />
                  <StatusBadge status={s.status} />
                </div>
                {semResposta(s) && <SemRespostaBadge />}
                <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
                  <TipoBadge tipo={s.tipo} />
                  <span>{unidadeLabel(s.unidade)}</span>
                </div>
                <div className="text-sm">
                  <DateCell value={s.created_at} />
                </div>
              </li>
            ))}
      </ul>
    );
  }

  return (
    <Table className={cn(stale && "opacity-60")} aria-busy={loading || stale || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Visitante</TableHead>
          <TableHead>Tipo</TableHead>
          <TableHead>Unidade</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Data</TableHead>
          <TableHead className="text-right">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? [0, 1, 2, 3, 4, 5].map((i) => (
              <TableRow key={i} aria-hidden="true">
                {SKELETON_COLUMNS.map(([column, width]) => (
                  <TableCell key={column}>
                    <Skeleton className={cn("h-4", width)} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : items.map((s) => (
              <TableRow key={s.id} className="relative" data-solicitacao-id={s.id}>
                <TableCell className="max-w-72 whitespace-normal">
                  <VisitorLink s={s} />
                  {s.doc_visitante && <div className="text-muted-foreground text-xs">{s.doc_visitante}</div>}
                </TableCell>
                <TableCell>
                  <TipoBadge tipo={s.tipo} />
                </TableCell>
                <TableCell>{unidadeLabel(s.unidade)}</TableCell>
                <TableCell>
                  {semResposta(s) ? (
                    <div className="flex flex-col items-start gap-1">
                      <StatusBadge status={s.status} />
                      <SemRespostaBadge />
                    </div>
                  ) : (
                    <StatusBadge status={s.status} />
                  )}
                </TableCell>
                <TableCell>
                  <DateCell value={s.created_at} />
                </TableCell>
                <TableCell className="text-right">
                  <DetailsLink s={s} />
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

/**
 * A titled card of requests: the recent ones of a unit or condominium, the ones a person decided, a
 * morador's home. With `loading` and `error` it also draws the query's states (the detail screens
 * pass data already loaded with the record); `footer` goes under the rows ("Ver todas...").
 */
export function SolicitacoesCard({
  title,
  description,
  emptyTitle,
  emptyAction,
  items,
  loading = false,
  error,
  errorTitle = "Não foi possível carregar as solicitações.",
  onRetry,
  footer,
}: {
  title: string;
  description?: string;
  emptyTitle: string;
  emptyAction?: React.ReactNode;
  items: Solicitacao[] | undefined;
  loading?: boolean;
  error?: unknown;
  errorTitle?: string;
  onRetry?: () => void;
  footer?: React.ReactNode;
}) {
  let body: React.ReactNode;
  if (loading) body = <SolicitacoesTable items={[]} loading />;
  else if (!items) body = <ErrorState title={errorTitle} error={error} onRetry={onRetry} />;
  else if (items.length === 0) body = <EmptyState icon={ClipboardList} title={emptyTitle} action={emptyAction} />;
  else
    body = (
      <>
        <SolicitacoesTable items={items} loading={false} />
        {footer && <div className="mt-4 flex justify-center">{footer}</div>}
      </>
    );
  return (
    <SectionCard icon={ClipboardList} title={title} description={description}>
      {body}
    </SectionCard>
  );
}
