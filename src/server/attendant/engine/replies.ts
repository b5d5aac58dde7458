/**
 * Everything the embedded attendant says, in one place (pt-BR, short, one question at a time). No
 * randomness: the same state and words always give the same reply.
 */
import type { IndexedUnit, Tower } from "./directory-index";
import type { TipoVisita } from "./types";

export const BOAS_VINDAS =
  "Olá! Sou o atendente virtual do condomínio. Esta conversa é gravada. Qual é o seu nome e qual unidade você vai visitar?";

export const PERGUNTA_NOME = "Qual é o seu nome?";

const PERGUNTA_UNIDADE: Record<TipoVisita, string> = {
  visitante: "Qual unidade você vai visitar?",
  prestador: "Em qual unidade é o serviço?",
  entregador: "Para qual unidade é a entrega?",
};

export function perguntaUnidade(tipo: TipoVisita | null): string {
  return PERGUNTA_UNIDADE[tipo ?? "visitante"];
}

export const NAO_ENTENDI = "Desculpe, não entendi.";
export const NAO_OUVI = "Desculpe, não consegui ouvir.";
export const PARA_LIBERAR = "Para liberar a entrada, preciso saber quem você é e aonde vai.";
export const OFERTA_PORTEIRO = "Se preferir, diga 'falar com o porteiro'.";
export const DE_NADA = "Por nada!";

export const VERIFICANDO_CODIGO = "Um momento, vou verificar o seu código.";
export const PEDIR_DIGITOS_CODIGO = "Pode me dizer os números do código, por favor?";
export const TENTAR_CODIGO_DE_NOVO = "Você pode dizer o código de novo ou me dizer qual unidade vai visitar.";

export const AVISANDO = "Certo. Vou avisar os moradores, um momento.";
export const AINDA_AVISANDO = "Um momento, estou avisando os moradores.";
export const AGUARDANDO_MORADOR = "Ainda aguardando a resposta do morador.";
export const PORTEIRO_JA_CHAMADO = "O porteiro já foi chamado.";
export const PORTEIRO_ASSUMIU = "O porteiro vai falar com você agora.";
export const ATENDIMENTO_ENCERRADO = "Este atendimento já foi encerrado.";
export const ATE_LOGO = "Tudo bem. Até logo!";

export const CORRIGIR = "Tudo bem. Qual é a unidade certa? Se o erro for no nome, diga: meu nome é…";

export const ENTRADA_AUTORIZADA = "Entrada autorizada. Pode entrar!";
export const ENTRADA_NEGADA = "A entrada não foi autorizada pelo morador.";
export const SEM_RESPOSTA_A_TEMPO = "O morador não respondeu a tempo.";

const CHAMANDO_PORTEIRO = "Vou chamar o porteiro para falar com você. Aguarde um momento.";

export const TRANSFERENCIA = {
  pedido: CHAMANDO_PORTEIRO,
  nao_entendeu: `Não consegui entender. ${CHAMANDO_PORTEIRO}`,
  emergencia:
    "Entendi, é uma emergência. Estou chamando o porteiro agora. Se precisar, ligue 192 (SAMU), 193 (Bombeiros) ou 190 (Polícia).",
  sem_resposta: `Nenhum morador respondeu. ${CHAMANDO_PORTEIRO}`,
  unidade_inexistente: `Não encontrei essa unidade. ${CHAMANDO_PORTEIRO}`,
  pin_bloqueado: CHAMANDO_PORTEIRO,
  /** After a message of the service's own (a refused request, an expired one). */
  depois_de_mensagem: CHAMANDO_PORTEIRO,
} as const;

// A party guest (docs/decisions/044-common-area-bookings.md): the list is never read out, only the
// visitor's own name said back once found.
export const PERGUNTA_NOME_COMPLETO = "Qual é o seu nome completo?";
export const PERGUNTA_UNIDADE_FESTA = "De qual unidade é a festa?";
export const VERIFICANDO_LISTA = "Um momento, vou verificar a lista de convidados.";
export const CONVIDADO_AMBIGUO =
  "Preciso do seu nome completo para encontrar você na lista. Qual é o seu nome completo?";
export const FORA_DA_LISTA = "Não encontrei seu nome na lista da festa. Vou chamar o morador.";

/** "Encontrei Ana Paula Souza na lista da festa do 101 (Salão de festas). Pode entrar!" */
export function convidadoNaLista(nome: string, entry: IndexedUnit | undefined, area: string): string {
  const festa = entry ? `da festa ${daUnidade(entry)}` : "da festa";
  return `Encontrei ${nome} na lista ${festa} (${area}). Pode entrar!`;
}

export function podeEntrar(nome: string | null): string {
  return nome ? `Pode entrar, ${nome}!` : "Pode entrar!";
}

/** "o apartamento 101 da Torre A", "a unidade 3" (no tower), "a unidade Casa 3". */
function unidadeComArtigo(entry: IndexedUnit): string {
  const codigo = entry.unit.codigo;
  const base = /^\d/.test(codigo) && entry.tower ? `o apartamento ${codigo}` : `a unidade ${codigo}`;
  return `${base}${daTorre(entry.tower)}`;
}

/** "no apartamento 101 da Torre A", "na unidade 3". */
function naUnidade(entry: IndexedUnit): string {
  return unidadeComArtigo(entry).replace(/^o /, "no ").replace(/^a /, "na ");
}

/** "do 101 da Torre A", "da unidade 3". */
function daUnidade(entry: IndexedUnit): string {
  const codigo = entry.unit.codigo;
  const base = /^\d/.test(codigo) && entry.tower ? `do ${codigo}` : `da unidade ${codigo}`;
  return `${base}${daTorre(entry.tower)}`;
}

function daTorre(tower: Tower | null): string {
  if (!tower) return "";
  return tower.de ? ` ${tower.de} ${tower.label}` : `, ${tower.label}`;
}

function naTorre(tower: Tower): string {
  if (tower.de === "da") return `na ${tower.label}`;
  if (tower.de === "do") return `no ${tower.label}`;
  return `em ${tower.label}`;
}

function lista(itens: string[]): string {
  if (itens.length <= 1) return itens.join("");
  return `${itens.slice(0, -1).join(", ")} e ${itens.at(-1)}`;
}

const TIPO_NA_CONFIRMACAO: Record<TipoVisita, string> = {
  visitante: "visita",
  prestador: "serviço",
  entregador: "entrega",
};

/** "Confirmando: Carlos para o apartamento 101 da Torre A, visita. Está certo?" */
export function confirmacao(nome: string, entry: IndexedUnit, tipo: TipoVisita, morador: string | null): string {
  const destino = morador ? `${morador}, ${naUnidade(entry)}` : unidadeComArtigo(entry);
  return `Confirmando: ${nome} para ${destino}, ${TIPO_NA_CONFIRMACAO[tipo]}. Está certo?`;
}

/** "Confirmando: encomenda para o apartamento 101 da Torre A. Está certo?" */
export function confirmacaoEncomenda(entry: IndexedUnit, morador: string | null): string {
  const destino = morador ? `${morador}, ${naUnidade(entry)}` : unidadeComArtigo(entry);
  return `Confirmando: encomenda para ${destino}. Está certo?`;
}

/**
 * Where a delivery person leaves a package: the condominium's place when it has one ("Armário de
 * encomendas", or "na sala 2" as typed with its preposition), else the gate.
 */
export function deixarEncomenda(local: string | null): string {
  const onde = local?.trim();
  if (!onde) return "Pode deixar a encomenda na portaria.";
  const lugar = onde.replace(/[.!]+$/, "");
  return /^(n[ao]s?|em)\s/i.test(lugar) ? `Pode deixar a encomenda ${lugar}.` : `Pode deixar a encomenda em ${lugar}.`;
}

/** "Pronto, avisei os moradores do 101 da Torre A. Aguarde um momento, por favor." */
export function moradoresAvisados(entry: IndexedUnit | undefined): string {
  const onde = entry ? ` ${daUnidade(entry)}` : "";
  return `Pronto, avisei os moradores${onde}. Aguarde um momento, por favor.`;
}

/** "Temos o 101 na Torre A e na Torre B. Qual delas?" */
export function qualTorre(codigo: string, towers: Tower[]): string {
  const todasFemininas = towers.every((tower) => tower.de === "da");
  return `Temos o ${codigo} ${lista(towers.map(naTorre))}. ${todasFemininas ? "Qual delas" : "Qual deles"}?`;
}

/** Several units in one tower ("Torre A" said without a number). */
export function qualNumeroNaTorre(tower: Tower): string {
  return `Qual é o número do apartamento ${naTorre(tower)}?`;
}

/**
 * Several residents with the name said: the units are not listed, so that a stranger at the gate does
 * not learn where each of them lives.
 */
export function qualUnidadeDoMorador(nome: string | null): string {
  const quem = nome ? `com o nome ${nome}` : "com esse nome";
  return `Temos mais de um morador ${quem}. Qual é a unidade?`;
}

/** A unit the directory does not have, as the visitor said it. */
export interface UnidadeDita {
  codigo: string | null;
  /** Said "casa 9" rather than "apartamento 9". */
  casa: boolean;
  /** The tower said, when the directory has it. */
  torre: Tower | null;
  /** A tower said that the directory does not have: "Torre C". */
  torreDesconhecida: { label: string; feminina: boolean } | null;
}

/** "Não encontrei o apartamento 9999 neste condomínio." */
export function unidadeNaoEncontrada({ codigo, casa, torre, torreDesconhecida }: UnidadeDita): string {
  if (torreDesconhecida) {
    return `Não encontrei ${torreDesconhecida.feminina ? "a" : "o"} ${torreDesconhecida.label} neste condomínio.`;
  }
  if (!codigo) return "Não encontrei essa unidade neste condomínio.";
  const unidade = casa ? `a casa ${codigo}` : `o apartamento ${codigo}`;
  return `Não encontrei ${unidade} ${torre ? naTorre(torre) : "neste condomínio"}.`;
}

/** "Não há moradores cadastrados no apartamento 101 da Torre A para avisar." */
export function semMoradores(entry: IndexedUnit): string {
  return `Não há moradores cadastrados ${naUnidade(entry)} para avisar.`;
}

export function moradorNaoEncontrado(nome: string): string {
  return `Não encontrei ninguém com o nome ${nome} neste condomínio.`;
}
