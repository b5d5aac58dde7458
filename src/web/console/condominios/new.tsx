import { NewScreen } from "@/web/components/record-screen";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/new";
import { CONDOMINIO, CondominioForm } from "./condominio-form";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.condominios.create!.title);

/** Only owners and síndicos register condominiums; anyone else gets the no-permission state. */
export default function NovoCondominioPage() {
  return (
    <RequirePermission permission="cadastros:editar">
      <NovoCondominioScreen />
    </RequirePermission>
  );
}

function NovoCondominioScreen() {
  return (
    <NewScreen
      labels={CONDOMINIO}
      title={CONSOLE_SCREENS.condominios.create!.title}
      description="Cadastre um condomínio e o timezone usado em suas datas e horários."
    >
      <CondominioForm />
    </NewScreen>
  );
}
