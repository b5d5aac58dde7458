import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@/web/components/page-header";
import { consoleTitle } from "@/web/console/placeholder-page";
import { meQueryOptions } from "@/web/lib/me.queries";
import type { Route } from "./+types/perfil";
import { DadosPessoaisCard } from "./dados-pessoais";
import { SenhaCard } from "./senha-form";
import { SessoesCard } from "./sessoes-card";

export const meta: Route.MetaFunction = () => consoleTitle("Perfil");

/** "Perfil" (the user menu): every role manages its own name, photo, password and sessions here. */
export default function PerfilPage() {
  const me = useQuery(meQueryOptions());
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="Perfil" description="Seus dados, sua senha e os dispositivos conectados à sua conta." />
      <DadosPessoaisCard />
      <SenhaCard email={me.data?.user.email} />
      <SessoesCard />
    </div>
  );
}
