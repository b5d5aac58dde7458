/**
 * Portaria (docs/product.md, "Portaria"): the porteiro's home, laid out for a tablet in landscape (two
 * columns when there is room, big touch targets) and stacked on a phone. Everything on it is about
 * one gate: the condominium this device works at, remembered per device and tenant, and which of its
 * gates (portao.tsx). A porteiro with one condominium never chooses; with several, the screen asks
 * once instead of guessing.
 */
import { useQuery } from "@tanstack/react-query";
import { Building2, MapPin } from "lucide-react";
import { type ReactNode, useState } from "react";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { AddLink } from "@/web/components/list-screen";
import { PageHeader } from "@/web/components/page-header";
import { RequirePermission } from "@/web/components/require-permission";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { condominioOptions } from "@/web/lib/lookups.queries";
import { meQueryOptions, usePermission } from "@/web/lib/me.queries";
import type { Route } from "./+types/portaria";
import { Aguardando } from "./aguardando";
import { Convidados } from "./convidados";
import { EntradaMoradorDialog } from "./entrada-morador-dialog";
import { NovoVisitanteDialog } from "./novo-visitante-dialog";
import { PortaoSelect, usePortaoDaPortaria } from "./portao";
import { pickCondominio, readStoredCondominio, storeCondominio } from "./portaria-helpers";
import { Presentes } from "./presentes";
import { UltimasValidacoes } from "./validacoes";
import { ValidarPasse } from "./validar-passe";

const TITLE = CONSOLE_SCREENS.portaria.list;
const DESCRIPTION = "Receba visitantes, valide passes e registre quem entra e sai do condomínio.";

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

/** Owners, síndicos and porteiros: a morador gets the no-permission state. */
export default function PortariaPage() {
  return (
    <RequirePermission permission="portaria:operar">
      <Portaria />
    </RequirePermission>
  );
}

function Portaria() {
  const me = useQuery(meQueryOptions());
  const organizationId = me.data?.organization.id;
  return organizationId ? <PortariaOf organizationId={organizationId} /> : <PortariaShell body={<Loading />} />;
}

function Loading() {
  return <LoadingState message="Carregando a portaria..." className="py-16" />;
}

function PortariaOf({ organizationId }: { organizationId: string }) {
  const condominios = useQuery(condominioOptions());
  // The console renders on the client only, so the stored choice can be read at once.
  const [stored, setStored] = useState(() => readStoredCondominio(organizationId));
  const choices = (condominios.data ?? []).filter((c) => c.enabled);
  const condominioId = pickCondominio(stored, choices);
  const gate = usePortaoDaPortaria(organizationId, condominioId);
  const canRegister = usePermission("cadastros:editar");
  const canCreate = usePermission("solicitacoes:criar");

  function choose(id: string) {
    setStored(id);
    storeCondominio(organizationId, id);
  }

  let body: ReactNode;
  if (condominios.isError && !condominios.data)
    body = (
      <ErrorState
        title="Não foi possível carregar os condomínios."
        error={condominios.error}
        onRetry={() => void condominios.refetch()}
      />
    );
  else if (condominios.isPending) body = <Loading />;
  else if (choices.length === 0)
    body = (
      <Card>
        <CardContent>
          <EmptyState
            icon={Building2}
            title="Nenhum condomínio ativo."
            description="A portaria opera sobre um condomínio ativo. Cadastre um condomínio ou reative um existente."
            action={canRegister && <AddLink to="/app/condominios/novo">Cadastrar condomínio</AddLink>}
          />
        </CardContent>
      </Card>
    );
  else if (!condominioId) body = <EscolherCondominio choices={choices} onChoose={choose} />;
  else
    body = (
      // Columns follow the space the console leaves (sidebar open or not), not the window's width.
      <div className="@container">
        <div className="grid items-start gap-6 @4xl:grid-cols-2">
          <div className="grid min-w-0 gap-6">
            <ValidarPasse
              key={condominioId}
              condominioId={condominioId}
              portaoId={gate.portao?.id}
              onPortaoRecusado={gate.recheck}
            />
            <Aguardando
              condominioId={condominioId}
              actions={
                <>
                  {canCreate && <NovoVisitanteDialog condominioId={condominioId} portao={gate.portao} />}
                  <EntradaMoradorDialog condominioId={condominioId} />
                </>
              }
            />
            <Convidados key={condominioId} condominioId={condominioId} />
          </div>
          <div className="grid min-w-0 gap-6">
            <Presentes key={condominioId} condominioId={condominioId} />
            <UltimasValidacoes condominioId={condominioId} />
          </div>
        </div>
      </div>
    );

  return (
    <PortariaShell
      body={body}
      select={
        condominioId && (
          // Stacked, one width (the condominium's name's, 18 rem at least): side by side they would
          // squeeze the title on a tablet.
          <div className="grid w-full gap-3 sm:w-auto sm:min-w-72">
            {choices.length > 1 ? (
              <CondominioSelect choices={choices} value={condominioId} onChange={choose} />
            ) : (
              // One condominium (the only one, or the only one this porteiro works at): named, not chosen.
              <p className="grid gap-0.5 text-sm sm:text-right" data-testid="portaria-condominio">
                <span className="text-muted-foreground">Condomínio da portaria</span>
                <span className="font-medium text-base">{choices[0]?.nome}</span>
              </p>
            )}
            {gate.ativos.length > 1 && (
              <PortaoSelect portoes={gate.ativos} value={gate.portao?.id} onChange={gate.choose} />
            )}
          </div>
        )
      }
    />
  );
}

/** First use of this device at an administradora with several condominiums: which gate is this? */
function EscolherCondominio({
  choices,
  onChoose,
}: {
  choices: { id: string; nome: string }[];
  onChoose: (id: string) => void;
}) {
  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="space-y-1">
          <h2 className="font-semibold text-xl">Em qual condomínio fica esta portaria?</h2>
          <p className="text-muted-foreground">
            Este aparelho lembra a escolha. Os PINs são conferidos no condomínio escolhido.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Condomínios">
          {choices.map((c) => (
            <li key={c.id}>
              <Button
                variant="outline"
                size="lg"
                className="h-auto min-h-14 w-full justify-start whitespace-normal py-3 text-left text-base"
                onClick={() => onChoose(c.id)}
              >
                <MapPin className="size-5 shrink-0" aria-hidden="true" />
                {c.nome}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PortariaShell({ body, select }: { body: ReactNode; select?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader title={TITLE} description={DESCRIPTION} actions={select} />
      {body}
    </div>
  );
}

function CondominioSelect({
  choices,
  value,
  onChange,
}: {
  choices: { id: string; nome: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <div className="grid w-full gap-1.5">
      <Label htmlFor="portaria-condominio">Condomínio da portaria</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="portaria-condominio" className="h-12 w-full text-base data-[size=default]:h-12">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((c) => (
            <SelectItem key={c.id} value={c.id} className="py-2.5 text-base">
              {c.nome}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
