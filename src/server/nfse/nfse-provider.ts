/**
 * The seam between billing and whoever issues the nota fiscal de serviço (NFS-e) of a paid invoice
 * (docs/decisions/045-plans-and-billing.md). Without a provider configured, invoices say the nota is
 * not issued automatically.
 */
export interface NfseTomador {
  /** CNPJ digits, or null for a customer who gave none (the nota goes out to the name and address). */
  cnpj: string | null;
  razaoSocial: string;
  email: string;
  endereco: {
    logradouro: string;
    numero: string;
    complemento: string | null;
    bairro: string;
    cidade: string;
    uf: string;
    cep: string;
  };
}

export interface NfseRequest {
  /** Our reference for this nota (one per invoice): asking again with it never issues a second nota. */
  ref: string;
  valorCentavos: number;
  /** What the service was ("Assinatura Guarita — plano Avançado, 27/11/2026 a 26/12/2026"). */
  discriminacao: string;
  tomador: NfseTomador;
  emitidaEm: Date;
}

export type NfseResult =
  | { status: "emitida"; numero: string; url: string | null }
  /** The provider took it and is still talking to the city hall: ask again later. */
  | { status: "processando" }
  /** Refused for good (data the city hall rejects): the message says why, in pt-BR. */
  | { status: "recusada"; mensagem: string };

export interface NfseProvider {
  readonly nome: string;
  /** Sends the nota (or asks about the one already sent under `ref`). Throws on a network or server failure. */
  emitir(request: NfseRequest): Promise<NfseResult>;
  /** Asks about a nota sent before. */
  consultar(ref: string): Promise<NfseResult>;
}
