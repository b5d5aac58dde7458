import { describe, expect, it } from "vitest";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { acessosPessoaOptions, auditoriaListOptions, membrosOpcoesOptions } from "./auditoria.queries";

const ID = "00000000-0000-4000-8000-000000000001";

describe("auditoria query keys", () => {
  it("start with a shared root: the trail under auditoria, the team's members under equipe", () => {
    expect(auditoriaListOptions({ acao: "alterar", page: 2 }).queryKey[0]).toBe(QUERY_ROOTS.auditoria);
    expect(acessosPessoaOptions(ID, 1).queryKey[0]).toBe(QUERY_ROOTS.auditoria);
    expect(membrosOpcoesOptions().queryKey.slice(0, 2)).toEqual([QUERY_ROOTS.equipe, "membros"]);
  });

  it("leave empty filters out of the key, so an empty filter and no filter share a cache entry", () => {
    expect(auditoriaListOptions({ acao: undefined, de: "" }).queryKey).toEqual(auditoriaListOptions({}).queryKey);
  });
});
