/**
 * The shared sample of how visitors speak at the gate (the first lines of tests/attendant/corpus.jsonl),
 * played for every unit of the test directories, with the visitor saying "sim" to a confirmation both
 * when the script is over (as the evaluation does) and as soon as asked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Conversation, play } from "./conversation.fixture";
import { ACACIAS, AMAZONAS } from "./directory.fixture";
import { createEmbeddedEngine } from "./embedded-engine";
import type { AttendantEngine, Directory, DirectoryUnit, Etapa, Resultado, TipoVisita } from "./types";

interface Espera {
  tipo?: TipoVisita;
  nome_visitante?: string;
  unidade?: string;
  etapa?: Etapa;
  resultado?: Resultado;
  sem_solicitacao?: true;
}

const SAMPLES: { falas: string[]; espera: Espera }[] = [
  {
    falas: ["Oi, eu sou a Beatriz e vim ver a {morador_primeiro} do {unidade} {torre}"],
    espera: { tipo: "visitante", nome_visitante: "Beatriz", unidade: "{unidade_id}" },
  },
  {
    falas: ["Boa tarde", "{unidade} {torre}", "Rafael"],
    espera: { tipo: "visitante", nome_visitante: "Rafael", unidade: "{unidade_id}" },
  },
  {
    falas: ["entrega da amazon para o apartamento {unidade}", "{torre}"],
    espera: { tipo: "entregador", unidade: "{unidade_id}" },
  },
  {
    falas: ["Olá, sou o Paulo da manutenção do ar-condicionado, serviço no {unidade} da {torre}"],
    espera: { tipo: "prestador", nome_visitante: "Paulo", unidade: "{unidade_id}" },
  },
  {
    falas: ["vim visitar {morador_completo}", "Mariana Costa"],
    espera: { tipo: "visitante", nome_visitante: "Mariana Costa", unidade: "{unidade_id}" },
  },
  {
    falas: ["{unidade_por_extenso}, {torre}, sou o Tiago"],
    espera: { tipo: "visitante", nome_visitante: "Tiago", unidade: "{unidade_id}" },
  },
  {
    falas: ["Entregador do rappi. Pedido pra {morador_primeiro}, apartamento {unidade}", "{torre}"],
    espera: { tipo: "entregador", unidade: "{unidade_id}" },
  },
  {
    falas: ["bom dia, a {morador_primeiro_sem_acento} ta em casa? sou a irmã dela, Camila", "{unidade} {torre}"],
    espera: { tipo: "visitante", nome_visitante: "Camila", unidade: "{unidade_id}" },
  },
  {
    falas: ["Vim fazer a faxina no {unidade} {torre}, meu nome é Rosângela"],
    espera: { tipo: "prestador", nome_visitante: "Rosângela", unidade: "{unidade_id}" },
  },
  { falas: ["Pacote dos correios pro {torre} {unidade}"], espera: { tipo: "entregador", unidade: "{unidade_id}" } },
  {
    falas: ["alo", "vou no {unidade}", "{torre}", "Eduardo Moraes"],
    espera: { tipo: "visitante", nome_visitante: "Eduardo Moraes", unidade: "{unidade_id}" },
  },
  {
    falas: ["Sou o Diego, vim pegar a {morador_primeiro} pra gente sair", "{unidade} {torre}"],
    espera: { tipo: "visitante", nome_visitante: "Diego", unidade: "{unidade_id}" },
  },
  {
    falas: ["técnico da operadora, instalação de fibra no {unidade} {torre}", "Anderson"],
    espera: { tipo: "prestador", nome_visitante: "Anderson", unidade: "{unidade_id}" },
  },
  { falas: ["Quero falar com o porteiro"], espera: { etapa: "com_porteiro" } },
  {
    falas: ["Sou a Letícia, vim ver a {morador_primeiro}", "não, é no {unidade} da {torre}"],
    espera: { tipo: "visitante", nome_visitante: "Letícia", unidade: "{unidade_id}" },
  },
  { falas: ["Tenho um código de acesso: {pin}"], espera: { resultado: "passe_liberado" } },
  { falas: ["vim no apartamento 9999"], espera: { etapa: "identificando", sem_solicitacao: true } },
  {
    falas: ["Boa noite, Gustavo aqui, visita no {unidade} {torre}", "não", "{unidade} {torre}"],
    espera: { tipo: "visitante", nome_visitante: "Gustavo", unidade: "{unidade_id}" },
  },
  { falas: ["entrega de farmácia para {morador_completo}"], espera: { tipo: "entregador", unidade: "{unidade_id}" } },
  { falas: ["socorro, tem alguém passando mal aqui na frente"], espera: { etapa: "com_porteiro" } },
  {
    falas: ["ap {unidade} {torre_curta}, Vanessa"],
    espera: { tipo: "visitante", nome_visitante: "Vanessa", unidade: "{unidade_id}" },
  },
  {
    falas: ["Sou jardineiro, vim cortar a grama, quem me chamou foi a {morador_primeiro} do {unidade}", "{torre}"],
    espera: { tipo: "prestador", unidade: "{unidade_id}" },
  },
];

const PIN = "482913";
// Spelled here, not with the library the engine reads numbers with.
const SPELLED: Record<string, string> = {
  "101": "cento e um",
  "102": "cento e dois",
  "201": "duzentos e um",
  "202": "duzentos e dois",
  "11": "onze",
  "12": "doze",
};

const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

function fill(text: string, unit: DirectoryUnit): string {
  const first = unit.moradores[0]!.nome;
  const values: Record<string, string> = {
    unidade: unit.codigo,
    unidade_por_extenso: SPELLED[unit.codigo]!,
    unidade_id: unit.id,
    torre: unit.torre!,
    torre_curta: unit.torre!.split(" ").at(-1)!,
    morador_primeiro: first.split(" ")[0]!,
    morador_primeiro_sem_acento: first.split(" ")[0]!.normalize("NFD").replace(/\p{M}/gu, ""),
    morador_completo: first,
    pin: PIN,
  };
  return text.replace(/\{([a-z_]+)\}/g, (_, name: string) => values[name]!);
}

/** What of the expectation the conversation missed, or null when it met all of it. */
function missed(espera: Espera, unit: DirectoryUnit, c: Conversation): string | null {
  if (espera.unidade) {
    const [request, ...more] = c.requests;
    if (!request || more.length > 0) return `${c.requests.length} solicitações`;
    if (request.unidadeId !== fill(espera.unidade, unit)) return `unidade ${request.unidadeId}`;
    if (espera.tipo && request.tipoVisita !== espera.tipo) return `tipo ${request.tipoVisita}`;
    if (espera.nome_visitante && plain(request.nomeVisitante) !== plain(espera.nome_visitante)) {
      return `nome ${request.nomeVisitante}`;
    }
  } else if (c.requests.length > 0) {
    return "solicitação inesperada";
  }
  if (espera.etapa && c.state.etapa !== espera.etapa) return `etapa ${c.state.etapa}`;
  if (espera.resultado && c.state.resultado !== espera.resultado) return `resultado ${c.state.resultado}`;
  return null;
}

let engine: AttendantEngine;
beforeAll(async () => {
  engine = await createEmbeddedEngine();
});

const cases = [ACACIAS, AMAZONAS].flatMap((directory: Directory) =>
  directory.units.map((unit) => ({ directory, unit, label: `${unit.codigo} ${unit.torre}` })),
);

describe.each(cases)("the shared samples at $label", ({ directory, unit }) => {
  it.each(["end", "eager"] as const)("all pass when the visitor says 'sim' at the %s", async (sim) => {
    const failures: string[] = [];
    for (const sample of SAMPLES) {
      const falas = sample.falas.map((fala) => fill(fala, unit));
      const conversation = await play(engine, directory, falas, { sim, pins: new Map([[PIN, "Convidado"]]) });
      const problem = missed(sample.espera, unit, conversation);
      if (problem) failures.push(`${falas.join(" | ")} → ${problem}\n  ${conversation.replies.join("\n  ")}`);
    }
    expect(failures).toEqual([]);
  });
});
