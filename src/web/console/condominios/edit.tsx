import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ErrorState } from "@/web/components/error-state";
import { DetailHeader, isNotFound, NotFoundCard } from "@/web/components/registry";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";
import { CondominioForm, LIST } from "./condominio-form";
import { condominioDetailOptions } from "./condominios.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Condomínio");

export default function EditarCondominioPage() {
  const { id = "" } = useParams();
  const query = useQuery(condominioDetailOptions(id));

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
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <DetailHeader
        backTo={query.data ? `${LIST}/${id}` : LIST}
        backLabel="Voltar"
        title="Editar Condomínio"
        description={query.data?.nome ?? "Altere os dados do condomínio."}
      />
      {query.isError ? (
        <ErrorState
          title="Não foi possível carregar o condomínio."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        // Remount when the record arrives, so the form starts from the saved values.
        <CondominioForm key={query.data.id} condominio={query.data} />
      ) : (
        <LoadingState message="Carregando condomínio..." />
      )}
    </div>
  );
}
