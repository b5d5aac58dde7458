/**
 * The model's tool calls read as facts about the visitor's turn, never as actions (docs/decisions/035,
 * "The language-model engine"). Every call is checked against the same rules as the embedded engine
 * before it counts: a request only from a "sim" to the confirmation of exactly the unit proposed (the
 * "sim" read by the embedded engine's own word rules), a unit looked up in the directory as the
 * embedded engine looks it up (never a guess between two), a visitor's name made of words the visitor
 * said, a PIN of six digits the visitor said. One refused call refuses the whole answer: the turn is
 * then the embedded engine's.
 */
import { z } from "zod";
import { codeKey, type DirectoryIndex, findResidents, type Tower, towersBySuffix } from "./directory-index";
import type { TOOL_NAMES } from "./llm-prompt";
import { capitalize, fold, tokenize } from "./normalize";
import type { DialogueState, TipoVisita } from "./types";
import type { Understanding, UnitMention } from "./understand";
import { FEMININE_TOWER_WORDS, NAME_PARTICLES, TOWER_WORDS, UNIT_WORDS } from "./vocabulary";

export interface ToolCall {
  name: string;
  /** The arguments as the model wrote them: a JSON object, in a string. */
  arguments: string;
}

export type Reading = { ok: true; facts: Understanding } | { ok: false };

const refused: Reading = { ok: false };

/** Models often send "" for a field they leave out. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max).optional(),
  );
const tipo = z.enum(["visitante", "prestador", "entregador"]);

const ARGS = {
  buscar_unidade: z.object({
    nome_visitante: optionalText(60),
    tipo: z.preprocess((v) => (v === "" ? undefined : v), tipo.optional()),
    codigo: optionalText(16),
    torre: optionalText(30),
    morador: optionalText(40),
  }),
  confirmar: z.object({ resposta: z.enum(["sim", "nao"]) }),
  criar_solicitacao: z.object({
    unidade_id: z.string().min(1),
    nome_visitante: z.string().trim().min(1).max(60),
    tipo,
  }),
  validar_pin: z.object({
    pin: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  }),
  transferir: z.object({ motivo: z.enum(["pedido", "emergencia"]) }),
} satisfies Record<(typeof TOOL_NAMES)[number], z.ZodType>;

type Args = { [K in keyof typeof ARGS]: z.infer<(typeof ARGS)[K]> };
type Parsed = { [K in keyof Args]: { name: K; args: Args[K] } }[keyof Args];

function parse(call: ToolCall): Parsed | null {
  if (!Object.hasOwn(ARGS, call.name)) return null;
  const name = call.name as keyof Args;
  let json: unknown;
  try {
    json = JSON.parse(call.arguments);
  } catch {
    return null;
  }
  const result = ARGS[name].safeParse(json);
  return result.success ? ({ name, args: result.data } as Parsed) : null;
}

/** Letters, spaces, apostrophes and hyphens; a name, not a sentence. */
const NAME = /^\p{L}[\p{L}' .-]*$/u;
const MAX_NAME_WORDS = 5;

function nameWords(name: string): string[] {
  return fold(name)
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/** "rafael DE souza" → "Rafael de Souza", as the embedded engine says a name back. */
function sayName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => (NAME_PARTICLES.has(fold(word)) ? fold(word) : capitalize(word)))
    .join(" ");
}

/** Digits as said: "482913", "482 913", "quatro oito dois, nove um três" all give "482913". */
const DIGIT_WORDS = new Map([
  ["zero", "0"],
  ["um", "1"],
  ["uma", "1"],
  ["dois", "2"],
  ["duas", "2"],
  ["tres", "3"],
  ["quatro", "4"],
  ["cinco", "5"],
  ["seis", "6"],
  ["meia", "6"],
  ["sete", "7"],
  ["oito", "8"],
  ["nove", "9"],
]);

function saidDigits(text: string): string {
  return tokenize(text)
    .map((t) => (t.kind === "punct" ? "" : t.kind === "number" ? t.norm : (DIGIT_WORDS.get(t.norm) ?? "|")))
    .join("");
}

interface Context {
  state: DialogueState;
  text: string;
  index: DirectoryIndex;
  /** The embedded engine's reading of the same turn. */
  embedded: Understanding;
}

/**
 * The turn's facts: the embedded reading's dialogue acts (its word rules stay: an emergency word
 * always counts, a yes needs a word of assent) plus what the model's calls add; the unit, the
 * visitor's name and the kind of visit from the model where it gave them, else the embedded reading's.
 */
export function readToolCalls(calls: ToolCall[], ctx: Context): Reading {
  const { state, index, embedded } = ctx;
  const parsed: Parsed[] = [];
  for (const call of calls) {
    const p = parse(call);
    // An unknown tool, arguments that are no JSON object or break the schema, a tool called twice.
    if (!p || parsed.some((q) => q.name === p.name)) return refused;
    parsed.push(p);
  }
  const facts: Understanding = { ...embedded, atos: new Set(embedded.atos) };
  const pending = state.etapa === "confirmando" && state.pergunta === "confirmacao";
  const saidYes = embedded.atos.has("afirmar") && !embedded.atos.has("negar");

  for (const call of parsed) {
    switch (call.name) {
      case "buscar_unidade": {
        const found = lookUp(call.args, ctx);
        if (found === "recusada") return refused;
        if (found) Object.assign(facts, found);
        break;
      }
      case "confirmar":
        if (!pending) return refused;
        if (call.args.resposta === "sim") {
          if (!saidYes) return refused;
        } else {
          facts.atos.add("negar");
          facts.atos.delete("afirmar");
        }
        break;
      case "criar_solicitacao": {
        const { unidade_id, nome_visitante, tipo: kind } = call.args;
        const proposed = state.unidadeId ? index.byId.get(state.unidadeId) : undefined;
        const sameRequest =
          pending &&
          saidYes &&
          proposed !== undefined &&
          unidade_id === proposed.unit.id &&
          state.nomeVisitante !== null &&
          fold(nome_visitante) === fold(state.nomeVisitante) &&
          kind === (state.tipo ?? "visitante");
        if (!sameRequest) return refused;
        // The yes, alone: the policy then creates the request for the unit it proposed.
        facts.atos.add("afirmar");
        break;
      }
      case "validar_pin": {
        const pin = call.args.pin;
        if (!saidDigits(ctx.text).includes(pin) && embedded.pin !== pin) return refused;
        facts.pin = pin;
        break;
      }
      case "transferir":
        facts.atos.add(call.args.motivo === "emergencia" ? "emergencia" : "porteiro");
        break;
    }
  }
  return { ok: true, facts };
}

type EntityFacts = Pick<Understanding, "nome" | "nomePadrao" | "tipo" | "unidade" | "moradores" | "moradorDito">;

/** `buscar_unidade` as the entity slots of an `Understanding`; null when it gave nothing. */
function lookUp(args: Args["buscar_unidade"], ctx: Context): EntityFacts | null | "recusada" {
  const { index, embedded, text } = ctx;
  const { nome_visitante, tipo: kind, codigo, torre, morador } = args;
  if (!nome_visitante && !kind && !codigo && !torre && !morador) return null;

  let nome: string | null = null;
  if (nome_visitante) {
    const words = nameWords(nome_visitante);
    const said = new Set(nameWords(text));
    // The visitor's own words: a model must not make up the name a request is created under.
    if (!NAME.test(nome_visitante) || words.length > MAX_NAME_WORDS || !words.every((w) => said.has(w))) {
      return "recusada";
    }
    nome = sayName(nome_visitante);
  }
  const tipoVisita: TipoVisita | null = kind ?? null;

  const unidade = codigo || torre ? unitMention(codigo ?? null, torre ?? null, index) : null;
  if (unidade === "recusada") return "recusada";

  let moradores: Understanding["moradores"] = null;
  let moradorDito: string | null = null;
  if (morador) {
    if (!NAME.test(morador)) return "recusada";
    const words = nameWords(morador).filter((w) => !NAME_PARTICLES.has(w));
    const residents = findResidents(index, words);
    moradores = residents.length > 0 ? residents : null;
    moradorDito = sayName(morador);
  }
  // What the model left out stays as the embedded engine read it: the unit and the resident named
  // go together (one is what the other narrows), the visitor's name and the kind of visit each alone.
  const unitSaid = unidade !== null || morador !== undefined;
  return {
    nome: nome ?? embedded.nome,
    nomePadrao: tipoVisita === "entregador" ? (embedded.nomePadrao ?? "Entregador") : embedded.nomePadrao,
    tipo: tipoVisita ?? embedded.tipo,
    unidade: unitSaid ? unidade : embedded.unidade,
    moradores: unitSaid ? moradores : embedded.moradores,
    moradorDito: unitSaid ? moradorDito : embedded.moradorDito,
  };
}

/** The code and tower as the model wrote them, read as the embedded engine reads a visitor's. */
function unitMention(codigo: string | null, torre: string | null, index: DirectoryIndex): UnitMention | "recusada" {
  let code: string | null = null;
  let casa = false;
  if (codigo) {
    if (!/^[\p{L}\d][\p{L}\d .º-]*$/u.test(codigo)) return "recusada";
    const words = fold(codigo)
      .split(/[^a-z0-9º]+/)
      .filter(Boolean);
    code = codeKey(codigo);
    // "apto 101", "casa 3": the unit word is no part of the code, unless the directory says so.
    if (!index.byCode.has(code) && words.length > 1 && UNIT_WORDS.has(words[0]!)) {
      casa = words[0] === "casa";
      code = codeKey(words.slice(1).join(""));
    }
    if (!code) return "recusada";
  }
  let torres: Tower[] | null = null;
  let torreDesconhecida: UnitMention["torreDesconhecida"] = null;
  if (torre) {
    const found = findTowers(torre, index);
    if (found.length > 0) torres = found;
    else torreDesconhecida = unknownTower(torre);
  }
  return { codigo: code, casa, torres, torreDesconhecida, ordinal: null };
}

function findTowers(torre: string, index: DirectoryIndex): Tower[] {
  const folded = fold(torre).trim();
  const byLabel = index.towers.filter((t) => fold(t.label) === folded);
  if (byLabel.length > 0) return byLabel;
  const words = folded.split(/[^a-z0-9]+/).filter(Boolean);
  const suffix = words.length > 1 && TOWER_WORDS.has(words[0]!) ? words.slice(1).join(" ") : words.join(" ");
  return suffix ? towersBySuffix(index, suffix) : [];
}

/** "Torre Z" → "Não encontrei a Torre Z"; a bare "Z" is a tower letter, as the embedded engine says it. */
function unknownTower(torre: string): NonNullable<UnitMention["torreDesconhecida"]> {
  const words = torre.trim().split(/\s+/);
  const first = fold(words[0] ?? "");
  const rest = words.slice(1).map((w) => (w.length === 1 ? w.toUpperCase() : capitalize(w)));
  if (words.length > 1 && TOWER_WORDS.has(first)) {
    return { label: [capitalize(words[0]!), ...rest].join(" "), feminina: FEMININE_TOWER_WORDS.has(first) };
  }
  return { label: torre.trim().toUpperCase(), feminina: true };
}
