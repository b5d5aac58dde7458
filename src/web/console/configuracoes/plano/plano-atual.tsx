/**
 * "Plano atual" and "Uso do plano" (docs/product.md, "Plano e faturamento"): what the account pays for,
 * when and how much it is charged next, the card, what is scheduled, and how much of the plan it uses.
 */
import { BadgeCheck, CalendarClock, CircleAlert, FlaskConical, Gauge, Lock } from "lucide-react";
import type * as React from "react";
import {
  ASSINATURA_STATUS_LABELS,
  SOMENTE_LEITURA_ENCERRADA,
  SOMENTE_LEITURA_INADIMPLENTE,
} from "@/shared/faturamento";
import { BILLING_LABELS, formatBRL } from "@/shared/plans";
import type { FaturamentoResumo, UsoRecurso } from "@/shared/schemas/faturamento";
import { SectionCard } from "@/web/components/section-card";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/utils";
import { ASSINATURA_TONS, formatData, nomeDoPlano, RECURSO_LABELS, usoTexto } from "./formato";

export const DEMO_AVISO = "Modo de demonstração: nenhum valor é cobrado";

/** A highlighted line of the summary: something scheduled, or something to fix. */
function Aviso({
  icon: Icon,
  tone,
  children,
}: {
  icon: typeof CircleAlert;
  tone: "info" | "warning" | "danger";
  children: React.ReactNode;
}) {
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
        tone === "info" &&
          "border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-400/30 dark:bg-blue-400/10 dark:text-blue-100",
        tone === "warning" &&
          "border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100",
        tone === "danger" &&
          "border-red-200 bg-red-50 text-red-950 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-100",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

export function DemoAviso() {
  return (
    <p className="flex w-fit items-center gap-2 rounded-md border border-amber-200 bg-amber-100 px-3 py-1.5 font-medium text-amber-900 text-sm dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200">
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      {DEMO_AVISO}
    </p>
  );
}

export function PlanoAtualCard({ resumo }: { resumo: FaturamentoResumo }) {
  return (
    <SectionCard icon={BadgeCheck} title="Plano atual" contentClassName="grid gap-4">
      {resumo.modo === "demo" && <DemoAviso />}
      {resumo.modo === "contrato" ? (
        <p className="font-semibold text-lg" data-testid="plano-atual">
          Plano Personalizado — contrato com a equipe comercial
        </p>
      ) : (
        <ResumoAssinatura resumo={resumo} />
      )}
    </SectionCard>
  );
}

function ResumoAssinatura({ resumo }: { resumo: FaturamentoResumo }) {
  const { cartao, proxima_cobranca: proxima, mudanca_agendada: mudanca } = resumo;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-2xl tracking-tight" data-testid="plano-atual">
          {nomeDoPlano(resumo.plano)}
        </p>
        {resumo.ciclo && (
          <Badge variant="outline" data-testid="plano-ciclo">
            {BILLING_LABELS[resumo.ciclo]}
          </Badge>
        )}
        <Badge variant="outline" className={toneClasses(ASSINATURA_TONS[resumo.status])} data-testid="plano-status">
          {ASSINATURA_STATUS_LABELS[resumo.status]}
        </Badge>
      </div>
      <div className="grid gap-1.5 text-sm">
        {proxima && (
          <p data-testid="proxima-cobranca">
            <span className="text-muted-foreground">Próxima cobrança:</span> {formatData(proxima.em)} —{" "}
            <span className="font-medium">{formatBRL(proxima.valor_centavos)}</span>
          </p>
        )}
        {cartao && (
          <p data-testid="cartao-atual">
            <span className="text-muted-foreground">Cartão</span> {cartao.bandeira ? `${cartao.bandeira} ` : ""}
            <span aria-hidden="true">••••</span>
            <span className="sr-only">final</span> {cartao.final}
            {cartao.validade && ` (validade ${cartao.validade})`}
          </p>
        )}
      </div>
      {mudanca && (
        <Aviso icon={CalendarClock} tone="info">
          Muda para {nomeDoPlano(mudanca.plano)} ({BILLING_LABELS[mudanca.ciclo]}) em {formatData(mudanca.em)}.
        </Aviso>
      )}
      {resumo.cancela_em && !resumo.encerrada_em && (
        <Aviso icon={CalendarClock} tone="warning">
          Cancelamento agendado: a assinatura termina em {formatData(resumo.cancela_em)}. Nada é apagado.
        </Aviso>
      )}
      {resumo.carencia && !resumo.somente_leitura && (
        <Aviso icon={CircleAlert} tone="warning">
          O último pagamento não foi aprovado. Atualize o cartão até {formatData(resumo.carencia.ate)} para manter o
          console funcionando.
        </Aviso>
      )}
      {resumo.somente_leitura && (
        <Aviso icon={Lock} tone="danger">
          {resumo.encerrada_em
            ? `Assinatura encerrada em ${formatData(resumo.encerrada_em)}. ${SOMENTE_LEITURA_ENCERRADA}`
            : SOMENTE_LEITURA_INADIMPLENTE}
        </Aviso>
      )}
    </>
  );
}

function BarraDeUso({ uso }: { uso: UsoRecurso }) {
  const labelId = `uso-${uso.recurso}`;
  const texto = usoTexto(uso);
  const limite = uso.limite;
  const fracao = limite === null || limite === 0 ? 0 : Math.min(1, uso.usado / limite);
  const cheio = limite !== null && uso.usado >= limite;
  return (
    <li className="grid gap-1.5" data-testid={`uso-${uso.recurso}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium">
          {RECURSO_LABELS[uso.recurso]}
        </span>
        <span className={cn("tabular-nums", cheio ? "font-semibold text-destructive" : "text-muted-foreground")}>
          {texto}
        </span>
      </div>
      {limite !== null && (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={limite}
          aria-valuenow={Math.min(uso.usado, limite)}
          aria-valuetext={cheio ? `${texto}: limite atingido` : texto}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              "h-full rounded-full",
              cheio ? "bg-destructive" : fracao >= 0.8 ? "bg-amber-500" : "bg-primary",
            )}
            style={{ width: `${Math.round(fracao * 100)}%` }}
          />
        </div>
      )}
    </li>
  );
}

export function UsoCard({ resumo }: { resumo: FaturamentoResumo }) {
  return (
    <SectionCard
      icon={Gauge}
      title="Uso do plano"
      description="O que a conta usa do que o plano inclui. Quando um limite é atingido, só novos cadastros são recusados: nada é apagado."
    >
      <ul className="grid gap-4">
        {resumo.uso.map((uso) => (
          <BarraDeUso key={uso.recurso} uso={uso} />
        ))}
      </ul>
    </SectionCard>
  );
}
