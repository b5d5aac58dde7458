import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { EditScreen } from "@/web/components/record-screen";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/edit";
import { PESSOA, PessoaForm } from "./pessoa-form";
import { pessoaDetailOptions } from "./pessoas.queries";

export const meta: Route.MetaFunction = () => consoleTitle(CONSOLE_SCREENS.pessoas.edit!);

export default function EditarPessoaPage() {
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
