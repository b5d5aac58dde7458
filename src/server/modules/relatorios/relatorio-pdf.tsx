/**
 * The síndico's monthly report as a PDF (docs/product.md, "Relatórios"): ready to be shown at the
 * condominium's assembly, in pt-BR, with a short summary, the charts drawn as vector shapes and the
 * tables. @react-pdf/renderer is loaded on the first report only: the server starts without it.
 */
import type { ReactElement } from "react";
import {
  DIAS_SEMANA_LABELS,
  RESPOSTA_FORMA_LABELS,
  type Relatorio,
  type RespostaForma,
  TEMPO_LABELS,
  type TempoChave,
} from "../../../shared/schemas/relatorios";

type Pdf = typeof import("@react-pdf/renderer");

/** "novembro de 2026" for "2026-11". */
export function monthLabel(mes: string): string {
  return new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${mes}-15T12:00:00Z`),
  );
}

const int = new Intl.NumberFormat("pt-BR");

/** "2 min 05 s", "45 s", "1 h 02 min"; "—" when nothing was measured. */
export function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/** The few sentences the report opens with. */
export function summaryOf(r: Relatorio): string[] {
  const out = [
    `No período, a portaria recebeu ${int.format(r.resumo.solicitacoes)} solicitações de acesso: ` +
      `${int.format(r.resumo.autorizadas)} autorizadas e ${int.format(r.resumo.negadas)} negadas. ` +
      `Foram registradas ${int.format(r.resumo.entradas)} entradas e ${int.format(r.resumo.passes_usados)} passes usados.`,
  ];
  if (r.tempos.resposta_morador.n > 0)
    out.push(
      `Metade dos moradores respondeu em até ${duration(r.tempos.resposta_morador.p50_s)} ` +
        `(95% em até ${duration(r.tempos.resposta_morador.p95_s)}).`,
    );
  if (r.atendente.percentual_sem_pessoa !== null)
    out.push(
      `O atendente virtual resolveu ${String(r.atendente.percentual_sem_pessoa).replace(".", ",")}% ` +
        `das ${int.format(r.atendente.conversas)} conversas sem precisar de uma pessoa.`,
    );
  const e = r.encomendas;
  if (e.recebidas + e.retiradas + e.aguardando_fim > 0)
    out.push(
      `${int.format(e.recebidas)} encomendas recebidas e ${int.format(e.retiradas)} retiradas` +
        (r.tempos.encomenda_retirada.n > 0
          ? ` (metade em até ${duration(r.tempos.encomenda_retirada.p50_s)} após a chegada)`
          : "") +
        `; ${int.format(e.aguardando_fim)} aguardavam retirada no fim do período` +
        (e.sem_codigo > 0 ? ` e ${int.format(e.sem_codigo)} foram entregues sem o código.` : "."),
    );
  if (r.central.itens > 0)
    out.push(
      `A central recebeu ${int.format(r.central.itens)} pendências; ${int.format(r.central.violacoes_sla)} passaram do prazo.`,
    );
  return out;
}

const GRAY = "#6b7280";
const BLUE = "#2563eb";
const GREEN = "#16a34a";
const RED = "#dc2626";

function document(pdf: Pdf, r: Relatorio, mes: string): ReactElement {
  const { Document, Page, Text, View, StyleSheet, Svg, Rect, Line } = pdf;
  const st = StyleSheet.create({
    page: { padding: 36, fontSize: 10, fontFamily: "Helvetica", color: "#111827" },
    h1: { fontSize: 18, fontFamily: "Helvetica-Bold" },
    h2: { fontSize: 12, fontFamily: "Helvetica-Bold", marginTop: 16, marginBottom: 6 },
    muted: { color: GRAY },
    p: { marginBottom: 4, lineHeight: 1.4 },
    cards: { flexDirection: "row", gap: 8, marginTop: 10 },
    card: { flex: 1, border: "1pt solid #e5e7eb", borderRadius: 4, padding: 6 },
    cardValue: { fontSize: 14, fontFamily: "Helvetica-Bold" },
    row: { flexDirection: "row", borderBottom: "0.5pt solid #e5e7eb", paddingVertical: 3 },
    cell: { flex: 1 },
    cellRight: { flex: 1, textAlign: "right" },
    th: { fontFamily: "Helvetica-Bold" },
    legend: { flexDirection: "row", gap: 12, marginTop: 4, fontSize: 8, color: GRAY },
  });

  const table = (header: string[], rows: string[][]) => (
    <View>
      <View style={st.row}>
        {header.map((h, i) => (
          <Text key={h} style={[i === 0 ? st.cell : st.cellRight, st.th]}>
            {h}
          </Text>
        ))}
      </View>
      {rows.map((row) => (
        <View key={row.join("|")} style={st.row} wrap={false}>
          {row.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-width row
            <Text key={i} style={i === 0 ? st.cell : st.cellRight}>
              {v}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );

  // Visits per day: stacked bars (authorised, denied, other), one per day of the month.
  const W = 523;
  const H = 120;
  const max = Math.max(1, ...r.por_dia.map((d) => d.solicitacoes));
  const bw = W / r.por_dia.length;
  const bars = r.por_dia.flatMap((d, i) => {
    const x = i * bw + bw * 0.15;
    const w = bw * 0.7;
    const hA = (d.autorizadas / max) * H;
    const hN = (d.negadas / max) * H;
    const hO = ((d.solicitacoes - d.autorizadas - d.negadas) / max) * H;
    return [
      <Rect key={`a${d.data}`} x={x} y={H - hA} width={w} height={hA} fill={GREEN} />,
      <Rect key={`n${d.data}`} x={x} y={H - hA - hN} width={w} height={hN} fill={RED} />,
      <Rect key={`o${d.data}`} x={x} y={H - hA - hN - hO} width={w} height={hO} fill="#9ca3af" />,
    ];
  });

  // Hours of the week: one cell per weekday × hour, darker with more requests.
  const hmMax = Math.max(1, ...r.por_hora.map((h) => h.solicitacoes));
  const cw = (W - 50) / 24;
  const ch = 12;

  const totalRespostas = Math.max(
    1,
    r.respostas.reduce((a, x) => a + x.total, 0),
  );

  return (
    <Document title={`Relatório mensal — ${r.condominio.nome} — ${monthLabel(mes)}`} author="Guarita" language="pt-BR">
      <Page size="A4" style={st.page}>
        <Text style={st.h1}>{r.condominio.nome}</Text>
        <Text style={[st.muted, { marginBottom: 10 }]}>Relatório mensal da portaria — {monthLabel(mes)}</Text>
        {summaryOf(r).map((line) => (
          <Text key={line} style={st.p}>
            {line}
          </Text>
        ))}
        <View style={st.cards}>
          {[
            ["Solicitações", r.resumo.solicitacoes],
            ["Autorizadas", r.resumo.autorizadas],
            ["Entradas", r.resumo.entradas],
            ["Passes usados", r.resumo.passes_usados],
          ].map(([label, value]) => (
            <View key={label} style={st.card}>
              <Text style={st.muted}>{label}</Text>
              <Text style={st.cardValue}>{int.format(value as number)}</Text>
            </View>
          ))}
        </View>

        <Text style={st.h2}>Visitas por dia</Text>
        <Svg width={W} height={H + 1}>
          <Line x1={0} y1={H} x2={W} y2={H} stroke="#d1d5db" strokeWidth={0.5} />
          {bars}
        </Svg>
        <View style={[st.legend, { justifyContent: "space-between" }]}>
          <Text>{r.por_dia[0] ? r.por_dia[0].data.slice(8, 10) : ""}</Text>
          <Text>Máximo: {int.format(max)} por dia</Text>
          <Text>{r.por_dia.at(-1)?.data.slice(8, 10) ?? ""}</Text>
        </View>
        <View style={st.legend}>
          <Text style={{ color: GREEN }}>■ Autorizadas</Text>
          <Text style={{ color: RED }}>■ Negadas</Text>
          <Text>■ Outras</Text>
        </View>

        <Text style={st.h2}>Horários da semana</Text>
        <Svg width={W} height={7 * ch + 12}>
          {r.por_hora.map((h) => (
            <Rect
              key={`${h.dia_semana}-${h.hora}`}
              x={50 + h.hora * cw}
              y={(h.dia_semana - 1) * ch}
              width={cw - 1}
              height={ch - 1}
              fill={BLUE}
              fillOpacity={h.solicitacoes === 0 ? 0.05 : 0.15 + 0.85 * (h.solicitacoes / hmMax)}
            />
          ))}
        </Svg>
        <View style={{ position: "relative", marginTop: -(7 * ch + 12) }}>
          {DIAS_SEMANA_LABELS.map((d) => (
            <Text key={d} style={{ fontSize: 7, height: ch, color: GRAY }}>
              {d}
            </Text>
          ))}
          <View style={{ flexDirection: "row", marginLeft: 50, fontSize: 7, color: GRAY }}>
            {[0, 6, 12, 18].map((h) => (
              <Text key={h} style={{ width: cw * 6 }}>
                {h}h
              </Text>
            ))}
          </View>
        </View>
      </Page>

      <Page size="A4" style={st.page}>
        <Text style={st.h2}>Como os moradores respondem</Text>
        {r.respostas.map((x) => (
          <View key={x.forma} style={{ flexDirection: "row", alignItems: "center", marginBottom: 3 }}>
            <Text style={{ width: 170 }}>{RESPOSTA_FORMA_LABELS[x.forma as RespostaForma]}</Text>
            <Svg width={260} height={10}>
              <Rect x={0} y={0} width={Math.max(0.5, (x.total / totalRespostas) * 260)} height={10} fill={BLUE} />
            </Svg>
            <Text style={{ width: 60, textAlign: "right" }}>{int.format(x.total)}</Text>
          </View>
        ))}

        <Text style={st.h2}>Tempos</Text>
        {table(
          ["Medida", "Quantidade", "Mediana", "95% em até"],
          (Object.keys(TEMPO_LABELS) as TempoChave[]).map((k) => [
            TEMPO_LABELS[k],
            int.format(r.tempos[k].n),
            duration(r.tempos[k].p50_s),
            duration(r.tempos[k].p95_s),
          ]),
        )}

        <Text style={st.h2}>Atendente virtual</Text>
        {table(
          ["Conversas", "Sem pessoa", "Com uma pessoa", "Resolvidas sem pessoa"],
          [
            [
              int.format(r.atendente.conversas),
              int.format(r.atendente.sem_pessoa),
              int.format(r.atendente.com_pessoa),
              r.atendente.percentual_sem_pessoa === null
                ? "—"
                : `${String(r.atendente.percentual_sem_pessoa).replace(".", ",")}%`,
            ],
          ],
        )}

        <Text style={st.h2}>Passes</Text>
        {table(
          ["Apresentações", "Liberadas", "Recusadas"],
          [[int.format(r.passes.validacoes), int.format(r.passes.liberadas), int.format(r.passes.recusadas)]],
        )}

        <Text style={st.h2}>Encomendas</Text>
        {table(
          ["Recebidas", "Perecíveis", "Retiradas", "Sem o código", "Devolvidas", "Aguardando no fim"],
          [
            [
              int.format(r.encomendas.recebidas),
              int.format(r.encomendas.pereciveis),
              int.format(r.encomendas.retiradas),
              int.format(r.encomendas.sem_codigo),
              int.format(r.encomendas.devolvidas),
              int.format(r.encomendas.aguardando_fim),
            ],
          ],
        )}

        <Text style={st.h2}>Central de operadores</Text>
        {table(
          ["Pendências", "Assumidas", "Resolvidas", "Fora do prazo"],
          [
            [
              int.format(r.central.itens),
              int.format(r.central.assumidos),
              int.format(r.central.resolvidos),
              int.format(r.central.violacoes_sla),
            ],
          ],
        )}
        {r.central.por_operador.length > 0 && (
          <View style={{ marginTop: 8 }}>
            {table(
              ["Operador", "Assumidas", "Resolvidas", "Mediana até assumir"],
              r.central.por_operador.map((o) => [
                o.nome,
                int.format(o.assumidos),
                int.format(o.resolvidos),
                duration(o.p50_assumir_s),
              ]),
            )}
          </View>
        )}
        <Text
          style={[st.muted, { position: "absolute", bottom: 24, left: 36, right: 36, fontSize: 8 }]}
          render={({ pageNumber, totalPages }) =>
            `Gerado pelo Guarita · horários no fuso ${r.condominio.timezone} · página ${pageNumber} de ${totalPages}`
          }
          fixed
        />
      </Page>
    </Document>
  );
}

/** The PDF's bytes. */
export async function renderMonthlyPdf(r: Relatorio, mes: string): Promise<Buffer> {
  const pdf = await import("@react-pdf/renderer");
  return pdf.renderToBuffer(document(pdf, r, mes) as Parameters<Pdf["renderToBuffer"]>[0]);
}

/** "relatorio-residencial-aurora-novembro-2026.pdf" */
export function pdfFileName(nome: string, mes: string): string {
  const slug = `${nome} ${monthLabel(mes).replace(" de ", " ")}`
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `relatorio-${slug}.pdf`;
}
