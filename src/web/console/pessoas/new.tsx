import { NewScreen } from "@/web/components/record-screen";
import { useCondominioParam } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/new";
import { PESSOA, PessoaForm } from "./pessoa-form";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.pessoas.create!.title);

/** Only owners and síndicos register people; anyone else gets the no-permission state. */
export default function NovaPessoaPage() {
  return (
    <RequirePermission permission="cadastros:editar">
      <NovaPessoaScreen />
    </RequirePermission>
  );
}

function NovaPessoaScreen() {
  const condominioId = useCondominioParam();
  return (
    <NewScreen
      labels={PESSOA}
      title={CONSOLE_SCREENS.pessoas.create!.title}
      description="Cadastre um morador ou funcionário de um condomínio."
    >
      <PessoaForm condominioId={condominioId} />
    </NewScreen>
  );
}
