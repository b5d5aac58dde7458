import { format, formatDistanceToNow } from "date-fns";
import { ptBR } from "date-fns/locale";
import { useSyncExternalStore } from "react";
import { cn } from "@/web/lib/utils";

// One shared clock for every relative time on screen, ticking every 30 s while any is mounted.
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, re-rendering the caller every 30 s. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

export function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "12/03/2025 14:32" (pt-BR). */
export function formatDateTime(value: string | Date): string {
  return format(toDate(value), "dd/MM/yyyy HH:mm", { locale: ptBR });
}

/** "12 de março de 2025 às 14:32" (pt-BR, long form for tooltips). */
export function formatDateTimeLong(value: string | Date): string {
  return format(toDate(value), "d 'de' MMMM 'de' yyyy 'às' HH:mm", { locale: ptBR });
}

/** "há 5 minutos" / "em 2 horas" (pt-BR, with suffix). */
export function formatRelative(value: string | Date): string {
  const date = toDate(value);
  const current = Date.now();
  // A browser clock slightly behind the server's would say "em menos de um minuto" for a new row.
  const ahead = date.getTime() - current;
  return formatDistanceToNow(ahead > 0 && ahead < 60_000 ? new Date(current) : date, { addSuffix: true, locale: ptBR });
}

/** A relative time ("há 5 minutos") in a <time> element, with the full date as its title. */
export function RelativeTime({ value, className }: { value: string | Date; className?: string }) {
  useNow(); // re-render as time passes
  const date = toDate(value);
  return (
    <time dateTime={date.toISOString()} title={formatDateTimeLong(date)} className={cn(className)}>
      {formatRelative(date)}
    </time>
  );
}
