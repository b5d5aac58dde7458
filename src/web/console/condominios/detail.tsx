import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { Building2, ClipboardList, Pencil, Users } from "lucide-react";
import { Link, useParams } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { ActiveBadge, DataList, DetailHeader, isNotFound, NotFoundCard, shortId } from "@/web/components/registry";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { SolicitacoesTable } from "@/web/console/solicitacoes/solicitacoes-table";
import type { Route } from "./+types/detail";
import { LIST } from "./condominio-form";
import { condominioDetailOptions } from "./condominios.queries";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(`Condomínio #${params.id.slice(0, 8)}`);

const number = new Intl.NumberFormat("pt-BR");

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

/** Condominium detail: data, counts of units and people, and the latest requests. */
export default function CondominioDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(condominioDetailOptions(id));
  const c = query.data;

  if (query.isError && isNotFound(query.error)) {
    return (
      <NotFoundCard
        title="Condomínio não encontrado"
        description="O condomínio que você está procurando não existe ou foi removido."
        backTo={LIST}
        backLabel="Voltar para condomínios"
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <DetailHeader
        backTo={LIST}
        backLabel="Voltar para condomínios"
        title={c?.nome ?? "Condomínio"}
        description={c ? `#${shortId(c.id)}` : undefined}
        actions={
          c && (
            <Button asChild>
              <Link to={`${LIST}/${c.id}/editar`}>
                <Pencil aria-hidden="true" />
                Editar
              </Link>
            </Button>
          )
        }
      />
      {query.isError ? (
        <ErrorState
          title="Não foi possível carregar o condomínio."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !c ? (
        <LoadingState message="Carregando condomínio..." />
      ) : (
        <>
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <CardTitle asChild>
                <h2 className="flex items-center gap-2 text-lg">
                  <Building2 className="size-5" aria-hidden="true" />
                  Dados do condomínio
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <DataList
                items={[
                  ["Nome", c.nome],
                  ["Timezone", c.timezone],
                  ["Status", <ActiveBadge key="s" active={c.enabled} />],
                  ["Criado em", format(new Date(c.created_at), "dd/MM/yyyy")],
                ]}
              />
            </CardContent>
          </Card>
          <div className="grid gap-4 sm:grid-cols-2">
            <CountCard
              label="Unidades"
              value={c.unidades_count}
              href={`/app/unidades?condominio_id=${c.id}`}
              icon={Building2}
            />
            <CountCard
              label="Pessoas"
              value={c.pessoas_count}
              href={`/app/pessoas?condominio_id=${c.id}`}
              icon={Users}
            />
          </div>
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <CardTitle asChild>
                <h2 className="flex items-center gap-2 text-lg">
                  <ClipboardList className="size-5" aria-hidden="true" />
                  Solicitações recentes
                </h2>
              </CardTitle>
              <CardDescription>As últimas solicitações de acesso deste condomínio.</CardDescription>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              {c.solicitacoes_recentes.length === 0 ? (
                <EmptyState icon={ClipboardList} title="Nenhuma solicitação recente." />
              ) : (
                <SolicitacoesTable items={c.solicitacoes_recentes} loading={false} />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
