/**
 * "Simular ligação" and "Simular WhatsApp" (docs/decisions/037-phone-line-and-whatsapp.md): on the
 * demonstration, staff play a visitor at a gate's phone line or WhatsApp. Their lines go through
 * the very handlers Twilio's and Meta's webhooks reach (the same TwiML, the same state), marked
 * `demo` so nothing is sent to anyone; the resident's side is the request's demo panel.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ATENDIMENTO_INDISPONIVEL_VISITANTE, limiteAtingidoMensagem, PLANO_PATH } from "../../../shared/faturamento";
import type { SimulacaoCreate, SimulacaoTurno } from "../../../shared/schemas/simulacoes";
import { seesCondominio } from "../../auth/scope";
import type { Database } from "../../db/client";
import { condominios, portoes } from "../../db/schema";
import { DEMO_TENANT_SLUG } from "../../demo-guard";
import type { TenantContext } from "../../http/context";
import { AppError, badRequest, conflict, notFound, planLimit } from "../../http/errors";
import { spokenLines } from "../../telephony/twiml";
import { findDemoConversa, findLineConversa } from "../atendente/atendente.service";
import { estadoCobranca } from "../faturamento/assinatura.service";
import { lastResposta } from "./entradas";
import { answerCall, callTurn } from "./linha-visitante.service";
import { whatsAppTurn } from "./whatsapp-visitante.service";

export interface SimulacaoDeps {
  db: Database;
  secret: string;
  /** GUARITA_DEMO=true: every tenant is a demonstration. */
  demoForEveryTenant: boolean;
}

export const SIMULACAO_INDISPONIVEL = "A simulação só está disponível na demonstração.";
const PORTAO_INVALIDO = "Portão não encontrado entre os portões ativos";
const SIMULACAO_NOT_FOUND = "Simulação não encontrada";

export function simulacaoDisponivel(deps: Pick<SimulacaoDeps, "demoForEveryTenant">, tenant: TenantContext) {
  return deps.demoForEveryTenant || tenant.organization?.slug === DEMO_TENANT_SLUG;
}

function refuseOutsideDemo(deps: SimulacaoDeps, tenant: TenantContext) {
  if (!simulacaoDisponivel(deps, tenant)) throw new AppError(403, "FORBIDDEN", SIMULACAO_INDISPONIVEL);
}

/** A Twilio-shaped call id for a played call ("SIM" and 32 hex digits). */
const simulatedCallSid = () => `SIM${randomBytes(16).toString("hex")}`;

function fromTwiml(conversaId: string, twiml: string): SimulacaoTurno {
  return {
    conversa_id: conversaId,
    canal: "telefone",
    falas: spokenLines(twiml),
    twiml,
    encerrada: twiml.includes("<Hangup/>"),
  };
}

/** The TwiML's next turn as Twilio would take it: the <Gather>'s action, else a wait's redirect. */
function nextTurnOf(twiml: string | null): { turno: number; silencios: number } | null {
  if (!twiml || twiml.includes("<Hangup/>")) return null;
  const url =
    /<Gather[^>]*\saction="([^"]+)"/.exec(twiml)?.[1] ?? /<Redirect[^>]*>([^<]+)<\/Redirect>/.exec(twiml)?.[1];
  if (!url) return null;
  const query = new URLSearchParams(url.replace(/&amp;/g, "&").split("?")[1] ?? "");
  const turno = Number(query.get("turno"));
  return Number.isInteger(turno) && turno > 0 ? { turno, silencios: Number(query.get("s") ?? 0) || 0 } : null;
}

export async function startSimulacao(
  deps: SimulacaoDeps,
  tenant: TenantContext,
  input: SimulacaoCreate & { texto?: string },
): Promise<SimulacaoTurno> {
  refuseOutsideDemo(deps, tenant);
  const [gate] = await deps.db
    .select({ id: portoes.id, condominioId: portoes.condominioId })
    .from(portoes)
    .innerJoin(condominios, eq(condominios.id, portoes.condominioId))
    .where(
      and(
        eq(portoes.organizationId, tenant.organizationId),
        eq(portoes.id, input.portao_id),
        eq(portoes.ativo, true),
        eq(condominios.enabled, true),
      ),
    );
  if (!gate || !seesCondominio(tenant, gate.condominioId)) {
    throw badRequest(PORTAO_INVALIDO, [{ path: "portao_id", message: PORTAO_INVALIDO }]);
  }
  if (input.canal === "whatsapp") {
    if (!input.texto) {
      const message = "Escreva a primeira mensagem do visitante";
      throw badRequest(message, [{ path: "texto", message }]);
    }
    const turn = await whatsAppTurn(deps, {
      organizationId: tenant.organizationId,
      portaoId: gate.id,
      contato: `sim-${randomBytes(8).toString("hex")}`,
      texto: input.texto,
      demo: true,
    });
    return {
      conversa_id: turn.conversaId,
      canal: "whatsapp",
      falas: turn.falas,
      twiml: null,
      encerrada: turn.encerrada,
    };
  }
  const callSid = simulatedCallSid();
  const twiml = await answerCall(deps, {
    portaoId: gate.id,
    callSid,
    demo: true,
    organizationId: tenant.organizationId,
  });
  const conversa = await findLineConversa(deps.db, { canal: "telefone" }, callSid);
  if (!conversa) {
    // The call heard that the month's attendances are used up: staff are told which limit it is.
    if (twiml.includes(ATENDIMENTO_INDISPONIVEL_VISITANTE)) {
      const { plano } = await estadoCobranca(deps.db, tenant.organizationId);
      throw planLimit(limiteAtingidoMensagem("atendimentos", plano), PLANO_PATH);
    }
    throw badRequest(PORTAO_INVALIDO, [{ path: "portao_id", message: PORTAO_INVALIDO }]);
  }
  return fromTwiml(conversa.id, twiml);
}

export async function simulacaoMensagem(
  deps: SimulacaoDeps,
  tenant: TenantContext,
  conversaId: string,
  texto: string,
): Promise<SimulacaoTurno> {
  refuseOutsideDemo(deps, tenant);
  const conversa = await findDemoConversa(deps.db, tenant.organizationId, conversaId);
  if (!conversa?.contato || !conversa.portaoId) throw notFound(SIMULACAO_NOT_FOUND);
  if (conversa.canal === "whatsapp") {
    const turn = await whatsAppTurn(deps, {
      organizationId: tenant.organizationId,
      portaoId: conversa.portaoId,
      contato: conversa.contato,
      texto,
      demo: true,
    });
    return {
      conversa_id: turn.conversaId,
      canal: "whatsapp",
      falas: turn.falas,
      twiml: null,
      encerrada: turn.encerrada,
    };
  }
  const next = nextTurnOf(await lastResposta(deps.db, conversa.id));
  if (conversa.encerradaEm || !next) throw conflict("Esta ligação já terminou. Comece outra.");
  const twiml = await callTurn(deps, {
    conversaId: conversa.id,
    callSid: conversa.contato,
    turno: next.turno,
    silencios: next.silencios,
    fala: texto,
  });
  return fromTwiml(conversa.id, twiml);
}
