import { describe, expect, it } from "vitest";
import { ACESSO_ROOTS, QUERY_ROOTS, SOLICITACAO_ROOTS } from "@/shared/query-keys";
import { acessosListOptions } from "@/web/console/acessos/acessos.queries";
import { aguardandoOptions, validacoesOptions } from "./portaria.queries";

const ID = "00000000-0000-4000-8000-000000000001";

describe("Portaria query keys", () => {
  it("live under the roots an entry, an exit or a validation refreshes", () => {
    const keys = [
      validacoesOptions(ID).queryKey,
      acessosListOptions({ condominio_id: ID, presentes: "true", page_size: 50 }).queryKey,
    ];
    for (const key of keys) expect(ACESSO_ROOTS).toContain(key[0]);
    expect(validacoesOptions(ID).queryKey[0]).toBe(QUERY_ROOTS.passes);
  });

  it("the visitors waiting for a decision live under what a request's creation or decision refreshes", () => {
    expect(SOLICITACAO_ROOTS).toContain(aguardandoOptions(ID).queryKey[0]);
  });

  it("keep one cache entry per gate", () => {
    expect(aguardandoOptions(ID).queryKey).not.toEqual(aguardandoOptions(ID.replace("1", "2")).queryKey);
  });
});
