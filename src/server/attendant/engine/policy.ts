/**
 * The embedded attendant's dialogue (docs/product.md, "Atendente virtual"): find out who, where and
 * why, one question at a time; confirm before asking for a request; hand over to the porteiro when
 * asked, on an emergency, after two turns it did not understand, or when no resident answers. A
 * package delivery is confirmed the same way and then recorded for the porteiro instead of asking the
 * residents (docs/decisions/043-deliveries.md). Pure functions of the state, the facts read from the
 * turn and the directory.
 */
import type { DirectoryIndex, IndexedUnit, Resident } from "./directory-index";
import * as R from "./replies";
import type { DialogueState, EngineAction, MotivoTransferencia, ServiceEvent, TurnOutput } from "./types";
import type { Understanding, UnitMention } from "./understand";

/** Turns in a row without anything useful before the porteiro is called. */
const NAO_ENTENDIDAS_MAX = 2;
/** Units in a row the directory does not have before the porteiro is called. */
const NAO_ENCONTRADAS_MAX = 2;

export function initialState(): DialogueState {
  return {
    etapa: "identificando",
    nomeVisitante: null,
    tipo: null,
    unidadeId: null,
    candidatas: [],
    moradorPessoaId: null,
    // The greeting asks for the name first: a bare name in answer is the visitor's.
    pergunta: "nome",
    naoEntendidas: 0,
    naoEncontradas: 0,
    empresa: null,
    entregaEmMaos: false,
    festa: false,
    festaTentativas: 0,
    solicitacaoId: null,
    resultado: null,
    motivoTransferencia: null,
  };
}

export function startTurn(): TurnOutput {
  return { state: initialState(), replies: [R.BOAS_VINDAS], action: null };
}

function out(state: DialogueState, parts: string[], action: EngineAction | null = null): TurnOutput {
  const text = parts.filter(Boolean).join(" ");
  return { state, replies: text ? [text] : [], action };
}

function copy(state: DialogueState): DialogueState {
  return { ...state, candidatas: [...state.candidatas] };
}

export function visitorTurn(previous: DialogueState, u: Understanding, index: DirectoryIndex): TurnOutput {
  const s = copy(previous);
  if (s.etapa === "concluida" || s.etapa === "encerrada") {
    return out(s, [u.atos.has("agradecer") ? R.DE_NADA : R.ATENDIMENTO_ENCERRADO]);
  }
  if (s.etapa === "aguardando_morador" || s.etapa === "com_porteiro") {
    if (u.atos.has("emergencia")) return transfer(s, "emergencia");
    return out(s, [s.etapa === "com_porteiro" ? R.PORTEIRO_JA_CHAMADO : R.AGUARDANDO_MORADOR]);
  }
  if (u.vazio) return notUnderstood(s, R.NAO_OUVI, index);
  if (u.atos.has("emergencia")) return transfer(s, "emergencia");
  if (u.atos.has("porteiro")) return transfer(s, "pedido");
  if (u.pin) {
    s.etapa = "identificando";
    s.pergunta = null;
    s.naoEntendidas = 0;
    return out(s, [R.VERIFICANDO_CODIGO], { tipo: "validar_pin", pin: u.pin });
  }
  if (s.etapa === "confirmando") {
    // Without a pending question the request is on its way: wait for the service's answer.
    if (s.pergunta !== "confirmacao") return out(s, [R.AINDA_AVISANDO]);
    return confirming(s, u, index);
  }
  return identifying(s, u, index);
}

function identifying(s: DialogueState, u: Understanding, index: DirectoryIndex): TurnOutput {
  // A party guest asked their full name answers with it, even when a resident shares it ("Ana Paula"
  // beside a resident Ana Paula Reis): it is the name to look up on the list, not whom they came for.
  if (s.festa && s.pergunta === "nome" && !u.nome && u.moradorDito && !u.unidade) {
    u = { ...u, nome: u.moradorDito, moradores: null, moradorDito: null };
  }
  const facts = applyFacts(s, u, index);
  if (facts.naoEncontrada) return notFound(s, facts.naoEncontrada, index);
  if (!facts.useful) {
    if (u.pedeCodigo) {
      s.naoEntendidas = 0;
      s.pergunta = null;
      return out(s, [R.PEDIR_DIGITOS_CODIGO]);
    }
    if (u.atos.has("desistir")) return end(s);
    if (u.saudacao || u.atos.has("agradecer")) {
      s.naoEntendidas = 0;
      return proceed(s, index, [u.saudacao ?? R.DE_NADA]);
    }
    return notUnderstood(s, u.atos.has("entrar") ? R.PARA_LIBERAR : R.NAO_ENTENDI, index);
  }
  s.naoEntendidas = 0;
  return proceed(s, index, u.saudacao ? [u.saudacao] : [], facts.nota);
}

function confirming(s: DialogueState, u: Understanding, index: DirectoryIndex): TurnOutput {
  const before = { nome: s.nomeVisitante, unidade: s.unidadeId, tipo: s.tipo };
  const negated = u.atos.has("negar");
  const givesFacts = Boolean(u.nome || u.unidade || u.moradores || u.moradorDito || (u.tipo && u.tipo !== s.tipo));
  if (givesFacts) {
    const facts = applyFacts(s, u, index);
    if (facts.naoEncontrada) return notFound(s, facts.naoEncontrada, index);
    const changed =
      s.nomeVisitante !== before.nome || s.unidadeId !== before.unidade || s.tipo !== before.tipo || !s.unidadeId;
    s.naoEntendidas = 0;
    // Words that only repeat what was proposed, with a yes, are the yes ("sim, 101 da Torre A").
    if (!changed && !negated && u.atos.has("afirmar")) return create(s, index);
    // "Não, é no 101 da Torre A" about the unit proposed: the resident named is what was wrong.
    if (!changed && negated && u.unidade) s.moradorPessoaId = null;
    return proceed(s, index, [], facts.nota);
  }
  if (u.atos.has("desistir")) return end(s);
  if (negated) {
    // The unit turned down stays as the only candidate, so that "é Bloco 2" moves it to that tower.
    s.candidatas = s.unidadeId ? [s.unidadeId] : [];
    s.unidadeId = null;
    s.moradorPessoaId = null;
    s.etapa = "identificando";
    s.pergunta = "unidade";
    s.naoEntendidas = 0;
    return out(s, [R.CORRIGIR]);
  }
  if (u.atos.has("afirmar")) return create(s, index);
  return notUnderstood(s, R.NAO_ENTENDI, index);
}

/**
 * A package left at the gate rather than a visit: a delivery whose goods do not go into a resident's
 * hands. A meal or medicine still asks the residents, who come down for it.
 */
export function isPackageDelivery(s: Pick<DialogueState, "tipo" | "entregaEmMaos">): boolean {
  return s.tipo === "entregador" && !s.entregaEmMaos;
}

/**
 * The request, only from a yes to the confirmation of exactly this unit, name and type; for a package,
 * its record (the service answers with where to leave it).
 */
function create(s: DialogueState, index: DirectoryIndex): TurnOutput {
  const entry = s.unidadeId ? index.byId.get(s.unidadeId) : undefined;
  if (!entry || !s.nomeVisitante) {
    // The directory changed under the confirmation: ask again rather than act on a stale unit.
    s.unidadeId = null;
    return proceed(s, index, []);
  }
  s.pergunta = null;
  s.naoEntendidas = 0;
  if (isPackageDelivery(s)) {
    // Nothing said yet: the service's answer says where to leave it, in one line.
    return out(s, [], {
      tipo: "registrar_encomenda",
      unidadeId: entry.unit.id,
      moradorPessoaId: s.moradorPessoaId,
      empresa: s.empresa ?? null,
      nomeVisitante: s.nomeVisitante,
    });
  }
  const tipoVisita = s.tipo ?? "visitante";
  return out(s, [R.AVISANDO], {
    tipo: "criar_solicitacao",
    unidadeId: entry.unit.id,
    nomeVisitante: s.nomeVisitante,
    tipoVisita,
  });
}

interface Facts {
  useful: boolean;
  /** What was not found, to say so. */
  naoEncontrada: string | null;
  /** A question that says why it asks ("Temos mais de um morador com o nome Ana…"). */
  nota: string | null;
}

function applyFacts(s: DialogueState, u: Understanding, index: DirectoryIndex): Facts {
  let useful = false;
  if (u.nome) {
    s.nomeVisitante = u.nome;
    useful = true;
  } else if (u.nomePadrao && !s.nomeVisitante) {
    s.nomeVisitante = u.nomePadrao;
    useful = true;
  }
  if (u.tipo) {
    s.tipo = u.tipo;
    useful = true;
    if (u.tipo !== "entregador") {
      s.empresa = null;
      s.entregaEmMaos = false;
    }
  }
  if (u.empresa) s.empresa = u.empresa;
  if (u.entregaEmMaos) s.entregaEmMaos = true;
  if (u.festa) {
    s.festa = true;
    s.tipo ??= "visitante";
    useful = true;
  } else if (u.tipo && u.tipo !== "visitante") {
    s.festa = false;
  }
  const unit = resolveUnit(s, u, index);
  switch (unit.kind) {
    case "nenhuma":
      return { useful, naoEncontrada: null, nota: null };
    case "nao_encontrada":
      // What was said rightly stays in question: after "202 da Torre B" (no such unit), "então é o
      // 102" is the 102 of Torre B and "é Torre A" is the 202 of Torre A.
      s.unidadeId = null;
      s.candidatas = unit.candidatas.map((entry) => entry.unit.id);
      s.moradorPessoaId = null;
      return { useful, naoEncontrada: unit.texto, nota: null };
    case "resolvida":
      s.naoEncontradas = 0;
      if (s.unidadeId !== unit.entry.unit.id || unit.morador) s.moradorPessoaId = unit.morador;
      s.unidadeId = unit.entry.unit.id;
      s.candidatas = [];
      return { useful: true, naoEncontrada: null, nota: null };
    case "ambigua":
      s.naoEncontradas = 0;
      s.unidadeId = null;
      s.candidatas = unit.entries.map((entry) => entry.unit.id);
      s.moradorPessoaId = null;
      return { useful: true, naoEncontrada: null, nota: unit.nota };
  }
}

type UnitResolution =
  | { kind: "nenhuma" }
  | { kind: "nao_encontrada"; texto: string; candidatas: IndexedUnit[] }
  | { kind: "resolvida"; entry: IndexedUnit; morador: string | null }
  | { kind: "ambigua"; entries: IndexedUnit[]; nota: string | null };

/**
 * The unit the words point to, given what the conversation already narrowed: an answer to "Qual
 * delas?" narrows the candidates; a tower alone moves the unit understood to that tower; anything
 * else is looked up afresh (a change of mind). Never guesses: several fits are asked about.
 */
function resolveUnit(s: DialogueState, u: Understanding, index: DirectoryIndex): UnitResolution {
  const m = u.unidade;
  const residents = u.moradores;
  const pool = s.candidatas.map((id) => index.byId.get(id)).filter((entry) => entry !== undefined);
  if (m?.torreDesconhecida) {
    return { kind: "nao_encontrada", texto: R.unidadeNaoEncontrada(notFoundWords(m)), candidatas: [] };
  }
  if (m?.ordinal !== null && m?.ordinal !== undefined && pool.length > 1 && !m.codigo && !m.torres && !residents) {
    const chosen = sortUnits(pool)[m.ordinal];
    return chosen ? { kind: "resolvida", entry: chosen, morador: null } : { kind: "nenhuma" };
  }
  if (!m?.codigo && !m?.torres && !residents) {
    if (u.moradorDito) {
      return { kind: "nao_encontrada", texto: R.moradorNaoEncontrado(u.moradorDito), candidatas: [] };
    }
    return { kind: "nenhuma" };
  }

  const current = s.unidadeId ? index.byId.get(s.unidadeId) : undefined;
  // The unit a tower alone refers to: the one understood, or the one just turned down.
  const reference = current ?? (pool.length === 1 ? pool[0] : undefined);
  let found: IndexedUnit[] = [];
  if (pool.length > 0) found = narrow(index, pool, m, residents);
  if (found.length === 0 && current && narrow(index, [current], m, residents).length === 1) found = [current];
  if (found.length === 0 && reference && m?.torres && !m.codigo && !residents) {
    found = narrow(
      index,
      index.units.filter((entry) => entry.codeKey === reference.codeKey),
      m,
      null,
    );
  }
  if (found.length === 0) found = narrow(index, index.units, m, residents);
  // A unit said and a resident who does not live there: the unit said wins.
  if (found.length === 0 && residents && (m?.codigo || m?.torres)) found = narrow(index, index.units, m, null);
  if (found.length === 0) {
    if (!m) return { kind: "nenhuma" };
    const candidatas = index.units.filter(
      (entry) =>
        (m.torres && entry.tower && m.torres.includes(entry.tower)) || (m.codigo && entry.codeKey === m.codigo),
    );
    return { kind: "nao_encontrada", texto: R.unidadeNaoEncontrada(notFoundWords(m)), candidatas };
  }
  if (found.length === 1) {
    const entry = found[0]!;
    const morador = residents?.find((r) => r.unitIds.includes(entry.unit.id))?.pessoaId ?? null;
    if (entry === current && !morador) return { kind: "resolvida", entry, morador: s.moradorPessoaId };
    return { kind: "resolvida", entry, morador };
  }
  const byResident = Boolean(residents) && !m?.codigo && !m?.torres;
  return {
    kind: "ambigua",
    entries: sortUnits(found),
    nota: byResident ? R.qualUnidadeDoMorador(u.moradorDito) : null,
  };
}

function narrow(
  index: DirectoryIndex,
  units: IndexedUnit[],
  m: UnitMention | null,
  residents: Resident[] | null,
): IndexedUnit[] {
  let found = units;
  if (m?.codigo) {
    const withCode = new Set(index.byCode.get(m.codigo) ?? []);
    found = found.filter((entry) => withCode.has(entry));
  }
  const torres = m?.torres;
  if (torres) found = found.filter((entry) => entry.tower !== null && torres.includes(entry.tower));
  if (residents) found = found.filter((entry) => residents.some((r) => r.unitIds.includes(entry.unit.id)));
  return found;
}

function sortUnits(units: IndexedUnit[]): IndexedUnit[] {
  return [...units].sort(
    (a, b) =>
      (a.tower?.label ?? "").localeCompare(b.tower?.label ?? "", "pt-BR") ||
      a.unit.codigo.localeCompare(b.unit.codigo, "pt-BR", { numeric: true }),
  );
}

function notFoundWords(m: UnitMention): R.UnidadeDita {
  return {
    codigo: m.codigo ? m.codigo.toUpperCase().replace(/^(\D)/, (c) => c.toLowerCase()) : null,
    casa: m.casa,
    torre: m.torres?.length === 1 ? m.torres[0]! : null,
    torreDesconhecida: m.torreDesconhecida,
  };
}

/** What is still missing, asked one thing at a time: the unit first, then the name, then confirm. */
function proceed(s: DialogueState, index: DirectoryIndex, prefix: string[], nota: string | null = null): TurnOutput {
  const guestOf = s.festa ? partyUnits(s, index) : null;
  if (guestOf) {
    s.etapa = "identificando";
    if (!s.nomeVisitante) {
      s.pergunta = "nome";
      return out(s, [...prefix, R.PERGUNTA_NOME_COMPLETO]);
    }
    // The list first: a guest on it comes in without a resident being called.
    s.pergunta = null;
    return out(s, [...prefix, R.VERIFICANDO_LISTA], {
      tipo: "verificar_convidado",
      unidadeIds: guestOf,
      nomeVisitante: s.nomeVisitante,
    });
  }
  if (s.festa && !s.unidadeId && s.candidatas.length === 0) {
    s.etapa = "identificando";
    s.pergunta = "unidade";
    return out(s, [...prefix, R.PERGUNTA_UNIDADE_FESTA]);
  }
  const entry = s.unidadeId ? index.byId.get(s.unidadeId) : undefined;
  // A unit with no active resident stays in the directory, but nobody there can answer.
  if (entry && entry.unit.moradores.length === 0) return transfer(s, "sem_resposta", [R.semMoradores(entry)]);
  const next = nextQuestion(s, index, nota);
  s.pergunta = next.pergunta;
  s.etapa = next.pergunta === "confirmacao" ? "confirmando" : "identificando";
  return out(s, [...prefix, next.texto]);
}

/**
 * The units whose guest lists a party guest is looked up on: the unit understood, or the same number in
 * every tower when the tower was not said ("a festa do 101"): a guest seldom knows the tower, and the
 * list itself tells which booking it is.
 */
function partyUnits(s: DialogueState, index: DirectoryIndex): string[] | null {
  if (s.unidadeId) return index.byId.has(s.unidadeId) ? [s.unidadeId] : null;
  const pool = s.candidatas.map((id) => index.byId.get(id)).filter((e) => e !== undefined);
  const first = pool[0];
  if (!first || !pool.every((e) => e.codeKey === first.codeKey)) return null;
  return pool.map((e) => e.unit.id);
}

/** Not on a list: the visit goes on as any other, the residents asked (confirmed first, as always). */
function notAGuest(s: DialogueState, index: DirectoryIndex): TurnOutput {
  s.festa = false;
  return proceed(s, index, [R.FORA_DA_LISTA]);
}

function nextQuestion(
  s: DialogueState,
  index: DirectoryIndex,
  nota: string | null,
): { texto: string; pergunta: NonNullable<DialogueState["pergunta"]> } {
  const entry = s.unidadeId ? index.byId.get(s.unidadeId) : undefined;
  if (!entry) {
    const pool = sortUnits(s.candidatas.map((id) => index.byId.get(id)).filter((e) => e !== undefined));
    if (pool.length > 1) {
      const first = pool[0]!;
      if (pool.every((e) => e.codeKey === first.codeKey) && pool.every((e) => e.tower)) {
        return {
          texto: R.qualTorre(
            first.unit.codigo,
            pool.map((e) => e.tower!),
          ),
          pergunta: "torre",
        };
      }
      if (!nota && first.tower && pool.every((e) => e.tower === first.tower)) {
        return { texto: R.qualNumeroNaTorre(first.tower), pergunta: "unidade" };
      }
      return { texto: nota ?? R.perguntaUnidade(s.tipo), pergunta: "unidade" };
    }
    return { texto: R.perguntaUnidade(s.tipo), pergunta: "unidade" };
  }
  if (!s.nomeVisitante) return { texto: R.PERGUNTA_NOME, pergunta: "nome" };
  s.tipo ??= "visitante";
  const morador = s.moradorPessoaId ? (index.residentById.get(s.moradorPessoaId)?.firstName ?? null) : null;
  const texto = isPackageDelivery(s)
    ? R.confirmacaoEncomenda(entry, morador)
    : R.confirmacao(s.nomeVisitante, entry, s.tipo, morador);
  return { texto, pergunta: "confirmacao" };
}

function notFound(s: DialogueState, texto: string, index: DirectoryIndex): TurnOutput {
  s.naoEntendidas = 0;
  s.naoEncontradas = (s.naoEncontradas ?? 0) + 1;
  if (s.naoEncontradas >= NAO_ENCONTRADAS_MAX) return transfer(s, "unidade_inexistente");
  const next = nextQuestion(s, index, null);
  s.etapa = "identificando";
  s.pergunta = next.pergunta;
  return out(s, [texto, next.texto, R.OFERTA_PORTEIRO]);
}

function notUnderstood(s: DialogueState, first: string, index: DirectoryIndex): TurnOutput {
  s.naoEntendidas += 1;
  if (s.naoEntendidas >= NAO_ENTENDIDAS_MAX) return transfer(s, "nao_entendeu");
  return proceed(s, index, [first]);
}

function transfer(s: DialogueState, motivo: MotivoTransferencia, before: string[] = []): TurnOutput {
  s.etapa = "com_porteiro";
  s.pergunta = null;
  s.motivoTransferencia = motivo;
  const texto = before.length > 0 ? R.TRANSFERENCIA.depois_de_mensagem : R.TRANSFERENCIA[motivo];
  return out(s, [...before, texto], { tipo: "transferir", motivo });
}

function end(s: DialogueState): TurnOutput {
  s.etapa = "encerrada";
  s.pergunta = null;
  return out(s, [R.ATE_LOGO], { tipo: "encerrar" });
}

export function serviceEvent(previous: DialogueState, event: ServiceEvent, index: DirectoryIndex): TurnOutput {
  const s = copy(previous);
  if (s.etapa === "concluida" || s.etapa === "encerrada") return out(s, []);
  switch (event.tipo) {
    case "solicitacao_criada": {
      s.etapa = "aguardando_morador";
      s.pergunta = null;
      s.solicitacaoId = event.solicitacaoId;
      const entry = s.unidadeId ? index.byId.get(s.unidadeId) : undefined;
      return out(s, [R.moradoresAvisados(entry)]);
    }
    case "solicitacao_recusada":
      // No motivo says "the rules refused"; from the visitor's side no resident will answer.
      return transfer(s, "sem_resposta", [event.mensagem]);
    case "encomenda_registrada":
      s.etapa = "concluida";
      s.pergunta = null;
      s.resultado = "encomenda_registrada";
      return out(s, [R.deixarEncomenda(event.local)]);
    case "encomenda_recusada":
      // The package could not be recorded (as a refused request): a person at the gate takes it.
      return transfer(s, "sem_resposta", [event.mensagem]);
    case "decidida":
      s.etapa = "concluida";
      s.pergunta = null;
      s.resultado = event.decisao;
      return out(s, [event.decisao === "autorizado" ? R.ENTRADA_AUTORIZADA : R.ENTRADA_NEGADA]);
    case "sem_resposta":
      if (s.etapa === "com_porteiro") return out(s, []);
      return transfer(s, "sem_resposta");
    case "expirada":
      s.resultado = "sem_resposta";
      if (s.etapa === "com_porteiro") return out(s, []);
      return transfer(s, "sem_resposta", [R.SEM_RESPOSTA_A_TEMPO]);
    case "pin_valido":
      s.etapa = "concluida";
      s.pergunta = null;
      s.resultado = "passe_liberado";
      if (event.nome) s.nomeVisitante = event.nome;
      return out(s, [R.podeEntrar(s.nomeVisitante)]);
    case "pin_invalido":
      s.etapa = "identificando";
      s.pergunta = s.unidadeId ? null : "unidade";
      return out(s, [event.mensagem, R.TENTAR_CODIGO_DE_NOVO]);
    case "pin_bloqueado":
      return transfer(s, "pin_bloqueado", [event.mensagem]);
    case "convidado_liberado":
      s.etapa = "concluida";
      s.pergunta = null;
      s.resultado = "convidado_liberado";
      s.nomeVisitante = event.nome;
      s.unidadeId = event.unidadeId;
      s.candidatas = [];
      return out(s, [R.convidadoNaLista(event.nome, index.byId.get(event.unidadeId), event.area)]);
    case "convidado_ambiguo":
      if ((s.festaTentativas ?? 0) >= 1) return notAGuest(s, index);
      s.festaTentativas = (s.festaTentativas ?? 0) + 1;
      s.nomeVisitante = null;
      s.etapa = "identificando";
      s.pergunta = "nome";
      return out(s, [R.CONVIDADO_AMBIGUO]);
    case "convidado_nao_encontrado":
      return notAGuest(s, index);
    case "transferida": {
      const already = s.etapa === "com_porteiro";
      s.etapa = "com_porteiro";
      s.pergunta = null;
      return out(s, already ? [] : [R.PORTEIRO_ASSUMIU]);
    }
  }
}
