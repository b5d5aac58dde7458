import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { hasNextPage } from "@/web/lib/page-window";
import { cn } from "@/web/lib/utils";

const number = new Intl.NumberFormat("pt-BR");

/**
 * Server-side pagination: "Página X de Y" with previous/next buttons. `total` is capped by the API
 * (total_truncated), so the last page shown may not be the real last one; "next" stays enabled while
 * a full page came back, up to the end of the first TOTAL_CAP matches (the API pages no further).
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalTruncated = false,
  itemsOnPage,
  onPageChange,
  disabled = false,
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalTruncated?: boolean;
  itemsOnPage: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = hasNextPage({ page, pageSize, total, totalTruncated, itemsOnPage });
  if (page <= 1 && !hasNext) return null;
  const first = (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + itemsOnPage;

  return (
    <nav aria-label="Paginação" className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {itemsOnPage > 0 ? `${number.format(first)}–${number.format(last)} de ` : ""}
        {totalTruncated ? `mais de ${number.format(total)}` : number.format(total)}
        {" · "}
        Página {number.format(page)}
        {totalTruncated ? "" : ` de ${number.format(pages)}`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || page <= 1}
          onClick={() => onPageChange(page - 1)}
          aria-label="Página anterior"
        >
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">Anterior</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || !hasNext}
          onClick={() => onPageChange(page + 1)}
          aria-label="Próxima página"
        >
          <span className="hidden sm:inline">Próxima</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
