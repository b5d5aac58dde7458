import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { BellRing, Building2, Package, TimerOff, Users } from "lucide-react";
import { Link, useParams } from "react-router";
import { TENANT_WIDE_ROLES } from "@/shared/permissions";
import { CONTATO_MORADOR_LABELS, expiracaoText } from "@/shared/schemas/condominios";
import { RecordScreen } from "@/web/components/record-screen";
import { ActiveBadge, DataList, EditLink, shortId } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
import { SolicitacoesCard } from "@/web/components/solicitacoes-table";
import { Card, CardContent } from "@/web/components/ui/card";
import { consoleTitle } from "@/web/console/placeholder-page";
import { recordTitle } from "@/web/lib/console-screens";
import { meQueryOptions, usePermission } from "@/web/lib/me.queries";
import type { Route } from "./+types/detail";
import { CONDOMINIO } from "./condominio-form";
import { condominioDetailOptions } from "./condominios.queries";
import { PortoesCard } from "./portoes-card";
import { RetencaoCard } from "./retencao-card";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(recordTitle("condominios", params.id));

const number = new Intl.NumberFormat("pt-BR");

/** The reminder setting as read (docs/product.md, "Encomendas"): 0 turns it off. */
function lembreteEncomendaText(dias: number): string {
  if (dias === 0) return "Desligado";
  return `após ${number.format(dias)} ${dias === 1 ? "dia" : "dias"}`;
}

function CountCard({
  label,
  value,
  href,
  icon: Icon,
}: {
  label: string;
  value: number;
  href: string;
  icon: typeof Users;
}) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="flex items-center justify-between gap-4 px-4">
        <div>
          <p className="text-muted-foreground text-sm">{label}</p>
          <p className="font-bold text-2xl" data-testid={`count-${label.toLowerCase()}`}>
            {number.format(value)}
          </p>
          <Link to={href} className="text-primary text-sm underline-offset-4 hover:underline">
            Ver {label.toLowerCase()}
          </Link>
        </div>
        <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      </CardContent>
    </Card>
  );
}

/**
 * Condominium detail: data, its gates, how residents are reached, the packages' reminder and drop-off place, the retention of visitor data (run on demand
 * by owners and síndicos), counts of units and people, and the latest requests.
 */
export default function CondominioDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(condominioDetailOptions(id));
  const loaded = query.data;
  const canEdit = usePermission("cadastros:editar");
  const me = useQuery(meQueryOptions());
  // The counts are the whole condominium's: only for staff, whose lists they lead to show as many.
  // A morador reaches their own units only (and no people registry), so the numbers would not match.
  const tenantWide = !!me.data && TENANT_WIDE_ROLES.includes(me.data.role);
  const canReadPessoas = usePermission("pessoas:ler");

  return (
    <RecordScreen
      query={query}
      labels={CONDOMINIO}
      width="max-w-5xl"
      title={loaded?.nome ?? "Condomínio"}
      description={loaded ? `#${shortId(loaded.id)}` : undefined}
      actions={loaded && canEdit && <EditLink to={`${CONDOMINIO.list}/${loaded.id}/editar`} />}
    >
      {(c) => (
        <>
          <SectionCard icon={Building2} title="Dados do condomínio">
            <DataList
              items={[
                ["Nome", c.nome],
                ["Timezone", c.timezone],
                ["Status", <ActiveBadge key="s" active={c.enabled} />],
                ["Criado em", format(new Date(c.created_at), "dd/MM/yyyy")],
              ]}
            />
          </SectionCard>
          <PortoesCard condominioId={c.id} />
          <SectionCard
            icon={BellRing}
            title="Aviso aos moradores"
            description="Como os moradores da unidade são avisados de uma visita."
          >
            <DataList
              items={[
                ["Contato com o morador", CONTATO_MORADOR_LABELS[c.contato_morador]],
                ["Tempo de espera por morador", `${number.format(c.espera_morador_segundos)} segundos`],
                [
                  "Ordem do aviso",
                  c.notificar_todos_moradores
                    ? "Todos os moradores de uma vez"
                    : "Um por vez, na ordem de chamada (responsável primeiro)",
                ],
              ]}
            />
          </SectionCard>
          <SectionCard
            icon={TimerOff}
            title="Expiração das solicitações"
            description="Quanto tempo uma solicitação espera por uma decisão antes de expirar."
          >
            <DataList
              items={[
                [
                  "Expirar solicitações sem resposta após",
                  <span key="e" data-testid="expiracao-solicitacao">
                    {expiracaoText(c.expiracao_solicitacao_minutos)}
                  </span>,
                ],
              ]}
            />
          </SectionCard>
          <SectionCard
            icon={Package}
            title="Encomendas"
            description="Lembretes aos moradores e onde os entregadores deixam as encomendas."
          >
            <DataList
              items={[
                [
                  "Lembrete de encomenda",
                  <span key="l" data-testid="encomenda-lembrete">
                    {lembreteEncomendaText(c.encomenda_lembrete_dias)}
                  </span>,
                ],
                [
                  "Local de entrega",
                  // Without a place set, delivery people are sent to the gate (docs/product.md, "Encomendas").
                  <span key="e" data-testid="encomenda-local-entrega">
                    {c.encomenda_local_entrega || "Portaria"}
                  </span>,
                ],
              ]}
            />
          </SectionCard>
          <RetencaoCard condominio={c} />
          {tenantWide && (
            <div className="grid gap-4 sm:grid-cols-2">
              <CountCard
                label="Unidades"
                value={c.unidades_count}
                href={`/app/unidades?condominio_id=${c.id}`}
                icon={Building2}
              />
              {canReadPessoas && (
                <CountCard
                  label="Pessoas"
                  value={c.pessoas_count}
                  href={`/app/pessoas?condominio_id=${c.id}`}
                  icon={Users}
                />
              )}
            </div>
          )}
          <SolicitacoesCard
            title="Solicitações recentes"
            description="As últimas solicitações de acesso deste condomínio."
            emptyTitle="Nenhuma solicitação recente."
            items={c.solicitacoes_recentes}
            timeZone={c.timezone}
          />
        </>
      )}
    </RecordScreen>
  );
}
