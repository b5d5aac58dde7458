/**
 * Why the visitor came, read from a turn: a pass PIN ("tenho um código: 482913"), or the kind of visit
 * (a delivery, a service, a plain visit) with the name a courier gets from the company.
 */
import { isCapitalised, type TurnReader } from "./turn-reader";
import type { TipoVisita } from "./types";
import {
  CODE_WORDS,
  COMPANIES,
  DELIVERY_WORDS,
  HAND_DELIVERY_HINTS,
  HAND_DELIVERY_WORDS,
  PACKAGE_WORDS,
  PARTY_WORDS,
  SERVICE_WORDS,
  TRADES,
  VISIT_WORDS,
} from "./vocabulary";

/** The six digits of a pass PIN: the length a number said without "código" is taken for one. */
const BARE_PIN_LENGTH = 6;
const PIN_MIN = 4;
const PIN_MAX = 8;
/** Words between a code word and its digits ("código de acesso: 482913", "meu pin é 4829 13"). */
const CODE_LEAD = new Set([
  "de",
  "do",
  "da",
  "acesso",
  "entrada",
  "e",
  "eh",
  "o",
  "a",
  "meu",
  "minha",
  "numero",
  "aqui",
]);
/** Delivery words that only count when nothing else says why the visitor came ("a pedido da Ana"). */
const WEAK_DELIVERY = new Set(["pedido", "pedidos", "compras", "comida"]);

const isPinLength = (digits: string) => digits.length >= PIN_MIN && digits.length <= PIN_MAX;

/**
 * The PIN: the digits after "código", "pin", "senha" or "QR" (said in groups: "4829 13"), or six
 * digits said alone that are no unit. `asked` says a code was mentioned without its digits.
 */
export function readPin(reader: TurnReader): { digits: string | null; asked: boolean } {
  const { tokens, index } = reader;
  for (let i = 0; i < tokens.length; i += 1) {
    if (!reader.isWord(i, CODE_WORDS)) continue;
    let j = i + 1;
    while (
      j < tokens.length &&
      (tokens[j]!.kind === "punct" || reader.isWord(j, CODE_LEAD) || reader.isWord(j, CODE_WORDS))
    ) {
      j += 1;
    }
    let digits = "";
    let end = j;
    while (reader.at(end)?.kind === "number") {
      digits += reader.at(end)!.norm;
      end += 1;
    }
    reader.mark(i, Math.max(i, end - 1));
    if (isPinLength(digits)) return { digits, asked: false };
    // "tenho QR code mas não tá lendo, o número é 871662": the digits come later in the phrase.
    const later = tokens.findIndex((t, k) => k > i && t.kind === "number" && isPinLength(t.norm));
    if (later >= 0 && !index.byCode.has(tokens[later]!.norm)) {
      reader.mark(later);
      return { digits: tokens[later]!.norm, asked: false };
    }
    return { digits: null, asked: true };
  }
  for (const [i, token] of tokens.entries()) {
    if (token.kind === "number" && token.norm.length === BARE_PIN_LENGTH && !index.byCode.has(token.norm)) {
      reader.mark(i);
      return { digits: token.norm, asked: false };
    }
  }
  return { digits: null, asked: false };
}

/** What a turn says of why the visitor came. */
export interface VisitKind {
  tipo: TipoVisita | null;
  /** The request's name for a courier or a trade who gave none. */
  nomePadrao: string | null;
  /** The delivery company named ("Correios", "iFood"), the first one said. */
  empresa: string | null;
  /**
   * What is delivered goes into a resident's hands (a meal, medicine, gas): the residents are asked.
   * Otherwise a delivery is a package left at the gate (docs/decisions/043-deliveries.md).
   */
  emMaos: boolean;
}

/**
 * The kind of visit by the first telling word (null: nothing says, a plain visit); a courier who gives
 * no name is "Entregador Amazon", "Entregador iFood", or just "Entregador". A delivery is handed to a
 * resident when a meal company or a word for a meal, medicine and the like is said anywhere in the
 * turn; "pedido" or "motoboy" count only when no package is named ("pedido da Amazon" is a package).
 */
export function readVisitKind(reader: TurnReader): VisitKind {
  let tipo: TipoVisita | null = null;
  let weakDelivery = false;
  let company: (typeof COMPANIES)[number] | null = null;
  let handed = false;
  let hinted = false;
  let packageSaid = false;
  for (const [i, token] of reader.tokens.entries()) {
    if (token.kind !== "word") continue;
    const found = COMPANIES.find((c) => c.words.every((word, k) => reader.at(i + k)?.norm === word));
    if (found) {
      company ??= found;
      if (found.emMaos) handed = true;
      else packageSaid = true;
      reader.mark(i, i + found.words.length - 1);
      tipo ??= "entregador";
      continue;
    }
    if (HAND_DELIVERY_WORDS.has(token.norm)) handed = true;
    if (HAND_DELIVERY_HINTS.has(token.norm)) hinted = true;
    if (PACKAGE_WORDS.has(token.norm)) packageSaid = true;
    if (WEAK_DELIVERY.has(token.norm)) {
      weakDelivery = true;
    } else if (DELIVERY_WORDS.has(token.norm)) {
      tipo ??= "entregador";
      reader.mark(i);
    } else if (TRADES.has(token.norm) || SERVICE_WORDS.has(token.norm)) {
      tipo ??= "prestador";
      reader.mark(i);
    } else if (VISIT_WORDS.has(token.norm)) {
      reader.mark(i);
    }
  }
  if (!tipo && weakDelivery) tipo = "entregador";
  const delivery = tipo === "entregador";
  return {
    tipo,
    nomePadrao: delivery ? (company?.nome ?? "Entregador") : null,
    empresa: delivery ? (company?.empresa ?? null) : null,
    emMaos: delivery && (handed || (hinted && !packageSaid)),
  };
}

/** "Chá de bebê", "chá de panela", "chá revelação": a party; "chá" alone is not. */
const TEA_PARTY_NEXT = new Set(["de", "revelacao", "bar"]);
/** Words between a party word and whose party it is ("festa da Maria", "aniversário do seu João"). */
const PARTY_OF = new Set(["da", "do", "de", "dona", "seu"]);

/**
 * A guest of a party in a common area ("vim para a festa do 101", "sou convidado do aniversário no
 * salão"): the party's words are taken, and so is the name of whose party it is ("festa da Maria"),
 * which is neither the visitor's name nor a resident to look up.
 */
export function readParty(reader: TurnReader): boolean {
  let found = false;
  for (const [i, token] of reader.tokens.entries()) {
    if (token.kind !== "word" || reader.isUsed(i)) continue;
    const tea = token.norm === "cha" && reader.isWord(i + 1, TEA_PARTY_NEXT);
    if (!tea && !PARTY_WORDS.has(token.norm)) continue;
    found = true;
    reader.mark(i);
    let j = i + 1;
    while (reader.isWord(j, PARTY_OF)) j += 1;
    if (j === i + 1) continue;
    // The host's name: capitalised words right after "da"/"do" ("festa da Maria Clara").
    let end = j;
    while (reader.at(end)?.kind === "word" && reader.free(end) && isCapitalised(reader.at(end)!)) end += 1;
    if (end > j) reader.mark(i + 1, end - 1);
  }
  return found;
}
