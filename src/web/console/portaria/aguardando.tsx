/** "Aguardando entrada": visitors a resident or the staff authorised who have not come in yet. */
import { useQuery } from "@tanstack/react-query";
import { Hourglass, LogIn } from "lucide-react";
import { type ReactNode, useRef } from "react";
import type { AguardandoEntrada } from "@/shared/schemas/acessos";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { RelativeTime } from "@/web/components/relative-time";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { useRegistrarEntrada } from "@/web/console/acessos/acessos.queries";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { aguardandoOptions } from "./portaria.queries";
import { ListSkeleton, PortariaSection } from "./section";

type Item = AguardandoEntrada["items"][number];

/** `actions`: the other way in, "Entrada autorizada por morador", next to the authorised list. */
export function Aguardando({ condominioId, actions }: { condominioId: string; actions?: ReactNode }) {
  const query = useQuery(aguardandoOptions(condominioId));
  const registrar = useRegistrarEntrada();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = query.data?.items;

  function registrarEntrada(item: Item) {
    registrar.mutate(
      { origem: "solicitacao", solicitacao_id: item.solicitacao_id },
      {
        onSuccess: () => {
          toast.success("Entrada registrada", { description: `${item.nome_visitante} entrou no condomínio.` });
          // The row leaves the list: the focus must not fall back to the top of the page.
          headingRef.current?.focus();
        },
        onError: (error) => toast.error("Não foi possível registrar a entrada", { description: errorMessage(error) }),
      },
    );
  }

  let content: ReactNode;
  if (query.isError && !query.data)
    content = (
      <ErrorState
        title="Não foi possível carregar quem aguarda entrada."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!items) content = <ListSkeleton label="Carregando quem aguarda entrada..." />;
  else if (items.length === 0)
    content = (
      <EmptyState
        icon={Hourglass}
        title="Ninguém aguardando entrada."
        description="As solicitações autorizadas nas últimas 24 horas aparecem aqui até o visitante entrar."
        className="py-6"
      />
    );
  else
    content = (
      <ul className="divide-y" aria-busy={query.isFetching || undefined}>
        {items.map((item) => {
          const pending =
            registrar.isPending &&
            registrar.variables?.origem === "solicitacao" &&
            registrar.variables.solicitacao_id === item.solicitacao_id;
          return (
            <li
              key={item.solicitacao_id}
              data-solicitacao-id={item.solicitacao_id}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="break-words font-semibold text-lg">{item.nome_visitante}</span>
                  <TipoBadge tipo={item.tipo} />
                </p>
                <p className="text-muted-foreground text-sm">
                  {unidadeLabel(item.unidade)}
                  {item.decidido_por_nome && <> · Autorizado por {item.decidido_por_nome}</>}
                  {item.decidido_em && (
                    <>
                      {" "}
                      <RelativeTime value={item.decidido_em} />
                    </>
                  )}
                </p>
              </div>
              <Button
                size="lg"
                className="h-12 shrink-0 text-base"
                onClick={() => registrarEntrada(item)}
                disabled={registrar.isPending}
                aria-busy={pending || undefined}
              >
                {pending ? <Spinner className="size-5" /> : <LogIn className="size-5" aria-hidden="true" />}
                Registrar entrada<span className="sr-only"> de {item.nome_visitante}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    );

  const count = items?.length;
  return (
    <PortariaSection
      icon={Hourglass}
      title="Aguardando entrada"
      count={count}
      headingRef={headingRef}
      actions={actions}
      description={
        count === undefined
          ? "Visitantes com entrada autorizada que ainda não chegaram."
          : count === 0
            ? "Nenhum visitante autorizado aguardando."
            : `${count} ${count === 1 ? "visitante autorizado aguardando" : "visitantes autorizados aguardando"}.`
      }
      data-testid="aguardando"
    >
      {content}
    </PortariaSection>
  );
}
