import type { ReactElement } from "react";

/**
 * One message: subject, inbox preview, the HTML body as a React component, the plain-text body
 * written from the same data, and the action links (stored with the row, logged, read by tests).
 */
export interface MailTemplate<D> {
  subject(data: D): string;
  /** The line an inbox shows after the subject. */
  preview(data: D): string;
  Body(props: D): ReactElement;
  text(data: D): string;
  links(data: D): string[];
}

/** Keeps each template's data type inferred from its declaration. */
export function defineTemplate<D>(template: MailTemplate<D>): MailTemplate<D> {
  return template;
}

/** "1 hora", "30 minutos", "2 horas", "7 dias": validity periods as a reader says them. */
export function duration(minutes: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (minutes % 1440 === 0) return plural(minutes / 1440, "dia", "dias");
  if (minutes % 60 === 0) return plural(minutes / 60, "hora", "horas");
  return plural(minutes, "minuto", "minutos");
}
