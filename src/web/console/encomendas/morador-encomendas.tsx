/**
 * The morador's /app/encomendas (docs/product.md, "Encomendas"; docs/decisions/043-deliveries.md),
 * made for a phone: the packages of their units waiting at the gate, each with the pickup code in
 * large digits and as a QR Code for the porteiro to read, "Ciente" to stop a perishable's repeated
 * notices, the history of what was collected (when and by whom, paged by the server) and who else
 * may collect. The server scopes every list to the caller's units and returns the codes to residents
 * only; the `encomenda.atualizada` events refresh it all (keys under "encomendas"), so a package
 * handed over leaves "Aguardando retirada" and shows as "Retirada" without a reload.
 */
import { useQuery } from "@tanstack/react-query";
import { Check, PackageCheck, PackageOpen, Users } from "lucide-react";
import type * as React from "react";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Encomenda } from "@/shared/schemas/encomendas";
import { unidadeLabel } from "@/shared/unidade-label";
import { CodigoRetirada, EncomendaStatusBadge, PerecivelBadge } from "@/web/components/codigo-retirada";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { RefreshButton } from "@/web/components/refresh-button";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { ZonedTime } from "@/web/components/zoned-time";
import { unidadesListOptions } from "@/web/console/unidades/unidades.queries";
import { errorMessage } from "@/web/lib/api";
import { AGUARDANDO_PAGE_SIZE, aguardandoResumo, HISTORICO_PAGE_SIZE } from "@/web/lib/encomendas-resumo";
import { toast } from "@/web/lib/toast";
import { AutorizadosEncomendas } from "./autorizados";
import { CodigoQrCode } from "./codigo-qr-code";
import { encomendasListOptions, useCienteEncomenda } from "./encomendas.queries";

/** One line of a card's details: a term and its value, side by side from the small breakpoint. */
function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}

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
          <Skeleton className="h-10 w-40" />
        </div>
      ))}
    </div>
  );
}

/** A package waiting at the gate: what, where, since when, the code (digits and QR) and "Ciente". */
function AguardandoCard({ e, showUnidade }: { e: Encomenda; showUnidade: boolean }) {
  const ciente = useCienteEncomenda();
  const article = useRef<HTMLElement>(null);
  // The answer's time, until the refetched list carries it (the whole batch is acknowledged).
  const [cienteEm, setCienteEm] = useState<string | null>(null);
  const acknowledged = e.ciente_em ?? cienteEm;
  const titleId = `encomenda-${e.id}-titulo`;
  const tz = e.condominio.timezone;

  async function marcarCiente() {
    try {
      const detail = await ciente.mutateAsync(e.id);
      setCienteEm(detail.ciente_em ?? new Date().toISOString());
      toast.success("Aviso confirmado", { description: "A portaria sabe que você já viu esta encomenda." });
      // The button is gone: the focus stays on this card rather than falling to the page.
      article.current?.focus();
    } catch (error) {
      toast.error("Não foi possível confirmar", { description: errorMessage(error) });
    }
  }

  return (
    <article
      ref={article}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-amber-300 bg-card p-4 shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:border-amber-400/40"
      data-encomenda-id={e.id}
    >
      <div className="space-y-2">
        <h3 id={titleId} className="break-words font-semibold text-lg leading-tight">
          {e.transportadora_nome}
        </h3>
        <div className="flex flex-wrap items-center gap-1.5">
          <EncomendaStatusBadge status={e.status} />
          {e.perecivel && <PerecivelBadge />}
        </div>
      </div>
      <dl className="space-y-1 text-sm">
        {showUnidade && <Detail term="Unidade">{unidadeLabel(e.unidade)}</Detail>}
        {e.destinatario && <Detail term="Para">{e.destinatario.nome}</Detail>}
        {e.rastreio && (
          <Detail term="Rastreio">
            <span className="font-mono">{e.rastreio}</span>
          </Detail>
        )}
        {e.local && <Detail term="Onde está">{e.local}</Detail>}
        <Detail term="Recebida em">
          <ZonedTime value={e.recebida_em} timeZone={tz} />
        </Detail>
        {e.observacoes && <Detail term="Observações">{e.observacoes}</Detail>}
      </dl>
      {e.codigo_retirada ? (
        <div className="flex flex-col gap-4 rounded-lg bg-muted/50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-2">
            <p className="text-muted-foreground text-sm">Código de retirada</p>
            <CodigoRetirada codigo={e.codigo_retirada} />
            <p className="text-muted-foreground text-sm">Informe o código ou mostre o QR Code na portaria.</p>
          </div>
          <CodigoQrCode codigo={e.codigo_retirada} className="self-center sm:self-auto" />
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">O código de retirada foi enviado aos moradores da unidade.</p>
      )}
      {acknowledged ? (
        <p className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-sm">
          <Check className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          Ciente em <ZonedTime value={acknowledged} timeZone={tz} />
        </p>
      ) : (
        <div className="space-y-2">
          <Button
            type="button"
            className="w-full sm:w-auto"
            onClick={() => void marcarCiente()}
            disabled={ciente.isPending}
            aria-describedby={`${titleId}-ciente`}
          >
            {ciente.isPending ? <Spinner /> : <Check aria-hidden="true" />}
            {ciente.isPending ? "Confirmando..." : "Ciente"}
          </Button>
          <p id={`${titleId}-ciente`} className="text-muted-foreground text-sm">
            {e.perecivel
              ? "Confirme que viu o aviso: os lembretes deste perecível param."
              : "Confirme que viu o aviso da encomenda."}
          </p>
        </div>
      )}
    </article>
  );
}

/** A package collected: when, by whom and which porteiro handed it over. */
function RetiradaCard({ e, showUnidade }: { e: Encomenda; showUnidade: boolean }) {
  const titleId = `encomenda-${e.id}-titulo`;
  const tz = e.condominio.timezone;
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border p-4" data-encomenda-id={e.id}>
      <div className="space-y-2">
        <h3 id={titleId} className="break-words font-semibold leading-tight">
          {e.transportadora_nome}
        </h3>
        <div className="flex flex-wrap items-center gap-1.5">
          <EncomendaStatusBadge status={e.status} />
          {e.perecivel && <PerecivelBadge />}
        </div>
      </div>
      <dl className="space-y-1 text-sm">
        {showUnidade && <Detail term="Unidade">{unidadeLabel(e.unidade)}</Detail>}
        {e.rastreio && (
          <Detail term="Rastreio">
            <span className="font-mono">{e.rastreio}</span>
          </Detail>
        )}
        {e.retirada_em && (
          <Detail term="Retirada em">
            <ZonedTime value={e.retirada_em} timeZone={tz} />
          </Detail>
        )}
        {e.retirada_por_nome && <Detail term="Por">{e.retirada_por_nome}</Detail>}
        {e.entregue_por_nome && <Detail term="Entregue por">{e.entregue_por_nome}</Detail>}
        <Detail term="Recebida em">
          <ZonedTime value={e.recebida_em} timeZone={tz} />
        </Detail>
      </dl>
    </article>
  );
}

function pageFrom(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isFinite(page) && page > 1 ? page : 1;
}

/** The morador's deliveries screen: it reads all it shows (the route renders it for a morador). */
export function MoradorEncomendas() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const unidades = useQuery(unidadesListOptions({}));
  const aguardando = useQuery(encomendasListOptions({ status: "aguardando", page_size: AGUARDANDO_PAGE_SIZE }));
  const retiradas = useQuery(encomendasListOptions({ status: "retirada", page, page_size: HISTORICO_PAGE_SIZE }));
  const historyHeading = useRef<HTMLHeadingElement>(null);

  const units = unidades.data?.items ?? [];
  const several = units.length > 1;

  function goToPage(next: number) {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next > 1) updated.set("page", String(next));
        else updated.delete("page");
        return updated;
      },
      { preventScrollReset: true },
    );
    historyHeading.current?.focus();
  }

  let waiting: React.ReactNode;
  if (aguardando.isPending) {
    waiting = <CardsSkeleton message="Carregando encomendas..." />;
  } else if (!aguardando.data) {
    waiting = (
      <ErrorState
        title="Não foi possível carregar as encomendas."
        error={aguardando.error}
        onRetry={() => void aguardando.refetch()}
      />
    );
  } else if (aguardando.data.items.length === 0) {
    waiting = (
      <EmptyState
        icon={PackageCheck}
        title="Nenhuma encomenda aguardando retirada"
        description="Quando a portaria receber uma encomenda para a sua unidade, ela aparece aqui com o código de retirada."
      />
    );
  } else {
    const { items, total } = aguardando.data;
    waiting = (
      <div className="space-y-3">
        <p className="text-muted-foreground text-sm">
          {aguardandoResumo(total)}
          {total > items.length && `; aqui as ${items.length} mais recentes`}.
        </p>
        <ul className="space-y-4" aria-label="Encomendas aguardando retirada">
          {items.map((e) => (
            <li key={e.id}>
              <AguardandoCard e={e} showUnidade={several} />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  let history: React.ReactNode;
  if (retiradas.isPending) {
    history = <CardsSkeleton message="Carregando encomendas retiradas..." />;
  } else if (!retiradas.data) {
    history = (
      <ErrorState
        title="Não foi possível carregar as encomendas retiradas."
        error={retiradas.error}
        onRetry={() => void retiradas.refetch()}
      />
    );
  } else if (retiradas.data.items.length === 0) {
    history = <EmptyState icon={PackageOpen} title="Nenhuma encomenda retirada ainda." />;
  } else {
    history = (
      <div className="space-y-4">
        <ul
          className="space-y-3"
          aria-label="Encomendas retiradas"
          aria-busy={retiradas.isPlaceholderData || undefined}
        >
          {retiradas.data.items.map((e) => (
            <li key={e.id}>
              <RetiradaCard e={e} showUnidade={several} />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          pageSize={HISTORICO_PAGE_SIZE}
          total={retiradas.data.total}
          totalTruncated={retiradas.data.total_truncated}
          itemsOnPage={retiradas.data.items.length}
          onPageChange={goToPage}
          disabled={retiradas.isFetching}
        />
      </div>
    );
  }

  let autorizados: React.ReactNode;
  if (unidades.isPending) {
    autorizados = (
      <div>
        <span className="sr-only" role="status">
          Carregando suas unidades...
        </span>
        <Skeleton className="h-24 w-full" aria-hidden="true" />
      </div>
    );
  } else if (!unidades.data) {
    autorizados = (
      <ErrorState
        title="Não foi possível carregar as suas unidades."
        error={unidades.error}
        onRetry={() => void unidades.refetch()}
      />
    );
  } else if (units.length === 0) {
    autorizados = (
      <p className="text-muted-foreground text-sm">
        Seu acesso ainda não está vinculado a uma unidade. Fale com o síndico ou com a administradora.
      </p>
    );
  } else {
    autorizados = (
      <div className="space-y-6">
        {units.map((u) => (
          <AutorizadosEncomendas key={u.id} unidadeId={u.id} titulo={several ? unidadeLabel(u) : undefined} />
        ))}
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title="Encomendas"
        description="As encomendas da sua unidade na portaria, com o código de retirada."
        actions={
          <RefreshButton
            refetch={async () => {
              const results = await Promise.all([aguardando.refetch(), retiradas.refetch(), unidades.refetch()]);
              return results.find((result) => result.isError) ?? results[0];
            }}
            description="Encomendas atualizadas com os dados mais recentes."
          />
        }
      />

      <section aria-labelledby="encomendas-aguardando-titulo" className="space-y-3">
        <h2 id="encomendas-aguardando-titulo" className="font-semibold text-xl">
          Aguardando retirada
        </h2>
        {waiting}
      </section>

      <SectionCard
        icon={Users}
        title="Quem pode retirar"
        titleId="encomendas-autorizados-titulo"
        description="Além dos moradores, as pessoas que você autorizar. Ex.: “Minha diarista pode retirar”. A portaria confere o nome (e o documento, se informado) na entrega."
      >
        {autorizados}
      </SectionCard>

      <section aria-labelledby="encomendas-retiradas-titulo" className="space-y-3">
        <h2
          id="encomendas-retiradas-titulo"
          ref={historyHeading}
          tabIndex={-1}
          className="rounded-sm font-semibold text-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Retiradas
        </h2>
        {history}
      </section>
    </div>
  );
}
