/**
 * A common area's booking rules (docs/decisions/044-common-area-bookings.md), pure: the server checks
 * every booking with them and the console may show the same slots and messages before sending.
 *
 * Times a resident picks are local to the condominium ("2026-12-05", "18:00"; "24:00" is the next
 * midnight); they become instants with the condominium's timezone (TZDate), so "18:00" in Manaus
 * and in São Paulo are different instants.
 */
import { TZDate } from "@date-fns/tz";

export type HorarioDia = { abre: string; fecha: string } | null;

/** What the rules need of an area (the API's field names) and its condominium's timezone. */
export interface AreaRegras {
  /** Seven entries, Sunday first. */
  horarios: readonly HorarioDia[];
  modo: "dia" | "blocos";
  bloco_horas: number | null;
  antecedencia_minima_horas: number;
  antecedencia_maxima_dias: number;
  timezone: string;
}

export interface PedidoHorario {
  /** "YYYY-MM-DD", the condominium's calendar. */
  data: string;
  hora_inicio?: string | null;
  hora_fim?: string | null;
}

export interface Horario {
  hora_inicio: string;
  hora_fim: string;
  inicio: Date;
  fim: Date;
}

export type ResultadoRegras =
  | { ok: true; horario: Horario }
  | { ok: false; campo: "data" | "hora_inicio" | "hora_fim"; mensagem: string };

const DIAS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];

export const MENSAGENS = {
  antecedencia: (n: number) => `Reservas desta área precisam de pelo menos ${n} horas de antecedência.`,
  horizonte: (n: number) => `Reservas desta área podem ser feitas com no máximo ${n} dias de antecedência.`,
  limiteMensal: (n: number) => `Limite de ${n} reserva(s) por mês desta área para a unidade atingido.`,
  foraDoHorario: (dia: string, abre: string, fecha: string) =>
    `Fora do horário de funcionamento da área (${dia}: ${abre}–${fecha}).`,
  fechado: (dia: string) => `A área não abre neste dia (${dia.charAt(0).toUpperCase()}${dia.slice(1)}).`,
  blocos: (n: number, abre: string) => `Escolha um dos horários da área (blocos de ${n} horas a partir de ${abre}).`,
  passado: "Não é possível reservar uma data que já passou.",
  conflito: "Horário indisponível: já existe uma reserva da área neste período.",
  limpeza: (n: number) => `Horário indisponível: a área precisa de ${n} minutos de limpeza entre reservas.`,
  prazoCancelamento: (n: number) => `O prazo para cancelar terminou: cancelamentos até ${n} horas antes do início.`,
  capacidade: (n: number) => `A lista de convidados passa da capacidade da área (${n} pessoas).`,
  indisponivel: "Esta área não está disponível para reservas.",
} as const;

export function minutosDe(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

export function horaDe(minutos: number): string {
  return `${String(Math.floor(minutos / 60)).padStart(2, "0")}:${String(minutos % 60).padStart(2, "0")}`;
}

function partes(data: string): [number, number, number] {
  return [Number(data.slice(0, 4)), Number(data.slice(5, 7)), Number(data.slice(8, 10))];
}

/** The day after/before `data` (calendar arithmetic, no timezone involved). */
export function somaDias(data: string, dias: number): string {
  const [y, m, d] = partes(data);
  return new Date(Date.UTC(y, m - 1, d + dias)).toISOString().slice(0, 10);
}

/** 0 = Sunday. */
export function diaDaSemana(data: string): number {
  const [y, m, d] = partes(data);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function nomeDoDia(data: string): string {
  return DIAS[diaDaSemana(data)]!;
}

/** The instant of a local day and time in `timezone`; "24:00" is the next day's midnight. */
export function instante(data: string, hora: string, timezone: string): Date {
  const minutos = minutosDe(hora);
  const dia = minutos >= 24 * 60 ? somaDias(data, 1) : data;
  const resto = minutos % (24 * 60);
  const [y, m, d] = partes(dia);
  return new Date(new TZDate(y, m - 1, d, Math.floor(resto / 60), resto % 60, timezone).getTime());
}

/** The local calendar day of an instant in `timezone`. */
export function dataLocal(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(at)
    .slice(0, 10);
}

/** The day's bookable times: the whole opening, or each block of N hours from `abre` ending by `fecha`. */
export function horariosDoDia(area: AreaRegras, data: string): Horario[] {
  const dia = area.horarios[diaDaSemana(data)];
  if (!dia) return [];
  const abre = minutosDe(dia.abre);
  const fecha = minutosDe(dia.fecha);
  const pares: [number, number][] = [];
  if (area.modo === "blocos" && area.bloco_horas) {
    const passo = area.bloco_horas * 60;
    for (let ini = abre; ini + passo <= fecha; ini += passo) pares.push([ini, ini + passo]);
  } else {
    pares.push([abre, fecha]);
  }
  return pares.map(([a, b]) => ({
    hora_inicio: horaDe(a),
    hora_fim: horaDe(b),
    inicio: instante(data, horaDe(a), area.timezone),
    fim: instante(data, horaDe(b), area.timezone),
  }));
}

/**
 * The requested time as instants, or the rule it breaks: the day closed, outside the opening hours,
 * not on the blocks. Whole-day areas take the day's opening hours whatever times were sent.
 */
export function resolverHorario(area: AreaRegras, pedido: PedidoHorario): ResultadoRegras {
  const dia = area.horarios[diaDaSemana(pedido.data)];
  const nome = nomeDoDia(pedido.data);
  if (!dia) return { ok: false, campo: "data", mensagem: MENSAGENS.fechado(nome) };
  if (area.modo !== "blocos" || !area.bloco_horas) {
    return {
      ok: true,
      horario: {
        hora_inicio: dia.abre,
        hora_fim: dia.fecha,
        inicio: instante(pedido.data, dia.abre, area.timezone),
        fim: instante(pedido.data, dia.fecha, area.timezone),
      },
    };
  }
  const blocos = MENSAGENS.blocos(area.bloco_horas, dia.abre);
  if (!pedido.hora_inicio) return { ok: false, campo: "hora_inicio", mensagem: blocos };
  if (!pedido.hora_fim) return { ok: false, campo: "hora_fim", mensagem: blocos };
  const abre = minutosDe(dia.abre);
  const fecha = minutosDe(dia.fecha);
  const ini = minutosDe(pedido.hora_inicio);
  const fim = minutosDe(pedido.hora_fim);
  if (ini < abre || fim > fecha || ini >= fecha) {
    return { ok: false, campo: "hora_inicio", mensagem: MENSAGENS.foraDoHorario(nome, dia.abre, dia.fecha) };
  }
  const passo = area.bloco_horas * 60;
  const ultimoFim = abre + Math.floor((fecha - abre) / passo) * passo;
  if (fim <= ini || (ini - abre) % passo !== 0 || (fim - abre) % passo !== 0 || fim > ultimoFim) {
    return { ok: false, campo: "hora_inicio", mensagem: blocos };
  }
  return {
    ok: true,
    horario: {
      hora_inicio: pedido.hora_inicio,
      hora_fim: pedido.hora_fim,
      inicio: instante(pedido.data, pedido.hora_inicio, area.timezone),
      fim: instante(pedido.data, pedido.hora_fim, area.timezone),
    },
  };
}

/** The time rules of a resolved slot at `now`: not past, the minimum notice, the horizon. */
export function verificarPrazos(
  area: AreaRegras,
  data: string,
  inicio: Date,
  now: Date,
): { campo: "data"; mensagem: string } | null {
  const hoje = dataLocal(now, area.timezone);
  if (data < hoje || inicio.getTime() <= now.getTime()) return { campo: "data", mensagem: MENSAGENS.passado };
  if (inicio.getTime() - now.getTime() < area.antecedencia_minima_horas * 3_600_000) {
    return { campo: "data", mensagem: MENSAGENS.antecedencia(area.antecedencia_minima_horas) };
  }
  if (data > somaDias(hoje, area.antecedencia_maxima_dias)) {
    return { campo: "data", mensagem: MENSAGENS.horizonte(area.antecedencia_maxima_dias) };
  }
  return null;
}

/** Every rule of a request on its own (no other booking involved): the slot as instants, or the first broken rule. */
export function verificarRegras(area: AreaRegras, pedido: PedidoHorario, now: Date): ResultadoRegras {
  // A day gone is "past" before being "closed": the resident picked the wrong day, not the wrong area.
  if (pedido.data < dataLocal(now, area.timezone)) return { ok: false, campo: "data", mensagem: MENSAGENS.passado };
  const resolved = resolverHorario(area, pedido);
  if (!resolved.ok) return resolved;
  const prazo = verificarPrazos(area, pedido.data, resolved.horario.inicio, now);
  return prazo ? { ok: false, ...prazo } : resolved;
}

/** Whether a resident may still cancel a booking starting at `inicio` (`cancelamento_horas` before it). */
export function dentroDoPrazoDeCancelamento(inicio: Date, cancelamentoHoras: number, now: Date): boolean {
  return now.getTime() <= inicio.getTime() - cancelamentoHoras * 3_600_000;
}

/** Whether [a, b) and [c, d) share any instant. */
export function sobrepoe(a: Date, b: Date, c: Date, d: Date): boolean {
  return a.getTime() < d.getTime() && c.getTime() < b.getTime();
}
