import { useSearchParams } from "react-router";
import { DetailHeader } from "@/web/components/registry";
import { consoleTitle } from "@/web/console/placeholder-page";
import { isUuid } from "@/web/lib/use-list-params";
import type { Route } from "./+types/new";
import { LIST, PessoaForm } from "./pessoa-form";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Pessoa");

export default function NovaPessoaPage() {
  const [params] = useSearchParams();
  const condominioId = params.get("condominio_id");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <DetailHeader
        backTo={LIST}
        backLabel="Voltar para pessoas"
        title="Nova Pessoa"
        description="Cadastre um morador ou funcionário de um condomínio."
      />
      <PessoaForm condominioId={isUuid(condominioId) ? condominioId : undefined} />
    </div>
  );
}
