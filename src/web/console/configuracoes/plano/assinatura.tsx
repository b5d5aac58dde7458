/**
 * "Cancelar assinatura" (docs/decisions/045-plans-and-billing.md): a cancellation takes effect at the end
 * of the period and deletes nothing (the dialog says what happens to the data); until then it can be
 * undone, and an ended subscription can be started again.
 */
import { CalendarX, RotateCcw } from "lucide-react";
import { cancelamentoExplicacao } from "@/shared/faturamento";
import { formatBRL } from "@/shared/plans";
import type { FaturamentoResumo } from "@/shared/schemas/faturamento";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useCancelarAssinatura, useReativarAssinatura } from "../faturamento.queries";
import { formatData, nomeDoPlano } from "./formato";

function DesfazerCancelamento({ cancelaEm }: { cancelaEm: string }) {
  const reativar = useReativarAssinatura();
  async function desfazer() {
    try {
      await reativar.mutateAsync();
      toast.success("Cancelamento desfeito", { description: "A assinatura continua normalmente." });
    } catch (error) {
      toast.error("Não foi possível desfazer o cancelamento", { description: errorMessage(error) });
    }
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        O cancelamento está agendado: a assinatura termina em {formatData(cancelaEm)}. Até lá, tudo continua
        funcionando.
      </p>
      <Button
        variant="outline"
        className="w-full sm:w-fit"
        disabled={reativar.isPending}
        onClick={() => void desfazer()}
      >
        {reativar.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
        Desfazer cancelamento
      </Button>
    </div>
  );
}

function Reativar({ resumo }: { resumo: FaturamentoResumo }) {
  const reativar = useReativarAssinatura();
  const valor = resumo.proxima_cobranca?.valor_centavos;
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        A assinatura foi encerrada{resumo.encerrada_em ? ` em ${formatData(resumo.encerrada_em)}` : ""}. Nada foi
        apagado: reative para voltar a editar no console.
      </p>
      <ConfirmDialog
        trigger={
          <Button className="w-full sm:w-fit">
            <RotateCcw aria-hidden="true" />
            Reativar assinatura
          </Button>
        }
        title="Reativar a assinatura?"
        description={`O plano ${nomeDoPlano(resumo.plano)} volta agora${
          valor ? `, com cobrança de ${formatBRL(valor)} por mês` : ""
        }${resumo.cartao ? ` no cartão final ${resumo.cartao.final}` : ""}.`}
        confirmLabel="Reativar assinatura"
        pendingLabel="Reativando..."
        onConfirm={async () => {
          try {
            await reativar.mutateAsync();
            toast.success("Assinatura reativada", { description: "O console volta a funcionar normalmente." });
          } catch (error) {
            toast.error("Não foi possível reativar a assinatura", { description: errorMessage(error) });
          }
        }}
      />
    </div>
  );
}

function Cancelar({ resumo }: { resumo: FaturamentoResumo }) {
  const cancelar = useCancelarAssinatura();
  const fim = resumo.periodo ? formatData(resumo.periodo.fim) : "o fim do período";
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        O cancelamento vale no fim do período já pago. Nada é apagado e a portaria continua funcionando.
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="w-full text-destructive hover:text-destructive sm:w-fit">
            <CalendarX aria-hidden="true" />
            Cancelar assinatura
          </Button>
        }
        title="Cancelar a assinatura?"
        description={cancelamentoExplicacao(fim)}
        confirmLabel="Cancelar assinatura"
        pendingLabel="Cancelando..."
        cancelLabel="Manter assinatura"
        confirmVariant="destructive"
        onConfirm={async () => {
          try {
            const atualizado = await cancelar.mutateAsync();
            toast.success("Cancelamento agendado", {
              description: atualizado.cancela_em
                ? `A assinatura continua até ${formatData(atualizado.cancela_em)}.`
                : undefined,
            });
          } catch (error) {
            toast.error("Não foi possível cancelar a assinatura", { description: errorMessage(error) });
          }
        }}
      />
    </div>
  );
}

export function AssinaturaCard({ resumo }: { resumo: FaturamentoResumo }) {
  if (resumo.modo === "contrato") return null;
  const encerrada = resumo.status === "cancelada";
  return (
    <SectionCard icon={CalendarX} title={encerrada ? "Reativar assinatura" : "Cancelar assinatura"}>
      {encerrada ? (
        <Reativar resumo={resumo} />
      ) : resumo.cancela_em ? (
        <DesfazerCancelamento cancelaEm={resumo.cancela_em} />
      ) : (
        <Cancelar resumo={resumo} />
      )}
    </SectionCard>
  );
}
