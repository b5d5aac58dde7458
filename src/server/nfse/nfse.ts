/**
 * NFS-e configuration → the provider billing uses, or null (not issued automatically; the invoice says
 * so). docs/decisions/045-plans-and-billing.md. main.ts maps the NFSE_* variables to this config.
 */
import type { Env } from "../env";
import { createFocusNfeProvider, type FocusNfeConfig } from "./focusnfe";
import type { NfseProvider } from "./nfse-provider";

export type NfseConfig = { provider: "focusnfe" } & FocusNfeConfig;

export function createNfse(config: NfseConfig | undefined): NfseProvider | null {
  if (!config) return null;
  switch (config.provider) {
    case "focusnfe":
      return createFocusNfeProvider(config);
  }
}

/** The NFSE_* variables → the config; undefined when they are not set (env.ts checks they go together). */
export function nfseConfigFromEnv(
  env: Pick<
    Env,
    | "NFSE_PROVIDER"
    | "NFSE_TOKEN"
    | "NFSE_AMBIENTE"
    | "NFSE_PRESTADOR_CNPJ"
    | "NFSE_PRESTADOR_IM"
    | "NFSE_PRESTADOR_MUNICIPIO"
    | "NFSE_ALIQUOTA"
    | "NFSE_ITEM_LISTA_SERVICO"
    | "NFSE_CODIGO_TRIBUTARIO_MUNICIPIO"
  >,
): NfseConfig | undefined {
  if (
    env.NFSE_PROVIDER !== "focusnfe" ||
    !env.NFSE_TOKEN ||
    !env.NFSE_PRESTADOR_CNPJ ||
    !env.NFSE_PRESTADOR_IM ||
    !env.NFSE_PRESTADOR_MUNICIPIO ||
    env.NFSE_ALIQUOTA === undefined ||
    !env.NFSE_ITEM_LISTA_SERVICO
  ) {
    return undefined;
  }
  return {
    provider: "focusnfe",
    token: env.NFSE_TOKEN,
    ambiente: env.NFSE_AMBIENTE,
    prestador: {
      cnpj: env.NFSE_PRESTADOR_CNPJ,
      inscricaoMunicipal: env.NFSE_PRESTADOR_IM,
      codigoMunicipio: env.NFSE_PRESTADOR_MUNICIPIO,
    },
    servico: {
      aliquota: env.NFSE_ALIQUOTA,
      itemListaServico: env.NFSE_ITEM_LISTA_SERVICO,
      codigoTributarioMunicipio: env.NFSE_CODIGO_TRIBUTARIO_MUNICIPIO,
    },
  };
}
