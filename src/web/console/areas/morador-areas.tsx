/**
 * The morador's /app/areas (docs/decisions/044-common-area-bookings.md), made for a phone: the areas
 * they may book as cards (photo, name, capacity, fee, "Reservar"), their unit's bookings with the
 * upcoming ones first, and "Adicionar ao meu calendário": a secret iCal address of the unit's
 * bookings, shown once, to copy or open as webcal, and revocable. The `reserva.atualizada` events
 * refresh it all (keys under "reservas"): a booking approved by the síndico turns "Confirmada" here.
 */
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, CalendarPlus, Copy, ExternalLink, LandPlot, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import type { Area, Reserva } from "@/shared/schemas/reservas";
import { unidadeLabel } from "@/shared/unidade-label";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { ZonedTime } from "@/web/components/zoned-time";
import { unidadesListOptions } from "@/web/console/unidades/unidades.queries";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { areasListOptions } from "./areas.queries";
import {
  capacidadeLabel,
  diaCurto,
  horarioReserva,
  ReservaStatusBadge,
  reservaPath,
  reservarPath,
  taxaLabel,
} from "./reserva-ui";
import {
  calendarioFeedsOptions,
  reservasPageOptions,
  useCreateCalendarioFeed,
  useRevogarCalendarioFeed,
} from "./reservas.queries";

function CardsSkeleton({ message }: { message: string }) {
  return (
    <div className="space-y-3">
      <span className="sr-only" role="status">
        {message}
      </span>
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border p-4" aria-hidden="true">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-48" />
        </div>
      ))}
    </div>
  );
}

function AreaCard({ area }: { area: Area }) {
  const titleId = `area-${area.id}-titulo`;
  const foto = area.foto?.status === "disponivel" ? (area.foto.miniatura_url ?? area.foto.url) : null;
  const capacidade = capacidadeLabel(area.capacidade);
  return (
    <article aria-labelledby={titleId} className="flex gap-4 rounded-xl border bg-card p-4 shadow-sm">
      {foto ? (
        <img
          src={foto}
          alt=""
          width={96}
          height={96}
          decoding="async"
          className="size-24 shrink-0 rounded-md bg-muted object-cover"
        />
      ) : (
        <span className="flex size-24 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <LandPlot className="size-8" aria-hidden="true" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 id={titleId} className="break-words font-semibold text-lg leading-tight">
          {area.nome}
        </h3>
        <dl className="space-y-0.5 text-sm">
          {capacidade && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted-foreground">Capacidade</dt>
              <dd className="font-medium">{capacidade}</dd>
            </div>
          )}
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Taxa</dt>
            <dd className="font-medium">{taxaLabel(area.taxa_centavos)}</dd>
          </div>
        </dl>
        <Button asChild className="mt-auto w-full sm:w-auto sm:self-start">
          <Link to={reservarPath(area.id)} aria-label={`Reservar ${area.nome}`}>
            <CalendarPlus aria-hidden="true" />
            Reservar
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** Upcoming bookings first (soonest first), then the past ones (latest first). */
function ordenar(items: Reserva[], now = Date.now()): Reserva[] {
  const futuras = items.filter((r) => Date.parse(r.fim) >= now).sort((a, b) => a.inicio.localeCompare(b.inicio));
  const passadas = items.filter((r) => Date.parse(r.fim) < now).sort((a, b) => b.inicio.localeCompare(a.inicio));
  return [...futuras, ...passadas];
}

function ReservaItem({ r, showUnidade }: { r: Reserva; showUnidade: boolean }) {
  const tz = r.condominio.timezone;
  return (
    <article className="flex flex-col gap-2 rounded-xl border p-4" aria-labelledby={`reserva-${r.id}-titulo`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`reserva-${r.id}-titulo`} className="font-semibold">
          <Link to={reservaPath(r.id)} className="hover:underline">
            {r.area.nome}
          </Link>
        </h3>
        <ReservaStatusBadge status={r.status} />
      </div>
      <p className="text-sm">
        <span className="capitalize">{diaCurto(r.data)}</span>, {horarioReserva(r, tz)}
        {showUnidade && <span className="text-muted-foreground"> · {unidadeLabel(r.unidade)}</span>}
      </p>
      <p className="text-muted-foreground text-sm">
        {r.convidados_total === 1 ? "1 convidado" : `${r.convidados_total} convidados`}
      </p>
    </article>
  );
}

export function MoradorAreas() {
  const areas = useQuery(areasListOptions({ ativas: true }));
  const reservas = useQuery(reservasPageOptions({ page_size: 50 }));
  const unidades = useQuery(unidadesListOptions({}));
  const units = unidades.data?.items ?? [];

  let areasContent: ReactNode;
  if (areas.isPending) areasContent = <CardsSkeleton message="Carregando áreas..." />;
  else if (!areas.data)
    areasContent = (
      <ErrorState
        title="Não foi possível carregar as áreas."
        error={areas.error}
        onRetry={() => void areas.refetch()}
      />
    );
  else if (areas.data.length === 0)
    areasContent = (
      <EmptyState
        icon={LandPlot}
        title="Nenhuma área disponível para reserva"
        description="Quando o síndico cadastrar o salão de festas, a churrasqueira ou a quadra, elas aparecem aqui."
      />
    );
  else
    areasContent = (
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Áreas para reservar">
        {areas.data.map((a) => (
          <li key={a.id}>
            <AreaCard area={a} />
          </li>
        ))}
      </ul>
    );

  let reservasContent: ReactNode;
  if (reservas.isPending) reservasContent = <CardsSkeleton message="Carregando suas reservas..." />;
  else if (!reservas.data)
    reservasContent = (
      <ErrorState
        title="Não foi possível carregar as suas reservas."
        error={reservas.error}
        onRetry={() => void reservas.refetch()}
      />
    );
  else if (reservas.data.items.length === 0)
    reservasContent = (
      <EmptyState
        icon={CalendarClock}
        title="Nenhuma reserva ainda"
        description="Escolha uma área acima para reservar."
      />
    );
  else
    reservasContent = (
      <ul className="space-y-3" aria-label="Minhas reservas">
        {ordenar(reservas.data.items).map((r) => (
          <li key={r.id}>
            <ReservaItem r={r} showUnidade={units.length > 1} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="Áreas comuns" description="Reserve o salão de festas, a churrasqueira ou a quadra." />
      <section aria-labelledby="areas-reservar-titulo" className="space-y-3">
        <h2 id="areas-reservar-titulo" className="font-semibold text-xl">
          Para reservar
        </h2>
        {areasContent}
      </section>
      <section aria-labelledby="areas-minhas-titulo" className="space-y-3">
        <h2 id="areas-minhas-titulo" className="font-semibold text-xl">
          Minhas reservas
        </h2>
        {reservasContent}
      </section>
      <SectionCard
        icon={CalendarPlus}
        title="Adicionar ao meu calendário"
        titleId="areas-calendario-titulo"
        description="Um endereço secreto com as reservas da sua unidade, para o calendário do celular (Google, Apple, Outlook) acompanhar sozinho."
      >
        {unidades.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !unidades.data ? (
          <ErrorState
            title="Não foi possível carregar as suas unidades."
            error={unidades.error}
            onRetry={() => void unidades.refetch()}
          />
        ) : units.length === 0 ? (
          <p className="text-muted-foreground text-sm">Seu acesso ainda não está vinculado a uma unidade.</p>
        ) : (
          <div className="space-y-6">
            {units.map((u) => (
              <CalendarioUnidade
                key={u.id}
                unidadeId={u.id}
                condominioId={u.condominio_id}
                titulo={units.length > 1 ? unidadeLabel(u) : undefined}
              />
            ))}
          </div>
        )}
      </SectionCard>
    </div>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.target.select()} />
        <Button
          type="button"
          variant="outline"
          aria-label={`Copiar ${label.toLowerCase()}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              toast.success("Endereço copiado");
            } catch {
              toast.error("Não foi possível copiar", { description: "Selecione o endereço e copie." });
            }
          }}
        >
          <Copy aria-hidden="true" />
          Copiar
        </Button>
      </div>
    </div>
  );
}

/** One unit's feeds: create (the address shown once), and revoke the existing ones. */
function CalendarioUnidade({
  unidadeId,
  condominioId,
  titulo,
}: {
  unidadeId: string;
  condominioId: string;
  titulo?: string;
}) {
  const feeds = useQuery(calendarioFeedsOptions(condominioId));
  const criar = useCreateCalendarioFeed();
  const revogar = useRevogarCalendarioFeed(condominioId);
  const [criado, setCriado] = useState<{ id: string; url: string; webcal_url: string } | null>(null);
  const meus = (feeds.data ?? []).filter((f) => f.unidade_id === unidadeId);

  async function gerar() {
    try {
      const feed = await criar.mutateAsync({ condominio_id: condominioId, unidade_id: unidadeId });
      setCriado({ id: feed.id, url: feed.url, webcal_url: feed.webcal_url });
    } catch (error) {
      toast.error("Não foi possível criar o endereço", { description: errorMessage(error) });
    }
  }

  return (
    <div className="space-y-3">
      {titulo && <h3 className="font-medium">{titulo}</h3>}
      {criado && (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50/50 p-3 dark:border-amber-400/40 dark:bg-amber-400/5">
          <p className="text-sm" role="status">
            Endereço criado. Ele só aparece agora: copie ou abra no calendário. Quem tiver o endereço vê as reservas da
            unidade.
          </p>
          <CopyField label="Endereço do calendário" value={criado.url} />
          <CopyField label="Endereço webcal" value={criado.webcal_url} />
          <Button asChild variant="secondary">
            <a href={criado.webcal_url}>
              <ExternalLink aria-hidden="true" />
              Abrir no calendário
            </a>
          </Button>
        </div>
      )}
      {feeds.isError && <p className="text-destructive text-sm">{errorMessage(feeds.error)}</p>}
      {meus.length > 0 && (
        <ul className="space-y-2" aria-label="Endereços de calendário ativos">
          {meus.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <span>
                Criado em <ZonedTime value={f.created_at} timeZone={undefined} />
                {f.ultimo_acesso_em ? (
                  <>
                    {" "}
                    · lido em <ZonedTime value={f.ultimo_acesso_em} timeZone={undefined} />
                  </>
                ) : (
                  " · ainda não lido"
                )}
              </span>
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" size="sm">
                    <Trash2 aria-hidden="true" />
                    Revogar
                  </Button>
                }
                title="Revogar o endereço do calendário?"
                description="O calendário que usa este endereço para de receber as reservas. Você pode criar outro depois."
                confirmLabel="Revogar"
                pendingLabel="Revogando..."
                confirmVariant="destructive"
                onConfirm={async () => {
                  try {
                    await revogar.mutateAsync(f.id);
                    if (criado?.id === f.id) setCriado(null);
                    toast.success("Endereço revogado");
                  } catch (error) {
                    toast.error("Não foi possível revogar", { description: errorMessage(error) });
                    throw error;
                  }
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Button type="button" variant="outline" onClick={() => void gerar()} disabled={criar.isPending}>
        {criar.isPending ? <Spinner /> : <CalendarPlus aria-hidden="true" />}
        {meus.length > 0 ? "Criar outro endereço" : "Adicionar ao meu calendário"}
      </Button>
    </div>
  );
}
