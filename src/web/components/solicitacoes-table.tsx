import { ClipboardList } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { Solicitacao } from "@/shared/schemas/solicitacoes";
import { unidadeLabel } from "@/shared/unidade-label";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { RelativeTime } from "@/web/components/relative-time";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { SectionCard } from "@/web/components/section-card";
import { SemRespostaBadge, StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { VisitorThumbnail } from "@/web/components/visitor-thumbnail";
import { ZonedTime } from "@/web/components/zoned-time";
import { cn } from "@/web/lib/utils";

export function detailHref(id: string) {
  return `/app/solicitacoes/${id}`;
}

/**
 * A request, and the condominium whose clock its times are read on when the row names it (the list's
 * rows do); the list's rows also bring the visitor's latest photo as a thumbnail.
 */
type Row = Solicitacao & { condominio?: { timezone: string; nome?: string }; foto_miniatura_url?: string | null };

/**
 * The unit, and under it the condominium when the list spans several (docs/product.md, "Lists and
 * search"): the same unit code can exist in two condominiums.
 */
function UnidadeCell({ s, showCondominio }: { s: Row; showCondominio: boolean }) {
  const condominio = showCondominio ? s.condominio?.nome : undefined;
  if (!condominio) return <span>{unidadeLabel(s.unidade)}</span>;
  return (
    <div className="flex flex-col">
      <span>{unidadeLabel(s.unidade)}</span>
      <span className="text-muted-foreground text-xs" data-testid="condominio">
        {condominio}
      </span>
    </div>
  );
}

/** When it was created, on its condominium's clock (docs/product.md, "Horários"). */
function DateCell({ value, timeZone }: { value: string; timeZone: string | undefined }) {
  return (
    <div className="flex flex-col">
      <ZonedTime value={value} timeZone={timeZone} />
      <RelativeTime value={value} timeZone={timeZone} className="text-muted-foreground text-xs" />
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
    <Button
      asChild
      variant={className ? "outline" : "ghost"}
      size={className ? "default" : "sm"}
      className={cn("relative z-10", className)}
    >
      <Link to={detailHref(s.id)}>Ver detalhes</Link>
    </Button>
  );
}

/** The status, and under it "Sem resposta dos moradores" on two lines if need be (a 1024 px tablet). */
function StatusCell({ s }: { s: Solicitacao }) {
  if (!semResposta(s)) return <StatusBadge status={s.status} />;
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={s.status} />
      <SemRespostaBadge className="whitespace-normal text-left" />
    </div>
  );
}

/**
 * Visitante, Tipo, Unidade (and its condominium, when the rows span several), Status, Data and
 * Ações. Below xl the Tipo column gives way (its badge goes under the name), so the rest fits a
 * 1024 px tablet.
 */
function columns(showCondominio: boolean, timeZone: string | undefined): ListColumn<Row>[] {
  return [
    {
      header: "Visitante",
      place: "title",
      // A name with a long unbroken part (a code, a number) breaks inside it rather than widen the table.
      className: "min-w-32 max-w-72 whitespace-normal [overflow-wrap:anywhere]",
      skeleton: "w-40",
      // The visitor's photo, when there is one, sits beside the name (docs/product.md, "Fotos"); in the
      // table from 1280 px only, where the columns have room for it (a 1024 px tablet's table would
      // scroll sideways), and always on the phone's cards.
      cell: (s) => (
        <div className="flex min-w-0 items-center gap-3">
          <VisitorThumbnail src={s.foto_miniatura_url} nome={s.nome_visitante} className="hidden xl:block" />
          <div className="flex min-w-0 flex-col items-start gap-1">
            <VisitorLink s={s} />
            {s.doc_visitante && <div className="text-muted-foreground text-xs">{s.doc_visitante}</div>}
            <TipoBadge tipo={s.tipo} className="xl:hidden" />
          </div>
        </div>
      ),
      card: (s) => (
        <div className="flex min-w-0 items-center gap-3">
          <VisitorThumbnail src={s.foto_miniatura_url} nome={s.nome_visitante} />
          <div className="min-w-0">
            <VisitorLink s={s} />
            {s.doc_visitante && <div className="font-normal text-muted-foreground text-xs">{s.doc_visitante}</div>}
            {semResposta(s) && <SemRespostaBadge className="mt-1 whitespace-normal text-left" />}
          </div>
        </div>
      ),
    },
    { header: "Tipo", from: "xl", cell: (s) => <TipoBadge tipo={s.tipo} /> },
    {
      header: "Unidade",
      className: showCondominio ? "min-w-36 whitespace-normal [overflow-wrap:anywhere]" : undefined,
      skeleton: "w-28",
      cell: (s) => <UnidadeCell s={s} showCondominio={showCondominio} />,
    },
    {
      header: "Status",
      place: "aside",
      className: "min-w-28 whitespace-normal",
      cell: (s) => <StatusCell s={s} />,
      card: (s) => <StatusBadge status={s.status} />,
    },
    {
      header: "Data",
      // The date and time keep one line; the zone's name ("(horário de Manaus)") and the relative time
      // ("há menos de um minuto") wrap under it rather than widen the column.
      className: "min-w-28 whitespace-normal [&_[data-timezone]_time]:whitespace-nowrap",
      skeleton: "w-28",
      cell: (s) => <DateCell value={s.created_at} timeZone={s.condominio?.timezone ?? timeZone} />,
    },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      skeleton: "w-24",
      cell: (s) => <DetailsLink s={s} />,
      card: (s) => <DetailsLink s={s} className="w-full" />,
    },
  ];
}

/**
 * The request list (docs/product.md, "Solicitações"): a table on wide screens, a list of cards on
 * phones (ResponsiveList). The visitor's name links to the detail, and the link's hit area covers
 * the whole row or card.
 */
export function SolicitacoesTable({
  items,
  loading,
  stale,
  timeZone,
  showCondominio = false,
}: {
  items: Row[];
  loading: boolean;
  /** Showing the previous page's rows while the next one loads. */
  stale?: boolean;
  /** Name each row's condominium under its unit: the rows span several condominiums. */
  showCondominio?: boolean;
  /** The condominium's zone, for rows that do not name their condominium (one condominium's or unit's card). */
  timeZone?: string;
}) {
  return (
    <ResponsiveList
      label="Solicitações"
      columns={columns(showCondominio, timeZone)}
      items={items}
      rowKey={(s) => s.id}
      rowProps={(s) => ({ "data-solicitacao-id": s.id })}
      rowClassName="relative hover:bg-muted/50"
      loading={loading}
      stale={stale}
      skeletonRows={6}
    />
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
  timeZone,
}: {
  title: string;
  description?: string;
  emptyTitle: string;
  emptyAction?: React.ReactNode;
  items: Row[] | undefined;
  loading?: boolean;
  error?: unknown;
  errorTitle?: string;
  onRetry?: () => void;
  footer?: React.ReactNode;
  /** The condominium's zone when every row is of one condominium (its detail, a unit's). */
  timeZone?: string;
}) {
  let body: React.ReactNode;
  if (loading) body = <SolicitacoesTable items={[]} loading />;
  else if (!items) body = <ErrorState title={errorTitle} error={error} onRetry={onRetry} />;
  else if (items.length === 0) body = <EmptyState icon={ClipboardList} title={emptyTitle} action={emptyAction} />;
  else
    body = (
      <>
        <SolicitacoesTable items={items} loading={false} timeZone={timeZone} />
        {footer && <div className="mt-4 flex justify-center">{footer}</div>}
      </>
    );
  return (
    <SectionCard icon={ClipboardList} title={title} description={description}>
      {body}
    </SectionCard>
  );
}
