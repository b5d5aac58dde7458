/**
 * Configurações → Plano e faturamento (docs/product.md, "Plano e faturamento";
 * docs/decisions/045-plans-and-billing.md): the plan and its usage, the owner's changes (plan, card,
 * cancellation), the invoices with their receipts and, in demo mode, the lifecycle's simulations. The
 * síndico reads the same page without the actions. It follows the provider live through the
 * "faturamento.atualizado" event.
 */
import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { ErrorState } from "@/web/components/error-state";
import { RequirePermission } from "@/web/components/require-permission";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { usePermission } from "@/web/lib/me.queries";
import type { Route } from "./+types/plano";
import { faturamentoResumoOptions } from "./faturamento.queries";
import { AssinaturaCard } from "./plano/assinatura";
import { CartaoCard } from "./plano/cartao";
import { FaturasCard } from "./plano/faturas";
import { MudarPlanoCard } from "./plano/mudar-plano";
import { PlanoAtualCard, UsoCard } from "./plano/plano-atual";
import { SimularCard } from "./plano/simular";

export const meta: Route.MetaFunction = () => consoleTitle("Plano e faturamento");

const SO_PROPRIETARIO = "Só o proprietário da conta muda o plano, o cartão ou cancela a assinatura.";

export default function PlanoPage() {
  return (
    <RequirePermission permission="faturamento:ler">
      <PlanoScreen />
    </RequirePermission>
  );
}

function PlanoScreen() {
  const query = useQuery(faturamentoResumoOptions());
  const gerencia = usePermission("faturamento:gerenciar");

  if (!query.data) {
    if (query.isError)
      return (
        <ErrorState
          title="Não foi possível carregar o plano."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      );
    return <LoadingState message="Carregando plano e faturamento..." className="py-10" />;
  }

  const resumo = query.data;
  const assinatura = resumo.modo !== "contrato";
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <PlanoAtualCard resumo={resumo} />
        <UsoCard resumo={resumo} />
      </div>
      {assinatura && !gerencia && (
        <p className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950 text-sm dark:border-blue-400/30 dark:bg-blue-400/10 dark:text-blue-100">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {SO_PROPRIETARIO}
        </p>
      )}
      {assinatura && gerencia && (
        <>
          <MudarPlanoCard resumo={resumo} />
          <CartaoCard resumo={resumo} />
          <AssinaturaCard resumo={resumo} />
        </>
      )}
      <FaturasCard />
      {gerencia && resumo.modo === "demo" && <SimularCard />}
    </div>
  );
}
