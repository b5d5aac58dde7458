/**
 * "Áreas comuns" (docs/decisions/044-common-area-bookings.md). A morador: the areas they may book
 * (morador-areas.tsx). Staff: the areas of each condominium with their status, how they are booked
 * and when they open; "Reservar" (for a unit), and for the síndico and the owner "Editar", "Nova
 * área" and the approvals waiting. The calendar and the bookings list are one tap away. The keys are
 * rooted at "reservas": a booking made on a phone updates the pending count here by itself.
 */
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, CalendarPlus, CheckCheck, List, Pencil, Plus, Trees } from "lucide-react";
import { Link } from "react-router";
import { AREA_MODO_LABELS, type Area } from "@/shared/schemas/reservas";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { ActiveBadge } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { LoadingState } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { meQueryOptions } from "@/web/lib/me.queries";
import { useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/areas";
import { horarioResumo } from "./area-horarios";
import { useAreas } from "./areas.queries";
import { MoradorAreas } from "./morador-areas";
import { AREAS, capacidadeLabel, reservarPath, taxaLabel } from "./reserva-ui";
import { reservasPageOptions } from "./reservas.queries";

const TITLE = CONSOLE_SCREENS.areas.list;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

export default function AreasPage() {
  return (
    <RequirePermission permission="reservas:ler">
      <AreasPorPapel />
    </RequirePermission>
  );
}

function AreasPorPapel() {
  const me = useQuery(meQueryOptions());
  if (!me.data) return <LoadingState message="Carregando..." />;
  if (me.data.role === "morador") return <MoradorAreas />;
  return (
    <AreasStaff
      admin={me.data.permissions.includes("areas:gerenciar")}
      aprova={me.data.permissions.includes("reservas:aprovar")}
    />
  );
}

/** "?condominio_id=..." carried to the linked screens, so they open on the same condominium. */
const comCondominio = (path: string, condominioId: string | undefined) =>
  condominioId ? `${path}?condominio_id=${condominioId}` : path;

function AreasStaff({ admin, aprova }: { admin: boolean; aprova: boolean }) {
  const list$ = useListParams();
  const condominios = useCondominios();
  const condominioId = list$.uuid("condominio_id");
  const areas = useAreas(condominioId);
  const pendentes = useQuery({
    ...reservasPageOptions({ condominio_id: condominioId, status: "pendente", page_size: 1 }),
    enabled: aprova,
  });
  const pendentesTotal = pendentes.data?.total ?? 0;
  const items = areas.data ?? [];

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title={TITLE}
        description="Salão de festas, churrasqueira, quadra: as regras de cada área e as reservas dos moradores."
        actions={
          admin && (
            <Button asChild>
              <Link to={comCondominio(`${AREAS}/nova`, condominioId)}>
                <Plus aria-hidden="true" />
                Nova área
              </Link>
            </Button>
          )
        }
      />
      <nav aria-label="Reservas" className="flex flex-wrap gap-2">
        {aprova && (
          <Button asChild variant="outline">
            <Link to={comCondominio(`${AREAS}/aprovacoes`, condominioId)} data-testid="link-aprovacoes">
              <CheckCheck aria-hidden="true" />
              Aprovações
              {pendentes.data && (
                <Badge
                  variant={pendentesTotal > 0 ? "default" : "secondary"}
                  aria-label={`${pendentesTotal} aguardando aprovação`}
                  data-testid="pendentes-count"
                >
                  {pendentesTotal}
                </Badge>
              )}
            </Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={comCondominio(`${AREAS}/calendario`, condominioId)}>
            <CalendarDays aria-hidden="true" />
            Calendário
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={comCondominio(`${AREAS}/reservas`, condominioId)}>
            <List aria-hidden="true" />
            Reservas
          </Link>
        </Button>
      </nav>
      {(condominios.many || condominioId) && (
        <div className="max-w-sm">
          <CondominioFilter
            condominios={condominios}
            value={condominioId}
            onChange={(condominio_id) => list$.update({ condominio_id })}
          />
        </div>
      )}
      {areas.isError && !areas.data ? (
        <ErrorState
          title="Não foi possível carregar as áreas."
          error={areas.error}
          onRetry={() => void areas.refetch()}
        />
      ) : areas.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <Card>
          <CardContent>
            <EmptyState
              icon={Trees}
              title="Nenhuma área cadastrada."
              description={
                admin
                  ? "Cadastre o salão de festas, a churrasqueira ou a quadra para os moradores reservarem pelo celular."
                  : "O síndico ainda não cadastrou as áreas comuns deste condomínio."
              }
              action={
                admin && (
                  <Button asChild>
                    <Link to={comCondominio(`${AREAS}/nova`, condominioId)}>
                      <Plus aria-hidden="true" />
                      Nova área
                    </Link>
                  </Button>
                )
              }
            />
          </CardContent>
        </Card>
      ) : (
        <ul
          className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${areas.isPlaceholderData ? "opacity-60" : ""}`}
          aria-label="Áreas"
          aria-busy={areas.isPlaceholderData || undefined}
        >
          {items.map((area) => (
            <li key={area.id}>
              <AreaCard area={area} admin={admin} showCondominio={condominios.many} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AreaCard({ area, admin, showCondominio }: { area: Area; admin: boolean; showCondominio: boolean }) {
  const foto = area.foto?.status === "disponivel" ? (area.foto.miniatura_url ?? area.foto.url) : null;
  const capacidade = capacidadeLabel(area.capacidade);
  const modo =
    area.modo === "blocos" && area.bloco_horas ? `Blocos de ${area.bloco_horas} h` : AREA_MODO_LABELS[area.modo];
  return (
    <Card className="h-full gap-3 py-4" data-area-id={area.id} data-testid="area-card">
      <CardContent className="flex h-full flex-col gap-3 px-4">
        <div className="flex items-start gap-3">
          {foto && (
            <img
              src={foto}
              alt=""
              width={64}
              height={64}
              decoding="async"
              className="size-16 shrink-0 rounded-md bg-muted object-cover"
            />
          )}
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="font-semibold text-lg leading-tight [overflow-wrap:anywhere]">{area.nome}</h2>
            {showCondominio && <p className="text-muted-foreground text-sm">{area.condominio.nome}</p>}
            <div className="flex flex-wrap gap-1">
              <ActiveBadge active={area.ativa} feminine />
              {area.requer_aprovacao && <Badge variant="secondary">Com aprovação</Badge>}
            </div>
          </div>
        </div>
        <dl className="grid gap-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-muted-foreground">Reserva:</dt>
            <dd>{modo}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-muted-foreground">Horário:</dt>
            <dd className="[overflow-wrap:anywhere]">{horarioResumo(area.horarios)}</dd>
          </div>
          {capacidade && (
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Capacidade:</dt>
              <dd>{capacidade}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt className="text-muted-foreground">Taxa:</dt>
            <dd>{taxaLabel(area.taxa_centavos)}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {area.ativa && (
            <Button asChild size="sm">
              <Link to={reservarPath(area.id)} aria-label={`Reservar ${area.nome}`}>
                <CalendarPlus aria-hidden="true" />
                Reservar
              </Link>
            </Button>
          )}
          {admin && (
            <Button asChild size="sm" variant="outline">
              <Link to={`${AREAS}/${area.id}/editar`} aria-label={`Editar ${area.nome}`}>
                <Pencil aria-hidden="true" />
                Editar
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
