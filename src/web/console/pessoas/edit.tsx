import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { EditScreen } from "@/web/components/record-screen";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/edit";
import { PESSOA, PessoaForm } from "./pessoa-form";
import { pessoaDetailOptions } from "./pessoas.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.pessoas.edit!);

/** Only owners and síndicos edit people; anyone else gets the no-permission state. */
export default function EditarPessoaPage() {
  return (
    <RequirePermission permission="cadastros:editar">
      <EditarPessoaScreen />
    </RequirePermission>
  );
}

function EditarPessoaScreen() {
  const { id = "" } = useParams();
  const query = useQuery(pessoaDetailOptions(id));
  return (
    <EditScreen
      query={query}
      labels={PESSOA}
      title={CONSOLE_SCREENS.pessoas.edit!}
      description={query.data ? query.data.nome : "Altere os dados da pessoa."}
    >
      {(pessoa) => <PessoaForm key={pessoa.id} pessoa={pessoa} />}
    </EditScreen>
  );
}
