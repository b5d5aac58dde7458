/**
 * "Acessos a estes dados" on a person's detail (docs/product.md, "Auditoria"): who viewed this person's record, when
 * and from where, 20 at a time. Only for roles that read the audit trail (owner and síndicos); the
 * person screen mounts it only for them, so no one else fires a request the server would refuse.
 */
import { useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { Pagination } from "@/web/components/pagination";
import { RelativeTime } from "@/web/components/relative-time";
import { SectionCard } from "@/web/components/section-card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { ZonedTime } from "@/web/components/zoned-time";
import { acessosPessoaOptions } from "@/web/console/auditoria/auditoria.queries";
import { ATOR_TIPO_LABELS, atorLabel } from "@/web/lib/auditoria-format";
import { cn } from "@/web/lib/utils";

export function AcessosDadosCard({
  pessoaId,
  timeZone,
}: {
  pessoaId: string;
  /** The person's condominium's zone: the times read on its clock (docs/product.md, "Horários"). */
  timeZone: string | undefined;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery(acessosPessoaOptions(pessoaId, page));
  const data = query.data;

  let content: React.ReactNode;
  if (query.isError && !data)
    content = (
      <ErrorState
        title="Não foi possível carregar os acessos a estes dados."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!data)
    content = (
      <ul className="divide-y rounded-lg border" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-28" />
          </li>
        ))}
      </ul>
    );
  else if (data.items.length === 0)
    content = (
      <EmptyState
        icon={Eye}
        title="Ninguém visualizou estes dados ainda."
        description="Cada vez que alguém da equipe abre os dados desta pessoa, o acesso fica registrado aqui."
      />
    );
  else
    content = (
      <div className="space-y-3">
        <ul
          className={cn("divide-y rounded-lg border", query.isPlaceholderData && "opacity-60")}
          aria-busy={query.isPlaceholderData || undefined}
          data-testid="acessos-dados"
        >
          {data.items.map((a) => {
            const nome = atorLabel(a);
            const tipo = ATOR_TIPO_LABELS[a.ator_tipo];
            return (
              <li key={a.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{nome}</span>
                  <span className="text-muted-foreground text-xs">
                    {a.ator_tipo !== "usuario" && tipo !== nome ? `${tipo} · ` : ""}
                    {a.ip ? `IP ${a.ip}` : "IP não registrado"}
                  </span>
                </div>
                <div className="flex flex-col text-sm sm:items-end">
                  <ZonedTime value={a.ocorrido_em} timeZone={timeZone} />
                  <RelativeTime value={a.ocorrido_em} timeZone={timeZone} className="text-muted-foreground text-xs" />
                </div>
              </li>
            );
          })}
        </ul>
        <Pagination
          page={page}
          pageSize={data.page_size}
          total={data.total}
          totalTruncated={data.total_truncated}
          itemsOnPage={data.items.length}
          onPageChange={setPage}
          disabled={query.isPlaceholderData}
        />
      </div>
    );

  return (
    <SectionCard
      icon={Eye}
      title="Acessos a estes dados"
      description="Quem visualizou os dados desta pessoa, quando e de onde."
    >
      {content}
    </SectionCard>
  );
}
