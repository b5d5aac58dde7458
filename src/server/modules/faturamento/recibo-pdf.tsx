/**
 * The pt-BR receipt of a paid subscription invoice, as a PDF (docs/decisions/045-plans-and-billing.md):
 * who received (Guarita's company), who paid (the billing form from checkout), what, for which period,
 * how, and the nota fiscal's number once issued. A receipt is not a nota fiscal and says so.
 * @react-pdf/renderer is loaded on the first receipt only, as for the monthly report (relatorios).
 */
import type { ReactElement } from "react";

type Pdf = typeof import("@react-pdf/renderer");

/** Everything the receipt prints, already formatted in pt-BR. */
export interface ReciboDados {
  /** "000042" */
  numero: string;
  /** "28/11/2026" */
  pagaEm: string;
  emitente: { nome: string; linhas: string[] };
  cliente: { empresa: string; cnpj: string | null; linhas: string[] };
  itens: { descricao: string; valor: string }[];
  total: string;
  /** "28/11/2026 a 27/12/2026", or null when the invoice has no period. */
  periodo: string | null;
  /** "Cartão Visa •••• 4242" */
  formaPagamento: string;
  /** The NFS-e line: its number once issued, or why there is none yet. */
  notaFiscal: string;
}

const GRAY = "#6b7280";
const BORDER = "#e5e7eb";

function document(pdf: Pdf, r: ReciboDados): ReactElement {
  const { Document, Page, Text, View, StyleSheet } = pdf;
  const st = StyleSheet.create({
    page: { padding: 40, fontSize: 10, fontFamily: "Helvetica", color: "#111827", lineHeight: 1.4 },
    header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 18 },
    h1: { fontSize: 18, fontFamily: "Helvetica-Bold" },
    h2: { fontSize: 9, fontFamily: "Helvetica-Bold", color: GRAY, marginBottom: 3, textTransform: "uppercase" },
    muted: { color: GRAY },
    bold: { fontFamily: "Helvetica-Bold" },
    parties: { flexDirection: "row", gap: 16, marginBottom: 18 },
    party: { flex: 1, border: `1pt solid ${BORDER}`, borderRadius: 4, padding: 8 },
    row: { flexDirection: "row", borderBottom: `0.5pt solid ${BORDER}`, paddingVertical: 4 },
    cell: { flex: 1 },
    amount: { width: 110, textAlign: "right" },
    total: { flexDirection: "row", paddingVertical: 6, fontFamily: "Helvetica-Bold", fontSize: 12 },
    facts: { marginTop: 16, gap: 2 },
    note: { marginTop: 24, paddingTop: 8, borderTop: `0.5pt solid ${BORDER}`, color: GRAY, fontSize: 9 },
  });
  return (
    <Document title={`Recibo de pagamento nº ${r.numero} — Guarita`} author="Guarita" language="pt-BR">
      <Page size="A4" style={st.page}>
        <View style={st.header}>
          <View>
            <Text style={st.h1}>Recibo de pagamento</Text>
            <Text style={st.muted}>Nº {r.numero}</Text>
          </View>
          <View style={{ alignItems: "flex-end" }}>
            <Text style={st.muted}>Pago em</Text>
            <Text style={st.bold}>{r.pagaEm}</Text>
          </View>
        </View>

        <View style={st.parties}>
          <View style={st.party}>
            <Text style={st.h2}>Recebemos de</Text>
            <Text style={st.bold}>{r.cliente.empresa}</Text>
            {r.cliente.cnpj && <Text>CNPJ {r.cliente.cnpj}</Text>}
            {r.cliente.linhas.map((l) => (
              <Text key={l}>{l}</Text>
            ))}
          </View>
          <View style={st.party}>
            <Text style={st.h2}>Emitente</Text>
            <Text style={st.bold}>{r.emitente.nome}</Text>
            {r.emitente.linhas.map((l) => (
              <Text key={l}>{l}</Text>
            ))}
          </View>
        </View>

        <View style={[st.row, { borderBottom: `1pt solid ${BORDER}` }]}>
          <Text style={[st.cell, st.bold]}>Descrição</Text>
          <Text style={[st.amount, st.bold]}>Valor</Text>
        </View>
        {r.itens.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the invoice's lines in order; two may read alike
          <View key={i} style={st.row} wrap={false}>
            <Text style={st.cell}>{item.descricao}</Text>
            <Text style={st.amount}>{item.valor}</Text>
          </View>
        ))}
        <View style={st.total}>
          <Text style={st.cell}>Total pago</Text>
          <Text style={st.amount}>{r.total}</Text>
        </View>

        <View style={st.facts}>
          {r.periodo && (
            <Text>
              <Text style={st.bold}>Período: </Text>
              {r.periodo}
            </Text>
          )}
          <Text>
            <Text style={st.bold}>Forma de pagamento: </Text>
            {r.formaPagamento}
          </Text>
          <Text>
            <Text style={st.bold}>Nota fiscal: </Text>
            {r.notaFiscal}
          </Text>
        </View>

        <Text style={st.note}>Este recibo não substitui a nota fiscal.</Text>
      </Page>
    </Document>
  );
}

/** The PDF's bytes. */
export async function renderReciboDocument(r: ReciboDados): Promise<Buffer> {
  const pdf = await import("@react-pdf/renderer");
  return pdf.renderToBuffer(document(pdf, r) as Parameters<Pdf["renderToBuffer"]>[0]);
}
