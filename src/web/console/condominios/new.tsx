import { DetailHeader } from "@/web/components/registry";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";
import { CondominioForm, LIST } from "./condominio-form";

export const meta: Route.MetaFunction = () => consoleTitle("Novo Condomínio");

export default function NovoCondominioPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <DetailHeader
        backTo={LIST}
        backLabel="Voltar para condomínios"
        title="Novo Condomínio"
        description="Cadastre um condomínio e o timezone usado em suas datas e horários."
      />
      <CondominioForm />
    </div>
  );
}
