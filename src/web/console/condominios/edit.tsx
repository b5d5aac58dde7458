import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { RecordScreen } from "@/web/components/registry";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/edit";
import { CONDOMINIO, CondominioForm } from "./condominio-form";
import { condominioDetailOptions } from "./condominios.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Editar Condomínio");

export default function EditarCondominioPage() {
  const { id = "" } = useParams();
  const query = useQuery(condominioDetailOptions(id));
  // The form is keyed by the record, so it always starts from the saved values.
  return (
    <RecordScreen
      query={query}
      labels={CONDOMINIO}
      width="max-w-3xl"
      backTo={query.data ? `${CONDOMINIO.list}/${id}` : CONDOMINIO.list}
      backLabel="Voltar"
      title="Editar Condomínio"
      description={query.data?.nome ?? "Altere os dados do condomínio."}
    >
      {(condominio) => <CondominioForm key={condominio.id} condominio={condominio} />}
    </RecordScreen>
  );
}
