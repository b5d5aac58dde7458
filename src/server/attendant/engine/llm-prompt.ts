/**
 * What the language-model engine sends the model (docs/decisions/035, "The language-model engine"):
 * the tools it may call, and a system message with the condominium's units (codes and towers), the
 * residents' first names and where the conversation is. Nothing else of the directory leaves the
 * server: no surname, no person's id, no unit id but the one proposed for confirmation, and no link
 * between a resident and a unit (the policy never says where a resident lives; neither can the model).
 */
import type OpenAI from "openai";
import type { DirectoryIndex, IndexedUnit } from "./directory-index";
import type { DialogueState } from "./types";

type Tool = OpenAI.Chat.Completions.ChatCompletionFunctionTool;

export const TOOL_NAMES = ["buscar_unidade", "confirmar", "criar_solicitacao", "validar_pin", "transferir"] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const TIPOS = ["visitante", "prestador", "entregador"];

function tool(name: ToolName, description: string, properties: Record<string, unknown>, required: string[] = []): Tool {
  return {
    type: "function",
    function: {
      name,
      description,
      parameters: { type: "object", properties, required, additionalProperties: false },
    },
  };
}

export const TOOLS: Tool[] = [
  tool(
    "buscar_unidade",
    "Registra o que o visitante disse nesta fala sobre quem ele é, aonde vai e por quê. Preencha só o que ele disse; o atendente procura a unidade na lista.",
    {
      nome_visitante: { type: "string", description: "O nome do próprio visitante, só se ele o disse." },
      tipo: {
        type: "string",
        enum: TIPOS,
        description: "visitante (visita), prestador (serviço), entregador (entrega).",
      },
      codigo: {
        type: "string",
        description: 'O código da unidade como na lista ("101", "101A"); número dito por extenso em algarismos.',
      },
      torre: { type: "string", description: 'A torre ou bloco como na lista ("Torre A"), só se ele a disse.' },
      morador: { type: "string", description: "O primeiro nome do morador que ele veio ver, como na lista." },
    },
  ),
  tool(
    "confirmar",
    "A resposta do visitante à confirmação pendente.",
    {
      resposta: { type: "string", enum: ["sim", "nao"] },
    },
    ["resposta"],
  ),
  tool(
    "criar_solicitacao",
    "O visitante disse sim à confirmação pendente: pede a solicitação da unidade proposta, com o nome e o tipo confirmados.",
    {
      unidade_id: { type: "string", description: "O id da unidade proposta." },
      nome_visitante: { type: "string" },
      tipo: { type: "string", enum: TIPOS },
    },
    ["unidade_id", "nome_visitante", "tipo"],
  ),
  tool(
    "validar_pin",
    "O visitante disse o código (PIN) de um passe.",
    {
      pin: { type: "string", description: "Os 6 algarismos do código." },
    },
    ["pin"],
  ),
  tool(
    "transferir",
    "Passa a conversa ao porteiro: o visitante pediu uma pessoa (pedido) ou é uma emergência (emergencia).",
    { motivo: { type: "string", enum: ["pedido", "emergencia"] } },
    ["motivo"],
  ),
];

const INSTRUCOES = `Você ajuda o atendente virtual da portaria de um condomínio a entender a fala de um visitante. Não responda ao visitante e não decida nada: chame as ferramentas com o que ele disse nesta fala, e nada além disso. Se nada na fala servir a uma ferramenta, não chame nenhuma.
- buscar_unidade: o nome do visitante só se ele disse o próprio nome; a unidade com o código e a torre como aparecem na lista; nunca escolha entre unidades: se ele não disse a torre, deixe a torre de fora; o morador pelo primeiro nome.
- confirmar ou criar_solicitacao: só quando há uma confirmação pendente.
- transferir: pedido para falar com uma pessoa (porteiro, zelador, síndico); emergencia para alguém ferido ou passando mal, incêndio, assalto, vazamento de gás.
- validar_pin: um código de passe de 6 algarismos.`;

const PERGUNTAS: Record<NonNullable<DialogueState["pergunta"]>, string> = {
  nome: "o nome do visitante",
  unidade: "a unidade",
  torre: "a torre",
  tipo: "o tipo de visita",
  confirmacao: "se a confirmação está certa",
};

function unitLabel(entry: IndexedUnit): string {
  return entry.tower ? `${entry.unit.codigo} (${entry.tower.label})` : entry.unit.codigo;
}

function byCode(a: IndexedUnit, b: IndexedUnit): number {
  return a.unit.codigo.localeCompare(b.unit.codigo, "pt-BR", { numeric: true });
}

/** "Torre A: 101, 102" per tower, "Sem torre: 3, 42" for the rest; first names, distinct, sorted. */
function directoryLines(index: DirectoryIndex): string[] {
  const lines = ["Unidades do condomínio:"];
  for (const tower of index.towers) {
    const codes = index.units.filter((entry) => entry.tower === tower).sort(byCode);
    lines.push(`${tower.label}: ${codes.map((entry) => entry.unit.codigo).join(", ")}`);
  }
  const loose = index.units.filter((entry) => !entry.tower).sort(byCode);
  if (loose.length > 0) lines.push(`Sem torre: ${loose.map((entry) => entry.unit.codigo).join(", ")}`);
  const firstNames = [...new Set(index.residents.map((r) => r.firstName))].sort((a, b) => a.localeCompare(b, "pt-BR"));
  lines.push(`Primeiros nomes dos moradores: ${firstNames.join(", ") || "nenhum"}`);
  return lines;
}

function stateLines(state: DialogueState, index: DirectoryIndex): string[] {
  const lines = ["Conversa até aqui:"];
  lines.push(`- O atendente perguntou: ${state.pergunta ? PERGUNTAS[state.pergunta] : "nada"}.`);
  lines.push(`- Nome do visitante: ${state.nomeVisitante ?? "ainda não dito"}.`);
  lines.push(`- Tipo de visita: ${state.tipo ?? "ainda não dito"}.`);
  const proposed = state.unidadeId ? index.byId.get(state.unidadeId) : undefined;
  if (proposed && state.etapa === "confirmando" && state.pergunta === "confirmacao") {
    lines.push(
      `- Confirmação pendente: ${state.nomeVisitante ?? ""} para a unidade ${unitLabel(proposed)}, id "${proposed.unit.id}", tipo ${state.tipo ?? "visitante"}.`,
    );
  } else if (proposed) {
    lines.push(`- Unidade entendida: ${unitLabel(proposed)}.`);
  }
  const candidates = state.candidatas.map((id) => index.byId.get(id)).filter((entry) => entry !== undefined);
  if (candidates.length > 0) lines.push(`- Unidades em dúvida: ${candidates.map(unitLabel).join("; ")}.`);
  return lines;
}

/** The longest visitor text sent: a turn is a sentence or two; a pasted essay costs tokens for nothing. */
const MAX_TEXT = 600;

export function buildMessages(
  state: DialogueState,
  text: string,
  index: DirectoryIndex,
): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  const system = [INSTRUCOES, "", ...directoryLines(index), "", ...stateLines(state, index)].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: text.slice(0, MAX_TEXT) },
  ];
}
