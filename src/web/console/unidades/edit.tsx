import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { RecordScreen } from "@/web/components/registry";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";
import { UNIDADE, UnidadeForm } from "./unidade-form";
import { unidadeDetailOptions } from "./unidades.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Unidade");

export default function EditarUnidadePage() {
  const { id = "" } = useParams();
  const query = useQuery(unidadeDetailOptions(id));
  return (
    <RecordScreen
      query={query}
      labels={UNIDADE}
      width="max-w-3xl"
      backTo={query.data ? `${UNIDADE.list}/${id}` : UNIDADE.list}
      backLabel="Voltar"
      title="Editar Unidade"
      description={query.data ? unidadeLabel(query.data) : "Altere os dados da unidade."}
    >
      {(unidade) => <UnidadeForm key={unidade.id} unidade={unidade} />}
    </RecordScreen>
  );
}
