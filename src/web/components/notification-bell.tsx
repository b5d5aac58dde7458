import { queryOptions, useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { solicitacaoPageSchema } from "@/shared/schemas/solicitacoes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { RelativeTime } from "@/web/components/relative-time";
import { Button } from "@/web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { Skeleton } from "@/web/components/ui/skeleton";
import { apiFetch, errorMessage } from "@/web/lib/api";

const number = new Intl.NumberFormat("pt-BR");

const PENDENTES_SHOWN = 5;

/**
 * The newest pending requests and their total. Under the "solicitacoes" root, so every change to a
 * request (realtime event or decision) refreshes the badge.
 */
export function pendentesOptions() {
  return queryOptions({
    queryKey: [QUERY_ROOTS.solicitacoes, "pendentes", PENDENTES_SHOWN] as const,
    queryFn: async ({ signal }) =>
      solicitacaoPageSchema.parse(
        await apiFetch<unknown>(`/api/solicitacoes?status=pendente&page_size=${PENDENTES_SHOWN}`, { signal }),
      ),
    staleTime: 60_000,
  });
}

/** "1 solicitação pendente", "3 solicitações pendentes". */
export function pendentesLabel(count: number): string {
  return count === 1 ? "1 solicitação pendente" : `${number.format(count)} solicitações pendentes`;
}

/**
 * The header bell: its badge is the real number of pending requests (hidden at 0), kept live by the
 * realtime events; clicking it lists the newest pending ones with links.
 */
export function NotificationBell() {
  const pendentes = useQuery(pendentesOptions());
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const count = pendentes.data?.total ?? 0;
  const truncated = pendentes.data?.total_truncated ?? false;
  const items = pendentes.data?.items ?? [];
  const close = () => setOpen(false);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label="Notificações"
          aria-describedby={count > 0 ? descriptionId : undefined}
        >
          <Bell aria-hidden="true" />
          {count > 0 && (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-destructive-foreground leading-none"
            >
              {count > 99 || truncated ? "99+" : count}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      {count > 0 && (
        <span id={descriptionId} className="sr-only">
          {pendentesLabel(count)}
        </span>
      )}
      <PopoverContent align="end" className="w-80 p-0" aria-labelledby={`${descriptionId}-title`}>
        <div className="border-b px-4 py-3">
          <h2 id={`${descriptionId}-title`} className="font-semibold text-sm">
            Solicitações pendentes
          </h2>
          <p className="text-muted-foreground text-xs">
            {pendentes.isPending
              ? "Carregando..."
              : count === 0
                ? "Nada aguardando decisão."
                : `${pendentesLabel(count)} aguardando decisão.`}
          </p>
        </div>
        {pendentes.isPending ? (
          <div className="space-y-2 p-4">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : pendentes.isError && !pendentes.data ? (
          <p className="p-4 text-destructive text-sm">{errorMessage(pendentes.error)}</p>
        ) : items.length > 0 ? (
          <ul className="max-h-80 overflow-y-auto py-1">
            {items.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/app/solicitacoes/${s.id}`}
                  onClick={close}
                  className="flex flex-col gap-0.5 px-4 py-2 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
                >
                  <span className="truncate font-medium text-sm">{s.nome_visitante}</span>
                  <span className="flex flex-wrap gap-x-2 text-muted-foreground text-xs">
                    <span>{unidadeLabel(s.unidade)}</span>
                    <span aria-hidden="true">·</span>
                    <RelativeTime value={s.created_at} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="border-t p-2">
          <Button asChild variant="ghost" size="sm" className="w-full">
            <Link to="/app/solicitacoes?status=pendente" onClick={close}>
              Ver todas as pendentes
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
