import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ErrorState } from "@/web/components/error-state";
import { DetailHeader, isNotFound, NotFoundCard } from "@/web/components/registry";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";
import { LIST, PessoaForm } from "./pessoa-form";
import { pessoaDetailOptions } from "./pessoas.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Pessoa");

export default function EditarPessoaPage() {
  const { id = "" } = useParams();
  const query = useQuery(pessoaDetailOptions(id));

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
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <DetailHeader
        backTo={query.data ? `${LIST}/${id}` : LIST}
        backLabel="Voltar"
        title="Editar Pessoa"
        description={query.data ? query.data.nome : "Altere os dados da pessoa."}
      />
      {query.isError ? (
        <ErrorState
          title="Não foi possível carregar a pessoa."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <PessoaForm key={query.data.id} pessoa={query.data} />
      ) : (
        <LoadingState message="Carregando pessoa..." />
      )}
    </div>
  );
}
