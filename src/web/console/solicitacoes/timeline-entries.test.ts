import { describe, expect, it } from "vitest";
import type { SolicitacaoDetail } from "@/shared/schemas/solicitacoes";
import {
  buildTimeline,
  type ChamadaDaSolicitacao,
  criadaPorTexto,
  decisaoPorTexto,
  formatInZone,
  registradaPorTexto,
  respostaTexto,
  tentativasTexto,
} from "./timeline-entries";

const ID = "00000000-0000-4000-8000-000000000001";

function chamada(over: Partial<ChamadaDaSolicitacao> = {}): ChamadaDaSolicitacao {
  return {
    id: "00000000-0000-4000-8000-0000000000c1",
    status: "concluida",
    ramal_discado: "1203",
    iniciado_em: "2025-03-12T17:32:07.000Z",
    finalizado_em: "2025-03-12T17:33:12.000Z",
    duracao_segundos: 65,
    provedor: "PABX Asterisk",
    pessoa: { id: "00000000-0000-4000-8000-0000000000a1", nome: "Maria Silva", pbx_ramal: "1203" },
    resposta: null,
    respondido_em: null,
    criado_por: null,
    ...over,
  };
}

function detail(over: Partial<SolicitacaoDetail> = {}): SolicitacaoDetail {
  return {
    id: ID,
    condominio_id: ID,
    unidade_id: ID,
    tipo: "visitante",
    nome_visitante: "João",
    doc_visitante: null,
    telefone_visitante: null,
    motivo: null,
    expiracao_em: null,
    status: "pendente",
    decidido_em: null,
    decidido_por_pessoa_id: null,
    decidido_por_nome: null,
    observacoes: null,
    created_at: "2025-03-12T17:32:05.000Z",
    updated_at: "2025-03-12T17:32:05.000Z",
    unidade: { codigo: "101", torre: null },
    condominio: { id: ID, nome: "Acácias", timezone: "America/Sao_Paulo" },
    portao: null,
    criado_por: null,
    decidido_via_chave: null,
    chamadas: [],
    comandos_portao: [],
    ...over,
  };
}

describe("buildTimeline", () => {
  it("orders the whole chain oldest first: created, calls, decision, gate command", () => {
    const entries = buildTimeline(
      detail({
        status: "autorizado",
        decidido_em: "2025-03-12T17:32:40.000Z",
        decidido_por_nome: "Maria Silva",
        decidido_via_chave: "Atendente IA",
        // The API lists calls in any order; the timeline sorts them.
        chamadas: [
          chamada({ id: "00000000-0000-4000-8000-0000000000c2", iniciado_em: "2025-03-12T17:32:30.000Z" }),
          chamada({ id: "00000000-0000-4000-8000-0000000000c1", iniciado_em: "2025-03-12T17:32:07.000Z" }),
        ],
        comandos_portao: [
          {
            entrega_id: "00000000-0000-4000-8000-0000000000e1",
            url: "https://portao.example/abrir",
            status: "entregue",
            tentativas: 1,
            ultimo_status_http: 200,
            // Same instant as the decision: the command still comes after it.
            created_at: "2025-03-12T17:32:40.000Z",
            entregue_em: "2025-03-12T17:32:41.000Z",
          },
        ],
      }),
    );
    expect(entries.map((e) => e.kind)).toEqual(["criada", "chamada", "chamada", "decisao", "comando"]);
    expect(entries[1]?.kind === "chamada" && entries[1].chamada.id).toBe("00000000-0000-4000-8000-0000000000c1");
  });

  it("ends a pending request with the untimed 'Aguardando decisão' item", () => {
    const entries = buildTimeline(detail({ expiracao_em: "2025-03-12T23:00:00.000Z" }));
    expect(entries.map((e) => e.kind)).toEqual(["criada", "aguardando"]);
    expect(entries[1]).toMatchObject({ at: null, expiracaoEm: "2025-03-12T23:00:00.000Z" });
  });

  it("shows the expiry at expiracao_em, and a cancellation, with no decision entry", () => {
    expect(
      buildTimeline(detail({ status: "expirado", expiracao_em: "2025-03-12T18:32:05.000Z" })).map((e) => [
        e.kind,
        e.at,
      ]),
    ).toEqual([
      ["criada", "2025-03-12T17:32:05.000Z"],
      ["expirada", "2025-03-12T18:32:05.000Z"],
    ]);
    expect(
      buildTimeline(detail({ status: "cancelado", updated_at: "2025-03-12T17:40:00.000Z" })).map((e) => e.kind),
    ).toEqual(["criada", "cancelada"]);
  });
});

describe("texts", () => {
  it("says who created the request or registered the call", () => {
    expect(criadaPorTexto({ tipo: "usuario", nome: "Ana" })).toBe("Criada por Ana");
    expect(criadaPorTexto({ tipo: "chave_api", nome: "Atendente IA" })).toBe(
      "Criada pela integração “Atendente IA” (chave de API)",
    );
    expect(criadaPorTexto(null)).toBeNull();
    expect(registradaPorTexto({ tipo: "chave_api", nome: "PABX" })).toBe(
      "Registrada pela integração “PABX” (chave de API)",
    );
  });

  it("says how the request was decided", () => {
    expect(decisaoPorTexto("Ana", null)).toBe("Por Ana");
    expect(decisaoPorTexto("Maria Silva", "Atendente IA")).toBe(
      "Por Maria Silva, pelo telefone, via integração “Atendente IA”",
    );
    expect(decisaoPorTexto(null, "Atendente IA")).toBe("Pelo telefone, via integração “Atendente IA”");
    expect(decisaoPorTexto(null, null)).toBeNull();
  });

  it("tells the resident's answer on the phone", () => {
    expect(respostaTexto(chamada({ resposta: "autorizado" }))).toBe("Maria Silva autorizou pelo telefone (DTMF)");
    expect(respostaTexto(chamada({ resposta: "negado", pessoa: null }))).toBe("O morador negou pelo telefone (DTMF)");
    expect(respostaTexto(chamada())).toBeNull();
  });

  it("counts attempts", () => {
    expect([0, 1, 3].map(tentativasTexto)).toEqual(["Nenhuma tentativa ainda", "1 tentativa", "3 tentativas"]);
  });
});

describe("formatInZone", () => {
  it("shows the condominium's wall-clock time", () => {
    const at = "2025-03-12T17:32:05.000Z";
    expect(formatInZone(at, "America/Sao_Paulo")).toBe("12/03/2025 14:32");
    expect(formatInZone(at, "America/Manaus", { seconds: true })).toBe("12/03/2025 13:32:05");
    expect(formatInZone("2025-03-13T02:59:00.000Z", "America/Sao_Paulo")).toBe("12/03/2025 23:59");
    expect(formatInZone("2025-03-12T03:00:00.000Z", "America/Sao_Paulo")).toBe("12/03/2025 00:00");
  });

  it("falls back to the browser's zone for an unknown zone name", () => {
    expect(formatInZone("2025-03-12T17:32:05.000Z", "Nowhere/Land")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });
});
