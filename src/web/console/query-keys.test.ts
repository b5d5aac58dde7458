/**
 * Every screen that shows an access request keeps its data under a query-key
 * root that a change to a request invalidates, so a decided request never keeps its old status on
 * the condominium, unit or person screens (or anywhere else) until their cache expires.
 */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { QUERY_ROOTS, SOLICITACAO_ROOTS } from "@/shared/query-keys";
import { buscaOptions } from "@/web/components/global-search";
import { pendentesOptions } from "@/web/components/notification-bell";
import { chamadaDetailOptions, chamadasListOptions } from "@/web/console/chamadas/chamadas.queries";
import { condominioDetailOptions, condominiosListOptions } from "@/web/console/condominios/condominios.queries";
import { kpisOptions, ultimasOptions } from "@/web/console/dashboard/dashboard.queries";
import { pessoaDetailOptions, pessoasListOptions } from "@/web/console/pessoas/pessoas.queries";
import { solicitacaoDetailOptions, solicitacoesListOptions } from "@/web/console/solicitacoes/solicitacoes.queries";
import { unidadeDetailOptions, unidadesListOptions } from "@/web/console/unidades/unidades.queries";
import { primeirosPassosOptions } from "@/web/lib/first-steps";
import { condominioOptions, unidadeOptions } from "@/web/lib/lookups.queries";
import { meQueryOptions } from "@/web/lib/me.queries";
import { invalidateRoots } from "@/web/lib/realtime";

const ID = "00000000-0000-4000-8000-000000000001";

/** The queries behind every screen that shows a request, its status or a count of them. */
const SHOWING_REQUESTS = {
  "lista de solicitações": solicitacoesListOptions({}),
  "detalhe da solicitação": solicitacaoDetailOptions(ID),
  "KPIs do dashboard": kpisOptions(),
  "últimas solicitações": ultimasOptions(),
  "sino de pendentes": pendentesOptions(),
  "busca global": buscaOptions("ana"),
  "lista de chamadas": chamadasListOptions({}),
  "detalhe da chamada": chamadaDetailOptions(ID),
  "detalhe do condomínio (solicitações recentes)": condominioDetailOptions(ID),
  "detalhe da unidade (solicitações recentes)": unidadeDetailOptions(ID),
  "detalhe da pessoa (solicitações decididas)": pessoaDetailOptions(ID),
};

describe("query-key roots", () => {
  it.each(Object.entries(SHOWING_REQUESTS))("%s is refreshed by a change to a request", (_, options) => {
    expect(SOLICITACAO_ROOTS).toContain(options.queryKey[0]);
  });

  it("every key factory starts its keys with a shared root", () => {
    const roots: string[] = Object.values(QUERY_ROOTS);
    const keys = [
      ...Object.values(SHOWING_REQUESTS).map((o) => o.queryKey),
      condominiosListOptions({}).queryKey,
      unidadesListOptions({}).queryKey,
      pessoasListOptions({}).queryKey,
      condominioOptions().queryKey,
      unidadeOptions(ID).queryKey,
      primeirosPassosOptions().queryKey,
      meQueryOptions().queryKey,
    ];
    for (const key of keys) expect(roots).toContain(key[0]);
  });

  it("a request event marks the unit, condominium and person details stale, with their recent requests", async () => {
    const client = new QueryClient();
    const details = [condominioDetailOptions(ID), unidadeDetailOptions(ID), pessoaDetailOptions(ID)];
    for (const options of details) client.setQueryData(options.queryKey, {} as never);
    const other = [QUERY_ROOTS.me];
    client.setQueryData(other, {});

    invalidateRoots(client, SOLICITACAO_ROOTS);

    for (const options of details) expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    // The signed-in user's context has nothing to do with requests: left alone.
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });
});
