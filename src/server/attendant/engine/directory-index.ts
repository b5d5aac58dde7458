/**
 * A condominium's directory arranged for the engine's questions: units by code, towers by what a
 * visitor calls them ("Torre A" → "a", "Bloco 1" → "1"), residents by each word of their names (exact,
 * phonetic key, or one or two typos away), and the unit and tower numbers in words. Built once per
 * `Directory` object: the service passes the same object until the directory changes.
 */
import { distance } from "fastest-levenshtein";
import { fold } from "./normalize";
import { numberPhrases } from "./numbers";
import { phoneticKey } from "./phonetic";
import type { Directory, DirectoryUnit } from "./types";
import { FEMININE_TOWER_WORDS, NAME_PARTICLES, TOWER_WORDS, UNIT_WORDS } from "./vocabulary";

export interface Tower {
  /** As the directory writes it: "Torre A". */
  label: string;
  /** What tells it apart when said: "a" for "Torre A", "1" for "Bloco 1", "norte" for "Torre Norte". */
  suffix: string;
  /** "da" Torre A, "do" Bloco 1, null when the label has no tower word ("Aurora"). */
  de: "da" | "do" | null;
}

export interface IndexedUnit {
  unit: DirectoryUnit;
  /** The code folded without spaces or signs: "101", "101a", "casa3". */
  codeKey: string;
  tower: Tower | null;
}

export interface Resident {
  pessoaId: string;
  nome: string;
  /** The first name as written ("Sérgio"), to say it back. */
  firstName: string;
  /** The name's words, folded, without particles. */
  words: string[];
  unitIds: string[];
}

export interface DirectoryIndex {
  units: IndexedUnit[];
  byId: Map<string, IndexedUnit>;
  byCode: Map<string, IndexedUnit[]>;
  towers: Tower[];
  residents: Resident[];
  residentById: Map<string, Resident>;
  /** Unit and tower numbers in words → digits ("cento e um" → "101"). */
  numberPhrases: Map<string, string>;
  nameWords: NameWords;
}

interface NameWordEntry {
  word: string;
  key: string;
  /** Residents having the word, with its position in their name. */
  holders: { resident: Resident; position: number }[];
}

interface NameWords {
  byWord: Map<string, NameWordEntry>;
  byKey: Map<string, NameWordEntry[]>;
  all: NameWordEntry[];
}

const cache = new WeakMap<Directory, DirectoryIndex>();

export function indexDirectory(directory: Directory): DirectoryIndex {
  let index = cache.get(directory);
  if (!index) {
    index = buildIndex(directory);
    cache.set(directory, index);
  }
  return index;
}

/** "101" → "101", "Casa 3" → "casa3", "101-A" → "101a". */
export function codeKey(code: string): string {
  return fold(code).replace(/[^a-z0-9]/g, "");
}

function buildIndex(directory: Directory): DirectoryIndex {
  const towersByLabel = new Map<string, Tower>();
  const units: IndexedUnit[] = [];
  const byId = new Map<string, IndexedUnit>();
  const byCode = new Map<string, IndexedUnit[]>();
  const residentsById = new Map<string, Resident>();
  const numbers = new Set<string>();

  for (const unit of directory.units) {
    let tower: Tower | null = null;
    if (unit.torre) {
      tower = towersByLabel.get(unit.torre) ?? readTower(unit.torre);
      towersByLabel.set(unit.torre, tower);
      if (/^\d+$/.test(tower.suffix)) numbers.add(tower.suffix);
    }
    const entry: IndexedUnit = { unit, codeKey: codeKey(unit.codigo), tower };
    units.push(entry);
    byId.set(unit.id, entry);
    // "Casa 3" is also found as "3", the way a visitor says it after "casa".
    const keys = new Set([entry.codeKey, stripUnitWord(unit.codigo)]);
    for (const key of keys) {
      if (!key) continue;
      byCode.set(key, [...(byCode.get(key) ?? []), entry]);
      if (/^\d+$/.test(key)) numbers.add(key);
    }
    for (const morador of unit.moradores) {
      let resident = residentsById.get(morador.pessoaId);
      if (!resident) {
        resident = readResident(morador.pessoaId, morador.nome);
        residentsById.set(morador.pessoaId, resident);
      }
      if (!resident.unitIds.includes(unit.id)) resident.unitIds.push(unit.id);
    }
  }

  const residents = [...residentsById.values()];
  return {
    units,
    byId,
    byCode,
    towers: [...towersByLabel.values()].sort((a, b) => a.label.localeCompare(b.label, "pt-BR")),
    residents,
    residentById: residentsById,
    numberPhrases: numberPhrases(numbers),
    nameWords: indexNameWords(residents),
  };
}

function stripUnitWord(code: string): string {
  const words = fold(code)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length > 1 && UNIT_WORDS.has(words[0]!)) return words.slice(1).join("");
  return "";
}

function readTower(label: string): Tower {
  const words = fold(label)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const first = words[0] ?? "";
  if (words.length > 1 && TOWER_WORDS.has(first)) {
    return { label, suffix: words.slice(1).join(" "), de: FEMININE_TOWER_WORDS.has(first) ? "da" : "do" };
  }
  return { label, suffix: words.join(" "), de: null };
}

function readResident(pessoaId: string, nome: string): Resident {
  const written = nome.trim().split(/\s+/);
  const words = fold(nome)
    .split(/[^a-z]+/)
    .filter((word) => word && !NAME_PARTICLES.has(word));
  return { pessoaId, nome, firstName: written[0] ?? nome, words, unitIds: [] };
}

function indexNameWords(residents: Resident[]): NameWords {
  const byWord = new Map<string, NameWordEntry>();
  for (const resident of residents) {
    resident.words.forEach((word, position) => {
      let entry = byWord.get(word);
      if (!entry) {
        entry = { word, key: phoneticKey(word), holders: [] };
        byWord.set(word, entry);
      }
      entry.holders.push({ resident, position });
    });
  }
  const byKey = new Map<string, NameWordEntry[]>();
  for (const entry of byWord.values()) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
  return { byWord, byKey, all: [...byWord.values()] };
}

/** How well a said word matches a name word: 0 the same, 1 sounds the same, 2 a typo away. */
type Quality = 0 | 1 | 2;

/**
 * Typos allowed: none for up to three letters ("Ana" is not "Ina"), one up to six ("Fernada"), two
 * when both words have seven letters or more and start alike ("Mariana" is not "Luciana"). A name's
 * other gender is another name, not a typo: "Rafaela" is not "Rafael", "Luciano" not "Luciana".
 */
function typoMatch(said: string, name: string): boolean {
  if (Math.max(said.length, name.length) <= 3 || otherGender(said, name)) return false;
  const d = distance(said, name);
  if (d <= 1) return true;
  return d === 2 && Math.min(said.length, name.length) >= 7 && said[0] === name[0];
}

function otherGender(a: string, b: string): boolean {
  if (a === `${b}a` || b === `${a}a`) return true;
  const endings = new Set([a.at(-1), b.at(-1)]);
  return a.length === b.length && a.slice(0, -1) === b.slice(0, -1) && endings.has("a") && endings.has("o");
}

function wordMatches(index: DirectoryIndex, said: string): Map<NameWordEntry, Quality> {
  const found = new Map<NameWordEntry, Quality>();
  const { byWord, byKey, all } = index.nameWords;
  const exact = byWord.get(said);
  if (exact) found.set(exact, 0);
  for (const entry of byKey.get(phoneticKey(said)) ?? []) if (!found.has(entry)) found.set(entry, 1);
  for (const entry of all) {
    if (found.has(entry) || Math.abs(entry.word.length - said.length) > 2) continue;
    if (typoMatch(said, entry.word)) found.set(entry, 2);
  }
  return found;
}

/**
 * The residents a name said by the visitor fits best ("Ana", "Ana Beatriz", "Sergio", "Fernada",
 * "Luciana Ferreira"). Every said word must match a word of the resident's name, in order. The best
 * fits win: fewer typos first, then the said name starting at the first name ("Beatriz" is Beatriz
 * Moraes before Ana Beatriz Souza). Several residents come back when they fit equally well.
 */
export function findResidents(index: DirectoryIndex, said: string[]): Resident[] {
  if (said.length === 0) return [];
  const perWord = said.map((word) => wordMatches(index, word));
  // Only a holder of a match of the first word said can fit at all: at a large condominium that is
  // a few hundred residents, not every one of thousands (docs/benchmarks.md, "Atendente virtual").
  const candidates = new Set<Resident>();
  for (const entry of perWord[0]!.keys()) for (const holder of entry.holders) candidates.add(holder.resident);
  let best: Resident[] = [];
  let bestScore = Number.POSITIVE_INFINITY;
  // In the directory's order, so equal fits come back the same way every time.
  for (const resident of index.residents) {
    if (!candidates.has(resident)) continue;
    const score = fitScore(resident, perWord);
    if (score === null) continue;
    if (score < bestScore) {
      best = [resident];
      bestScore = score;
    } else if (score === bestScore) {
      best.push(resident);
    }
  }
  return best;
}

function fitScore(resident: Resident, perWord: Map<NameWordEntry, Quality>[]): number | null {
  let position = -1;
  let typos = 0;
  let startsAtFirstName = false;
  for (const [n, matches] of perWord.entries()) {
    let bestHere: { position: number; quality: Quality } | null = null;
    for (const [entry, quality] of matches) {
      for (const holder of entry.holders) {
        if (holder.resident !== resident || holder.position <= position) continue;
        // Typos only in a first name: a visitor's own "Edvaldo" is not a typo of Carlos Eduardo.
        if (quality === 2 && holder.position > 0) continue;
        if (
          !bestHere ||
          quality < bestHere.quality ||
          (quality === bestHere.quality && holder.position < bestHere.position)
        ) {
          bestHere = { position: holder.position, quality };
        }
      }
    }
    if (!bestHere) return null;
    if (n === 0) startsAtFirstName = bestHere.position === 0;
    position = bestHere.position;
    typos += bestHere.quality;
  }
  return typos * 2 + (startsAtFirstName ? 0 : 1);
}

/** The towers a said suffix ("a", "1", "norte") names. */
export function towersBySuffix(index: DirectoryIndex, suffix: string): Tower[] {
  return index.towers.filter((tower) => tower.suffix === suffix);
}
