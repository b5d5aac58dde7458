/**
 * The NFS-e through Focus NFe's REST API (https://focusnfe.com.br/doc/, "NFSe"), behind NfseProvider
 * (docs/decisions/045-plans-and-billing.md). Issuing is asynchronous there: POST /v2/nfse?ref=REF
 * queues the nota ("processando_autorizacao") and GET /v2/nfse/REF reads how the city hall answered
 * ("autorizado" with its number and links, or "erro_autorizacao" with the errors). Authentication is
 * HTTP basic with the API token as the user and an empty password.
 *
 * Our `ref` is one per invoice, so sending again is safe: Focus refuses a second nota under a ref it
 * already has, and that refusal is answered by reading the one it has.
 */
import type { NfseProvider, NfseRequest, NfseResult } from "./nfse-provider";

export type FocusNfeAmbiente = "homologacao" | "producao";

export const FOCUS_NFE_HOSTS: Record<FocusNfeAmbiente, string> = {
  homologacao: "https://homologacao.focusnfe.com.br",
  producao: "https://api.focusnfe.com.br",
};

export interface FocusNfeConfig {
  token: string;
  ambiente: FocusNfeAmbiente;
  /** Guarita, the service provider: CNPJ digits, inscrição municipal and the city's IBGE code. */
  prestador: { cnpj: string; inscricaoMunicipal: string; codigoMunicipio: string };
  /** The ISS rate in percent (2.0), the LC 116 item ("01.07") and, where the city asks, its own code. */
  servico: { aliquota: number; itemListaServico: string; codigoTributarioMunicipio?: string };
  /** The tests' fake HTTP layer; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** Per-request limit; a slow answer is a failure the job retries. */
  timeoutMs?: number;
}

/** A failure worth retrying (network, timeout, 5xx, rate limit, a credentials problem being fixed). */
export class FocusNfeError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "FocusNfeError";
  }
}

interface FocusNfeErro {
  codigo?: string;
  mensagem?: string;
  correcao?: string | null;
}

/** What GET /v2/nfse/REF (and the POST's 202) answers, as far as we read it. */
interface FocusNfeNota {
  status?: string;
  numero?: string | number | null;
  codigo_verificacao?: string | null;
  url?: string | null;
  url_danfse?: string | null;
  caminho_xml_nota_fiscal?: string | null;
  erros?: FocusNfeErro[] | null;
  /** An error answer's own fields (422, 404…). */
  codigo?: string;
  mensagem?: string;
}

/** "1149.00": Focus takes amounts as decimal numbers with a point. */
export function valorDecimal(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** "2026-11-28T10:15:00-03:00": the issue date in Brazil's time, as the city halls expect. */
export function dataEmissao(at: Date): string {
  const local = new Date(at.getTime() - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

function mensagemDeErros(body: FocusNfeNota | null, fallback: string): string {
  const erros = (body?.erros ?? [])
    .map((e) => [e.mensagem, e.correcao].filter(Boolean).join(" "))
    .filter((m) => m.length > 0);
  if (erros.length > 0) return erros.join("; ");
  return body?.mensagem || fallback;
}

export function createFocusNfeProvider(config: FocusNfeConfig): NfseProvider {
  const doFetch = config.fetch ?? globalThis.fetch;
  const base = FOCUS_NFE_HOSTS[config.ambiente];
  const authorization = `Basic ${Buffer.from(`${config.token}:`).toString("base64")}`;
  const timeoutMs = config.timeoutMs ?? 30_000;

  async function call(method: "GET" | "POST", path: string, body?: unknown) {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new FocusNfeError(`Focus NFe inacessível: ${error instanceof Error ? error.message : String(error)}`, null);
    }
    const text = await res.text();
    let json: FocusNfeNota | null = null;
    try {
      json = text ? (JSON.parse(text) as FocusNfeNota) : null;
    } catch {
      json = null;
    }
    return { status: res.status, body: json };
  }

  /** A nota as Focus describes it → our result. */
  function resultOf(nota: FocusNfeNota | null): NfseResult {
    switch (nota?.status) {
      case "autorizado": {
        const xml = nota.caminho_xml_nota_fiscal ? new URL(nota.caminho_xml_nota_fiscal, base).toString() : null;
        return {
          status: "emitida",
          numero: String(nota.numero ?? ""),
          url: nota.url || nota.url_danfse || xml,
        };
      }
      case "erro_autorizacao":
        return {
          status: "recusada",
          mensagem: mensagemDeErros(nota, "A prefeitura recusou a nota fiscal, sem informar o motivo."),
        };
      case "cancelado":
        return { status: "recusada", mensagem: "A nota fiscal desta fatura foi cancelada na prefeitura." };
      case "processando_autorizacao":
        return { status: "processando" };
      default:
        throw new FocusNfeError(`Focus NFe: situação desconhecida da nota (${String(nota?.status)})`, null);
    }
  }

  /** Retry-worthy answers throw; 2xx is a nota; other 4xx are the caller's to interpret. */
  function failIfTransient(status: number, body: FocusNfeNota | null) {
    if (status >= 500 || status === 429 || status === 408) {
      throw new FocusNfeError(`Focus NFe respondeu ${status}: ${mensagemDeErros(body, "erro no servidor")}`, status);
    }
    if (status === 401 || status === 403) {
      // The token or the company's registration at Focus is wrong: fixable without touching the invoice.
      throw new FocusNfeError(
        `Focus NFe recusou o acesso (${status}): ${mensagemDeErros(body, "verifique NFSE_TOKEN e o cadastro da empresa")}`,
        status,
      );
    }
  }

  async function consultar(ref: string): Promise<NfseResult> {
    const { status, body } = await call("GET", `/v2/nfse/${encodeURIComponent(ref)}`);
    failIfTransient(status, body);
    if (status === 404) throw new FocusNfeError(`Focus NFe não conhece a nota ${ref}`, 404);
    if (status >= 400) throw new FocusNfeError(`Focus NFe respondeu ${status}: ${mensagemDeErros(body, "")}`, status);
    return resultOf(body);
  }

  async function emitir(request: NfseRequest): Promise<NfseResult> {
    const { tomador } = request;
    const payload = {
      data_emissao: dataEmissao(request.emitidaEm),
      prestador: {
        cnpj: config.prestador.cnpj,
        inscricao_municipal: config.prestador.inscricaoMunicipal,
        codigo_municipio: config.prestador.codigoMunicipio,
      },
      tomador: {
        ...(tomador.cnpj ? { cnpj: tomador.cnpj } : {}),
        razao_social: tomador.razaoSocial,
        email: tomador.email,
        endereco: {
          logradouro: tomador.endereco.logradouro,
          numero: tomador.endereco.numero,
          ...(tomador.endereco.complemento ? { complemento: tomador.endereco.complemento } : {}),
          bairro: tomador.endereco.bairro,
          uf: tomador.endereco.uf,
          cep: tomador.endereco.cep,
        },
      },
      servico: {
        aliquota: config.servico.aliquota,
        discriminacao: request.discriminacao,
        iss_retido: false,
        item_lista_servico: config.servico.itemListaServico,
        ...(config.servico.codigoTributarioMunicipio
          ? { codigo_tributario_municipio: config.servico.codigoTributarioMunicipio }
          : {}),
        valor_servicos: valorDecimal(request.valorCentavos),
      },
    };
    const { status, body } = await call("POST", `/v2/nfse?ref=${encodeURIComponent(request.ref)}`, payload);
    failIfTransient(status, body);
    if (status >= 200 && status < 300) return body?.status ? resultOf(body) : { status: "processando" };
    // Refused: either the ref is already there (a retry after a lost answer, asked again) or the
    // data is wrong. Reading the ref tells which.
    try {
      return await consultar(request.ref);
    } catch (error) {
      if (error instanceof FocusNfeError && error.status === 404) {
        return { status: "recusada", mensagem: mensagemDeErros(body, `A Focus NFe recusou a nota (${status}).`) };
      }
      throw error;
    }
  }

  return { nome: "focusnfe", emitir, consultar };
}
