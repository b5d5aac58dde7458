import { SubScreen, useCondominioParam } from "@/web/components/registry";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";
import { PESSOA, PessoaForm } from "./pessoa-form";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Pessoa");

export default function NovaPessoaPage() {
  const condominioId = useCondominioParam();
  return (
    <SubScreen
      width="max-w-3xl"
      backTo={PESSOA.list}
      backLabel={PESSOA.backLabel}
      title="Nova Pessoa"
      description="Cadastre um morador ou funcionário de um condomínio."
    >
      <PessoaForm condominioId={condominioId} />
    </SubScreen>
  );
}
