import { describe, expect, it } from "vitest";
import { atorLabel, diffRows, entidadeHref, formatValor, temDetalhes, VAZIO } from "@/web/lib/auditoria-format";

describe("diffRows", () => {
  it("lists each field once, before → after, the fields of antes first", () => {
    expect(diffRows({ nome: "Ana", ativo: true }, { nome: "Ana Souza", ramal: "101", ativo: false })).toEqual([
      { campo: "nome", antes: "Ana", depois: "Ana Souza", alterado: true },
      { campo: "ativo", antes: "true", depois: "false", alterado: true },
      { campo: "ramal", antes: VAZIO, depois: "101", alterado: true },
    ]);
  });

  it("shows a creation (only depois) and a deletion (only antes)", () => {
    expect(diffRows(null, { papel: "porteiro" })).toEqual([
      { campo: "papel", antes: VAZIO, depois: "porteiro", alterado: true },
    ]);
    expect(diffRows({ papel: "morador" }, null)).toEqual([
      { campo: "papel", antes: "morador", depois: VAZIO, alterado: true },
    ]);
  });

  it("marks a field with the same value on both sides as unchanged", () => {
    expect(diffRows({ status: "ativa" }, { status: "ativa" })).toEqual([
      { campo: "status", antes: "ativa", depois: "ativa", alterado: false },
    ]);
  });

  it("marks a field of personal data as changed: it is named, its values are not kept (decision 030)", () => {
    expect(diffRows({ telefone_visitante: "[dado pessoal]" }, { telefone_visitante: "[dado pessoal]" })).toEqual([
      { campo: "telefone_visitante", antes: "[dado pessoal]", depois: "[dado pessoal]", alterado: true },
    ]);
  });

  it("has no rows without antes and depois", () => {
    expect(diffRows(null, null)).toEqual([]);
    expect(diffRows(undefined, {})).toEqual([]);
  });
});

describe("formatValor", () => {
  it("keeps strings and JSON-stringifies everything else", () => {
    expect(formatValor("***.920.573-**")).toBe("***.920.573-**");
    expect(formatValor(3)).toBe("3");
    expect(formatValor(false)).toBe("false");
    expect(formatValor(["a", "b"])).toBe('["a","b"]');
    expect(formatValor({ q: "ana" })).toBe('{"q":"ana"}');
  });

  it("shows absent, null and empty values as empty", () => {
    expect(formatValor(undefined)).toBe(VAZIO);
    expect(formatValor(null)).toBe(VAZIO);
    expect(formatValor("")).toBe(VAZIO);
  });
});

describe("atorLabel", () => {
  it("names the actor, or says what kind of actor it was", () => {
    expect(atorLabel({ ator_tipo: "usuario", ator_nome: "Ana Souza" })).toBe("Ana Souza");
    expect(atorLabel({ ator_tipo: "sistema", ator_nome: null })).toBe("Sistema");
    expect(atorLabel({ ator_tipo: "anonimo", ator_nome: " " })).toBe("Anônimo");
  });
});

describe("temDetalhes", () => {
  it("is true with changed fields or a record id, false with neither", () => {
    expect(temDetalhes({ antes: null, depois: { a: 1 }, entidade_id: null })).toBe(true);
    expect(temDetalhes({ antes: null, depois: null, entidade_id: "x" })).toBe(true);
    expect(temDetalhes({ antes: null, depois: null, entidade_id: null })).toBe(false);
  });
});

describe("entidadeHref", () => {
  const id = "00000000-0000-4000-8000-000000000001";

  it("links the records that have a screen", () => {
    expect(entidadeHref({ entidade: "pessoa", entidade_id: id })).toBe(`/app/pessoas/${id}`);
    expect(entidadeHref({ entidade: "solicitacao", entidade_id: id })).toBe(`/app/solicitacoes/${id}`);
  });

  it("does not link records without a screen, without an id or with a malformed one", () => {
    expect(entidadeHref({ entidade: "sessao", entidade_id: id })).toBeNull();
    expect(entidadeHref({ entidade: "pessoa", entidade_id: null })).toBeNull();
    expect(entidadeHref({ entidade: "pessoa", entidade_id: "../configuracoes" })).toBeNull();
  });
});
