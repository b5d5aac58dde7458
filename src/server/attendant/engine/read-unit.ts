/**
 * The unit and tower a turn names, however they are said: "101", "apartamento 101", "ap 42 bl B",
 * "apto 12 bloco 2", "casa 3", "101 da Torre A", "Torre A 101", "A 101", "101A", "ap 11 1" (Bloco 1),
 * numbers in words (already digits here: numbers.ts), and a bare "a" or "1" answering "qual torre?".
 */
import { type Tower, towersBySuffix } from "./directory-index";
import { capitalize, type Token } from "./normalize";
import { isNumberWord } from "./numbers";
import type { TurnReader } from "./turn-reader";
import type { DialogueState } from "./types";
import { FEMININE_TOWER_WORDS, TOWER_WORDS, UNIT_PREPOSITIONS, UNIT_WORDS } from "./vocabulary";

export interface UnitMention {
  /** The code as said, folded ("101", "101a", "9999"); null when only a tower was said. */
  codigo: string | null;
  /** Said "casa 9", for the not-found message. */
  casa: boolean;
  /** The towers named ("Torre A"); null when none was. */
  torres: Tower[] | null;
  /** A tower said that the directory does not have. */
  torreDesconhecida: { label: string; feminina: boolean } | null;
  /** "a primeira", "a segunda": an answer to a list of choices. */
  ordinal: number | null;
}

type Pergunta = DialogueState["pergunta"];

const ORDINALS = new Map([
  ["primeira", 0],
  ["primeiro", 0],
  ["segunda", 1],
  ["segundo", 1],
  ["terceira", 2],
  ["terceiro", 2],
]);
/** How a tower word is written back in "Não encontrei a Torre Z". */
const TOWER_WORD_LABELS: Record<string, string> = {
  torre: "Torre",
  torres: "Torre",
  tr: "Torre",
  bloco: "Bloco",
  blocos: "Bloco",
  bl: "Bloco",
  blc: "Bloco",
  bloc: "Bloco",
  edificio: "Edifício",
  ed: "Edifício",
  predio: "Prédio",
  ala: "Ala",
  quadra: "Quadra",
  qd: "Quadra",
};
/** Words between a unit word and its number ("apartamento número 12", "casa de número 3"). */
const NUMBER_LEAD = new Set(["numero", "n", "nº", "de", "do", "da"]);
/** Letters that are also words ("e", "o"): a tower only when written as a capital. */
const AMBIGUOUS_LETTERS = new Set(["e", "o"]);

/** Reads the unit; what a later word says wins ("101 Torre B… não, é a Torre A"). */
export function readUnit(reader: TurnReader, pergunta: Pergunta): UnitMention | null {
  return new UnitReading(reader, pergunta).read();
}

class UnitReading {
  private codigo: string | null = null;
  private casa = false;
  private torres: Tower[] | null = null;
  private torreDesconhecida: UnitMention["torreDesconhecida"] = null;

  constructor(
    private readonly reader: TurnReader,
    private readonly pergunta: Pergunta,
  ) {}

  read(): UnitMention | null {
    const { reader } = this;
    for (let i = 0; i < reader.tokens.length; i += 1) {
      const token = reader.free(i);
      if (token?.kind === "word" && TOWER_WORDS.has(token.norm)) this.towerWord(i, token);
      else if (token?.kind === "word" && UNIT_WORDS.has(token.norm)) this.unitWord(i, token);
      else if (token?.kind === "number") this.number(i, token);
    }
    let ordinal: number | null = null;
    if (!this.torres && !this.codigo) {
      if (this.pergunta === "torre") this.bareTowerAnswer();
      for (let i = 0; i < reader.tokens.length; i += 1) {
        const position = ORDINALS.get(reader.free(i)?.norm ?? "");
        if (position !== undefined) {
          ordinal = position;
          reader.mark(i);
        }
      }
    }
    const { codigo, casa, torres, torreDesconhecida } = this;
    if (!codigo && !torres && !torreDesconhecida && ordinal === null) return null;
    return { codigo, casa, torres, torreDesconhecida, ordinal };
  }

  private setTower(suffix: string, label: string, feminina: boolean): void {
    const found = towersBySuffix(this.reader.index, suffix);
    if (found.length > 0) {
      this.torres = found;
      this.torreDesconhecida = null;
    } else {
      this.torreDesconhecida = { label, feminina };
    }
  }

  /** "Torre A", "bloco 2", "bl B", "Torre Norte". */
  private towerWord(i: number, word: Token): void {
    const next = this.reader.free(i + 1);
    if (!next || !this.isTowerSuffix(next)) return;
    const shown = next.kind === "number" || next.norm.length > 1 ? capitalize(next.raw) : next.raw.toUpperCase();
    this.setTower(next.norm, `${TOWER_WORD_LABELS[word.norm]} ${shown}`, FEMININE_TOWER_WORDS.has(word.norm));
    this.reader.mark(i, i + 1);
  }

  /** "apartamento 101", "ap 42", "casa número 3", "apartamento trezentos e um" (no such number). */
  private unitWord(i: number, word: Token): void {
    const { reader } = this;
    let j = i + 1;
    while (reader.isWord(j, NUMBER_LEAD) && reader.at(j + 1)?.kind !== "punct") j += 1;
    const next = reader.free(j);
    if (next?.kind === "number") {
      this.codigo = next.norm;
      this.casa = word.norm === "casa";
      reader.mark(i, j);
      this.afterCode(j);
    } else if (next?.kind === "word" && isNumberWord(next.norm)) {
      let end = j;
      const continues = (t: Token | undefined) => t?.kind === "word" && (isNumberWord(t.norm) || t.norm === "e");
      while (continues(reader.at(end + 1))) end += 1;
      this.codigo = reader.tokens
        .slice(j, end + 1)
        .map((t) => t.norm)
        .join(" ");
      this.casa = word.norm === "casa";
      reader.mark(i, end);
    }
  }

  /** A number with no unit word: a code when the directory has it or the words make it one. */
  private number(i: number, token: Token): void {
    const { reader, pergunta } = this;
    const { index } = reader;
    if (pergunta === "torre" && towersBySuffix(index, token.norm).length > 0 && !index.byCode.has(token.norm)) {
      this.setTower(token.norm, token.norm, true);
      reader.mark(i);
      return;
    }
    const before = reader.at(i - 1);
    const glued = reader.free(i + 1);
    const withLetter = glued?.glued && glued.kind === "word" ? token.norm + glued.norm : null;
    const isCode =
      (withLetter !== null && index.byCode.has(withLetter)) ||
      index.byCode.has(token.norm) ||
      (before?.kind === "word" && UNIT_PREPOSITIONS.has(before.norm)) ||
      pergunta === "unidade" ||
      reader.tokens.length <= 2;
    if (!isCode) return;
    this.codigo = token.norm;
    this.casa = false;
    reader.mark(i);
    // "A 101": a tower letter just before the number.
    const letter = reader.free(i - 1);
    if (letter && this.isTowerLetter(letter) && (reader.phraseStart(i - 1) || letter.raw !== letter.norm)) {
      this.setTower(letter.norm, letter.raw.toUpperCase(), true);
      reader.mark(i - 1);
    }
    this.afterCode(i);
  }

  /** What follows a code: "101A" (a code, or 101 in tower A), "101 A", "11 1" (Bloco 1). */
  private afterCode(i: number): void {
    const { reader, codigo } = this;
    const next = reader.free(i + 1);
    if (!next || !codigo) return;
    if (next.kind === "word" && next.norm.length === 1) {
      if (next.glued && reader.index.byCode.has(codigo + next.norm)) {
        this.codigo = codigo + next.norm;
        reader.mark(i + 1);
      } else if (
        this.isTowerLetter(next) &&
        (next.glued || !AMBIGUOUS_LETTERS.has(next.norm) || next.raw !== next.norm)
      ) {
        this.setTower(next.norm, next.raw.toUpperCase(), true);
        reader.mark(i + 1);
      }
      return;
    }
    if (next.kind === "number" && this.pergunta !== "unidade") {
      const units = reader.index.byCode.get(codigo) ?? [];
      const inTower = towersBySuffix(reader.index, next.norm).some((tower) => units.some((u) => u.tower === tower));
      if (inTower) {
        this.setTower(next.norm, next.norm, true);
        reader.mark(i + 1);
      }
    }
  }

  private isTowerSuffix(token: Token): boolean {
    if (token.kind === "number") return true;
    return (
      token.kind === "word" &&
      (token.norm.length === 1 || this.reader.index.towers.some((t) => t.suffix === token.norm))
    );
  }

  private isTowerLetter(token: Token): boolean {
    return token.kind === "word" && token.norm.length === 1 && towersBySuffix(this.reader.index, token.norm).length > 0;
  }

  /** Asked which tower: "a", "B", "a B", "da A" (the last letter or tower name counts). */
  private bareTowerAnswer(): void {
    const { reader } = this;
    for (let i = reader.tokens.length - 1; i >= 0; i -= 1) {
      const token = reader.free(i);
      if (token?.kind === "word" && towersBySuffix(reader.index, token.norm).length > 0) {
        this.setTower(token.norm, token.raw, true);
        reader.mark(i);
        return;
      }
    }
  }
}
