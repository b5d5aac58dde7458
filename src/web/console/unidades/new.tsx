import { useSearchParams } from "react-router";
import { DetailHeader } from "@/web/components/registry";
import { consoleTitle } from "@/web/console/placeholder-page";
import { isUuid } from "@/web/lib/use-list-params";
import type { Route } from "./+types/new";
import { LIST, UnidadeForm } from "./unidade-form";

export const meta: Route.MetaFunction = () => consoleTitle("Nova Unidade");

export default function NovaUnidadePage() {
  const [params] = useSearchParams();
  const condominioId = params.get("condominio_id");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <DetailHeader
        backTo={LIST}
        backLabel="Voltar para unidades"
        title="Nova Unidade"
        description="Cadastre uma unidade (apartamento, casa ou sala) de um condomínio."
      />
      <UnidadeForm condominioId={isUuid(condominioId) ? condominioId : undefined} />
    </div>
  );
}
