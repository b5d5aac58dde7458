import { describe, expect, it } from "vitest";
import type { DomainEvent } from "@/shared/schemas/events";
import { toastFor } from "./realtime";

function event(over: Partial<DomainEvent> = {}): DomainEvent {
  return {
    id: 1,
    type: "solicitacao.atualizada",
    solicitacao_id: "00000000-0000-4000-8000-000000000001",
    nome_visitante: "Carlos Entregador",
    status: "pendente",
    invalidate: ["solicitacoes"],
    created_at: "2025-03-12T17:32:05.000Z",
    ...over,
  };
}

describe("toastFor", () => {
  it("announces a new request and a status change", () => {
    expect(toastFor(event({ type: "solicitacao.criada" }))).toEqual({
      title: "Nova solicitação",
      description: "Solicitação para Carlos Entregador foi criada.",
      tone: "default",
    });
    expect(toastFor(event({ status: "autorizado", decisao: { via: "console", por_nome: "José" } }))?.description).toBe(
      "Status alterado para Autorizado.",
    );
    // A resident's answer on the phone keeps the status toast (docs/product.md, "Integration API").
    expect(toastFor(event({ status: "negado", decisao: { via: "telefone", por_nome: "Ana" } }))?.title).toBe(
      "Solicitação de Carlos Entregador atualizada",
    );
  });

  it("names a resident's decision through the link", () => {
    expect(toastFor(event({ status: "autorizado", decisao: { via: "link", por_nome: "Ana Souza" } }))).toEqual({
      title: "Morador autorizou a entrada de Carlos Entregador",
      description: "Ana Souza decidiu pelo link.",
      tone: "success",
    });
    expect(toastFor(event({ status: "negado", decisao: { via: "link", por_nome: "Bruno Lima" } }))).toMatchObject({
      title: "Morador negou a entrada de Carlos Entregador",
      description: "Bruno Lima decidiu pelo link.",
    });
  });

  it("names a signed-in resident's decision, 'pelo aplicativo'", () => {
    expect(toastFor(event({ status: "autorizado", decisao: { via: "aplicativo", por_nome: "Ana Souza" } }))).toEqual({
      title: "Morador autorizou a entrada de Carlos Entregador",
      description: "Ana Souza decidiu pelo aplicativo.",
      tone: "success",
    });
  });

  it("warns when nobody answered", () => {
    expect(toastFor(event({ sem_resposta_moradores: true }))).toEqual({
      title: "Sem resposta dos moradores",
      description: "Ninguém respondeu sobre Carlos Entregador. Ligue para a unidade.",
      tone: "warning",
    });
  });

  it("stays quiet on messages sent and call progress", () => {
    expect(toastFor(event({ type: "notificacao.atualizada" }))).toBeNull();
    expect(
      toastFor(
        event({
          type: "chamada.atualizada",
          chamada: { id: "00000000-0000-4000-8000-0000000000c1", status: "atendida" },
        }),
      ),
    ).toBeNull();
    expect(toastFor(event({ type: "chamada.criada" }))).toBeNull();
  });
});
