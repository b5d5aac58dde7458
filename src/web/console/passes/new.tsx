import { useSearchParams } from "react-router";
import { NewScreen } from "@/web/components/record-screen";
import { useCondominioParam } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { isUuid } from "@/web/lib/use-list-params";
import type { Route } from "./+types/new";
import { NovoPasseForm } from "./passe-form";
import { PASSE } from "./passe-labels";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.passes.create!.title);

/** Everyone may issue passes (a morador only for their own units, which is all the server lists them). */
export default function NovoPassePage() {
  return (
    <RequirePermission permission="passes:gerenciar">
      <NovoPasseScreen />
    </RequirePermission>
  );
}

function NovoPasseScreen() {
  const condominioId = useCondominioParam();
  const [params] = useSearchParams();
  const unidadeParam = params.get("unidade_id");
  return (
    <NewScreen
      labels={PASSE}
      title={CONSOLE_SCREENS.passes.create!.title}
      description="Autorize com antecedência a entrada de um visitante, prestador de serviço ou entregador."
    >
      <NovoPasseForm
        condominioId={condominioId}
        // A unit only makes sense with its condominium.
        unidadeId={condominioId && isUuid(unidadeParam) ? unidadeParam : undefined}
      />
    </NewScreen>
  );
}
