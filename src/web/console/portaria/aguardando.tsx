/**
 * "Aguardando decisão": the visitors at this gate whose residents have not decided yet, the one
 * waiting longest first. When every resident was reached and nobody answered, the row says so and
 * what to do next; the porteiro decides here with what the resident said on the intercom.
 * Authorising opens the gate and records the entry (docs/decisions/033-gate-opening-is-entry.md),
 * so the visitor moves to "Quem está no condomínio agora".
 */
import { useQuery } from "@tanstack/react-query";
import { Check, Hourglass, PhoneOff, X } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import type { AguardandoDecisao } from "@/shared/schemas/acessos";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { RelativeTime } from "@/web/components/relative-time";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { type Decisao, useDecidirSolicitacao } from "@/web/console/solicitacoes/solicitacoes.queries";
import { errorMessage } from "@/web/lib/api";
import { usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { aguardandoOptions } from "./portaria.queries";
import { ListSkeleton, PortariaSection } from "./section";

type Item = AguardandoDecisao["items"][number];

/** `actions`: "Novo visitante" and the other way in, next to the list they feed. */
export function Aguardando({ condominioId, actions }: { condominioId: string; actions?: ReactNode }) {
  const query = useQuery(aguardandoOptions(condominioId));
  const canDecide = usePermission("solicitacoes:decidir");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = query.data?.items;

  let content: ReactNode;
  if (query.isError && !query.data)
    content = (
      <ErrorState
        title="Não foi possível carregar quem aguarda decisão."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!items) content = <ListSkeleton label="Carregando quem aguarda decisão..." />;
  else if (items.length === 0)
    content = (
      <EmptyState
        icon={Hourglass}
        title="Ninguém aguardando decisão."
        description="Cada visitante registrado aparece aqui até um morador (ou a portaria) decidir."
        className="py-6"
      />
    );
  else
    content = (
      <ul className="divide-y" aria-busy={query.isFetching || undefined}>
        {items.map((item) => (
          <AguardandoRow
            key={item.solicitacao_id}
            item={item}
            canDecide={canDecide}
            // The row leaves the list once decided: the focus must not fall back to the top of the page.
            onDecided={() => headingRef.current?.focus()}
          />
        ))}
      </ul>
    );

  const count = items?.length;
  return (
    <PortariaSection
      icon={Hourglass}
      title="Aguardando decisão"
      count={count}
      headingRef={headingRef}
      actions={actions && <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div>}
      description={
        count === undefined
          ? "Visitantes na portaria esperando a resposta dos moradores."
          : count === 0
            ? "Nenhum visitante esperando."
            : `${count} ${count === 1 ? "visitante esperando" : "visitantes esperando"} a resposta dos moradores.`
      }
      data-testid="aguardando"
    >
      {content}
    </PortariaSection>
  );
}

function AguardandoRow({ item, canDecide, onDecided }: { item: Item; canDecide: boolean; onDecided: () => void }) {
  const decidir = useDecidirSolicitacao(item.solicitacao_id);

  function decide(decisao: Decisao) {
    decidir.mutate(decisao, {
      onSuccess: () => {
        if (decisao === "autorizar")
          toast.success(`${item.nome_visitante} autorizado`, {
            description: "Portão liberado; a entrada foi registrada.",
          });
        else toast.success(`Entrada de ${item.nome_visitante} negada`);
        onDecided();
      },
      onError: (error) => toast.error("Não foi possível decidir", { description: errorMessage(error) }),
    });
  }

  const pending = decidir.isPending ? decidir.variables : undefined;
  return (
    <li
      data-solicitacao-id={item.solicitacao_id}
      className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 lg:flex-row lg:items-center lg:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={`/app/solicitacoes/${item.solicitacao_id}`}
            className="break-words font-semibold text-lg underline-offset-4 hover:underline"
          >
            {item.nome_visitante}
          </Link>
          <TipoBadge tipo={item.tipo} />
          {item.sem_resposta_moradores && (
            <Badge variant="destructive" className="gap-1">
              <PhoneOff className="size-3.5" aria-hidden="true" />
              Sem resposta dos moradores
            </Badge>
          )}
        </p>
        <p className="text-muted-foreground text-sm">
          {unidadeLabel(item.unidade)} · chegou <RelativeTime value={item.created_at} />
        </p>
        {item.sem_resposta_moradores && (
          <p className="text-sm">
            Nenhum morador respondeu. Ligue para a unidade pelo interfone ou confirme com o visitante quem o espera, e
            decida com o que o morador disser.
          </p>
        )}
      </div>
      {canDecide && (
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <Button
            size="lg"
            className="h-12 text-base"
            onClick={() => decide("autorizar")}
            disabled={decidir.isPending}
            aria-busy={pending === "autorizar" || undefined}
          >
            {pending === "autorizar" ? <Spinner className="size-5" /> : <Check className="size-5" aria-hidden="true" />}
            Autorizar<span className="sr-only"> {item.nome_visitante}</span>
          </Button>
          <Button
            variant="outline"
            size="lg"
            className="h-12 text-base"
            onClick={() => decide("negar")}
            disabled={decidir.isPending}
            aria-busy={pending === "negar" || undefined}
          >
            {pending === "negar" ? <Spinner className="size-5" /> : <X className="size-5" aria-hidden="true" />}
            Negar<span className="sr-only"> {item.nome_visitante}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
