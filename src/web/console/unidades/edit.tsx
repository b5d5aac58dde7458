import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { ErrorState } from "@/web/components/error-state";
import { DetailHeader, isNotFound, NotFoundCard } from "@/web/components/registry";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";
import { LIST, UnidadeForm } from "./unidade-form";
import { unidadeDetailOptions } from "./unidades.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Unidade");

export default function EditarUnidadePage() {
  const { id = "" } = useParams();
  const query = useQuery(unidadeDetailOptions(id));

  if (query.isError && isNotFound(query.error)) {
    return (
      <NotFoundCard
        title="Unidade não encontrada"
        description="A unidade que você está procurando não existe ou foi removida."
        backTo={LIST}
        backLabel="Voltar para unidades"
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <DetailHeader
        backTo={query.data ? `${LIST}/${id}` : LIST}
        backLabel="Voltar"
        title="Editar Unidade"
        description={query.data ? unidadeLabel(query.data) : "Altere os dados da unidade."}
      />
      {query.isError ? (
        <ErrorState
          title="Não foi possível carregar a unidade."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <UnidadeForm key={query.data.id} unidade={query.data} />
      ) : (
        <LoadingState message="Carregando unidade..." />
      )}
    </div>
  );
}
