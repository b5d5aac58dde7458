import { queryOptions, useQuery } from "@tanstack/react-query";
import { Bell, BellRing, ChevronRight, PhoneOff } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { QUERY_ROOTS } from "@/shared/query-keys";
import type { Pendentes } from "@/shared/schemas/dashboard";
import { unidadeLabel } from "@/shared/unidade-label";
import { RelativeTime } from "@/web/components/relative-time";
import { SemRespostaBadge } from "@/web/components/status-badge";
import { Button } from "@/web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { Skeleton } from "@/web/components/ui/skeleton";
import { apiFetch, errorMessage } from "@/web/lib/api";

const number = new Intl.NumberFormat("pt-BR");

/**
 * The pending requests now, of every condominium the user reaches: how many, how many nobody
 * answered (docs/product.md, "Resident link"), and the newest few. One answer, and the same count
 * as the dashboard's "Pendentes agora" (both read GET /api/dashboard/pendentes' query). Under the
 * "solicitacoes" root, so every change to a request (realtime event or decision) refreshes the badge.
 * The bell is on every console screen, so its answer is read as the shared type, not parsed with zod
 * (docs/decisions/026).
 */
export function pendentesOptions() {
  return queryOptions({
    queryKey: [QUERY_ROOTS.solicitacoes, "pendentes", "sino"] as const,
    queryFn: ({ signal }) => apiFetch<Pendentes>("/api/dashboard/pendentes", { signal }),
    staleTime: 60_000,
  });
}

/** Where the bell's "sem resposta" link goes: the list filtered by the API. */
export const SEM_RESPOSTA_HREF = "/app/solicitacoes?sem_resposta=true";

/** "1 solicitação pendente", "3 solicitações pendentes". */
export function pendentesLabel(count: number): string {
  return count === 1 ? "1 solicitação pendente" : `${number.format(count)} solicitações pendentes`;
}

/** "1 sem resposta dos moradores", "2 sem resposta dos moradores". */
export function semRespostaLabel(count: number): string {
  return `${number.format(count)} sem resposta dos moradores`;
}

/** The bell's accessible description: "3 solicitações pendentes, 2 sem resposta dos moradores". */
export function bellDescription(pendentes: number, semResposta: number): string {
  const parts: string[] = [];
  if (pendentes > 0) parts.push(pendentesLabel(pendentes));
  if (semResposta > 0) parts.push(semRespostaLabel(semResposta));
  return parts.join(", ");
}

/**
 * The header bell: its badge is the real number of pending requests (hidden at 0), kept live by the realtime
 * events; clicking it lists the newest pending ones with links. The pending requests nobody answered
 * (docs/product.md, "Resident link") stand out: a ringing bell with a second, orange count at its foot, named
 * in the button's description, and a highlighted link to the filtered list in the popover.
 */
export function NotificationBell() {
  const pendentes = useQuery(pendentesOptions());
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const count = pendentes.data?.pendentes ?? 0;
  const items = pendentes.data?.items ?? [];
  const semRespostaCount = pendentes.data?.sem_resposta ?? 0;
  const description = bellDescription(count, semRespostaCount);
  const close = () => setOpen(false);
  const BellIcon = semRespostaCount > 0 ? BellRing : Bell;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label="Notificações"
          aria-describedby={description ? descriptionId : undefined}
        >
          <BellIcon aria-hidden="true" />
          {count > 0 && (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-destructive-foreground leading-none"
            >
              {count > 99 ? "99+" : count}
            </span>
          )}
          {semRespostaCount > 0 && (
            <span
              data-testid="sem-resposta-badge-sino"
              aria-hidden="true"
              className="absolute right-0.5 bottom-0 flex h-4 min-w-4 items-center justify-center rounded-full border border-background bg-amber-400 px-1 font-semibold text-[10px] text-amber-950 leading-none"
            >
              {semRespostaCount > 99 ? "99+" : semRespostaCount}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      {description && (
        <span id={descriptionId} className="sr-only">
          {description}
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
                : `${pendentesLabel(count)} agora, em todos os condomínios.`}
          </p>
        </div>
        {semRespostaCount > 0 && (
          <div className="border-b p-2">
            <Link
              to={SEM_RESPOSTA_HREF}
              onClick={close}
              data-testid="sino-sem-resposta"
              className="flex items-center gap-3 rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-orange-950 outline-none hover:bg-orange-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 dark:border-orange-400/40 dark:bg-orange-400/10 dark:text-orange-100 dark:hover:bg-orange-400/20"
            >
              <PhoneOff className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-sm">{semRespostaLabel(semRespostaCount)}</span>
                <span className="block text-xs">Ligue para a unidade.</span>
              </span>
              <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
            </Link>
          </div>
        )}
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
                  {s.sem_resposta_moradores_em && <SemRespostaBadge className="my-0.5" />}
                  <span className="flex flex-wrap gap-x-2 text-muted-foreground text-xs">
                    <span>{unidadeLabel(s.unidade)}</span>
                    <span aria-hidden="true">·</span>
                    <span>{s.condominio.nome}</span>
                    <span aria-hidden="true">·</span>
                    <RelativeTime value={s.created_at} timeZone={s.condominio.timezone} />
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
