import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { EditScreen } from "@/web/components/record-screen";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/edit";
import { UNIDADE, UnidadeForm } from "./unidade-form";
import { unidadeDetailOptions } from "./unidades.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.unidades.edit!);

/** Only owners and síndicos edit units; anyone else gets the no-permission state. */
export default function EditarUnidadePage() {
  return (
    <RequirePermission permission="cadastros:editar">
      <EditarUnidadeScreen />
    </RequirePermission>
  );
}

function EditarUnidadeScreen() {
  const { id = "" } = useParams();
  const query = useQuery(unidadeDetailOptions(id));
  return (
    <EditScreen
      query={query}
      labels={UNIDADE}
      title={CONSOLE_SCREENS.unidades.edit!}
      description={query.data ? unidadeLabel(query.data) : "Altere os dados da unidade."}
    >
      {(unidade) => <UnidadeForm key={unidade.id} unidade={unidade} />}
    </EditScreen>
  );
}
