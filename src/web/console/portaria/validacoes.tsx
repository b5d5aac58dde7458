/** "Últimas validações": the latest attempts at this gate, from here, other tablets or integrations. */
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, History } from "lucide-react";
import type { ReactNode } from "react";
import { VALIDACAO_RESULTADO_LABELS } from "@/shared/schemas/passes";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { RelativeTime } from "@/web/components/relative-time";
import { Badge } from "@/web/components/ui/badge";
import { ZonedTime } from "@/web/components/zoned-time";
import { useCondominioTimeZone } from "@/web/lib/condominio-timezone";
import { ULTIMAS_VALIDACOES, validacoesOptions } from "./portaria.queries";
import { ListSkeleton, PortariaSection } from "./section";

export function UltimasValidacoes({ condominioId }: { condominioId: string }) {
  const query = useQuery(validacoesOptions(condominioId));
  // The gate's clock (docs/product.md, "Horários").
  const timeZone = useCondominioTimeZone(condominioId);
  const items = query.data?.items;

  let content: ReactNode;
  if (query.isError && !query.data)
    content = (
      <ErrorState
        title="Não foi possível carregar as últimas validações."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!items) content = <ListSkeleton rows={3} label="Carregando as últimas validações..." />;
  else if (items.length === 0)
    content = (
      <EmptyState
        icon={History}
        title="Nenhuma validação ainda."
        description="Cada PIN digitado ou QR Code lido nesta portaria aparece aqui."
        className="py-6"
      />
    );
  else
    content = (
      <ul className="divide-y">
        {items.map((v) => {
          const Icon = v.liberado ? CircleCheck : CircleX;
          return (
            <li key={v.id} data-validacao-id={v.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              <Icon
                className={
                  v.liberado
                    ? "mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-300"
                    : "mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300"
                }
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Badge
                    variant="outline"
                    className={
                      v.liberado
                        ? "border-green-200 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-400/15 dark:text-green-200"
                        : "border-red-200 bg-red-100 text-red-900 dark:border-red-400/30 dark:bg-red-400/15 dark:text-red-200"
                    }
                  >
                    {VALIDACAO_RESULTADO_LABELS[v.resultado]}
                  </Badge>
                  <span className="text-muted-foreground text-xs">
                    {v.metodo === "qr" ? "QR Code" : "PIN"} · <ZonedTime value={v.created_at} timeZone={timeZone} /> ·{" "}
                    <RelativeTime value={v.created_at} timeZone={timeZone} />
                  </span>
                </div>
                <p className="break-words text-sm">{v.mensagem}</p>
                {v.validado_por && <p className="text-muted-foreground text-xs">Por {v.validado_por}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <PortariaSection
      icon={History}
      title="Últimas validações"
      description={`As ${ULTIMAS_VALIDACOES} tentativas mais recentes nesta portaria.`}
      data-testid="ultimas-validacoes"
    >
      {content}
    </PortariaSection>
  );
}
