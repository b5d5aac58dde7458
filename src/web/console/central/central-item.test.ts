import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { CENTRAL_ROOTS } from "@/shared/query-keys";
import type { CentralItem } from "@/shared/schemas/central";
import { invalidateRoots } from "@/web/lib/realtime";
import { centralFilaOptions, centralSlaOptions } from "./central.queries";
import { abrirHref, abrirRotulo, acoesDoItem } from "./central-item";

const ID = "00000000-0000-4000-8000-000000000001";
const item = (over: Partial<CentralItem>): CentralItem => ({
  id: ID,
  tipo: "atendimento",
  status: "aberto",
  condominio: { id: ID, nome: "Acácias" },
  portao: null,
  titulo: "Carlos para o 101",
  detalhe: null,
  solicitacao_id: null,
  conversa_id: null,
  encomenda_id: null,
  foto_url: null,
  criado_em: "2026-11-28T03:00:00.000Z",
  assumido_por: null,
  assumido_em: null,
  resolvido_por: null,
  resolvido_em: null,
  desfecho: null,
  nota: null,
  escalado: false,
  sla_assumir_segundos: 30,
  sla_resolver_segundos: 300,
  para_voce: false,
  ...over,
});
const comAna = {
  status: "assumido" as const,
  assumido_por: { user_id: "ana", nome: "Ana" },
  assumido_em: "2026-11-28T03:00:05.000Z",
};

describe("what an operator may do with an item", () => {
  it("claims an open item; nothing else but opening it", () => {
    expect(acoesDoItem(item({}), { userId: "ana", supervisor: false })).toEqual({
      meu: false,
      assumir: true,
      liberar: false,
      resolver: false,
      decidir: false,
      reatribuir: false,
    });
  });

  it("releases, resolves and decides their own; another's is out of reach but for a supervisor", () => {
    const mine = item({ ...comAna, solicitacao_id: ID });
    expect(acoesDoItem(mine, { userId: "ana", supervisor: false })).toMatchObject({
      meu: true,
      assumir: false,
      liberar: true,
      resolver: true,
      decidir: true,
    });
    expect(acoesDoItem(mine, { userId: "bia", supervisor: false })).toMatchObject({
      assumir: false,
      liberar: false,
      resolver: false,
      decidir: false,
      reatribuir: false,
    });
    expect(acoesDoItem(mine, { userId: "bia", supervisor: true })).toMatchObject({
      assumir: false,
      liberar: true,
      resolver: false,
      reatribuir: true,
    });
  });

  it("opens the conversation first, else the request, else nothing", () => {
    expect(abrirHref(item({ conversa_id: ID, solicitacao_id: ID }))).toBe(`/app/atendimentos?id=${ID}`);
    expect(abrirHref(item({ solicitacao_id: ID }))).toBe(`/app/solicitacoes/${ID}`);
    expect(abrirHref(item({}))).toBeNull();
    // A package's item opens the package, where the porteiro confirms it, even with the courier's conversation.
    const pacote = item({ tipo: "encomenda_a_confirmar", encomenda_id: ID, conversa_id: ID });
    expect(abrirHref(pacote)).toBe(`/app/encomendas/${ID}`);
    expect(abrirRotulo(pacote)).toBe("Abrir encomenda");
    expect(abrirRotulo(item({ conversa_id: ID }))).toBe("Abrir conversa");
  });
});

describe("the central's queries", () => {
  it("live under the root the central's event invalidates", async () => {
    const client = new QueryClient();
    for (const options of [centralFilaOptions(undefined), centralFilaOptions(ID), centralSlaOptions(true)]) {
      client.setQueryData(options.queryKey, {} as never);
    }
    invalidateRoots(client, CENTRAL_ROOTS);
    const stale = client
      .getQueryCache()
      .getAll()
      .map((q) => q.isStale());
    expect(stale).toEqual([true, true, true]);
  });
});
