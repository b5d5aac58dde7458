/**
 * "Faturas" (docs/decisions/045-plans-and-billing.md): every invoice with its status, the pt-BR PDF receipt
 * of a paid one and its nota fiscal; a table from the md breakpoint, cards on a phone; paged by the server.
 */
import { useQuery } from "@tanstack/react-query";
import { Download, Receipt } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { FATURA_STATUS_LABELS, NFSE_NAO_CONFIGURADA_MENSAGEM, NFSE_STATUS_LABELS } from "@/shared/faturamento";
import { formatBRL } from "@/shared/plans";
import type { Fatura } from "@/shared/schemas/faturamento";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { Pagination } from "@/web/components/pagination";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { SectionCard } from "@/web/components/section-card";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { FATURAS_PAGE_SIZE, faturasOptions } from "../faturamento.queries";
import { FATURA_TONS, formatData, NFSE_TONS } from "./formato";

function NotaFiscal({ fatura }: { fatura: Fatura }) {
  const { nfse } = fatura;
  // Only a paid invoice gets a nota; the others have nothing to say here.
  if (fatura.status !== "paga") return <span className="text-muted-foreground">—</span>;
  if (nfse.status === "emitida" && nfse.url)
    return (
      <a
        href={nfse.url}
        target="_blank"
        rel="noreferrer"
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {nfse.numero ? `Nota nº ${nfse.numero}` : NFSE_STATUS_LABELS.emitida}
        <span className="sr-only"> (abre em nova aba)</span>
      </a>
    );
  return (
    <span className="grid gap-0.5">
      <Badge variant="outline" className={toneClasses(NFSE_TONS[nfse.status])}>
        {NFSE_STATUS_LABELS[nfse.status]}
      </Badge>
      {nfse.status === "falhou" && nfse.mensagem && (
        <span className="text-muted-foreground text-xs">{nfse.mensagem}</span>
      )}
    </span>
  );
}

function ReciboLink({ fatura, block = false }: { fatura: Fatura; block?: boolean }) {
  if (!fatura.recibo_url) return block ? null : <span className="text-muted-foreground">—</span>;
  return (
    <Button asChild variant="outline" size="sm" className={block ? "w-full" : undefined}>
      <a href={fatura.recibo_url} download={`recibo-${fatura.numero}.pdf`}>
        <Download aria-hidden="true" />
        Recibo (PDF)
        <span className="sr-only"> da fatura {fatura.numero}</span>
      </a>
    </Button>
  );
}

const COLUMNS: ListColumn<Fatura>[] = [
  {
    header: "Descrição",
    place: "title",
    cell: (f) => (
      <span className="grid gap-0.5">
        <span className="font-medium">{f.descricao}</span>
        <span className="font-normal text-muted-foreground text-xs">Fatura nº {f.numero}</span>
      </span>
    ),
    skeleton: "w-48",
  },
  { header: "Data", cell: (f) => formatData(f.paga_em ?? f.criada_em), testId: "fatura-data" },
  {
    header: "Valor",
    align: "right",
    cell: (f) => <span className="tabular-nums">{formatBRL(f.valor_centavos)}</span>,
    testId: "fatura-valor",
  },
  {
    header: "Status",
    place: "aside",
    cell: (f) => (
      <span className="grid gap-0.5">
        <Badge variant="outline" className={toneClasses(FATURA_TONS[f.status])}>
          {FATURA_STATUS_LABELS[f.status]}
        </Badge>
        {f.status === "falhou" && f.motivo_falha && (
          <span className="text-muted-foreground text-xs">{f.motivo_falha}</span>
        )}
      </span>
    ),
    testId: "fatura-status",
  },
  { header: "Nota fiscal", cell: (f) => <NotaFiscal fatura={f} /> },
  {
    header: "Recibo",
    place: "actions",
    cell: (f) => <ReciboLink fatura={f} />,
    card: (f) => <ReciboLink fatura={f} block />,
  },
];

export function FaturasCard() {
  const [page, setPage] = useState(1);
  const query = useQuery(faturasOptions(page));
  const items = query.data?.items ?? [];
  const semNotaAutomatica = items.some((f) => f.nfse.status === "nao_configurada" && f.status === "paga");

  let content: React.ReactNode;
  if (query.isError && !query.data)
    content = (
      <ErrorState
        title="Não foi possível carregar as faturas."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data && query.data.total === 0 && page === 1)
    content = (
      <EmptyState
        icon={Receipt}
        title="Nenhuma fatura ainda."
        description="Cada cobrança da assinatura aparece aqui, com o recibo em PDF."
      />
    );
  else
    content = (
      <div className="grid gap-4">
        <ResponsiveList
          label="Faturas"
          columns={COLUMNS}
          items={items}
          rowKey={(f) => f.id}
          rowProps={(f) => ({ "data-fatura": f.numero, "data-status": f.status })}
          loading={query.isPending}
          stale={query.isPlaceholderData}
          skeletonRows={3}
        />
        {semNotaAutomatica && <p className="text-muted-foreground text-sm">{NFSE_NAO_CONFIGURADA_MENSAGEM}</p>}
        {query.data && (
          <Pagination
            page={page}
            pageSize={FATURAS_PAGE_SIZE}
            total={query.data.total}
            totalTruncated={query.data.total_truncated}
            itemsOnPage={items.length}
            onPageChange={setPage}
            disabled={query.isPlaceholderData}
          />
        )}
      </div>
    );

  return (
    <SectionCard icon={Receipt} title="Faturas" description="As cobranças da assinatura, a mais recente primeiro.">
      {content}
    </SectionCard>
  );
}
