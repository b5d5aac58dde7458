import { useQuery } from "@tanstack/react-query";
import { ClipboardList, Home, Pencil, Phone, Star, Trash2, User } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import {
  ActiveBadge,
  DataList,
  DetailHeader,
  isNotFound,
  NotFoundCard,
  shortId,
  useCondominioNome,
} from "@/web/components/registry";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { SolicitacoesTable } from "@/web/console/solicitacoes/solicitacoes-table";
import { errorMessage } from "@/web/lib/api";
import type { Route } from "./+types/detail";
import { LIST } from "./pessoa-form";
import { pessoaDetailOptions, useDeletePessoa } from "./pessoas.queries";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(`Pessoa #${params.id.slice(0, 8)}`);

function SectionTitle({ icon: Icon, children }: { icon: typeof User; children: React.ReactNode }) {
  return (
    <CardTitle asChild>
      <h2 className="flex items-center gap-2 text-lg">
        <Icon className="size-5" aria-hidden="true" />
        {children}
      </h2>
    </CardTitle>
  );
}

/** Person detail: data, the units the person lives in, the requests they decided, and delete. */
export default function PessoaDetailPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(pessoaDetailOptions(id));
  const remove = useDeletePessoa(id);
  const p = query.data;
  const condominioNome = useCondominioNome(p?.condominio_id);

  if (query.isError && isNotFound(query.error)) {
    return (
      <NotFoundCard
        title="Pessoa não encontrada"
        description="A pessoa que você está procurando não existe ou foi removida."
        backTo={LIST}
        backLabel="Voltar para pessoas"
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <DetailHeader
        backTo={LIST}
        backLabel="Voltar para pessoas"
        title={p?.nome ?? "Pessoa"}
        description={p ? `#${shortId(p.id)}` : undefined}
        actions={
          p && (
            <>
              <Button asChild>
                <Link to={`${LIST}/${p.id}/editar`}>
                  <Pencil aria-hidden="true" />
                  Editar
                </Link>
              </Button>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" className="text-destructive">
                    <Trash2 aria-hidden="true" />
                    Excluir
                  </Button>
                }
                title="Excluir pessoa?"
                description={`${p.nome} será removida do cadastro e de todas as unidades. As solicitações que ela decidiu continuam no histórico com o seu nome.`}
                confirmLabel="Excluir"
                pendingLabel="Excluindo..."
                confirmVariant="destructive"
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync();
                    toast.success("Pessoa excluída", { description: p.nome });
                    navigate(LIST);
                  } catch (error) {
                    toast.error("Erro ao excluir pessoa", { description: errorMessage(error) });
                  }
                }}
              />
            </>
          )
        }
      />
      {query.isError ? (
        <ErrorState
          title="Não foi possível carregar a pessoa."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !p ? (
        <LoadingState message="Carregando pessoa..." />
      ) : (
        <>
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <SectionTitle icon={User}>Dados da pessoa</SectionTitle>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <DataList
                items={[
                  [
                    "Condomínio",
                    <Link key="c" to={`/app/condominios/${p.condominio_id}`} className="hover:underline">
                      {condominioNome ?? `#${shortId(p.condominio_id)}`}
                    </Link>,
                  ],
                  ["Status", <ActiveBadge key="s" active={p.ativo} />],
                  ["Documento", p.documento],
                  [
                    "E-mail",
                    p.email && (
                      <a key="e" href={`mailto:${p.email}`} className="hover:underline">
                        {p.email}
                      </a>
                    ),
                  ],
                  [
                    "Telefone",
                    p.telefone_e164 && (
                      <a
                        key="t"
                        href={`tel:${p.telefone_e164}`}
                        className="inline-flex items-center gap-1 hover:underline"
                      >
                        <Phone className="size-3.5" aria-hidden="true" />
                        {p.telefone_e164}
                      </a>
                    ),
                  ],
                  ["Ramal", p.pbx_ramal],
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <SectionTitle icon={Home}>Unidades</SectionTitle>
              <CardDescription>Unidades em que esta pessoa mora.</CardDescription>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              {p.unidades.length === 0 ? (
                <EmptyState
                  icon={Home}
                  title="Esta pessoa não mora em nenhuma unidade."
                  description="Associe-a a uma unidade na tela da unidade."
                />
              ) : (
                <ul className="divide-y rounded-lg border">
                  {p.unidades.map((u) => (
                    <li key={u.unidade_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                      <Link to={`/app/unidades/${u.unidade_id}`} className="font-medium hover:underline">
                        {unidadeLabel(u)}
                      </Link>
                      {u.is_responsavel && (
                        <Badge variant="secondary">
                          <Star aria-hidden="true" />
                          Responsável
                        </Badge>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <SectionTitle icon={ClipboardList}>Solicitações decididas</SectionTitle>
              <CardDescription>Solicitações de acesso que esta pessoa autorizou ou negou.</CardDescription>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              {p.solicitacoes_decididas.length === 0 ? (
                <EmptyState icon={ClipboardList} title="Nenhuma solicitação decidida por esta pessoa." />
              ) : (
                <SolicitacoesTable items={p.solicitacoes_decididas} loading={false} />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
