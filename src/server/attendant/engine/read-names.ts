/**
 * Names in a turn: the visitor's own ("sou o Paulo", "meu nome é Rosângela", "Gustavo aqui", "é o
 * Samuel", "diz que é o Kevin"), a phrase that is only a name ("Rafael", "…, Vanessa"), and the
 * resident the visitor came for ("vim ver a Ana", "pra Sergio", "a Fernada do 201").
 */
import { findResidents, type Resident } from "./directory-index";
import { ARTICLES, isCapitalised, type Span, type TurnReader } from "./turn-reader";
import {
  GREETING_WORDS,
  HONORIFICS,
  isNameWord,
  NAME_PARTICLES,
  RELATION_WORDS,
  RESIDENT_CUES,
  TRADES,
  UNIT_WORDS,
} from "./vocabulary";

/** A name is at most this many words ("Maria da Silva Souza" keeps its first three name words). */
const MAX_NAME_WORDS = 3;

/** Words that introduce the visitor's name whatever word follows ("meu nome é Rosa"). */
const STRONG_CUES = [
  ["meu", "nome", "e"],
  ["o", "nome", "e"],
  ["nome", "e"],
  ["me", "chamo"],
  ["pode", "me", "chamar", "de"],
  ["quem", "fala", "e"],
];
/**
 * Words that introduce the visitor's name when a name-like word follows ("sou o Paulo", "diz que é
 * o Kevin", "nome Osvaldo Pinto"); a phrase opening with "é" counts too ("é o Samuel").
 */
const WEAK_CUES = [
  ["eu", "sou"],
  ["sou"],
  ["aqui", "e"],
  ["meu", "nome"],
  ["nome"],
  ...["diz", "fala", "avisa"].flatMap((verb) => [
    [verb, "que", "e"],
    [verb, "q", "e"],
  ]),
];
const IS = new Set(["e", "eh"]);
const OF = new Set(["da", "do", "de"]);
/** After a name at the start of a phrase, these make it the speaker's: "Gustavo aqui", "Rafael falando". */
const NAME_THEN = new Set(["aqui", "falando"]);
/** After a name anywhere: "avisa que a Karen chegou". */
const ARRIVED = new Set(["chegou", "chegando"]);
const DELIVERY_PEOPLE = new Set(["entregador", "entregadora", "motoboy", "motoqueiro", "carteiro"]);

interface SelfIntroduction {
  nome: string | null;
  /** The name a provider gets from "Sou jardineiro" when they give none. */
  trade: string | null;
  /** They described themselves ("sou a irmã dela", "sou o pintor"): a bare name after it is theirs. */
  describedWithoutName: boolean;
}

/**
 * The visitor's own name from how they introduce themselves. An explicit "meu nome é" wins over
 * "sou o…", which wins over "Gustavo aqui" and "técnico Ailton".
 */
export function readVisitorName(reader: TurnReader): SelfIntroduction {
  let weak: { cue: Span; name: Span } | null = null;
  let trade: string | null = null;
  let described = false;
  for (let i = 0; i < reader.tokens.length; i += 1) {
    const strong = STRONG_CUES.find((cue) => cueAt(reader, i, cue));
    const cue =
      strong ??
      WEAK_CUES.find((c) => cueAt(reader, i, c)) ??
      (reader.isWord(i, IS) && !reader.isUsed(i) && reader.phraseStart(i) ? ["e"] : null);
    if (!cue) continue;
    let j = i + cue.length;
    if (reader.isWord(j, ARTICLES)) j += 1;
    while (reader.isWord(j, HONORIFICS)) j += 1;
    const next = reader.at(j);
    if (next?.kind === "word" && TRADES.has(next.norm)) {
      // "sou a professora Helga", "sou o pintor, Valdemar".
      trade ??= TRADES.get(next.norm)!;
      described = true;
      j += 1;
    } else if (next?.kind === "word" && (RELATION_WORDS.has(next.norm) || DELIVERY_PEOPLE.has(next.norm))) {
      described = true;
      continue;
    }
    const name = nameAt(reader, j, Boolean(strong) && j === i + cue.length);
    if (!name) continue;
    if (strong) {
      reader.mark(i, j - 1);
      return { nome: reader.take(name), trade, describedWithoutName: described };
    }
    weak ??= { cue: { from: i, to: j - 1 }, name };
  }
  if (weak) {
    reader.mark(weak.cue.from, weak.cue.to);
    return { nome: reader.take(weak.name), trade, describedWithoutName: described };
  }
  const after = nameBeforeCue(reader) ?? nameAfterTrade(reader);
  return { nome: after ? reader.take(after) : null, trade, describedWithoutName: described };
}

function cueAt(reader: TurnReader, i: number, cue: string[]): boolean {
  return cue.every((word, k) => {
    const token = reader.free(i + k);
    return token?.kind === "word" && token.norm === word;
  });
}

/** "Gustavo aqui", "Rafael falando" at the start of a phrase; "(avisa) que a Karen chegou". */
function nameBeforeCue(reader: TurnReader): Span | null {
  for (let i = 0; i < reader.tokens.length; i += 1) {
    const start = reader.isWord(i, ARTICLES) ? i + 1 : i;
    const name = nameAt(reader, start, false);
    const cue = name ? reader.at(name.to + 1) : undefined;
    if (!name || cue?.kind !== "word") continue;
    if ((NAME_THEN.has(cue.norm) && reader.phraseStart(i)) || ARRIVED.has(cue.norm)) {
      reader.mark(i, name.to + 1);
      return name;
    }
  }
  return null;
}

/** "técnico Ailton", "o pintor Juarez": a trade opening a phrase, then a written name. */
function nameAfterTrade(reader: TurnReader): Span | null {
  for (let i = 0; i < reader.tokens.length; i += 1) {
    const start = reader.isWord(i, ARTICLES) ? i + 1 : i;
    if (!reader.isWord(start, TRADES) || !reader.phraseStart(i)) continue;
    const name = nameAt(reader, start + 1, false);
    if (name && isCapitalised(reader.at(start + 1)!)) return name;
  }
  return null;
}

/**
 * A name starting at `i`: up to three name words, particles inside only before a capitalised word
 * ("Maria da Silva", not "Paulo da manutenção"). After a strong cue the first word may be a common
 * word ("meu nome é Rosa").
 */
function nameAt(reader: TurnReader, i: number, strong: boolean): Span | null {
  const first = reader.free(i);
  if (first?.kind !== "word") return null;
  const firstOk = strong
    ? /^[a-z]{2,}$/.test(first.norm) && !ARTICLES.has(first.norm)
    : isNameWord(first.norm, first.raw);
  if (!firstOk) return null;
  let to = i;
  for (let count = 1; count < MAX_NAME_WORDS; count += 1) {
    const next = reader.free(to + 1);
    const after = reader.free(to + 2);
    if (next?.kind === "word" && isNameWord(next.norm, next.raw)) {
      to += 1;
    } else if (
      next?.kind === "word" &&
      NAME_PARTICLES.has(next.norm) &&
      after?.kind === "word" &&
      isCapitalised(after) &&
      isNameWord(after.norm, after.raw)
    ) {
      to += 2;
    } else {
      break;
    }
  }
  return { from: i, to };
}

/** A phrase that is nothing but a name (greetings aside): "Rafael", "Boa tarde, Mariana Costa". */
export function readBareName(reader: TurnReader): Span | null {
  let start = 0;
  for (let i = 0; i <= reader.tokens.length; i += 1) {
    const token = reader.at(i);
    if (token && token.kind !== "punct") continue;
    const span = bareIn(reader, start, i);
    if (span) return span;
    start = i + 1;
  }
  return null;
}

function bareIn(reader: TurnReader, from: number, to: number): Span | null {
  let first = -1;
  let last = -1;
  // "de", "da", "dos" inside a name do not count: "Marcos Vinícius de Oliveira" is a full name of three words.
  let particles = 0;
  for (let k = from; k < to; k += 1) {
    const token = reader.at(k)!;
    if (first < 0 && GREETING_WORDS.has(token.norm) && !reader.isUsed(k)) continue;
    const next = reader.at(k + 1);
    const inner =
      first >= 0 &&
      NAME_PARTICLES.has(token.norm) &&
      token.norm !== "e" &&
      k + 1 < to &&
      next?.kind === "word" &&
      isNameWord(next.norm, next.raw);
    if (inner && !reader.isUsed(k)) {
      particles += 1;
      continue;
    }
    if (reader.isUsed(k) || token.kind !== "word" || !isNameWord(token.norm, token.raw)) return null;
    if (first < 0) first = k;
    last = k;
  }
  if (first < 0 || last - first + 1 - particles > MAX_NAME_WORDS) return null;
  return { from: first, to: last };
}

/** Two words or more that are a resident's name ("Patrícia Gomes"). */
export function isResidentFullName(reader: TurnReader, span: Span): boolean {
  if (span.to === span.from) return false;
  const words = reader.tokens.slice(span.from, span.to + 1).map((t) => t.norm);
  return findResidents(reader.index, words).length > 0;
}

/** A capitalised name right after the unit's words and ending its phrase ("um zero dois bloco B Ester"). */
export function readNameAfterUnit(reader: TurnReader): Span | null {
  for (let i = 1; i < reader.tokens.length; i += 1) {
    if (!reader.isUsed(i - 1) || reader.at(i - 1)!.kind === "punct" || !isCapitalised(reader.at(i)!)) continue;
    const name = nameAt(reader, i, false);
    const after = name ? reader.at(name.to + 1) : undefined;
    if (name && (!after || after.kind === "punct")) return name;
  }
  return null;
}

/**
 * The resident named: the first run of name words that fits residents (a longer run first, then its
 * start: "Ana Clara" falls back to "Ana"). A run after "ver", "pra", "casa da"… that fits nobody is
 * kept as said, for "não encontrei".
 */
export function readResident(reader: TurnReader): { residents: Resident[]; said: string } | null {
  let unknown: string | null = null;
  for (let i = 0; i < reader.tokens.length; i += 1) {
    const token = reader.free(i);
    if (token?.kind !== "word" || !isNameWord(token.norm, token.raw)) continue;
    let end = i;
    while (end + 1 - i < MAX_NAME_WORDS) {
      const next = reader.free(end + 1);
      if (next?.kind !== "word" || !isNameWord(next.norm, next.raw)) break;
      end += 1;
    }
    for (let to = end; to >= i; to -= 1) {
      const residents = findResidents(
        reader.index,
        reader.tokens.slice(i, to + 1).map((t) => t.norm),
      );
      if (residents.length > 0) return { residents, said: reader.take({ from: i, to }) };
    }
    if (!unknown && afterResidentCue(reader, i)) unknown = reader.take({ from: i, to: end });
    i = end;
  }
  return unknown ? { residents: [], said: unknown } : null;
}

/** "ver a Zilda", "pro senhor Astolfo", "casa da dona Cida". */
function afterResidentCue(reader: TurnReader, i: number): boolean {
  let k = i - 1;
  while (reader.isWord(k, HONORIFICS)) k -= 1;
  if (reader.isWord(k, OF)) return reader.isWord(k - 1, UNIT_WORDS);
  if (reader.isWord(k, ARTICLES)) k -= 1;
  return reader.isWord(k, RESIDENT_CUES);
}
