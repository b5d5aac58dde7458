/**
 * Fills a corpus line's placeholders (tests/attendant/README.md) for one conversation: a unit drawn
 * from a seeded generator among the active units with residents that can fill every placeholder the
 * line uses, and the words a visitor would use for it. The numbers are spelled here rather than with the
 * library an engine might use to read them, so the corpus does not test a library against itself.
 */
import extenso from "extenso";
import type { Directory, DirectoryUnit } from "../engine/types";

export const PLACEHOLDERS = [
  "unidade",
  "unidade_por_extenso",
  "unidade_digitos",
  "unidade_ambigua",
  "unidade_inexistente",
  "unidade_id",
  "torre",
  "torre_curta",
  "outra_torre",
  "morador_primeiro",
  "morador_primeiro_sem_acento",
  "morador_primeiro_com_erro",
  "morador_completo",
  "morador_sobrenome",
  "pin",
  "pin_separado",
  "pin_errado",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The placeholders a text uses, by name (known or not). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

export interface Rng {
  /** A number in [0, 1). */
  next(): number;
}

/** mulberry32: small and reproducible, so `--seed` replays a run exactly. */
export function seededRng(seed: number): Rng {
  let a = seed | 0;
  return {
    next() {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;

export const withoutAccents = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");

/** 0–9999 as said in pt-BR (extenso): 101 → "cento e um", 1204 → "mil duzentos e quatro". */
export function spellNumber(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 9999) throw new RangeError(`fora do intervalo: ${n}`);
  return extenso(n);
}

/** Digit by digit, as a code is often said at the gate: "101" → "um zero um". */
export const spellDigits = (code: string) => [...code].map((d) => extenso(Number(d))).join(" ");

const firstName = (nome: string) => nome.trim().split(/\s+/)[0]!;

/**
 * One-letter typos of a first name that a hurried visitor or the speech recogniser makes: an inner vowel
 * swapped ("Fernanda" → "Fernonda"). Never another resident's first name of the condominium, which would
 * make the typo a different, right answer.
 */
function typosOf(name: string, directory: Directory): string[] {
  const plain = withoutAccents(name);
  if (plain.length < 5) return [];
  const taken = new Set(
    directory.units.flatMap((u) => u.moradores.map((m) => withoutAccents(firstName(m.nome)).toLowerCase())),
  );
  const out: string[] = [];
  for (let i = 1; i < plain.length - 1; i++) {
    const c = plain[i]!;
    if (!"aeiou".includes(c)) continue;
    for (const v of "aeiou") {
      const typo = `${plain.slice(0, i)}${v}${plain.slice(i + 1)}`;
      if (v !== c && !taken.has(typo.toLowerCase())) out.push(typo);
    }
  }
  return out;
}

const isSpellable = (code: string) => /^\d{1,4}$/.test(code);
const otherTowers = (unit: DirectoryUnit, directory: Directory) =>
  [...new Set(directory.units.map((u) => u.torre).filter((t): t is string => t !== null && t !== unit.torre))].sort();

/** Whether this unit can fill the placeholder (a unit without tower has no `{torre}`, and so on). */
function fits(name: Placeholder, unit: DirectoryUnit, directory: Directory, pins: ReadonlyMap<string, string>) {
  const resident = unit.moradores[0]!;
  switch (name) {
    case "unidade_por_extenso":
      return isSpellable(unit.codigo);
    case "unidade_digitos":
      // "um dois" for 12 is not how anyone says it: digit by digit is for longer codes.
      return isSpellable(unit.codigo) && unit.codigo.length >= 3;
    case "unidade_ambigua":
      return directory.units.some((u) => u.id !== unit.id && u.codigo === unit.codigo);
    case "torre":
    case "torre_curta":
      return unit.torre !== null;
    case "outra_torre":
      return unit.torre !== null && otherTowers(unit, directory).length > 0;
    case "morador_primeiro_com_erro":
      return typosOf(firstName(resident.nome), directory).length > 0;
    case "morador_sobrenome":
      return resident.nome.trim().split(/\s+/).length > 1;
    case "pin":
    case "pin_separado":
      return pins.has(unit.id);
    default:
      return true;
  }
}

/** Six digits that are no PIN of the condominium's passes: a visitor's wrong guess. */
function wrongPin(directory: Directory, pins: ReadonlyMap<string, string>, rng: Rng): string {
  const taken = new Set(directory.units.map((u) => pins.get(u.id)));
  for (;;) {
    const pin = String(Math.floor(rng.next() * 1_000_000)).padStart(6, "0");
    if (!taken.has(pin)) return pin;
  }
}

/** A code no unit of the condominium has, in any tower: "1503". */
function missingCode(directory: Directory, rng: Rng): string {
  const codes = new Set(directory.units.map((u) => u.codigo));
  for (;;) {
    const code = `${3 + Math.floor(rng.next() * 15)}0${1 + Math.floor(rng.next() * 4)}`;
    if (!codes.has(code)) return code;
  }
}

function fillValue(
  name: Placeholder,
  unit: DirectoryUnit,
  directory: Directory,
  pins: ReadonlyMap<string, string>,
  rng: Rng,
): string {
  const resident = unit.moradores[0]!;
  switch (name) {
    case "unidade":
    case "unidade_ambigua":
      return unit.codigo;
    case "unidade_por_extenso":
      return spellNumber(Number(unit.codigo));
    case "unidade_digitos":
      return spellDigits(unit.codigo);
    case "unidade_inexistente":
      return missingCode(directory, rng);
    case "unidade_id":
      return unit.id;
    case "torre":
      return unit.torre!;
    case "torre_curta":
      return unit.torre!.trim().split(/\s+/).at(-1)!;
    case "outra_torre":
      return pick(rng, otherTowers(unit, directory));
    case "morador_primeiro":
      return firstName(resident.nome);
    case "morador_primeiro_sem_acento":
      return withoutAccents(firstName(resident.nome));
    case "morador_primeiro_com_erro":
      return pick(rng, typosOf(firstName(resident.nome), directory));
    case "morador_completo":
      return resident.nome.trim();
    case "morador_sobrenome":
      return resident.nome.trim().split(/\s+/).at(-1)!;
    case "pin":
      return pins.get(unit.id)!;
    case "pin_separado":
      return [...pins.get(unit.id)!].join(" ");
    case "pin_errado":
      return wrongPin(directory, pins, rng);
  }
}

export interface FilledConversation<E> {
  unit: DirectoryUnit;
  directory: Directory;
  falas: string[];
  espera: E;
}

/**
 * The line for one conversation: draws the unit (among those of every directory that have residents and
 * fit the line's placeholders) and replaces each placeholder. `pins`: the run's pass PIN per unit id.
 */
export function fillConversation<E extends object>(
  line: { falas: string[]; espera: E },
  directories: readonly Directory[],
  pins: ReadonlyMap<string, string>,
  rng: Rng,
): FilledConversation<E> {
  const texts = [...line.falas, ...Object.values(line.espera).map(String)];
  const used = PLACEHOLDERS.filter((name) => texts.some((t) => placeholdersOf(t).includes(name)));
  const candidates = directories.flatMap((directory) =>
    directory.units
      .filter((unit) => unit.moradores.length > 0 && used.every((name) => fits(name, unit, directory, pins)))
      .map((unit) => ({ unit, directory })),
  );
  if (candidates.length === 0) {
    throw new Error(`nenhuma unidade com moradores preenche ${used.map((n) => `{${n}}`).join(" ") || "a conversa"}`);
  }
  const { unit, directory } = pick(rng, candidates);
  const values = new Map(used.map((name) => [name, fillValue(name, unit, directory, pins, rng)]));
  const fill = (text: string) => text.replace(PLACEHOLDER, (_, name: Placeholder) => values.get(name)!);
  const espera = Object.fromEntries(
    Object.entries(line.espera).map(([k, v]) => [k, typeof v === "string" ? fill(v) : v]),
  ) as E;
  return { unit, directory, falas: line.falas.map(fill), espera };
}
