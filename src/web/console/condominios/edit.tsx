import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { EditScreen } from "@/web/components/record-screen";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/edit";
import { CONDOMINIO, CondominioForm } from "./condominio-form";
import { condominioDetailOptions } from "./condominios.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.condominios.edit!);

export default function EditarCondominioPage() {
  const { id = "" } = useParams();
  const query = useQuery(condominioDetailOptions(id));
  // The form is keyed by the record, so it always starts from the saved values.
  return (
    <EditScreen
      query={query}
      labels={CONDOMINIO}
      title={CONSOLE_SCREENS.condominios.edit!}
      description={query.data?.nome ?? "Altere os dados do condomínio."}
    >
      {(condominio) => <CondominioForm key={condominio.id} condominio={condominio} />}
    </EditScreen>
  );
}
