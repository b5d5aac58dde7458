/**
 * "Mudar de plano" (docs/decisions/045-plans-and-billing.md): the three plans of the one plan table with
 * their price for the chosen cycle. Moving up is in force at once with a proration charged today; moving
 * down is scheduled for the period's end and refused while the account holds more than the new plan
 * includes (the server's message, in the dialog); Personalizado lifts the limits at once at the current price.
 */
import { ArrowUpDown, Check, CircleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  BILLING_CYCLES,
  BILLING_LABELS,
  type BillingCycle,
  formatBRL,
  limitLines,
  PLAN_LIST,
  PLAN_RANK,
  type Plan,
  type PlanId,
  planAmountCents,
  YEARLY_DISCOUNT_LABEL,
} from "@/shared/plans";
import type { FaturamentoResumo, MudarPlanoResultado } from "@/shared/schemas/faturamento";
import { SectionCard } from "@/web/components/section-card";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/web/components/ui/alert-dialog";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { useMudarPlano } from "../faturamento.queries";
import { formatData, nomeDoPlano } from "./formato";

export const PERSONALIZADO_EXPLICACAO =
  "Os limites são liberados agora; o valor continua o atual até a proposta da equipe comercial.";

interface Alvo {
  plano: PlanId;
  ciclo: BillingCycle;
}

function precoTexto(plan: Plan, ciclo: BillingCycle): string {
  return plan.precoCentavos ? `${formatBRL(planAmountCents(plan.id, ciclo))}/mês` : "Sob consulta";
}

/** Whether the account is on this plan and cycle (Personalizado has no cycle of its own). */
function ehAtual(resumo: FaturamentoResumo, plano: PlanId, ciclo: BillingCycle): boolean {
  return resumo.plano === plano && (plano === "personalizado" || resumo.ciclo === ciclo);
}

/** What confirming will do, said before the request. */
function explicacao(resumo: FaturamentoResumo, alvo: Alvo): string {
  const nome = nomeDoPlano(alvo.plano);
  if (alvo.plano === "personalizado") return PERSONALIZADO_EXPLICACAO;
  const preco = formatBRL(planAmountCents(alvo.plano, alvo.ciclo));
  const fim = resumo.periodo ? formatData(resumo.periodo.fim) : null;
  const rank = PLAN_RANK[alvo.plano] - PLAN_RANK[resumo.plano];
  if (rank > 0)
    return `O plano ${nome} entra em vigor agora, por ${preco}/mês (${BILLING_LABELS[alvo.ciclo]}). A diferença proporcional até o fim do período é cobrada hoje no cartão.`;
  if (rank < 0)
    return `O plano atual continua até o fim do período${fim ? `, ${fim}` : ""}; o plano ${nome} (${preco}/mês) vale a partir ${fim ? `de ${fim}` : "daí"}. Nada é apagado.`;
  return `A cobrança do plano ${nome} passa a ser ${BILLING_LABELS[alvo.ciclo].toLowerCase()}: ${preco}/mês.`;
}

/** What the change did, from the server's answer. */
function resultado(alvo: Alvo, r: MudarPlanoResultado): { titulo: string; texto: string } {
  const nome = nomeDoPlano(alvo.plano);
  if (r.efeito === "fim_do_periodo") {
    const em = r.resumo.mudanca_agendada?.em ?? r.resumo.periodo?.fim;
    return {
      titulo: "Mudança agendada",
      texto: `O plano atual continua até ${em ? formatData(em) : "o fim do período"}; o plano ${nome} vale a partir daí.`,
    };
  }
  if (alvo.plano === "personalizado") return { titulo: `Plano ${nome} em vigor`, texto: PERSONALIZADO_EXPLICACAO };
  return {
    titulo: `Plano ${nome} em vigor`,
    texto:
      r.cobrado_agora_centavos > 0
        ? `Em vigor agora; cobrança proporcional de ${formatBRL(r.cobrado_agora_centavos)} hoje.`
        : "Em vigor agora; nada a cobrar hoje.",
  };
}

function MudarPlanoDialog({
  resumo,
  alvo,
  onClose,
}: {
  resumo: FaturamentoResumo;
  alvo: Alvo | null;
  onClose: () => void;
}) {
  const mudar = useMudarPlano();
  const [erro, setErro] = useState<string | null>(null);
  const [feito, setFeito] = useState<{ titulo: string; texto: string } | null>(null);
  const pending = mudar.isPending;
  const fecharRef = useRef<HTMLButtonElement>(null);
  // The confirm button is gone once the change is done: the focus goes to "Fechar", inside the dialog.
  useEffect(() => {
    if (feito) fecharRef.current?.focus();
  }, [feito]);

  function fechar(open: boolean) {
    if (open || pending) return;
    setErro(null);
    setFeito(null);
    mudar.reset();
    onClose();
  }

  async function confirmar() {
    if (!alvo) return;
    setErro(null);
    try {
      const feitoAgora = resultado(alvo, await mudar.mutateAsync(alvo));
      // Also as a toast: the page refreshes around the dialog (live updates), and the outcome must
      // reach the owner even if the dialog is gone by then.
      toast.success(feitoAgora.titulo, { description: feitoAgora.texto });
      setFeito(feitoAgora);
    } catch (error) {
      // A refusal (a downgrade over the new plan's limits, a failed proration) stays in the dialog.
      setErro(errorMessage(error));
    }
  }

  const nome = alvo ? nomeDoPlano(alvo.plano) : "";
  return (
    <AlertDialog open={!!alvo} onOpenChange={fechar}>
      <AlertDialogContent
        aria-busy={pending || undefined}
        onEscapeKeyDown={(event) => pending && event.preventDefault()}
      >
        {feito ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{feito.titulo}</AlertDialogTitle>
              <AlertDialogDescription data-testid="mudar-plano-resultado">{feito.texto}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel ref={fecharRef}>Fechar</AlertDialogCancel>
            </AlertDialogFooter>
          </>
        ) : (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Mudar para o plano {nome}?</AlertDialogTitle>
              <AlertDialogDescription>{alvo && explicacao(resumo, alvo)}</AlertDialogDescription>
            </AlertDialogHeader>
            {erro && (
              <p
                role="alert"
                className="flex items-start gap-2 rounded-md border border-destructive/50 px-3 py-2 text-destructive text-sm"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{erro}</span>
              </p>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
              <Button disabled={pending} onClick={() => void confirmar()}>
                {pending && <Spinner />}
                {pending ? "Mudando..." : `Mudar para ${nome}`}
              </Button>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function CicloToggle({ ciclo, onChange }: { ciclo: BillingCycle; onChange: (ciclo: BillingCycle) => void }) {
  // Two toggle buttons, not radios: each is a plain button in the Tab order, its state in aria-pressed.
  return (
    <fieldset className="inline-flex w-fit rounded-lg border bg-muted p-1">
      <legend className="sr-only">Ciclo de cobrança</legend>
      {[...BILLING_CYCLES].reverse().map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={ciclo === c}
          onClick={() => onChange(c)}
          className={cn(
            "inline-flex h-9 items-center gap-1.5 rounded-md px-3 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
            ciclo === c ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {BILLING_LABELS[c]}
          {c === "yearly" && (
            <span className="rounded bg-green-100 px-1.5 py-0.5 text-green-900 text-xs dark:bg-green-400/15 dark:text-green-200">
              {YEARLY_DISCOUNT_LABEL}
            </span>
          )}
        </button>
      ))}
    </fieldset>
  );
}

export function MudarPlanoCard({ resumo }: { resumo: FaturamentoResumo }) {
  const [ciclo, setCiclo] = useState<BillingCycle>(resumo.ciclo ?? "yearly");
  const [alvo, setAlvo] = useState<Alvo | null>(null);
  const agendada = resumo.mudanca_agendada;
  const encerrada = resumo.status === "cancelada";
  return (
    <SectionCard
      icon={ArrowUpDown}
      title="Mudar de plano"
      description="Um plano maior vale na hora, com a diferença proporcional cobrada hoje. Um plano menor vale a partir do fim do período."
      contentClassName="grid gap-4"
    >
      <CicloToggle ciclo={ciclo} onChange={setCiclo} />
      <ul className="grid gap-4 md:grid-cols-3" aria-label="Planos">
        {PLAN_LIST.map((plan) => {
          const atual = ehAtual(resumo, plan.id, ciclo);
          const jaAgendado = agendada?.plano === plan.id && agendada.ciclo === ciclo;
          return (
            <li
              key={plan.id}
              className={cn("flex flex-col gap-3 rounded-lg border p-4", atual && "border-primary")}
              data-testid={`plano-${plan.id}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-base">{plan.nome}</h3>
                {atual && <Badge>Plano atual</Badge>}
              </div>
              <p className="font-semibold text-xl tabular-nums">
                {precoTexto(plan, ciclo)}
                {plan.precoCentavos && ciclo === "yearly" && (
                  <span className="block font-normal text-muted-foreground text-xs">
                    no plano anual, cobrado por mês
                  </span>
                )}
              </p>
              <ul className="grid gap-1.5 text-sm">
                {limitLines(plan.limites).map((linha) => (
                  <li key={linha} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {linha}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-1">
                {atual ? null : jaAgendado ? (
                  <p className="text-muted-foreground text-sm">Agendado para {formatData(agendada.em)}</p>
                ) : (
                  <Button
                    className="w-full"
                    variant={PLAN_RANK[plan.id] > PLAN_RANK[resumo.plano] ? "default" : "outline"}
                    disabled={encerrada}
                    onClick={() => setAlvo({ plano: plan.id, ciclo })}
                  >
                    Mudar para {plan.nome}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {encerrada && <p className="text-muted-foreground text-sm">Reative a assinatura para mudar de plano.</p>}
      <MudarPlanoDialog resumo={resumo} alvo={alvo} onClose={() => setAlvo(null)} />
    </SectionCard>
  );
}
