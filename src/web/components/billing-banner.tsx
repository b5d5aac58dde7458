/**
 * The console's billing banner (docs/decisions/045-plans-and-billing.md): while a failed payment's grace
 * period runs, and once the console is read-only (the grace is over, or the subscription ended), every
 * staff screen says so above its content. From GET /api/me's `cobranca`; the owner gets the link to
 * "Plano e faturamento", the rest of the staff are told to warn the owner.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Lock } from "lucide-react";
import { Link } from "react-router";
import { PLANO_PATH } from "@/shared/faturamento";
import { QUERY_ROOTS } from "@/shared/query-keys";
import type { Me } from "@/shared/schemas/me";
import { apiFetch } from "@/web/lib/api";
import { meKeys } from "@/web/lib/me.queries";
import { cn } from "@/web/lib/utils";

type Cobranca = Me["cobranca"];

/**
 * Under the "faturamento" root, so the "faturamento.atualizado" event (a payment failed, was paid, the
 * subscription ended) refreshes the banner live; it starts from the /api/me the shell already has, so
 * opening the console costs no extra request.
 */
const cobrancaKey = [QUERY_ROOTS.faturamento, "cobranca"] as const;

const dataCurta = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "America/Sao_Paulo",
});

/**
 * The read-only banner's short text. /api/me does not say whether the payment is late or the
 * subscription ended (the page says which, with SOMENTE_LEITURA_INADIMPLENTE / _ENCERRADA); both
 * mean the same here: what still works, that nothing is lost, and where to fix it (the link).
 */
const SOMENTE_LEITURA_CURTO = "a assinatura não está em dia. A portaria continua funcionando e nada foi apagado.";

function useCobranca(me: Me): Cobranca {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cobrancaKey,
    queryFn: async ({ signal }) => {
      const fresh = await apiFetch<Me>("/api/me", { signal });
      queryClient.setQueryData(meKeys.all, fresh);
      return fresh.cobranca ?? null;
    },
    initialData: me.cobranca ?? null,
    initialDataUpdatedAt: () => queryClient.getQueryState(meKeys.all)?.dataUpdatedAt,
  });
  return query.data;
}

export function BillingBanner({ me }: { me: Me }) {
  const staff = me.role !== "morador";
  if (!staff) return null;
  return <BillingBannerFor me={me} />;
}

function BillingBannerFor({ me }: { me: Me }) {
  const cobranca = useCobranca(me);
  if (!cobranca) return null;
  // Only the owner fixes it; a síndico reads the page, the rest of the staff have none to open.
  const owner = me.permissions.includes("faturamento:gerenciar");
  const canRead = me.permissions.includes("faturamento:ler");
  const carencia = cobranca.situacao === "carencia";
  const Icon = carencia ? CreditCard : Lock;
  const texto = carencia
    ? `Não conseguimos cobrar a assinatura. Atualize o cartão${cobranca.ate ? ` até ${dataCurta.format(new Date(cobranca.ate))}` : ""} para manter o console funcionando.`
    : `Console somente para leitura: ${SOMENTE_LEITURA_CURTO}`;
  return (
    // A named region: outside <main>, its text still sits in a landmark.
    <section aria-label="Aviso de cobrança">
      <div
        // A status, not an alert: it is there on every screen and must not interrupt each time one opens.
        role="status"
        data-testid="billing-banner"
        data-situacao={cobranca.situacao}
        className={cn(
          "flex flex-col gap-2 border-b px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-3 md:px-6",
          carencia
            ? "border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
            : "border-red-200 bg-red-50 text-red-950 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-100",
        )}
      >
        <p className="flex min-w-0 flex-1 items-start gap-2">
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{texto}</span>
        </p>
        {!owner && <span className="shrink-0 font-medium">Avise o proprietário da conta.</span>}
        {canRead && (
          <Link
            to={PLANO_PATH}
            className="shrink-0 self-start rounded-md font-semibold underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:self-auto"
          >
            Plano e faturamento
          </Link>
        )}
      </div>
    </section>
  );
}
