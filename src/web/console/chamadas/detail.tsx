import { useQuery } from "@tanstack/react-query";
import { ClipboardList, PhoneCall } from "lucide-react";
import { Link, useParams } from "react-router";
import { formatDuracao } from "@/shared/schemas/chamadas";
import { ErrorState } from "@/web/components/error-state";
import { DataList, DetailHeader, isNotFound, NotFoundCard, shortId } from "@/web/components/registry";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/detail";
import { chamadaDetailOptions } from "./chamadas.queries";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(`Chamada #${params.id.slice(0, 8)}`);

const LIST = "/app/chamadas";

/** Call detail: times, duration, provider, the person called and the request it belongs to. */
export default function ChamadaDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(chamadaDetailOptions(id));
  const c = query.data;

  if (query.isError && isNotFound(query.error)) {
    return (
      <NotFoundCard
        title="Chamada não encontrada"
        description="A chamada que você está procurando não existe ou foi removida."
        backTo={LIST}
        backLabel="Voltar para chamadas"
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <DetailHeader
        backTo={LIST}
        backLabel="Voltar para chamadas"
        title={c ? `Chamada #${shortId(c.id)}` : "Chamada"}
        description={
          c ? `Para ${c.pessoa?.nome ?? "pessoa removida"} · visitante ${c.solicitacao.nome_visitante}` : undefined
        }
        actions={
          c && (
            <Button asChild variant="outline">
              <Link to={`/app/solicitacoes/${c.solicitacao_id}`}>
                <ClipboardList aria-hidden="true" />
                Ver solicitação
              </Link>
            </Button>
          )
        }
      />
      {query.isError ? (
        <ErrorState
          title="Não foi possível carregar a chamada."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !c ? (
        <LoadingState message="Carregando chamada..." />
      ) : (
        <>
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <CardTitle asChild>
                <h2 className="flex items-center gap-2 text-lg">
                  <PhoneCall className="size-5" aria-hidden="true" />
                  Dados da chamada
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <DataList
                items={[
                  ["Status", <StatusBadge key="s" kind="chamada" status={c.status} />],
                  [
                    "Duração",
                    <span key="d" className="font-mono tabular-nums">
                      {formatDuracao(c.duracao_segundos)}
                    </span>,
                  ],
                  [
                    "Iniciada em",
                    <span key="i" className="flex flex-col">
                      {formatDateTime(c.iniciado_em)}
                      <RelativeTime value={c.iniciado_em} className="font-normal text-muted-foreground text-sm" />
                    </span>,
                  ],
                  ["Finalizada em", c.finalizado_em ? formatDateTime(c.finalizado_em) : "Em andamento"],
                  ["Provedor", c.provedor],
                  ["Ramal discado", c.ramal_discado],
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <CardTitle asChild>
                <h2 className="text-lg">Pessoa chamada e solicitação</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <DataList
                items={[
                  [
                    "Pessoa",
                    c.pessoa_id && c.pessoa ? (
                      <Link key="p" to={`/app/pessoas/${c.pessoa_id}`} className="hover:underline">
                        {c.pessoa.nome}
                      </Link>
                    ) : (
                      "Pessoa removida"
                    ),
                  ],
                  ["Ramal da pessoa", c.pessoa?.pbx_ramal ?? null],
                  [
                    "Visitante",
                    <span key="v" className="flex flex-wrap items-center gap-2">
                      {c.solicitacao.nome_visitante}
                      <TipoBadge tipo={c.solicitacao.tipo} />
                    </span>,
                  ],
                  [
                    "Solicitação",
                    <Link
                      key="s"
                      to={`/app/solicitacoes/${c.solicitacao_id}`}
                      className="inline-flex items-center gap-1 hover:underline"
                    >
                      #{shortId(c.solicitacao_id)}
                    </Link>,
                  ],
                ]}
              />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
