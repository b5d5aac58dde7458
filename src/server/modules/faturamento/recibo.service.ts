/**
 * The receipt of a paid invoice (docs/decisions/045-plans-and-billing.md, "Plano e faturamento"): read
 * from the organization's own invoice and subscription, formatted in pt-BR, rendered by recibo-pdf.tsx.
 * Another organization's invoice, an unknown id or an unpaid invoice has no receipt (null).
 */
import { and, eq } from "drizzle-orm";
import { maskCep, maskCnpj } from "../../../shared/br-format";
import { COMPANY } from "../../../shared/company";
import { NFSE_NAO_CONFIGURADA_MENSAGEM, NFSE_STATUS_LABELS, type NfseStatus } from "../../../shared/faturamento";
import type { Executor } from "../../db/client";
import { assinaturas, faturas } from "../../db/schema";
import type { AssinaturaRow } from "./assinatura.service";
import { formatarData, formatarValor, numeroFatura } from "./faturamento.service";
import { type ReciboDados, renderReciboDocument } from "./recibo-pdf";

type FaturaRow = typeof faturas.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "recibo-guarita-000042.pdf" */
export function reciboFileName(numero: number | null): string {
  return `recibo-guarita-${numeroFatura(numero)}.pdf`;
}

function formaPagamento(a: AssinaturaRow): string {
  if (a.cartaoFinal) {
    const bandeira = a.cartaoBandeira ? ` ${a.cartaoBandeira.charAt(0).toUpperCase()}${a.cartaoBandeira.slice(1)}` : "";
    return `Cartão${bandeira} •••• ${a.cartaoFinal}`;
  }
  return "Cartão de crédito";
}

function notaFiscal(f: FaturaRow): string {
  const status = f.nfseStatus as NfseStatus;
  switch (status) {
    case "emitida":
      return f.nfseNumero ? `NFS-e nº ${f.nfseNumero}` : NFSE_STATUS_LABELS.emitida;
    case "nao_configurada":
      return NFSE_NAO_CONFIGURADA_MENSAGEM;
    case "pendente":
      return "Em emissão. O número aparece em Plano e faturamento quando a prefeitura autorizar.";
    case "falhou":
      return f.nfseMensagem ?? NFSE_STATUS_LABELS.falhou;
    default:
      return NFSE_STATUS_LABELS[status] ?? "";
  }
}

/** The receipt's content from the rows. Exported for tests of the wording. */
export function reciboDados(f: FaturaRow, a: AssinaturaRow): ReciboDados {
  const c = a.cliente;
  const endereco = [c.rua, c.numero, c.complemento].filter(Boolean).join(", ");
  const itens =
    f.itens.length > 0
      ? f.itens.map((i) => ({ descricao: i.descricao, valor: formatarValor(i.valor_centavos) }))
      : [{ descricao: f.descricao, valor: formatarValor(f.valorCentavos) }];
  return {
    numero: numeroFatura(f.numero),
    pagaEm: formatarData(f.pagaEm ?? f.updatedAt),
    emitente: {
      nome: COMPANY.legalName,
      linhas: [
        `${COMPANY.address.street}, ${COMPANY.address.district}`,
        `${COMPANY.address.city}/${COMPANY.address.state}, CEP ${COMPANY.address.postalCode}`,
        `${COMPANY.email} · ${COMPANY.phoneDisplay}`,
      ],
    },
    cliente: {
      empresa: c.empresa,
      cnpj: c.cnpj ? maskCnpj(c.cnpj) : null,
      linhas: [`${endereco}, ${c.bairro}`, `${c.cidade}/${c.estado}, CEP ${maskCep(c.cep)}`, a.emailCobranca],
    },
    itens,
    total: formatarValor(f.valorCentavos),
    periodo:
      f.periodoInicio && f.periodoFim ? `${formatarData(f.periodoInicio)} a ${formatarData(f.periodoFim)}` : null,
    formaPagamento: formaPagamento(a),
    notaFiscal: notaFiscal(f),
  };
}

/** The organization's paid invoice and its subscription; null otherwise. */
async function faturaPaga(
  db: Executor,
  organizationId: string,
  faturaId: string,
): Promise<{ fatura: FaturaRow; assinatura: AssinaturaRow } | null> {
  // Not a uuid: no such invoice (and no 500 from the database's cast).
  if (!UUID.test(faturaId)) return null;
  const [row] = await db
    .select({ fatura: faturas, assinatura: assinaturas })
    .from(faturas)
    .innerJoin(assinaturas, eq(assinaturas.id, faturas.assinaturaId))
    .where(and(eq(faturas.id, faturaId), eq(assinaturas.organizationId, organizationId), eq(faturas.status, "paga")))
    .limit(1);
  return row ?? null;
}

/** The receipt's PDF; null when the invoice is not this organization's or not paid. */
export async function renderReciboPdf(db: Executor, organizationId: string, faturaId: string): Promise<Buffer | null> {
  const found = await faturaPaga(db, organizationId, faturaId);
  if (!found) return null;
  return renderReciboDocument(reciboDados(found.fatura, found.assinatura));
}
