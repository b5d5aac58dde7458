/** Focus NFe's answers → our NfseResult (https://focusnfe.com.br/doc/, "NFSe"), through a fake HTTP layer. */
import { describe, expect, it } from "vitest";
import { createFocusNfeProvider, dataEmissao, FocusNfeError } from "./focusnfe";

function providerAnswering(status: number, body: unknown, ambiente: "homologacao" | "producao" = "producao") {
  const urls: string[] = [];
  const provider = createFocusNfeProvider({
    token: "tok",
    ambiente,
    prestador: { cnpj: "11444777000161", inscricaoMunicipal: "1", codigoMunicipio: "3550308" },
    servico: { aliquota: 2, itemListaServico: "01.07" },
    fetch: async (input) => {
      urls.push(String(input));
      return new Response(body === undefined ? "" : JSON.stringify(body), { status });
    },
  });
  return { provider, urls };
}

describe("createFocusNfeProvider().consultar", () => {
  it("reads an authorised nota from production, its number and the city hall's link", async () => {
    const { provider, urls } = providerAnswering(200, { status: "autorizado", numero: 123, url: "https://pref/123" });
    expect(await provider.consultar("guarita-fatura-7")).toEqual({
      status: "emitida",
      numero: "123",
      url: "https://pref/123",
    });
    expect(urls).toEqual(["https://api.focusnfe.com.br/v2/nfse/guarita-fatura-7"]);
  });

  it("links the DANFSe, else the XML on Focus NFe's host, when the city hall gives no link", async () => {
    expect(
      await providerAnswering(200, {
        status: "autorizado",
        numero: "9",
        url_danfse: "https://focus/danfse.pdf",
      }).provider.consultar("r"),
    ).toEqual({ status: "emitida", numero: "9", url: "https://focus/danfse.pdf" });
    expect(
      await providerAnswering(200, {
        status: "autorizado",
        numero: "9",
        caminho_xml_nota_fiscal: "/arquivos/nota.xml",
      }).provider.consultar("r"),
    ).toEqual({ status: "emitida", numero: "9", url: "https://api.focusnfe.com.br/arquivos/nota.xml" });
  });

  it("joins the city hall's errors into the refusal's message", async () => {
    const { provider } = providerAnswering(200, {
      status: "erro_autorizacao",
      erros: [
        { codigo: "E1", mensagem: "CEP do tomador inválido.", correcao: "Informe um CEP existente." },
        { codigo: "E2", mensagem: "Alíquota não confere." },
      ],
    });
    expect(await provider.consultar("r")).toEqual({
      status: "recusada",
      mensagem: "CEP do tomador inválido. Informe um CEP existente.; Alíquota não confere.",
    });
  });

  it("says a cancelled nota is gone, and keeps waiting while it is processed", async () => {
    expect(await providerAnswering(200, { status: "cancelado" }).provider.consultar("r")).toMatchObject({
      status: "recusada",
    });
    expect(await providerAnswering(200, { status: "processando_autorizacao" }).provider.consultar("r")).toEqual({
      status: "processando",
    });
  });

  it("throws what is worth retrying: 5xx, a wrong token, an unknown ref", async () => {
    await expect(providerAnswering(502, undefined).provider.consultar("r")).rejects.toBeInstanceOf(FocusNfeError);
    await expect(providerAnswering(401, { codigo: "nao_autorizado" }).provider.consultar("r")).rejects.toThrow(
      /recusou o acesso/,
    );
    await expect(providerAnswering(404, { codigo: "nao_encontrado" }).provider.consultar("r")).rejects.toThrow(
      /não conhece/,
    );
  });
});

describe("dataEmissao", () => {
  it("writes the instant in Brazil's time", () => {
    expect(dataEmissao(new Date("2026-11-28T02:30:00Z"))).toBe("2026-11-27T23:30:00-03:00");
  });
});
