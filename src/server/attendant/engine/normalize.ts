/**
 * Text as the engine reads it: folded (lower case, no accents) for matching, tokens that keep what the
 * visitor wrote (accents, capitals) so a name is said back as written ("Rosângela").
 */

export interface Token {
  /** As written: "Rosângela", "101", ",". */
  raw: string;
  /** Folded: "rosangela". */
  norm: string;
  kind: "word" | "number" | "punct";
  /** Written against the previous token with no space between ("101A" → "101", "A"). */
  glued: boolean;
}

/** Lower case without accents: "Sérgio Antunes" → "sergio antunes", "ç" → "c". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

// Digits, letter runs (º and ª are letters: "nº"), and the punctuation that ends a phrase; hyphens and
// apostrophes split words ("ar-condicionado"), other symbols are dropped.
const TOKEN = /(\d+)|(\p{L}+)|([,.;:!?])/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = -1;
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const kind = match[1] ? "number" : match[2] ? "word" : "punct";
    tokens.push({ raw, norm: fold(raw), kind, glued: match.index === previousEnd && kind !== "punct" });
    previousEnd = match.index + raw.length;
  }
  return tokens;
}

/** A name as it should be said back: "ROSÂNGELA" or "rosângela" → "Rosângela". */
export function capitalize(word: string): string {
  const lower = word.toLocaleLowerCase("pt-BR");
  return lower.charAt(0).toLocaleUpperCase("pt-BR") + lower.slice(1);
}
