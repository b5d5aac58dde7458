/**
 * An area's month on "Reservar" (docs/decisions/044-common-area-bookings.md): a table of the month's
 * days, Sunday first, each a button that tells whether the day has a free time, is taken, closed or
 * cannot be booked (notice, horizon) — in its text for screen readers and by its look. The arrow
 * keys move a day or a week, Home/End to the week's edges, PageUp/PageDown a month; one day is in
 * the tab order at a time. Built here: no calendar library is among the console's packages.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Disponibilidade } from "@/shared/schemas/reservas";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";
import {
  addDays,
  daysInMonth,
  diaCurto,
  monthLabel,
  monthStart,
  WEEKDAYS,
  WEEKDAYS_SHORT,
  weekdayOf,
} from "./reserva-ui";

export type DiaDisponibilidade = Disponibilidade["dias"][number];
export type SituacaoDia = "livre" | "ocupado" | "fechado" | "indisponivel" | "carregando";

export function situacaoDia(dia: DiaDisponibilidade | undefined): SituacaoDia {
  if (!dia) return "carregando";
  if (dia.fechado || dia.horarios.length === 0) return "fechado";
  if (dia.horarios.some((h) => h.situacao === "livre")) return "livre";
  if (dia.horarios.some((h) => h.situacao === "ocupado")) return "ocupado";
  return "indisponivel";
}

function descricao(dia: DiaDisponibilidade | undefined): string {
  const situacao = situacaoDia(dia);
  if (situacao === "livre") {
    const livres = dia!.horarios.filter((h) => h.situacao === "livre").length;
    return livres === 1 ? "1 horário livre" : `${livres} horários livres`;
  }
  if (situacao === "ocupado") return "ocupado";
  if (situacao === "fechado") return "fechado";
  if (situacao === "indisponivel") return "indisponível";
  return "carregando";
}

const DAY_CLASSES: Record<SituacaoDia, string> = {
  livre:
    "border-emerald-300 bg-emerald-50 text-emerald-950 hover:bg-emerald-100 dark:border-emerald-400/40 dark:bg-emerald-400/10 dark:text-emerald-100",
  ocupado: "border-transparent bg-muted text-muted-foreground line-through",
  fechado: "border-transparent text-muted-foreground",
  indisponivel: "border-transparent text-muted-foreground",
  carregando: "border-transparent text-muted-foreground",
};

/** Where a key moves the focus from `dia`, or null for a key the grid does not use. */
function destino(key: string, dia: string, weekday: number): string | null {
  const sameDayOf = (month: string) => addDays(month, Math.min(Number(dia.slice(8, 10)), daysInMonth(month)) - 1);
  switch (key) {
    case "ArrowLeft":
      return addDays(dia, -1);
    case "ArrowRight":
      return addDays(dia, 1);
    case "ArrowUp":
      return addDays(dia, -7);
    case "ArrowDown":
      return addDays(dia, 7);
    case "Home":
      return addDays(dia, -weekday);
    case "End":
      return addDays(dia, 6 - weekday);
    case "PageUp":
      return sameDayOf(monthStart(dia, -1));
    case "PageDown":
      return sameDayOf(monthStart(dia, 1));
    default:
      return null;
  }
}

export function ReservaCalendario({
  mes,
  hoje,
  dias,
  selecionado,
  onSelect,
  onMesChange,
  podeVoltar,
  podeAvancar,
  carregando,
}: {
  /** The month's first day (YYYY-MM-DD). */
  mes: string;
  hoje: string;
  dias: Map<string, DiaDisponibilidade>;
  selecionado: string | null;
  onSelect: (dia: string) => void;
  onMesChange: (mes: string) => void;
  podeVoltar: boolean;
  podeAvancar: boolean;
  carregando: boolean;
}) {
  const total = daysInMonth(mes);
  const last = addDays(mes, total - 1);
  const [foco, setFoco] = useState<string>(() => (selecionado?.startsWith(mes.slice(0, 7)) ? selecionado : mes));
  const focoPendente = useRef(false);
  const tableRef = useRef<HTMLTableElement>(null);

  // Another month on screen: its roving stop is the selected day, today or the first day.
  const focoNoMes = foco >= mes && foco <= last;
  const stop = focoNoMes ? foco : hoje >= mes && hoje <= last ? hoje : mes;

  useEffect(() => {
    if (!focoPendente.current) return;
    focoPendente.current = false;
    tableRef.current?.querySelector<HTMLButtonElement>(`button[data-dia="${stop}"]`)?.focus();
  });

  function moveTo(dia: string) {
    setFoco(dia);
    focoPendente.current = true;
    if (dia < mes) {
      if (podeVoltar) onMesChange(monthStart(dia));
      else {
        setFoco(mes);
      }
    } else if (dia > last) {
      if (podeAvancar) onMesChange(monthStart(dia));
      else setFoco(last);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, dia: string) {
    const weekday = weekdayOf(dia);
    const target = destino(event.key, dia, weekday);
    if (!target) return;
    event.preventDefault();
    moveTo(target);
  }

  const lead = weekdayOf(mes);
  const cells: { key: string; dia: string | null }[] = [
    ...Array.from({ length: lead }, (_, i) => ({ key: `antes-${i}`, dia: null })),
    ...Array.from({ length: total }, (_, i) => ({ key: addDays(mes, i), dia: addDays(mes, i) })),
  ];
  while (cells.length % 7 !== 0) cells.push({ key: `depois-${cells.length}`, dia: null });
  const weeks: { key: string; dia: string | null }[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const captionId = `calendario-${mes}`;

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Mês anterior"
          disabled={!podeVoltar}
          onClick={() => onMesChange(monthStart(mes, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p id={captionId} className="font-semibold capitalize" aria-live="polite">
          {monthLabel(mes)}
        </p>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Próximo mês"
          disabled={!podeAvancar}
          onClick={() => onMesChange(monthStart(mes, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={tableRef}
        className="w-full table-fixed border-separate border-spacing-1"
        aria-labelledby={captionId}
        aria-busy={carregando || undefined}
      >
        <thead>
          <tr>
            {WEEKDAYS_SHORT.map((d, i) => (
              <th key={d} scope="col" abbr={WEEKDAYS[i]} className="font-medium text-muted-foreground text-xs">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.key}>
              {week.map(({ key, dia }) => {
                if (!dia) return <td key={key} />;
                const info = dias.get(dia);
                const situacao = carregando && !info ? "carregando" : situacaoDia(info);
                const escolhido = dia === selecionado;
                const passado = dia < hoje;
                return (
                  <td key={dia} className="p-0">
                    <button
                      type="button"
                      data-dia={dia}
                      tabIndex={dia === stop ? 0 : -1}
                      aria-label={`${diaCurto(dia)}: ${passado ? "já passou" : descricao(info)}`}
                      aria-pressed={escolhido}
                      aria-current={dia === hoje ? "date" : undefined}
                      onClick={() => {
                        setFoco(dia);
                        onSelect(dia);
                      }}
                      onFocus={() => setFoco(dia)}
                      onKeyDown={(event) => onKeyDown(event, dia)}
                      className={cn(
                        "flex h-11 w-full flex-col items-center justify-center rounded-md border text-sm tabular-nums outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                        passado ? DAY_CLASSES.fechado : DAY_CLASSES[situacao],
                        situacao === "livre" && !passado && "font-semibold",
                        dia === hoje && "underline underline-offset-4",
                        escolhido && "border-primary bg-primary text-primary-foreground no-underline hover:bg-primary",
                      )}
                    >
                      {Number(dia.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs" aria-label="Legenda do calendário">
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm border border-emerald-300 bg-emerald-50 dark:border-emerald-400/40 dark:bg-emerald-400/10"
          />
          Com horário livre
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="text-[0.7rem] line-through">
            12
          </span>
          Ocupado
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="text-[0.7rem]">
            12
          </span>
          Fechado ou indisponível
        </li>
      </ul>
    </div>
  );
}
