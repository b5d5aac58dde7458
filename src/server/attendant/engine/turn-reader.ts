/**
 * One turn's tokens as the readers (read-*.ts) go through them: each word serves one fact, so a reader
 * marks the words it took and the next ones skip them. The words of a unit, a company or a
 * self-introduction are taken before names are looked for, so "sou a Beatriz e vim ver a Ana" gives
 * the visitor Beatriz and the resident Ana.
 */
import type { DirectoryIndex } from "./directory-index";
import { capitalize, type Token } from "./normalize";
import { GREETING_WORDS, NAME_PARTICLES } from "./vocabulary";

/** Words `from` to `to` (inclusive) of the turn. */
export interface Span {
  from: number;
  to: number;
}

export const ARTICLES = new Set(["o", "a", "os", "as"]);

export function isCapitalised(token: Token): boolean {
  const first = token.raw.charAt(0);
  return first !== first.toLowerCase();
}

export class TurnReader {
  private readonly used: boolean[];

  constructor(
    readonly tokens: Token[],
    readonly index: DirectoryIndex,
  ) {
    this.used = tokens.map(() => false);
  }

  at(i: number): Token | undefined {
    return this.tokens[i];
  }

  /** The token at `i` unless a reader already took it. */
  free(i: number): Token | undefined {
    return this.used[i] ? undefined : this.tokens[i];
  }

  isUsed(i: number): boolean {
    return this.used[i] === true;
  }

  isFree(span: Span): boolean {
    return this.used.slice(span.from, span.to + 1).every((used) => !used);
  }

  mark(from: number, to = from): void {
    for (let i = from; i <= to; i += 1) this.used[i] = true;
  }

  isWord(i: number, words: { has(word: string): boolean }): boolean {
    const token = this.at(i);
    return token?.kind === "word" && words.has(token.norm);
  }

  /** Where a phrase starts: after punctuation or at the beginning, greetings skipped. */
  phraseStart(i: number): boolean {
    let k = i - 1;
    while (k >= 0 && this.isWord(k, GREETING_WORDS)) k -= 1;
    return k < 0 || this.at(k)?.kind === "punct";
  }

  /** Marks a name's words used and gives it as it should be said back ("Mariana Costa"). */
  take(span: Span): string {
    this.mark(span.from, span.to);
    return this.tokens
      .slice(span.from, span.to + 1)
      .map((t) => (NAME_PARTICLES.has(t.norm) ? t.norm : capitalize(t.raw)))
      .join(" ");
  }
}
