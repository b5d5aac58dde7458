/**
 * "Quem está no condomínio agora": entries without an exit, each with "Registrar saída" (undone from
 * its toast for a short time) and, in the first minutes after the gate opened, "Não entrou".
 */
import { useQuery } from "@tanstack/react-query";
import { LogOut, Undo2, Users } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import {
  ACESSO_ORIGEM_LABELS,
  type Acesso,
  DESFAZER_SAIDA_JANELA_MINUTOS,
  NAO_ENTROU_JANELA_MINUTOS,
} from "@/shared/schemas/acessos";
import { VISITA_TIPO_LABELS } from "@/shared/schemas/passes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { Pagination } from "@/web/components/pagination";
import { RelativeTime } from "@/web/components/relative-time";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import {
  acessosListOptions,
  useDesfazerSaida,
  useNaoEntrou,
  useRegistrarSaida,
} from "@/web/console/acessos/acessos.queries";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { presentesDescricao, useNow } from "./portaria-helpers";
import { ListSkeleton, PortariaSection } from "./section";

const PAGE_SIZE = 50;
const TITLE = "Quem está no condomínio agora";

/** Remount per condominium (key) so the page goes back to 1 when the gate changes. */
export function Presentes({ condominioId }: { condominioId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(
    acessosListOptions({ condominio_id: condominioId, presentes: "true", page, page_size: PAGE_SIZE }),
  );
  const saida = useRegistrarSaida();
  const desfazerSaida = useDesfazerSaida();
  const naoEntrou = useNaoEntrou();
  // "Não entrou" is offered while the entry is recent: the clock, not only events, takes it away.
  const now = useNow(30_000);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const data = query.data;
  // The last person of a later page left: that page no longer exists.
  if (data && data.items.length === 0 && page > 1 && !query.isPlaceholderData) setPage(1);

  function registrarSaida(acesso: Acesso) {
    saida.mutate(acesso.id, {
      onSuccess: () => {
        toast.success(`Saída de ${acesso.nome} registrada`, {
          description: `${acesso.nome} saiu do condomínio.`,
          duration: DESFAZER_SAIDA_JANELA_MINUTOS * 60_000,
          action: { label: "Desfazer", onClick: () => desfazer(acesso) },
        });
        // The row leaves the list: the focus must not fall back to the top of the page.
        headingRef.current?.focus();
      },
      onError: (error) => toast.error("Não foi possível registrar a saída", { description: errorMessage(error) }),
    });
  }

  function desfazer(acesso: Acesso) {
    desfazerSaida.mutate(acesso.id, {
      onSuccess: () => toast.success(`${acesso.nome} está no condomínio de novo`, { description: "Saída desfeita." }),
      onError: (error) => toast.error("Não foi possível desfazer a saída", { description: errorMessage(error) }),
    });
  }

  function marcarNaoEntrou(acesso: Acesso) {
    naoEntrou.mutate(acesso.id, {
      onSuccess: () => {
        toast.success(`${acesso.nome} não entrou`, { description: "A entrada ficou marcada como “não entrou”." });
        headingRef.current?.focus();
      },
      onError: (error) => toast.error("Não foi possível desfazer a entrada", { description: errorMessage(error) }),
    });
  }

  let content: ReactNode;
  if (query.isError && !data)
    content = (
      <ErrorState
        title="Não foi possível carregar quem está no condomínio."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!data) content = <ListSkeleton rows={3} label="Carregando quem está no condomínio..." />;
  else if (data.items.length === 0)
    content = (
      <EmptyState
        icon={Users}
        title="Ninguém no condomínio agora."
        description="Quem entrar pela portaria aparece aqui até a saída ser registrada."
        className="py-6"
      />
    );
  else
    content = (
      <div className="grid gap-4">
        <ul
          className={cn("divide-y", query.isPlaceholderData && "opacity-60")}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {data.items.map((acesso) => {
            const pending = saida.isPending && saida.variables === acesso.id;
            const undoing = naoEntrou.isPending && naoEntrou.variables === acesso.id;
            const recent = now - Date.parse(acesso.entrada_em) < NAO_ENTROU_JANELA_MINUTOS * 60_000;
            const busy = saida.isPending || naoEntrou.isPending;
            return (
              <li
                key={acesso.id}
                data-acesso-id={acesso.id}
                className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="break-words font-semibold text-lg">{acesso.nome}</span>
                    <Badge variant="secondary">{VISITA_TIPO_LABELS[acesso.tipo]}</Badge>
                  </p>
                  <p className="text-muted-foreground text-sm">
                    {unidadeLabel(acesso.unidade)} · {ACESSO_ORIGEM_LABELS[acesso.origem]}
                    {acesso.autorizado_por_nome && <> ({acesso.autorizado_por_nome})</>}
                  </p>
                  <p className="text-sm">
                    Entrou <RelativeTime value={acesso.entrada_em} />
                    {acesso.documento && <span className="text-muted-foreground"> · Doc. {acesso.documento}</span>}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
                  {recent && (
                    <Button
                      variant="ghost"
                      size="lg"
                      className="h-12 text-base"
                      onClick={() => marcarNaoEntrou(acesso)}
                      disabled={busy}
                      aria-busy={undoing || undefined}
                    >
                      {undoing ? <Spinner className="size-5" /> : <Undo2 className="size-5" aria-hidden="true" />}
                      Não entrou<span className="sr-only"> ({acesso.nome})</span>
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    size="lg"
                    className="h-12 text-base"
                    onClick={() => registrarSaida(acesso)}
                    disabled={busy}
                    aria-busy={pending || undefined}
                  >
                    {pending ? <Spinner className="size-5" /> : <LogOut className="size-5" aria-hidden="true" />}
                    Registrar saída<span className="sr-only"> de {acesso.nome}</span>
                  </Button>
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
    <PortariaSection
      icon={Users}
      title={TITLE}
      count={data?.total}
      headingRef={headingRef}
      description={
        <span aria-live="polite">
          {data ? presentesDescricao(data.total, data.total_truncated) : "Quem entrou e ainda não saiu."}
        </span>
      }
      data-testid="presentes"
    >
      {content}
    </PortariaSection>
  );
}
