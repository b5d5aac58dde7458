/**
 * Dialogue acts: yes, no, a greeting, "chama o porteiro", an emergency, giving up, thanks. An NLP.js
 * classifier trained on intents-corpus.ts reads the phrasing; word rules catch the plain forms and
 * guard the classifier, so a yes is never read from a phrase without a word of assent, and an
 * emergency word always counts whatever the classifier says (calling the porteiro for nothing costs
 * less than missing one).
 */
import { containerBootstrap } from "@nlpjs/core";
import { LangPt } from "@nlpjs/lang-pt";
import { Nlp } from "@nlpjs/nlp";
import { distance } from "fastest-levenshtein";
import { INTENT_CORPUS } from "./intents-corpus";

export type Ato =
  | "afirmar"
  | "negar"
  | "saudacao"
  | "porteiro"
  | "emergencia"
  | "desistir"
  | "agradecer"
  /** Asks to be let in without saying who or where ("pode abrir o portão?"). */
  | "entrar";

export interface IntentModel {
  classify(folded: string): Promise<{ intent: string; score: number }>;
}

/** Below this the classifier's guess is ignored. */
const MIN_SCORE = 0.8;

let trained: Promise<IntentModel> | null = null;

/** The trained classifier; trained once per process, on first use. */
export function loadIntentModel(): Promise<IntentModel> {
  // A failed training is not kept: the next engine tries again.
  trained ??= train().catch((error: unknown) => {
    trained = null;
    throw error;
  });
  return trained;
}

const silentLogger = { debug() {}, info() {}, warn() {}, error() {}, log() {}, trace() {}, fatal() {} };

async function train(): Promise<IntentModel> {
  const container = containerBootstrap();
  // NLP.js logs to the console by default (training epochs, warnings); the server has its own logger.
  container.register("logger", silentLogger, true);
  container.use(Nlp);
  container.use(LangPt);
  const nlp = container.get<Nlp>("nlp");
  nlp.settings.autoSave = false;
  nlp.settings.autoLoad = false;
  nlp.settings.calculateSentiment = false;
  nlp.nluManager.settings.log = false;
  nlp.addLanguage("pt");
  for (const [intent, phrases] of Object.entries(INTENT_CORPUS)) {
    for (const phrase of phrases) nlp.addDocument("pt", phrase, intent);
  }
  await nlp.train();
  return {
    async classify(folded) {
      const { intent, score } = await nlp.process("pt", folded);
      return { intent, score };
    },
  };
}

function set(list: string): Set<string> {
  return new Set(list.split(" "));
}

const AFFIRM = set(
  "sim s ss isso correto correta certo certinho exato exatamente positivo confirmo confirmado confirma aham uhum " +
    "ahan claro ok okay beleza blz perfeito pode",
);
/** Words that may ride along with a yes ("é isso aí", "pode ser, moço", "sim senhor, obrigado"). */
const ASSENT_FILLER = set(
  "e eh ai mesmo ta esta tudo senhor senhora ser avisar chamar mandar com certeza obrigado obrigada por favor la " +
    "pois moco moca ne isso sim",
);
const STRONG_FIRST_YES = set("sim s isso correto certo exato positivo confirmo");
const NEGATION = set("nao n errado errada incorreto incorreta negativo errou");
const NEGATION_FILLER = set("e eh isso esse essa nada disso esta ta certo nao n moco moca senhor senhora");

const EMERGENCY = set(
  "socorro emergencia incendio fogo assalto assaltado assaltada assaltando ambulancia samu policia acidente " +
    "desmaiou desmaiado desmaiada infarto ferido ferida feridos sangrando bombeiro bombeiros ladrao ladroes tiroteio " +
    "tiro tiros armado armados",
);
const EMERGENCY_PHRASES = [
  "passando mal",
  "pegando fogo",
  "ataque cardiaco",
  "me ajuda",
  "me ajudem",
  "cheiro de gas",
  "cheiro forte de gas",
  "vazamento de gas",
  "vazando gas",
  "fumaca",
  "cheiro de queimado",
];
/** Words without which the classifier's "emergency" is not believed ("Torre A" is not one). */
const EMERGENCY_HINTS = set("mal ajuda ajudem ferido machucado machucada caiu sangue grave");
/** Emergency words long enough to be recognised with one typo ("socoro", "emergensia"). */
const EMERGENCY_TYPO_MIN = 6;

const HUMAN = set("porteiro porteira zelador zeladora sindico sindica humano humana robo");
const SOMEONE = set("pessoa alguem atendente funcionario funcionaria responsavel gente");
const ASK_FOR = set("falar fala chama chamar chame quero queria preciso cade passa passe liga ligar transfere");

const GREETINGS: readonly [string, string][] = [
  ["bom dia", "Bom dia!"],
  ["boa tarde", "Boa tarde!"],
  ["boa noite", "Boa noite!"],
  ["oi", "Olá!"],
  ["ola", "Olá!"],
  ["alo", "Olá!"],
  ["opa", "Olá!"],
  ["salve", "Olá!"],
  ["e ai", "Olá!"],
  ["tudo bem", "Tudo bem!"],
  ["td bem", "Tudo bem!"],
  ["tudo joia", "Tudo bem!"],
];

const GIVE_UP_PHRASES = [
  "deixa pra la",
  "deixa para la",
  "esquece",
  "desisto",
  "vou embora",
  "cancela",
  "cancelar",
  "nao precisa mais",
  "tchau",
  "ate logo",
  "ate mais",
  "volto depois",
];
const THANKS = set("obrigado obrigada valeu brigado brigada agradeco");
const LET_IN = set("abrir abre abra libera liberar entrar entro subir");

interface Acts {
  atos: Set<Ato>;
  /** The greeting to say back ("Boa noite!"), when the visitor greeted. */
  saudacao: string | null;
}

/** `words` are the folded words of the visitor's text, numbers included, punctuation left out. */
export async function readActs(model: IntentModel, words: string[]): Promise<Acts> {
  const atos = new Set<Ato>();
  const text = ` ${words.join(" ")} `;
  const has = (phrase: string) => text.includes(` ${phrase} `);
  const any = (list: Set<string>) => words.some((word) => list.has(word));

  const { intent, score } = words.length > 0 ? await model.classify(words.join(" ")) : { intent: "None", score: 0 };
  // The classifier only confirms what a word of the act suggests: on words it never saw ("Torre A") its
  // best guess is still some intent.
  const guess = (ato: Ato, hints: Set<string>) => intent === ato && score >= MIN_SCORE && any(hints);

  if (words.some(isEmergencyWord) || EMERGENCY_PHRASES.some(has) || guess("emergencia", EMERGENCY_HINTS)) {
    atos.add("emergencia");
  }
  if (any(HUMAN) || (any(SOMEONE) && any(ASK_FOR)) || guess("porteiro", SOMEONE)) atos.add("porteiro");

  const negated = any(NEGATION);
  const first = words[0] ?? "";
  const plainYes = words.length > 0 && words.every((w) => AFFIRM.has(w) || ASSENT_FILLER.has(w)) && any(AFFIRM);
  if (!negated && (plainYes || STRONG_FIRST_YES.has(first) || guess("afirmar", AFFIRM))) atos.add("afirmar");
  const plainNo = words.length > 0 && words.every((w) => NEGATION.has(w) || NEGATION_FILLER.has(w));
  if (negated && (plainNo || NEGATION.has(first) || has("errado") || has("errada") || guess("negar", NEGATION))) {
    atos.add("negar");
  }

  const greeting = GREETINGS.find(([phrase]) => has(phrase));
  if (greeting) atos.add("saudacao");
  if (GIVE_UP_PHRASES.some(has)) atos.add("desistir");
  if (any(THANKS)) atos.add("agradecer");
  if (any(LET_IN)) atos.add("entrar");
  return { atos, saudacao: greeting ? greeting[1] : null };
}

function isEmergencyWord(word: string): boolean {
  if (EMERGENCY.has(word)) return true;
  if (word.length < EMERGENCY_TYPO_MIN) return false;
  for (const emergency of EMERGENCY) {
    if (emergency.length >= EMERGENCY_TYPO_MIN && distance(word, emergency) <= 1) return true;
  }
  return false;
}
