import { NewScreen } from "@/web/components/record-screen";
import { useCondominioParam } from "@/web/components/registry";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";
import { PESSOA, PessoaForm } from "./pessoa-form";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Pessoa");

export default function NovaPessoaPage() {
  const condominioId = useCondominioParam();
  return (
    <NewScreen labels={PESSOA} title="Nova Pessoa" description="Cadastre um morador ou funcionário de um condomínio.">
      <PessoaForm condominioId={condominioId} />
    </NewScreen>
  );
}
