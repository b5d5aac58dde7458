/**
 * One visitor turn read into facts: the dialogue acts (intents.ts), a PIN, why they came, the unit and
 * tower they named, their own name and the resident they named. The readers take the turn's words in
 * that order (turn-reader.ts), each word serving one fact.
 */
import type { DirectoryIndex, Resident } from "./directory-index";
import { type Ato, type IntentModel, readActs } from "./intents";
import { type Token, tokenize } from "./normalize";
import { wordsToNumbers } from "./numbers";
import { isResidentFullName, readBareName, readNameAfterUnit, readResident, readVisitorName } from "./read-names";
import { readParty, readPin, readVisitKind } from "./read-purpose";
import { readUnit, type UnitMention } from "./read-unit";
import { TurnReader } from "./turn-reader";
import type { DialogueState, TipoVisita } from "./types";
import { TOWER_WORDS, UNIT_WORDS } from "./vocabulary";

export type { UnitMention } from "./read-unit";

export interface Understanding {
  /** Nothing said (silence, noise). */
  vazio: boolean;
  atos: Set<Ato>;
  /** The greeting to say back. */
  saudacao: string | null;
  pin: string | null;
  /** Spoke of a code without its digits ("tenho um QR code"). */
  pedeCodigo: boolean;
  /** The visitor's own name. */
  nome: string | null;
  /** A name for the request when the visitor gave none: "Entregador Amazon", "Jardineiro". */
  nomePadrao: string | null;
  tipo: TipoVisita | null;
  /** The delivery company named ("Correios"): what a package is recorded from. */
  empresa: string | null;
  /** A delivery handed to a resident (a meal, medicine): the residents are asked, no package is left. */
  entregaEmMaos: boolean;
  /** Came for a party in a common area: a guest, looked up on the booking's list. */
  festa: boolean;
  unidade: UnitMention | null;
  /** The residents the named person fits, all equally well. */
  moradores: Resident[] | null;
  /** The resident's name as said: for "mais de um morador com o nome Ana" or "não encontrei". */
  moradorDito: string | null;
}

export async function understand(
  text: string,
  pergunta: DialogueState["pergunta"],
  index: DirectoryIndex,
  model: IntentModel,
): Promise<Understanding> {
  const written = tokenize(text);
  const spoken = written.filter((t) => t.kind !== "punct").length;
  const tokens = wordsToNumbers(written, index.numberPhrases, (i) => loneOneIsNumber(written, i, spoken));
  const words = tokens.filter((t) => t.kind !== "punct").map((t) => t.norm);
  const result: Understanding = {
    vazio: words.length === 0,
    atos: new Set(),
    saudacao: null,
    pin: null,
    pedeCodigo: false,
    nome: null,
    nomePadrao: null,
    tipo: null,
    empresa: null,
    entregaEmMaos: false,
    festa: false,
    unidade: null,
    moradores: null,
    moradorDito: null,
  };
  if (result.vazio) return result;

  const acts = await readActs(model, words);
  result.atos = acts.atos;
  result.saudacao = acts.saudacao;

  const reader = new TurnReader(tokens, index);
  const pin = readPin(reader);
  result.pin = pin.digits;
  result.pedeCodigo = pin.asked;
  const visit = readVisitKind(reader);
  result.tipo = visit.tipo;
  result.empresa = visit.empresa;
  result.entregaEmMaos = visit.emMaos;
  // A courier is not a guest ("entrega para a festa do 101"): the delivery goes on as any other.
  result.festa = readParty(reader) && !result.tipo;
  result.unidade = readUnit(reader, pergunta);
  const self = readVisitorName(reader);
  result.nome = self.nome;
  result.nomePadrao = self.trade ?? visit.nomePadrao;

  const bare = readBareName(reader);
  // Asked the name, a bare name is the visitor's, unless it is a resident's full name
  // ("Patrícia Gomes"): visitors rarely share one, so that is who they came for.
  const bareIsResident = bare !== null && isResidentFullName(reader, bare);
  if (bare && !result.nome && !bareIsResident && (pergunta === "nome" || self.describedWithoutName)) {
    result.nome = reader.take(bare);
  }
  const named = readResident(reader);
  if (named) {
    result.moradores = named.residents.length > 0 ? named.residents : null;
    result.moradorDito = named.said;
  }
  if (bare && reader.isFree(bare)) {
    // A bare name no resident has: asked for the unit, it is the resident they came for (not found);
    // otherwise, or beside a unit ("ap 101 A, Vanessa"), the visitor introducing themself.
    if (pergunta === "unidade" && !result.unidade) {
      result.moradorDito ??= reader.take(bare);
    } else if (!result.nome) {
      result.nome = reader.take(bare);
    }
  }
  if (!result.nome && result.unidade) {
    const trailing = readNameAfterUnit(reader);
    if (trailing) result.nome = reader.take(trailing);
  }
  return result;
}

/** A lone "um" is 1 after "bloco"/"apartamento" or as the whole answer ("um", "o um"). */
function loneOneIsNumber(tokens: Token[], i: number, spoken: number): boolean {
  if (spoken <= 2) return true;
  const previous = tokens[i - 1];
  return previous !== undefined && (UNIT_WORDS.has(previous.norm) || TOWER_WORDS.has(previous.norm));
}
