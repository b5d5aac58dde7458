/**
 * A morador's home (docs/product.md, "Dashboard"): which unit(s) they live in, the visits waiting for
 * their decision ("Autorizar" / "Negar", decided "pelo aplicativo"), a prominent "Nova Solicitação",
 * the latest requests and calls of their units. Every list comes from the same endpoints as the staff
 * screens; the server scopes them to the caller's units (docs/decisions/015-roles-and-data-scope.md),
 * so nothing here filters by unit.
 */
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { ArrowRight, BellRing, Home, PhoneCall, Plus } from "lucide-react";
import type * as React from "react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { Chamada } from "@/shared/schemas/chamadas";
import type { Me } from "@/shared/schemas/me";
import type { Solicitacao } from "@/shared/schemas/solicitacoes";
import { type Unidade, unidadeLabel } from "@/shared/schemas/unidades";
import { DecisaoBotoes, type Escolha } from "@/web/components/decisao-botoes";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { RefreshButton } from "@/web/components/refresh-button";
import { RelativeTime } from "@/web/components/relative-time";
import { SectionCard } from "@/web/components/section-card";
import { SolicitacoesCard } from "@/web/components/solicitacoes-table";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { chamadasListOptions } from "@/web/console/chamadas/chamadas.queries";
import { solicitacoesListOptions, useDecidirSolicitacao } from "@/web/console/solicitacoes/solicitacoes.queries";
import { unidadesListOptions } from "@/web/console/unidades/unidades.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { condominioOptions } from "@/web/lib/lookups.queries";
import { toast } from "@/web/lib/toast";
import { EncomendasCard } from "./encomendas-card";

/** How many of the latest requests and calls the home shows; the full lists are a link away. */
export const HOME_SHOWN = 5;

const NEW_REQUEST = "/app/solicitacoes/nova";

/** "Ana" from "Ana Beatriz Souza"; nothing for an empty name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

function NovaSolicitacaoButton({ size = "lg" }: { size?: "default" | "lg" }) {
  return (
    <Button asChild size={size}>
      <Link to={NEW_REQUEST}>
        <Plus aria-hidden="true" />
        Nova Solicitação
      </Link>
    </Button>
  );
}

function SeeAll({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="outline">
      <Link to={to}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

/**
 * The heading names the unit(s): "Residencial Jardim das Acácias / Torre A - Unidade 101" for one,
 * "Minhas unidades" over the list for several.
 */
function UnitsHeading({
  units,
  condominioNome,
}: {
  units: Unidade[];
  condominioNome: (id: string) => string | undefined;
}) {
  const [only] = units;
  if (units.length === 1 && only) {
    return (
      <h1 className="font-bold text-2xl tracking-tight md:text-3xl" data-testid="minha-unidade">
        <span className="block font-medium text-base text-muted-foreground">
          {condominioNome(only.condominio_id) ?? "Minha unidade"}
        </span>
        <span className="block break-words">{unidadeLabel(only)}</span>
      </h1>
    );
  }
  return (
    <div className="space-y-2">
      <h1 className="font-bold text-2xl tracking-tight md:text-3xl">
        {units.length > 1 ? "Minhas unidades" : "Minha unidade"}
      </h1>
      {units.length > 1 && (
        <ul className="space-y-1" data-testid="minhas-unidades">
          {units.map((u) => (
            <li key={u.id} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{unidadeLabel(u)}</span>
              {condominioNome(u.condominio_id) && (
                <span className="text-muted-foreground">{condominioNome(u.condominio_id)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ChamadaItem({ c }: { c: Chamada }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3" data-chamada-id={c.id}>
      <div className="min-w-0 flex-1 basis-48 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <TipoBadge tipo={c.solicitacao.tipo} />
          <StatusBadge kind="chamada" status={c.status} />
        </div>
        <p className="break-words font-medium">{c.solicitacao.nome_visitante}</p>
        <p className="flex flex-wrap gap-x-2 text-muted-foreground text-sm">
          {c.pessoa && <span>Para {c.pessoa.nome}</span>}
          {c.pessoa && <span aria-hidden="true">·</span>}
          <RelativeTime value={c.iniciado_em} />
        </p>
      </div>
      <Button asChild variant="outline" size="sm" className="ml-auto shrink-0">
        <Link to={`/app/chamadas/${c.id}`} aria-label={`Ver chamada sobre ${c.solicitacao.nome_visitante}`}>
          Ver
        </Link>
      </Button>
    </li>
  );
}

function ChamadasCard({ chamadas }: { chamadas: UseQueryResult<{ items: Chamada[]; total: number }> }) {
  let body: React.ReactNode;
  if (chamadas.isPending) {
    body = (
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="space-y-2 rounded-lg border p-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-48" />
          </li>
        ))}
      </ul>
    );
  } else if (!chamadas.data) {
    body = (
      <ErrorState
        title="Não foi possível carregar as chamadas."
        error={chamadas.error}
        onRetry={() => void chamadas.refetch()}
      />
    );
  } else if (chamadas.data.items.length === 0) {
    body = <EmptyState icon={PhoneCall} title="Nenhuma chamada para a sua unidade ainda." />;
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label="Chamadas recentes">
          {chamadas.data.items.map((c) => (
            <ChamadaItem key={c.id} c={c} />
          ))}
        </ul>
        <div className="mt-4 flex justify-center">
          <SeeAll to="/app/chamadas">Ver todas as chamadas</SeeAll>
        </div>
      </>
    );
  }
  return (
    <SectionCard
      icon={PhoneCall}
      title="Chamadas recentes"
      description="Ligações feitas à sua unidade para autorizar visitas."
    >
      {body}
    </SectionCard>
  );
}

/** How many pending requests the home offers to decide; more is rare (the list has them all). */
export const PENDENTES_SHOWN = 20;

/** One visit waiting at the gate: who, for which unit, since when, and the two decisions. */
function PendenteItem({
  s,
  onDecided,
  onCloseAutoFocus,
}: {
  s: Solicitacao;
  onDecided: (id: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const decidir = useDecidirSolicitacao(s.id);
  const titleId = `pendente-${s.id}`;

  async function decide(escolha: Escolha, motivoNegacao: string | null) {
    try {
      await decidir.mutateAsync({ decisao: escolha, motivoNegacao });
      onDecided(s.id);
      toast.success(
        escolha === "autorizar" ? `Entrada de ${s.nome_visitante} autorizada` : `Entrada de ${s.nome_visitante} negada`,
        { description: "A portaria já foi avisada." },
      );
    } catch (error) {
      // A reason too long is shown under its field, in the dialog; anything else here (409: decided already).
      if (!(error instanceof ApiError && error.fields.some((f) => f.path === "motivo_negacao")))
        toast.error("Não foi possível decidir", { description: errorMessage(error) });
      throw error;
    }
  }

  return (
    <li
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50/60 p-3 dark:border-amber-400/40 dark:bg-amber-400/10"
      data-aguardando-id={s.id}
      aria-labelledby={titleId}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <TipoBadge tipo={s.tipo} />
          <StatusBadge status={s.status} />
        </div>
        <p id={titleId} className="break-words font-semibold text-lg">
          <Link
            to={`/app/solicitacoes/${s.id}`}
            className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            {s.nome_visitante}
          </Link>
        </p>
        <p className="flex flex-wrap gap-x-2 text-muted-foreground text-sm">
          <span>{unidadeLabel(s.unidade)}</span>
          <span aria-hidden="true">·</span>
          <span>
            chegou <RelativeTime value={s.created_at} />
          </span>
        </p>
        {s.motivo && <p className="break-words text-sm">Motivo: {s.motivo}</p>}
      </div>
      <DecisaoBotoes visitante={s.nome_visitante} onDecide={decide} onCloseAutoFocus={onCloseAutoFocus} />
    </li>
  );
}

/**
 * "Aguardando sua decisão": the unit's pending requests, each with "Autorizar" and "Negar" (docs/product.md,
 * "Dashboard"). The same conditional decision as the resident link and the console: of everyone deciding at
 * once one wins, and the others read why. Hidden while nothing waits; after the last decision it says so.
 */
function AguardandoDecisao({ pendentes }: { pendentes: UseQueryResult<{ items: Solicitacao[] }> }) {
  const region = useRef<HTMLElement>(null);
  // Decided here: gone at once, before the list's refetch confirms it.
  const [decididas, setDecididas] = useState<string[]>([]);
  const decided = useRef(false);
  const items = (pendentes.data?.items ?? []).filter((s) => s.status === "pendente" && !decididas.includes(s.id));
  if (items.length === 0 && decididas.length === 0) return null;

  // The decided item's buttons are gone with it: the focus goes to the section instead.
  const afterClose = (event: Event) => {
    if (!decided.current) return;
    decided.current = false;
    event.preventDefault();
    region.current?.focus();
  };

  return (
    <section ref={region} tabIndex={-1} aria-labelledby="aguardando-decisao-titulo" className="outline-none">
      <SectionCard
        icon={BellRing}
        title="Aguardando sua decisão"
        titleId="aguardando-decisao-titulo"
        description="Visitantes na portaria esperando a resposta da sua unidade. A portaria vê a sua decisão na hora."
        className="border-amber-300 dark:border-amber-400/40"
      >
        {items.length === 0 ? (
          <p className="text-muted-foreground text-sm" role="status">
            Nenhuma visita aguardando sua decisão.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Visitas aguardando sua decisão">
            {items.map((s) => (
              <PendenteItem
                key={s.id}
                s={s}
                onDecided={(id) => {
                  decided.current = true;
                  setDecididas((ids) => [...ids, id]);
                }}
                onCloseAutoFocus={afterClose}
              />
            ))}
          </ul>
        )}
      </SectionCard>
    </section>
  );
}

/** The home a morador sees at /app/dashboard instead of the staff dashboard. */
export function MoradorHome({ me }: { me: Me }) {
  const unidades = useQuery(unidadesListOptions({}));
  const condominios = useQuery(condominioOptions());
  const solicitacoes = useQuery(solicitacoesListOptions({ page_size: HOME_SHOWN }));
  const pendentes = useQuery(solicitacoesListOptions({ status: "pendente", page_size: PENDENTES_SHOWN }));
  const chamadas = useQuery(chamadasListOptions({ page_size: HOME_SHOWN }));

  const units = unidades.data?.items ?? [];
  const condominioNome = (id: string) => condominios.data?.find((c) => c.id === id)?.nome;
  // Without a unit (their person record not linked yet) there is nothing to request for.
  const noUnit = unidades.data !== undefined && units.length === 0;
  const plural = units.length > 1;
  const nome = firstName(me.user.name);

  let heading: React.ReactNode;
  if (unidades.isPending) {
    heading = (
      <div className="space-y-2">
        <h1 className="font-bold text-2xl tracking-tight md:text-3xl">Minha unidade</h1>
        <span className="sr-only" role="status">
          Carregando sua unidade...
        </span>
        <Skeleton className="h-5 w-56" aria-hidden="true" />
      </div>
    );
  } else if (!unidades.data) {
    heading = (
      <div className="space-y-3">
        <h1 className="font-bold text-2xl tracking-tight md:text-3xl">Minha unidade</h1>
        <ErrorState
          title="Não foi possível carregar a sua unidade."
          error={unidades.error}
          onRetry={() => void unidades.refetch()}
        />
      </div>
    );
  } else {
    heading = <UnitsHeading units={units} condominioNome={condominioNome} />;
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1">
          {nome && <p className="text-muted-foreground">Olá, {nome}!</p>}
          {heading}
        </div>
        {!noUnit && (
          <div className="flex flex-wrap items-center gap-2">
            <RefreshButton
              refetch={async () => {
                const results = await Promise.all([
                  unidades.refetch(),
                  pendentes.refetch(),
                  solicitacoes.refetch(),
                  chamadas.refetch(),
                ]);
                return results.find((result) => result.isError) ?? results[0];
              }}
              description="Início atualizado com os dados mais recentes."
            />
            <NovaSolicitacaoButton />
          </div>
        )}
      </div>

      {noUnit ? (
        <Card>
          <CardContent>
            <EmptyState
              icon={Home}
              title="Seu acesso ainda não está vinculado a uma unidade."
              description="Fale com o síndico ou com a administradora para vincular o seu cadastro à sua unidade."
            />
          </CardContent>
        </Card>
      ) : (
        <>
          <AguardandoDecisao pendentes={pendentes} />
          <EncomendasCard />
          <SolicitacoesCard
            title={plural ? "Solicitações das suas unidades" : "Solicitações da sua unidade"}
            description="As mais recentes primeiro."
            emptyTitle="Nenhuma solicitação para a sua unidade ainda."
            emptyAction={<NovaSolicitacaoButton size="default" />}
            items={solicitacoes.data?.items}
            loading={solicitacoes.isPending}
            error={solicitacoes.error}
            onRetry={() => void solicitacoes.refetch()}
            footer={<SeeAll to="/app/solicitacoes">Ver todas as solicitações</SeeAll>}
          />
          <ChamadasCard chamadas={chamadas} />
        </>
      )}
    </div>
  );
}
