import { useQuery } from "@tanstack/react-query";
import { ClipboardList, PhoneCall } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { formatDuracao } from "@/shared/schemas/chamadas";
import { type RecordLabels, RecordScreen } from "@/web/components/record-screen";
import { DataList, shortId } from "@/web/components/registry";
import { RelativeTime } from "@/web/components/relative-time";
import { SectionCard } from "@/web/components/section-card";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { ZonedTime } from "@/web/components/zoned-time";
import { consoleTitle } from "@/web/console/placeholder-page";
import { recordTitle } from "@/web/lib/console-screens";
import { usePermission } from "@/web/lib/me.queries";
import type { Route } from "./+types/detail";
import { chamadaDetailOptions } from "./chamadas.queries";
import { ChamadaDemoBadge, teclaText } from "./demo-badge";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(recordTitle("chamadas", params.id));

const CHAMADA: RecordLabels = {
  list: "/app/chamadas",
  backLabel: "Voltar para chamadas",
  notFoundTitle: "Chamada não encontrada",
  notFoundDescription: "A chamada que você está procurando não existe ou foi removida.",
  errorTitle: "Não foi possível carregar a chamada.",
  loading: "Carregando chamada...",
};

/**
 * Call detail: status ("Demonstração" for a call of the demonstration), times, duration, provider,
 * the key the resident pressed, the person called and the request it belongs to.
 */
export default function ChamadaDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(chamadaDetailOptions(id));
  const loaded = query.data;
  // The person called links to the people registry only for those who may read it (staff).
  const canReadPessoas = usePermission("pessoas:ler");

  return (
    <RecordScreen
      query={query}
      labels={CHAMADA}
      width="max-w-4xl"
      title={loaded ? `Chamada #${shortId(loaded.id)}` : "Chamada"}
      description={
        loaded
          ? `Para ${loaded.pessoa?.nome ?? "pessoa removida"} · visitante ${loaded.solicitacao.nome_visitante}`
          : undefined
      }
      actions={
        loaded && (
          <Button asChild variant="outline">
            <Link to={`/app/solicitacoes/${loaded.solicitacao_id}`}>
              <ClipboardList aria-hidden="true" />
              Ver solicitação
            </Link>
          </Button>
        )
      }
    >
      {(c) => (
        <>
          <SectionCard icon={PhoneCall} title="Dados da chamada">
            <DataList
              items={[
                [
                  "Status",
                  <span key="s" className="flex flex-wrap items-center gap-2">
                    <StatusBadge kind="chamada" status={c.status} />
                    <ChamadaDemoBadge demo={c.demo} />
                  </span>,
                ],
                [
                  "Duração",
                  <span key="d" className="font-mono tabular-nums">
                    {formatDuracao(c.duracao_segundos)}
                  </span>,
                ],
                [
                  "Iniciada em",
                  <span key="i" className="flex flex-col">
                    <ZonedTime value={c.iniciado_em} timeZone={c.condominio.timezone} />
                    <RelativeTime
                      value={c.iniciado_em}
                      timeZone={c.condominio.timezone}
                      className="font-normal text-muted-foreground text-sm"
                    />
                  </span>,
                ],
                [
                  "Finalizada em",
                  c.finalizado_em ? (
                    <ZonedTime key="f" value={c.finalizado_em} timeZone={c.condominio.timezone} />
                  ) : (
                    "Em andamento"
                  ),
                ],
                ["Provedor", c.provedor],
                ["Ramal discado", c.ramal_discado],
                // Only on a call Guarita placed, once the resident pressed a key.
                ...(c.tecla ? [["Tecla pressionada", teclaText(c.tecla)] as [string, ReactNode]] : []),
              ]}
            />
          </SectionCard>
          <SectionCard title="Pessoa chamada e solicitação">
            <DataList
              items={[
                [
                  "Pessoa",
                  c.pessoa_id && c.pessoa ? (
                    canReadPessoas ? (
                      <Link key="p" to={`/app/pessoas/${c.pessoa_id}`} className="hover:underline">
                        {c.pessoa.nome}
                      </Link>
                    ) : (
                      c.pessoa.nome
                    )
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
          </SectionCard>
        </>
      )}
    </RecordScreen>
  );
}
