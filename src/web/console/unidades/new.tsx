import { NewScreen } from "@/web/components/record-screen";
import { useCondominioParam } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/new";
import { UNIDADE, UnidadeForm } from "./unidade-form";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.unidades.create!.title);

/** Only owners and síndicos register units; anyone else gets the no-permission state. */
export default function NovaUnidadePage() {
  return (
    <RequirePermission permission="cadastros:editar">
      <NovaUnidadeScreen />
    </RequirePermission>
  );
}

function NovaUnidadeScreen() {
  const condominioId = useCondominioParam();
  return (
    <NewScreen
      labels={UNIDADE}
      title={CONSOLE_SCREENS.unidades.create!.title}
      description="Cadastre uma unidade (apartamento, casa ou sala) de um condomínio."
    >
      <UnidadeForm condominioId={condominioId} />
    </NewScreen>
  );
}
