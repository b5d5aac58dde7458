/**
 * "Encomendas" on the morador's home (docs/product.md, "Dashboard" and "Encomendas"): how many
 * packages wait at the gate and the first few with their pickup codes, then those handed over in the
 * last day ("Retirada"), and "Ver encomendas". Its queries are the screen's (keys under "encomendas"),
 * so the `encomenda.atualizada` events keep it live: a package handed over leaves the waiting list
 * and shows as "Retirada" without a reload.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Package } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { Encomenda } from "@/shared/schemas/encomendas";
import { CodigoRetirada, EncomendaStatusBadge, PerecivelBadge } from "@/web/components/codigo-retirada";
import { ErrorState } from "@/web/components/error-state";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { ZonedTime } from "@/web/components/zoned-time";
import { encomendasListOptions } from "@/web/console/encomendas/encomendas.queries";
import { AGUARDANDO_PAGE_SIZE, aguardandoResumo, retiradasRecentes } from "@/web/lib/encomendas-resumo";

/** How many waiting packages the card lists (the screen has them all), and collected ones it reads. */
export const CARD_SHOWN = 3;

function Item({ e }: { e: Encomenda }) {
  const titleId = `home-encomenda-${e.id}-titulo`;
  const tz = e.condominio.timezone;
  return (
    <article aria-labelledby={titleId} className="space-y-2 rounded-lg border p-3" data-encomenda-id={e.id}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <h3 id={titleId} className="break-words font-semibold">
          {e.transportadora_nome}
        </h3>
        <EncomendaStatusBadge status={e.status} />
        {e.perecivel && <PerecivelBadge />}
      </div>
      {e.status === "aguardando" && e.codigo_retirada && (
        <div className="space-y-1">
          <p className="text-muted-foreground text-xs">Código de retirada</p>
          <CodigoRetirada codigo={e.codigo_retirada} size="md" />
        </div>
      )}
      <p className="flex flex-wrap gap-x-1 text-muted-foreground text-sm">
        {e.status === "retirada" && e.retirada_em ? (
          <>
            Retirada em <ZonedTime value={e.retirada_em} timeZone={tz} />
            {e.retirada_por_nome && <span>por {e.retirada_por_nome}</span>}
          </>
        ) : (
          <>
            {e.local && <span>{e.local} ·</span>}
            Recebida em <ZonedTime value={e.recebida_em} timeZone={tz} />
          </>
        )}
      </p>
    </article>
  );
}

export function EncomendasCard() {
  const aguardando = useQuery(encomendasListOptions({ status: "aguardando", page_size: AGUARDANDO_PAGE_SIZE }));
  const retiradas = useQuery(encomendasListOptions({ status: "retirada", page_size: CARD_SHOWN }));
  const recentes = retiradasRecentes(retiradas.data?.items ?? []);

  let body: React.ReactNode;
  if (aguardando.isPending) {
    body = (
      <div className="space-y-2">
        <span className="sr-only" role="status">
          Carregando encomendas...
        </span>
        <Skeleton className="h-4 w-48" aria-hidden="true" />
        <Skeleton className="h-16 w-full" aria-hidden="true" />
      </div>
    );
  } else if (!aguardando.data) {
    body = (
      <ErrorState
        title="Não foi possível carregar as encomendas."
        error={aguardando.error}
        onRetry={() => void aguardando.refetch()}
      />
    );
  } else {
    const { items, total } = aguardando.data;
    body = (
      <div className="space-y-3">
        <p className="font-medium" data-testid="encomendas-aguardando-total">
          {aguardandoResumo(total)}
        </p>
        {items.length > 0 && (
          <ul className="space-y-2" aria-label="Encomendas aguardando retirada">
            {items.slice(0, CARD_SHOWN).map((e) => (
              <li key={e.id}>
                <Item e={e} />
              </li>
            ))}
          </ul>
        )}
        {total > CARD_SHOWN && (
          <p className="text-muted-foreground text-sm">E mais {total - CARD_SHOWN} na página de encomendas.</p>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="home-encomendas-titulo">
      <SectionCard
        icon={Package}
        title="Encomendas"
        titleId="home-encomendas-titulo"
        description="O que chegou para a sua unidade na portaria."
        contentClassName="space-y-4"
      >
        {body}
        {recentes.length > 0 && (
          <div className="space-y-2">
            <p className="font-medium text-sm">Retiradas nas últimas 24 horas</p>
            <ul className="space-y-2" aria-label="Encomendas retiradas nas últimas 24 horas">
              {recentes.map((e) => (
                <li key={e.id}>
                  <Item e={e} />
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex justify-center">
          <Button asChild variant="outline">
            <Link to="/app/encomendas">
              Ver encomendas
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </SectionCard>
    </section>
  );
}
