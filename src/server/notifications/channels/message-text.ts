/**
 * What a resident reads: the SMS text, and the WhatsApp template's text filled in (shown by the
 * demo panel "Mensagens enviadas (demonstração)"; the real WhatsApp text lives in Meta's manager,
 * see whatsapp.ts, and must match WHATSAPP_TEMPLATE below word for word). The same for the notices
 * about packages (PACKAGE_WHATSAPP_TEMPLATE, packageSmsText: docs/decisions/043-deliveries.md) and
 * bookings (BOOKING_WHATSAPP_TEMPLATE, bookingSmsText: docs/decisions/044-common-area-bookings.md).
 */
import type { AvisoReservaMotivo } from "../../../shared/domain";
import { CONVIDADO_ANTECEDENCIA_MINUTOS } from "../../../shared/schemas/reservas";
import { tipoDescricao } from "../../../shared/status-catalogue";
import type { BookingNotice, PackageNotice, ResidentMessage } from "./channel";

/**
 * The WhatsApp template as registered in Meta's manager (category UTILITY, language pt_BR,
 * positional parameters). The body's {{1}}…{{5}} are filled by `whatsAppBodyParameters`, in order;
 * the button's {{1}} by `linkTokenSuffix`.
 */
export const WHATSAPP_TEMPLATE = {
  body:
    "Olá, {{1}}!\n" +
    "{{2}} ({{3}}) está na portaria e pediu para entrar na unidade {{4}}.\n" +
    "Condomínio: {{5}}\n" +
    "\n" +
    "Toque em Responder para autorizar ou negar a entrada. O link é pessoal: não o encaminhe.",
  footer: "Guarita · portaria remota",
  buttonText: "Responder",
  /** The button's URL in Meta's manager: the public origin, then /r/{{1}}. */
  buttonUrl: "https://<domínio público do Guarita>/r/{{1}}",
} as const;

const VISITOR_TYPE_SMS: Record<ResidentMessage["visitorType"], string> = {
  visitante: "visitante",
  prestador: "prestador",
  entregador: "entregador",
};

/** Meta refuses parameters with line breaks, tabs or 4+ spaces in a row, and empty ones. */
const WHATSAPP_PARAMETER_MAX = 200;

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function whatsAppParameter(text: string, fallback: string): string {
  const clean = oneLine(text).slice(0, WHATSAPP_PARAMETER_MAX).trim();
  return clean === "" ? fallback : clean;
}

/** The body's parameters {{1}}…{{5}}: resident's first name, visitor, visitor type, unit, condominium. */
export function whatsAppBodyParameters(message: ResidentMessage): [string, string, string, string, string] {
  const firstName = oneLine(message.residentName).split(" ")[0] ?? "";
  return [
    whatsAppParameter(firstName, "morador(a)"),
    whatsAppParameter(message.visitorName, "Visitante"),
    tipoDescricao(message.visitorType),
    whatsAppParameter(message.unitLabel, "-"),
    whatsAppParameter(message.condominiumName, "-"),
  ];
}

/**
 * What the template's URL button carries: the link's path after "/r/" (the token), plus any query.
 * The button's base URL (origin + "/r/") is fixed in Meta's manager. Null when the link has no
 * "/r/<token>" path.
 */
export function linkTokenSuffix(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const match = /\/r\/([^/]+)\/?$/.exec(url.pathname);
  return match ? match[1] + url.search : null;
}

function fill(template: string, parameters: readonly string[]): string {
  return template.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

/** The WhatsApp message as the resident sees it (the template filled in), with the button's link. */
export function demoWhatsAppText(message: ResidentMessage): string {
  const body = fill(WHATSAPP_TEMPLATE.body, whatsAppBodyParameters(message));
  return `${body}\n\n${WHATSAPP_TEMPLATE.footer}\n\n[${WHATSAPP_TEMPLATE.buttonText}] ${message.link}`;
}

// ---------------------------------------------------------------------------------------------
// SMS

/** One SMS segment in the GSM 03.38 7-bit alphabet; beyond it (or in UCS-2) it is split and billed twice. */
export const SMS_SEGMENT_LENGTH = 160;

const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** Sent as escape + character: two septets each. */
const GSM_EXTENSION = new Set("^{}\\[~]|€\f");

/** Septets the text takes in GSM 7-bit, or null when a character needs UCS-2. */
export function gsmLength(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) length += 1;
    else if (GSM_EXTENSION.has(char)) length += 2;
    else return null;
  }
  return length;
}

const PUNCTUATION_TO_GSM: Record<string, string> = {
  "–": "-",
  "—": "-",
  "‐": "-",
  "‒": "-",
  "“": '"',
  "”": '"',
  "„": '"',
  "‘": "'",
  "’": "'",
  "´": "'",
  "`": "'",
  "…": "...",
  "·": "-",
  º: "o",
  ª: "a",
};

/**
 * pt-BR accents are mostly outside GSM 7-bit ("ã", "ç", "á", "ê"…): one of them turns the whole SMS
 * into UCS-2, 70 characters a segment. Brazilian SMS are customarily written without accents, so
 * names and units are folded ("João Conceição" → "Joao Conceicao"); anything else that cannot be
 * folded is kept as it is (the message is then longer, but the name stays readable).
 */
export function toGsm(text: string): string {
  return oneLine(text)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[–—‐‒“”„‘’´`…·ºª]/g, (char) => PUNCTUATION_TO_GSM[char] ?? char);
}

function smsLength(text: string): number {
  return gsmLength(text) ?? [...text].length;
}

/** Room always left for the visitor's name, even when the text then needs a second segment. */
const MIN_VISITOR_LENGTH = 6;

/** Words a shortened name should not end on ("Maria Aparecida dos" → "Maria Aparecida"). */
const NAME_PARTICLES = new Set(["de", "da", "do", "das", "dos", "e", "d'"]);

/** The longest start of `name` within `max`, cut between words when it can be. */
function shortenName(name: string, max: number): string {
  if (smsLength(name) <= max) return name;
  const kept: string[] = [];
  for (const word of name.split(" ")) {
    if (smsLength([...kept, word].join(" ")) > max) break;
    kept.push(word);
  }
  while (kept.length > 1 && NAME_PARTICLES.has(kept[kept.length - 1]!.toLowerCase())) kept.pop();
  if (kept.length > 0) return kept.join(" ");
  return `${[...name].slice(0, Math.max(max - 1, 1)).join("")}.`;
}

/**
 * "Guarita: Carlos Entregador (visitante) na portaria para Torre A - 101. Autorize ou negue:
 * https://…/r/<token>": one 160-character GSM segment when it can be. The fixed words have no
 * accents (GSM 7-bit). When the text is too long, the visitor's name is shortened between words
 * (keeping at least 15 characters of it), else the visitor type is left out and the name shortened
 * to the room left. The link is never cut: with a very long unit or link the text just takes two
 * segments.
 */
export function smsText(message: ResidentMessage): string {
  const visitor = toGsm(message.visitorName) || "Visitante";
  const unit = toGsm(message.unitLabel) || "-";
  const type = VISITOR_TYPE_SMS[message.visitorType];
  const link = message.link.trim();
  const build = (name: string, withType: boolean) =>
    `Guarita: ${name}${withType ? ` (${type})` : ""} na portaria para ${unit}. Autorize ou negue: ${link}`;

  const full = build(visitor, true);
  if (smsLength(full) <= SMS_SEGMENT_LENGTH) return full;
  const attempts: [withType: boolean, minimumName: number][] = [
    [true, 15],
    [false, MIN_VISITOR_LENGTH],
  ];
  for (const [withType, minimumName] of attempts) {
    const room = SMS_SEGMENT_LENGTH - smsLength(build("", withType));
    if (room >= Math.min(minimumName, smsLength(visitor))) return build(shortenName(visitor, room), withType);
  }
  return build(shortenName(visitor, MIN_VISITOR_LENGTH), false);
}

// ---------------------------------------------------------------------------------------------
// Phone call

/** What the resident presses on Guarita's call. */
export const CALL_KEYS = { autorizar: "1", negar: "2" } as const;

/**
 * What Guarita says when the resident answers its call (the TwiML's <Say>, and the demo panel):
 * "Olá, Ana. Carlos está na portaria do Residencial Jardim para a unidade 101, Torre A. Tecle 1
 * para autorizar a entrada ou 2 para negar." A provider or delivery person is named as such.
 */
export function callScript(visit: {
  residentName: string;
  visitorName: string;
  visitorType: ResidentMessage["visitorType"];
  unit: { codigo: string; torre: string | null };
  condominiumName: string;
}): string {
  const firstName = oneLine(visit.residentName).split(" ")[0] || "morador";
  const visitor = oneLine(visit.visitorName) || "Um visitante";
  const who = visit.visitorType === "visitante" ? visitor : `${visitor}, ${tipoDescricao(visit.visitorType)},`;
  const unit = visit.unit.torre
    ? `${oneLine(visit.unit.codigo)}, ${oneLine(visit.unit.torre)}`
    : oneLine(visit.unit.codigo);
  return (
    `Olá, ${firstName}. ${who} está na portaria do ${oneLine(visit.condominiumName)} para a unidade ${unit}. ` +
    `Tecle ${CALL_KEYS.autorizar} para autorizar a entrada ou ${CALL_KEYS.negar} para negar.`
  );
}

// ---------------------------------------------------------------------------------------------
// Package notices (docs/decisions/043-deliveries.md)

/** The pickup code as stored in a demo message outside the demo tenant (like a cut link). */
export const MASKED_PICKUP_CODE = "••••••";

/** Carriers named in a notice; the rest are counted ("Correios, Amazon, Shopee e mais 2"). */
const MAX_CARRIERS = 3;

function carriersText(carriers: readonly string[]): string {
  const names = [...new Set(carriers.map(oneLine).filter(Boolean))];
  if (names.length <= MAX_CARRIERS) return names.join(", ");
  return `${names.slice(0, MAX_CARRIERS).join(", ")} e mais ${names.length - MAX_CARRIERS}`;
}

/**
 * "Chegou 1 encomenda (Correios)", "Chegaram 2 encomendas (Correios, Amazon)", "Ainda aguarda
 * retirada 1 encomenda perecível (iFood)": what the notice is about, before "para a unidade …".
 */
export function packageSubject(notice: PackageNotice, options: { carriers?: boolean } = {}): string {
  const n = Math.max(notice.count, 1);
  const one = n === 1;
  const verb =
    notice.motivo === "chegada"
      ? one
        ? "Chegou"
        : "Chegaram"
      : one
        ? "Ainda aguarda retirada"
        : "Ainda aguardam retirada";
  const perishable = notice.motivo === "perecivel" ? (one ? " perecível" : " perecíveis") : "";
  const carriers = options.carriers === false ? "" : carriersText(notice.carriers);
  return `${verb} ${n} ${one ? "encomenda" : "encomendas"}${perishable}${carriers ? ` (${carriers})` : ""}`;
}

/** "Local: Armário 3. Perecível: retire o quanto antes." (never empty). */
export function packageInstructions(notice: Pick<PackageNotice, "place" | "perishable">): string {
  const place = notice.place ? oneLine(notice.place) : "";
  const where = place ? `Local: ${place}.` : "Retire na portaria.";
  return notice.perishable ? `${where} Perecível: retire o quanto antes.` : where;
}

/**
 * The WhatsApp template for packages as registered in Meta's manager (category UTILITY, language
 * pt_BR, positional parameters; whatsapp.ts documents it). Its body's {{1}}…{{6}} are filled by
 * `packageWhatsAppParameters`; the button's URL is fixed (the console's Encomendas page).
 */
export const PACKAGE_WHATSAPP_TEMPLATE = {
  body:
    "Olá, {{1}}!\n" +
    "{{2}} para a unidade {{3}} no {{4}}.\n" +
    "Código de retirada: {{5}}\n" +
    "{{6}}\n" +
    "\n" +
    "O código é pessoal: informe-o só a quem for retirar por você.",
  footer: "Guarita · portaria remota",
  buttonText: "Ver encomendas",
  /** A static URL button in Meta's manager: the public origin, then /app/encomendas. */
  buttonUrl: "https://<domínio público do Guarita>/app/encomendas",
} as const;

/** The body's parameters {{1}}…{{6}}: first name, what arrived, unit, condominium, pickup code, instructions. */
export function packageWhatsAppParameters(notice: PackageNotice): [string, string, string, string, string, string] {
  const firstName = oneLine(notice.residentName).split(" ")[0] ?? "";
  return [
    whatsAppParameter(firstName, "morador(a)"),
    whatsAppParameter(packageSubject(notice), "Chegou 1 encomenda"),
    whatsAppParameter(notice.unitLabel, "-"),
    whatsAppParameter(notice.condominiumName, "-"),
    whatsAppParameter(notice.pickupCode, "-"),
    whatsAppParameter(packageInstructions(notice), "Retire na portaria."),
  ];
}

/** The package notice on WhatsApp as the resident sees it (the template filled in), with the button's link. */
export function demoPackageWhatsAppText(notice: PackageNotice): string {
  const body = fill(PACKAGE_WHATSAPP_TEMPLATE.body, packageWhatsAppParameters(notice));
  return `${body}\n\n${PACKAGE_WHATSAPP_TEMPLATE.footer}\n\n[${PACKAGE_WHATSAPP_TEMPLATE.buttonText}] ${notice.consoleUrl}`;
}

/** The notice in one paragraph, as the e-mail's text and a reader's summary say it. */
export function packageNoticeText(notice: PackageNotice): string {
  const firstName = oneLine(notice.residentName).split(" ")[0] || "morador(a)";
  return (
    `Olá, ${firstName}! ${packageSubject(notice)} para a unidade ${oneLine(notice.unitLabel)} no ` +
    `${oneLine(notice.condominiumName)}. Código de retirada: ${notice.pickupCode}. ${packageInstructions(notice)}`
  );
}

/** Two concatenated GSM segments (153 septets each once split): the most a package SMS takes. */
export const SMS_TWO_SEGMENTS_LENGTH = 306;

/**
 * "Guarita: Ola, Ana! Chegou 1 encomenda (Correios) para Torre A - 101 (Residencial X). Codigo de
 * retirada: 123456. Local: Armario 3. Perecivel: retire o quanto antes. https://…/app/encomendas",
 * in GSM 7-bit without accents. One segment when it can be: the greeting, the condominium, the
 * link, the carriers and then the place are left out, in that order, until it fits; otherwise the
 * fullest text within two segments. The code, the unit and "perecível" always stay.
 */
export function packageSmsText(notice: PackageNotice): string {
  const firstName = toGsm(oneLine(notice.residentName).split(" ")[0] ?? "");
  const unit = toGsm(notice.unitLabel).slice(0, 60) || "-";
  const condo = toGsm(notice.condominiumName).slice(0, 60);
  const place = notice.place ? toGsm(notice.place).slice(0, 60) : "";
  const link = notice.consoleUrl.trim();
  const build = (o: { greeting: boolean; condo: boolean; link: boolean; carriers: boolean; place: boolean }) =>
    [
      `Guarita:${o.greeting && firstName ? ` Ola, ${firstName}!` : ""}`,
      ` ${toGsm(packageSubject(notice, { carriers: o.carriers }))} para ${unit}${o.condo && condo ? ` (${condo})` : ""}.`,
      ` Codigo de retirada: ${notice.pickupCode}.`,
      o.place && place ? ` Local: ${place}.` : "",
      notice.perishable ? " Perecivel: retire o quanto antes." : "",
      o.link && link ? ` ${link}` : "",
    ].join("");
  const all = { greeting: true, condo: true, link: true, carriers: true, place: true };
  const candidates = [
    all,
    { ...all, greeting: false },
    { ...all, greeting: false, condo: false },
    { ...all, greeting: false, condo: false, link: false },
    { ...all, greeting: false, condo: false, link: false, carriers: false },
    { greeting: false, condo: false, link: false, carriers: false, place: false },
  ].map(build);
  return (
    candidates.find((t) => smsLength(t) <= SMS_SEGMENT_LENGTH) ??
    candidates.find((t) => smsLength(t) <= SMS_TWO_SEGMENTS_LENGTH) ??
    candidates[candidates.length - 1]!
  );
}

// ---------------------------------------------------------------------------------------------
// Booking notices (docs/decisions/044-common-area-bookings.md)

const BOOKING_TITLES: Record<AvisoReservaMotivo, string> = {
  confirmada: "Reserva confirmada",
  recusada: "Reserva recusada",
  cancelada: "Reserva cancelada",
  lembrete: "Lembrete de reserva",
};

/** "Reserva confirmada", "Lembrete de reserva": what the notice is about. */
export function bookingTitle(notice: Pick<BookingNotice, "motivo">): string {
  return BOOKING_TITLES[notice.motivo];
}

/** A refusal's or cancellation's reason as written in a notice (one line, at most 200 characters). */
const REASON_MAX = 200;

/**
 * The notice's last line: the reason of a refusal or cancellation ("Motivo: …"), or what to do next
 * (the guest list is what the gate goes by, from CONVIDADO_ANTECEDENCIA_MINUTOS before the start).
 */
export function bookingInstructions(notice: Pick<BookingNotice, "motivo" | "reason">): string {
  const reason = notice.reason ? oneLine(notice.reason).slice(0, REASON_MAX).trim() : "";
  switch (notice.motivo) {
    case "confirmada":
      return "Mantenha a lista de convidados em dia: a portaria libera a entrada por ela.";
    case "lembrete":
      return `Confira a lista de convidados: a portaria libera a entrada por ela a partir de ${CONVIDADO_ANTECEDENCIA_MINUTOS} minutos antes do início.`;
    case "recusada":
      return reason ? `Motivo: ${reason}` : "Fale com a administração do condomínio para saber mais.";
    case "cancelada":
      return reason ? `Motivo: ${reason}` : "O horário foi liberado para outras reservas.";
  }
}

function localParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("pt-BR", {
    timeZone,
    weekday: "long",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: `${part("weekday")}, ${part("day")}/${part("month")}`,
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  };
}

/**
 * A booking's time as the condominium's residents read it, in its timezone: "sábado, 05/12 das 18:00
 * às 23:00"; ending at midnight, "das 18:00 às 24:00" (as the areas' hours say it); over more than a
 * day, "sábado, 05/12 às 22:00 até domingo, 06/12 às 02:00".
 */
export function bookingWhen(inicio: Date, fim: Date, timeZone: string): string {
  const start = localParts(inicio, timeZone);
  const end = localParts(fim, timeZone);
  if (start.date === end.date) return `${start.day} das ${start.time} às ${end.time}`;
  const beforeEnd = localParts(new Date(fim.getTime() - 60_000), timeZone);
  if (end.time === "00:00" && beforeEnd.date === start.date) return `${start.day} das ${start.time} às 24:00`;
  return `${start.day} às ${start.time} até ${end.day} às ${end.time}`;
}

/**
 * The WhatsApp template for bookings as registered in Meta's manager (category UTILITY, language
 * pt_BR, positional parameters; whatsapp.ts documents it). Its body's {{1}}…{{7}} are filled by
 * `bookingWhatsAppParameters`; the button's {{1}} is the booking's id (`bookingLinkSuffix`).
 */
export const BOOKING_WHATSAPP_TEMPLATE = {
  body: "Olá, {{1}}!\n{{2}}: {{3}}, {{4}}.\nUnidade {{5}} no {{6}}.\n{{7}}",
  footer: "Guarita · portaria remota",
  buttonText: "Ver reserva",
  /** A dynamic URL button in Meta's manager: the public origin, then /app/areas/reservas/{{1}}. */
  buttonUrl: "https://<domínio público do Guarita>/app/areas/reservas/{{1}}",
} as const;

/** The body's parameters {{1}}…{{7}}: first name, title, area, when, unit, condominium, reason or what to do. */
export function bookingWhatsAppParameters(
  notice: BookingNotice,
): [string, string, string, string, string, string, string] {
  const firstName = oneLine(notice.residentName).split(" ")[0] ?? "";
  return [
    whatsAppParameter(firstName, "morador(a)"),
    bookingTitle(notice),
    whatsAppParameter(notice.areaName, "Área comum"),
    whatsAppParameter(notice.when, "-"),
    whatsAppParameter(notice.unitLabel, "-"),
    whatsAppParameter(notice.condominiumName, "-"),
    whatsAppParameter(bookingInstructions(notice), "-"),
  ];
}

/** What the template's URL button carries: the booking's id after "/app/areas/reservas/"; null otherwise. */
export function bookingLinkSuffix(consoleUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(consoleUrl);
  } catch {
    return null;
  }
  const match = /\/app\/areas\/reservas\/([^/]+)\/?$/.exec(url.pathname);
  return match ? match[1]! : null;
}

/** The booking notice on WhatsApp as the resident sees it (the template filled in), with the button's link. */
export function demoBookingWhatsAppText(notice: BookingNotice): string {
  const body = fill(BOOKING_WHATSAPP_TEMPLATE.body, bookingWhatsAppParameters(notice));
  return `${body}\n\n${BOOKING_WHATSAPP_TEMPLATE.footer}\n\n[${BOOKING_WHATSAPP_TEMPLATE.buttonText}] ${notice.consoleUrl}`;
}

/** A refusal's reason in an SMS: cut so the text stays within two segments. */
const SMS_REASON_MAX = 100;

/**
 * "Guarita: Reserva confirmada: Salao de festas, sabado, 05/12 das 18:00 as 23:00 (Torre A - 101).
 * https://…/app/areas/reservas/<id>", in GSM 7-bit without accents, with "Motivo: …" for a refusal or
 * cancellation. One segment when it can be: the unit, then the link are left out until it fits;
 * otherwise the fullest text within two segments. The title, the area, the time and the reason stay.
 */
export function bookingSmsText(notice: BookingNotice): string {
  const area = toGsm(notice.areaName).slice(0, 60) || "Area comum";
  const unit = toGsm(notice.unitLabel).slice(0, 60);
  const when = toGsm(notice.when);
  const cut = notice.reason ? toGsm(notice.reason) : "";
  const reason = cut.length > SMS_REASON_MAX ? `${cut.slice(0, SMS_REASON_MAX - 3).trimEnd()}...` : cut;
  const link = notice.consoleUrl.trim();
  const build = (o: { unit: boolean; link: boolean }) =>
    [
      `Guarita: ${toGsm(bookingTitle(notice))}: ${area}, ${when}${o.unit && unit ? ` (${unit})` : ""}.`,
      reason ? ` Motivo: ${reason}${/[.!?]$/.test(reason) ? "" : "."}` : "",
      o.link && link ? ` ${link}` : "",
    ].join("");
  const candidates = [
    build({ unit: true, link: true }),
    build({ unit: false, link: true }),
    build({ unit: false, link: false }),
  ];
  return (
    candidates.find((t) => smsLength(t) <= SMS_SEGMENT_LENGTH) ??
    candidates.find((t) => smsLength(t) <= SMS_TWO_SEGMENTS_LENGTH) ??
    candidates[candidates.length - 1]!
  );
}
