import { NewScreen } from "@/web/components/record-screen";
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/new";
import { CONDOMINIO, CondominioForm } from "./condominio-form";

export const meta: Route.MetaFunction = () => consoleTitle("Novo Condomínio");

export default function NovoCondominioPage() {
  return (
    <NewScreen
      labels={CONDOMINIO}
      title="Novo Condomínio"
      description="Cadastre um condomínio e o timezone usado em suas datas e horários."
    >
      <CondominioForm />
    </NewScreen>
  );
}
