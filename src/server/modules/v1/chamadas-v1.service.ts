/**
 * Calls reported by the PBX (docs/product.md, "Chamadas"): the only code path that creates a call. A call starts
 * `criada`, moves only along CHAMADA_TRANSICOES (anything else is a 409 naming both statuses), and
 * a resident's answer on an answered call decides the request through the same conditional update
 * as the console (solicitacoes.service applyDecision), attributed to that resident, with the
 * answer recorded on the call in the same transaction. Every change writes its event.
 */
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ChamadaResposta } from "../../../shared/domain";
import type {
  V1Chamada,
  V1ChamadaCreate,
  V1ChamadaStatus,
  v1ChamadaRespostaResultSchema,
} from "../../../shared/schemas/v1";
import { chamadaStatusDisplay, solicitacaoStatusDisplay } from "../../../shared/status-catalogue";
import type { ApiKeyContext } from "../../auth/api-key";
import type { Database, Executor } from "../../db/client";
import { chamadas, pessoas, solicitacoesAcesso, unidades, vMoradoresAtivos } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { recordEvent } from "../../realtime/events";
import {
  CHAMADA_NOT_FOUND,
  chamadaSearchText,
  findChamada,
  moveChamadaStatus,
  toChamada,
} from "../chamadas/chamadas.service";
import {
  applyDecision,
  type Decider,
  decisionRefused,
  SOLICITACAO_NOT_FOUND,
} from "../solicitacoes/solicitacoes.service";

type Key = Pick<ApiKeyContext, "id" | "organizationId">;

async function load(db: Executor, organizationId: string, id: string): Promise<V1Chamada> {
  const row = await findChamada(db, { organizationId, scope: null }, id);
  if (!row) throw notFound(CHAMADA_NOT_FOUND);
  return {
    ...toChamada(row),
    resposta: row.row.resposta as ChamadaResposta | null,
    respondido_em: iso(row.row.respondidoEm),
  };
}

export async function getChamada(db: Database, key: Key, id: string) {
  return load(db, key.organizationId, id);
}

export async function startChamada(db: Database, key: Key, input: V1ChamadaCreate): Promise<V1Chamada> {
  const org = key.organizationId;
  const [request] = await db
    .select({
      id: solicitacoesAcesso.id,
      status: solicitacoesAcesso.status,
      condominioId: solicitacoesAcesso.condominioId,
      unidadeId: solicitacoesAcesso.unidadeId,
      nomeVisitante: solicitacoesAcesso.nomeVisitante,
      unidadeRamal: unidades.pbxRamal,
    })
    .from(solicitacoesAcesso)
    .innerJoin(unidades, eq(unidades.id, solicitacoesAcesso.unidadeId))
    .where(and(eq(solicitacoesAcesso.organizationId, org), eq(solicitacoesAcesso.id, input.solicitacao_id)));
  if (!request) throw notFound(SOLICITACAO_NOT_FOUND);
  if (request.status !== "pendente") {
    throw conflict(
      `A solicitação já está "${solicitacaoStatusDisplay(request.status).label}": não há o que perguntar ao morador.`,
    );
  }
  let pessoa: { id: string; nome: string; pbxRamal: string | null } | null = null;
  if (input.pessoa_id) {
    const [p] = await db
      .select({ id: pessoas.id, nome: pessoas.nome, pbxRamal: pessoas.pbxRamal })
      .from(pessoas)
      .where(
        and(
          eq(pessoas.organizationId, org),
          eq(pessoas.condominioId, request.condominioId),
          eq(pessoas.id, input.pessoa_id),
        ),
      );
    if (!p) throw notFound("Pessoa não encontrada neste condomínio");
    pessoa = p;
  }
  const ramal = input.ramal ?? pessoa?.pbxRamal ?? request.unidadeRamal;
  if (!ramal) {
    throw badRequest("Informe o ramal: nem a pessoa nem a unidade têm ramal cadastrado.", [
      { path: "ramal", message: "Informe o ramal" },
    ]);
  }

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chamadas)
      .values({
        organizationId: org,
        solicitacaoId: request.id,
        pessoaId: pessoa?.id ?? null,
        status: "criada",
        ramalDiscado: ramal,
        iniciadoEm: input.iniciado_em ? new Date(input.iniciado_em) : sql`now()`,
        provedor: input.provedor,
        criadoPorApiKeyId: key.id,
        busca: chamadaSearchText({
          pessoaNome: pessoa?.nome ?? null,
          ramalDiscado: ramal,
          visitante: request.nomeVisitante,
          provedor: input.provedor,
        }),
      })
      .returning({ id: chamadas.id });
    await recordEvent(tx, org, {
      type: "chamada.criada",
      solicitacao: {
        id: request.id,
        nome_visitante: request.nomeVisitante,
        status: "pendente",
        unidade_id: request.unidadeId,
      },
      chamada: { id: row!.id, status: "criada" },
    });
    return row!.id;
  });
  return load(db, org, id);
}

export async function moveChamada(db: Database, key: Key, id: string, input: V1ChamadaStatus): Promise<V1Chamada> {
  await moveChamadaStatus(
    db,
    key.organizationId,
    id,
    input.status,
    input.ocorrido_em ? new Date(input.ocorrido_em) : undefined,
  );
  return load(db, key.organizationId, id);
}

type RespostaResult = z.infer<typeof v1ChamadaRespostaResultSchema>;

export async function answerChamada(
  db: Database,
  key: Key,
  id: string,
  input: { decisao: ChamadaResposta; observacoes: string | null },
): Promise<RespostaResult> {
  const org = key.organizationId;
  const [call] = await db
    .select({
      status: chamadas.status,
      resposta: chamadas.resposta,
      pessoaId: chamadas.pessoaId,
      solicitacaoId: chamadas.solicitacaoId,
      unidadeId: solicitacoesAcesso.unidadeId,
    })
    .from(chamadas)
    .innerJoin(
      solicitacoesAcesso,
      and(
        eq(solicitacoesAcesso.id, chamadas.solicitacaoId),
        eq(solicitacoesAcesso.organizationId, chamadas.organizationId),
      ),
    )
    .where(and(eq(chamadas.organizationId, org), eq(chamadas.id, id)));
  if (!call) throw notFound(CHAMADA_NOT_FOUND);

  const result = async (): Promise<RespostaResult> => {
    const [s] = await db
      .select({
        id: solicitacoesAcesso.id,
        status: solicitacoesAcesso.status,
        decididoPorNome: solicitacoesAcesso.decididoPorNome,
        decididoEm: solicitacoesAcesso.decididoEm,
      })
      .from(solicitacoesAcesso)
      .where(eq(solicitacoesAcesso.id, call.solicitacaoId));
    return {
      chamada: await load(db, org, id),
      solicitacao: {
        id: s!.id,
        status: s!.status,
        decidido_por_nome: s!.decididoPorNome,
        decidido_em: iso(s!.decididoEm),
      },
    };
  };

  // The same answer sent again (a PBX retry without Idempotency-Key) is not an error.
  if (call.resposta === input.decisao) return result();
  if (call.resposta !== null) {
    throw conflict(`Esta chamada já registrou a resposta "${call.resposta}".`);
  }
  if (call.status !== "atendida") {
    throw conflict(
      `A resposta só pode ser registrada numa chamada atendida (status atual: "${chamadaStatusDisplay(call.status).label}").`,
    );
  }
  const [morador] = call.pessoaId
    ? await db
        .select({ pessoaId: vMoradoresAtivos.pessoaId, nome: vMoradoresAtivos.nome, userId: pessoas.userId })
        .from(vMoradoresAtivos)
        .innerJoin(pessoas, eq(pessoas.id, vMoradoresAtivos.pessoaId))
        .where(
          and(
            eq(vMoradoresAtivos.organizationId, org),
            eq(vMoradoresAtivos.unidadeId, call.unidadeId),
            eq(vMoradoresAtivos.pessoaId, call.pessoaId),
          ),
        )
    : [];
  if (!morador) {
    throw conflict(
      "Só um morador ativo da unidade decide pelo telefone: esta chamada não foi feita para um morador da unidade.",
    );
  }
  const decider: Decider = {
    pessoaId: morador.pessoaId,
    userId: morador.userId,
    apiKeyId: key.id,
    nome: morador.nome,
    via: "telefone",
  };
  const won = await applyDecision(
    db,
    org,
    call.solicitacaoId,
    input.decisao,
    decider,
    input.observacoes,
    async (tx) => {
      await tx.update(chamadas).set({ resposta: input.decisao, respondidoEm: sql`now()` }).where(eq(chamadas.id, id));
    },
  );
  if (!won) throw await decisionRefused(db, org, call.solicitacaoId, input.decisao);
  return result();
}
