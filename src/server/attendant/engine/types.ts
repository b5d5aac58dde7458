/**
 * The virtual attendant's conversation engine, as the rest of the server sees it (docs/product.md,
 * "Atendente virtual"). An engine is pure: it reads the visitor's words, the conversation's state and
 * the condominium's directory, and answers with replies, a new state and the actions the conversation
 * service must carry out (create a request, record a package left at the gate, validate a PIN, hand
 * over). It never touches the database
 * and never decides access: the service runs each action through the same rules as the console and
 * tells the engine what happened (`ServiceEvent`), so the embedded engine and the language-model
 * engine are held to the same rules.
 */

import {
  ATENDENTE_ETAPAS,
  ATENDENTE_RESULTADOS,
  type AtendenteEtapa,
  type AtendenteResultado,
} from "../../../shared/domain";

/** Where the conversation is (the `/api/v1/atendente` `estado.etapa`). */
export const ETAPAS = ATENDENTE_ETAPAS;
export type Etapa = AtendenteEtapa;

/** How the conversation ended for the visitor, when it did. */
export const RESULTADOS = ATENDENTE_RESULTADOS;
export type Resultado = AtendenteResultado;

/** Why the visitor came: the request's type. */
export type TipoVisita = "visitante" | "prestador" | "entregador";

/** Why the engine hands the conversation to a person. */
export type MotivoTransferencia =
  | "pedido" // the visitor asked for the porteiro
  | "nao_entendeu" // two turns in a row it did not understand
  | "emergencia" // anything that sounds like an emergency
  | "sem_resposta" // no resident answered
  | "unidade_inexistente" // the visitor insists on a unit the directory does not have
  | "pin_bloqueado"; // the pass limits refused further PINs

/** One active unit of the condominium, with its active residents in calling order. */
export interface DirectoryUnit {
  id: string;
  codigo: string;
  /** "Torre A", "Bloco 1", or null for a condominium without towers. */
  torre: string | null;
  moradores: { pessoaId: string; nome: string }[];
}

/** What the engine may know of a condominium: its active units and their residents' names. */
export interface Directory {
  condominioId: string;
  units: DirectoryUnit[];
}

/** The conversation's memory between turns; stored by the service as JSON. */
export interface DialogueState {
  etapa: Etapa;
  nomeVisitante: string | null;
  tipo: TipoVisita | null;
  /** The unit understood (proposed while `confirmando`, confirmed after). */
  unidadeId: string | null;
  /** Units still in question when the visitor's words fit several ("101" in two towers). */
  candidatas: string[];
  /** The resident named by the visitor, when one was ("a Ana"), to say it back. */
  moradorPessoaId: string | null;
  /** What the last reply asked, so a bare answer ("Rafael", "Torre B", "sim") is read as its answer. */
  pergunta: "nome" | "unidade" | "torre" | "tipo" | "confirmacao" | null;
  /** Turns in a row it did not understand; at 2 it hands over. */
  naoEntendidas: number;
  /**
   * Units said in a row that the directory does not have; at 2 it hands over (`unidade_inexistente`).
   * Optional: a state stored before it existed counts as 0.
   */
  naoEncontradas?: number;
  /**
   * A delivery's company as said ("Correios"), and whether what it brings goes into a resident's hands
   * (a meal, medicine). A delivery that does not is a package left at the gate, recorded for the
   * porteiro to confirm (docs/decisions/043-deliveries.md). Optional: a state stored before they
   * existed has neither.
   */
  empresa?: string | null;
  entregaEmMaos?: boolean;
  /**
   * The visitor came for a party booked in a common area ("vim para a festa do 101"): the guest list
   * of the unit's confirmed booking is checked before any resident is called
   * (docs/decisions/044-common-area-bookings.md). `festaTentativas`: names already tried that fit
   * several guests. Optional: a state stored before they existed has neither.
   */
  festa?: boolean;
  festaTentativas?: number;
  solicitacaoId: string | null;
  resultado: Resultado | null;
  motivoTransferencia: MotivoTransferencia | null;
}

/** What the service must do after a turn. At most one per turn. */
export type EngineAction =
  | { tipo: "criar_solicitacao"; unidadeId: string; nomeVisitante: string; tipoVisita: TipoVisita }
  /**
   * A package left at the gate for this unit (confirmed like a request): the service records it for the
   * porteiro to confirm and says where to leave it. `moradorPessoaId`: the resident it was said to be for.
   */
  | {
      tipo: "registrar_encomenda";
      unidadeId: string;
      moradorPessoaId: string | null;
      empresa: string | null;
      nomeVisitante: string;
    }
  | { tipo: "validar_pin"; pin: string }
  /**
   * A party guest: the service looks the name up on the guest lists of the confirmed bookings, open
   * now, of these units (several when the visitor did not say the tower) and lets the guest in.
   */
  | { tipo: "verificar_convidado"; unidadeIds: string[]; nomeVisitante: string }
  | { tipo: "transferir"; motivo: MotivoTransferencia }
  | { tipo: "encerrar" };

/** What happened when the service carried out an action, or later (a resident decided). */
export type ServiceEvent =
  | { tipo: "solicitacao_criada"; solicitacaoId: string }
  | { tipo: "solicitacao_recusada"; mensagem: string }
  /** The package was recorded; `local` is where the condominium wants packages left (null: the gate). */
  | { tipo: "encomenda_registrada"; local: string | null }
  | { tipo: "encomenda_recusada"; mensagem: string }
  | { tipo: "decidida"; decisao: "autorizado" | "negado" }
  | { tipo: "sem_resposta" }
  | { tipo: "expirada" }
  | { tipo: "pin_valido"; nome: string | null }
  | { tipo: "pin_invalido"; mensagem: string }
  | { tipo: "pin_bloqueado"; mensagem: string }
  | { tipo: "transferida" }
  /** On a booking's guest list: the gate opened and the entry was registered. `area`: "Salão de festas". */
  | { tipo: "convidado_liberado"; nome: string; unidadeId: string; area: string }
  /** The name fits several guests of the list: the full name tells them apart. */
  | { tipo: "convidado_ambiguo" }
  /** Not on a list open now (or no confirmed booking today): the residents are asked, as for any visitor. */
  | { tipo: "convidado_nao_encontrado" };

export interface TurnOutput {
  state: DialogueState;
  /** The attendant's replies, in order, in pt-BR. */
  replies: string[];
  action: EngineAction | null;
}

export interface AttendantEngine {
  /** The greeting: says it is an automated attendant and that the conversation is recorded. */
  start(): TurnOutput;
  /** One visitor turn. */
  turn(state: DialogueState, text: string, directory: Directory): Promise<TurnOutput>;
  /** The outcome of an action, or a later event, as the visitor should hear it. */
  onEvent(state: DialogueState, event: ServiceEvent, directory: Directory): TurnOutput;
}
