/**
 * "Atendimentos" and "Totens" stay live without a reload only if their queries sit under the roots the
 * server's events name: `atendimento.atualizado` invalidates ATENDIMENTO_ROOTS, `totem.atualizado`
 * TOTEM_ROOTS. Each event must refresh the list and the open conversation, and nothing of the other.
 */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ATENDIMENTO_ROOTS, TOTEM_ROOTS } from "@/shared/query-keys";
import { totensListOptions } from "@/web/console/totens/totens.queries";
import { invalidateRoots } from "@/web/lib/realtime";
import { atendimentoDetailOptions, atendimentosListOptions } from "./atendimentos.queries";

const ID = "00000000-0000-4000-8000-000000000001";

function clientWith(...keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, {});
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe("Atendimentos and Totens query keys", () => {
  const abertas = atendimentosListOptions({ situacao: "abertas" }).queryKey;
  const encerradas = atendimentosListOptions({ situacao: "encerradas", condominio_id: ID, page: 2 }).queryKey;
  const conversa = atendimentoDetailOptions(ID).queryKey;
  const totens = totensListOptions({ condominio_id: ID }).queryKey;

  it("a conversation's event refreshes both lists and the open transcript, not the kiosks", () => {
    const client = clientWith(abertas, encerradas, conversa, totens);
    invalidateRoots(client, ATENDIMENTO_ROOTS);
    expect([abertas, encerradas, conversa].map((key) => invalidated(client, key))).toEqual([true, true, true]);
    expect(invalidated(client, totens)).toBe(false);
  });

  it("a kiosk's event refreshes the kiosks, not the conversations", () => {
    const client = clientWith(abertas, conversa, totens);
    invalidateRoots(client, TOTEM_ROOTS);
    expect(invalidated(client, totens)).toBe(true);
    expect(invalidated(client, abertas)).toBe(false);
    expect(invalidated(client, conversa)).toBe(false);
  });

  it("different filters are different lists; empty filters are dropped from the key", () => {
    expect(abertas).not.toEqual(encerradas);
    expect(atendimentosListOptions({ situacao: "abertas", condominio_id: undefined }).queryKey).toEqual(abertas);
  });
});
