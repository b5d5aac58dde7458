import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { nfseConfigFromEnv } from "./nfse/nfse";

const NFSE = {
  NFSE_PROVIDER: "focusnfe",
  NFSE_TOKEN: "token-focus",
  NFSE_PRESTADOR_CNPJ: "11.444.777/0001-61",
  NFSE_PRESTADOR_IM: "12345678",
  NFSE_PRESTADOR_MUNICIPIO: "3550308",
  NFSE_ALIQUOTA: "2,0",
  NFSE_ITEM_LISTA_SERVICO: "01.07",
};

describe("env: NFS-e (docs/decisions/045-plans-and-billing.md)", () => {
  it("without NFSE_* the nota is not issued automatically", () => {
    expect(nfseConfigFromEnv(loadEnv({}))).toBeUndefined();
    expect(nfseConfigFromEnv(loadEnv({ NFSE_PROVIDER: "", NFSE_TOKEN: "" }))).toBeUndefined();
  });

  it("takes them together: homologação by default, CNPJ as digits, the rate with a comma or a point", () => {
    expect(nfseConfigFromEnv(loadEnv(NFSE))).toEqual({
      provider: "focusnfe",
      token: "token-focus",
      ambiente: "homologacao",
      prestador: { cnpj: "11444777000161", inscricaoMunicipal: "12345678", codigoMunicipio: "3550308" },
      servico: { aliquota: 2, itemListaServico: "01.07", codigoTributarioMunicipio: undefined },
    });
    const producao = nfseConfigFromEnv(
      loadEnv({ ...NFSE, NFSE_AMBIENTE: "producao", NFSE_ALIQUOTA: "2.5", NFSE_CODIGO_TRIBUTARIO_MUNICIPIO: "02800" }),
    );
    expect(producao).toMatchObject({
      ambiente: "producao",
      servico: { aliquota: 2.5, codigoTributarioMunicipio: "02800" },
    });
  });

  it("refuses half a configuration, naming what is missing, in pt-BR", () => {
    const { NFSE_PRESTADOR_IM: _, ...semIm } = NFSE;
    expect(() => loadEnv(semIm)).toThrow(/NFSE_PROVIDER, NFSE_TOKEN, .* vão juntas: .*faltam NFSE_PRESTADOR_IM$/);
    expect(() => loadEnv({ NFSE_TOKEN: "x" })).toThrow("vão juntas");
  });

  it("refuses values Focus NFe or the city hall would reject", () => {
    expect(() => loadEnv({ ...NFSE, NFSE_PROVIDER: "outro" })).toThrow("NFSE_PROVIDER: use focusnfe");
    expect(() => loadEnv({ ...NFSE, NFSE_AMBIENTE: "teste" })).toThrow("use homologacao ou producao");
    expect(() => loadEnv({ ...NFSE, NFSE_PRESTADOR_CNPJ: "11.444.777/0001-62" })).toThrow("CNPJ inválido");
    expect(() => loadEnv({ ...NFSE, NFSE_PRESTADOR_MUNICIPIO: "São Paulo" })).toThrow("código IBGE");
    expect(() => loadEnv({ ...NFSE, NFSE_ALIQUOTA: "15" })).toThrow("entre 0 e 5");
    expect(() => loadEnv({ ...NFSE, NFSE_ALIQUOTA: "dois" })).toThrow("NFSE_ALIQUOTA");
  });
});
