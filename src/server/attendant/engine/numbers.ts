/**
 * Numbers said in words. Rather than a general number parser, the engine reads only the numbers the
 * directory can mean: each unit code and numbered tower is written out once with `extenso` ("cento e
 * um" → 101, "doze" → 12) when the directory is indexed, and digits said one by one ("um zero um",
 * "quatro oito dois nove um três") are read as they come.
 */
import extenso from "extenso";
import { fold, type Token } from "./normalize";

const DIGITS: Record<string, string> = {
  zero: "0",
  um: "1",
  uma: "1",
  dois: "2",
  duas: "2",
  tres: "3",
  quatro: "4",
  cinco: "5",
  seis: "6",
  // "meia" (dúzia) is how six is said digit by digit, so it never mixes with a 3.
  meia: "6",
  sete: "7",
  oito: "8",
  nove: "9",
};

/** Every word a number in words is made of, to tell "trezentos e um" (a number not in the directory). */
const NUMBER_WORDS = new Set([
  ...Object.keys(DIGITS),
  ...[
    "dez",
    "onze",
    "doze",
    "treze",
    "quatorze",
    "catorze",
    "quinze",
    "dezesseis",
    "dezessete",
    "dezoito",
    "dezenove",
    "vinte",
    "trinta",
    "quarenta",
    "cinquenta",
    "sessenta",
    "setenta",
    "oitenta",
    "noventa",
    "cem",
    "cento",
    "duzentos",
    "trezentos",
    "quatrocentos",
    "quinhentos",
    "seiscentos",
    "setecentos",
    "oitocentos",
    "novecentos",
    "mil",
  ],
]);

export function isNumberWord(norm: string): boolean {
  return NUMBER_WORDS.has(norm);
}

/** The longest number phrase, in words; longer codes are not said in words. */
const MAX_SPOKEN = 9999;

/** "101" → "cento e um"; null for what is not a plain number of up to four digits. */
export function spokenNumber(digits: string): string | null {
  if (!/^\d{1,4}$/.test(digits) || Number(digits) > MAX_SPOKEN) return null;
  return fold(extenso(Number(digits)));
}

/** Phrase in words (folded) → digits, for the numbers of one directory. */
export function numberPhrases(numbers: Iterable<string>): Map<string, string> {
  const phrases = new Map<string, string>();
  for (const digits of numbers) {
    const spoken = spokenNumber(digits);
    if (spoken) phrases.set(spoken, String(Number(digits)));
  }
  return phrases;
}

const LONGEST_PHRASE = 8;

/**
 * Replaces numbers said in words by digit tokens. A lone "um"/"uma" is an article far more often than
 * a number, so it is read as 1 only when `loneOneIsNumber(i)` says so (after "bloco", or as the whole
 * answer).
 */
export function wordsToNumbers(
  tokens: Token[],
  phrases: Map<string, string>,
  loneOneIsNumber: (index: number) => boolean,
): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < tokens.length) {
    const phrase = longestPhrase(tokens, i, phrases);
    const digitRun = digitSequence(tokens, i);
    const best = digitRun.length >= 2 && digitRun.length >= phrase.length ? digitRun : phrase;
    const isLoneOne = best.length === 1 && (tokens[i]!.norm === "um" || tokens[i]!.norm === "uma");
    if (best.length > 0 && !(isLoneOne && !loneOneIsNumber(i))) {
      const words = tokens.slice(i, i + best.length);
      out.push({ raw: words.map((t) => t.raw).join(" "), norm: best.digits, kind: "number", glued: false });
      i += best.length;
    } else {
      out.push(tokens[i]!);
      i += 1;
    }
  }
  return out;
}

interface Reading {
  length: number;
  digits: string;
}

function longestPhrase(tokens: Token[], start: number, phrases: Map<string, string>): Reading {
  let words = "";
  let found: Reading = { length: 0, digits: "" };
  for (let n = 0; n < LONGEST_PHRASE && start + n < tokens.length; n += 1) {
    const token = tokens[start + n]!;
    if (token.kind !== "word") break;
    words = n === 0 ? token.norm : `${words} ${token.norm}`;
    const digits = phrases.get(words);
    if (digits) found = { length: n + 1, digits };
  }
  return found;
}

function digitSequence(tokens: Token[], start: number): Reading {
  let digits = "";
  let n = 0;
  while (start + n < tokens.length) {
    const token = tokens[start + n]!;
    const digit = token.kind === "word" ? DIGITS[token.norm] : undefined;
    if (digit === undefined) break;
    digits += digit;
    n += 1;
  }
  return { length: n, digits };
}
