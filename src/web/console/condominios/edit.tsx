import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { EditScreen } from "@/web/components/record-screen";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/edit";
import { CONDOMINIO, CondominioForm } from "./condominio-form";
import { condominioDetailOptions } from "./condominios.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.condominios.edit!);

/** Only owners and síndicos register condominiums; anyone else gets the no-permission state. */
export default function EditarCondominioPage() {
  return (
    <RequirePermission permission="cadastros:editar">
      <EditarCondominioScreen />
    </RequirePermission>
  );
}

function EditarCondominioScreen() {
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
