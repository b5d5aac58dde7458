/**
 * "Simular (demonstração)" (docs/decisions/045-plans-and-billing.md): in demo mode the owner moves the
 * subscription through its lifecycle (a renewal, a failed charge, the end of the grace period, the end
 * of the period) and sees what the console does, without any money involved.
 */
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { DEMO_SIMULACAO_LABELS, DEMO_SIMULACOES, type DemoSimulacao } from "@/shared/schemas/faturamento";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useSimularDemo } from "../faturamento.queries";

export function SimularCard() {
  const simular = useSimularDemo();
  const [acao, setAcao] = useState<DemoSimulacao | null>(null);

  async function rodar(escolhida: DemoSimulacao) {
    setAcao(escolhida);
    try {
      await simular.mutateAsync(escolhida);
      toast.success("Simulação aplicada", { description: DEMO_SIMULACAO_LABELS[escolhida] });
    } catch (error) {
      toast.error("Não foi possível simular", { description: errorMessage(error) });
    } finally {
      setAcao(null);
    }
  }

  return (
    <SectionCard
      icon={FlaskConical}
      title="Simular (demonstração)"
      description="Veja como o console reage a cada etapa da cobrança. Nada é cobrado."
    >
      <div className="grid gap-2 sm:grid-cols-2">
        {DEMO_SIMULACOES.map((item) => (
          <Button
            key={item}
            variant="outline"
            className="h-auto min-h-9 w-full whitespace-normal text-left"
            disabled={simular.isPending}
            onClick={() => void rodar(item)}
          >
            {acao === item && <Spinner />}
            {DEMO_SIMULACAO_LABELS[item]}
          </Button>
        ))}
      </div>
    </SectionCard>
  );
}
