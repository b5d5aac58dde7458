/**
 * "Atendimentos" (docs/product.md, "Atendente virtual"): the virtual attendant's conversations, live.
 * Those a person must pick up come first and stand out ("Precisa de atendimento"); choosing one shows its
 * transcript beside the list on a wide screen, or alone on a phone ("Voltar para a lista"). The chosen
 * conversation, the situation and the condominium live in the URL, so reload and back keep them.
 */
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { CircleAlert, MessagesSquare, SearchX } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { ATENDENTE_CANAL_LABELS, type AtendimentoItem } from "@/shared/schemas/atendimentos";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Pagination } from "@/web/components/pagination";
import { RefreshButton } from "@/web/components/refresh-button";
import { RelativeTime } from "@/web/components/relative-time";
import { RequirePermission } from "@/web/components/require-permission";
import { Card, CardContent } from "@/web/components/ui/card";
import { FiltroSituacao, ListaSkeleton } from "@/web/console/configuracoes/listas";
import { consoleTitle } from "@/web/console/placeholder-page";
import { type Condominios, useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/atendimentos";
import { AtendimentoDetalhe } from "./atendimento-detalhe";
import { AUTOR_LABELS, EtapaBadge, precisaDeAtendimento } from "./atendimento-labels";
import { type AtendimentoFilters, type AtendimentoPage, atendimentosListOptions } from "./atendimentos.queries";
import { SimulacaoAcoes } from "./simulacao-dialog";

const TITLE = CONSOLE_SCREENS.atendimentos.list;
const LIST_LABEL = "Conversas";
const SITUACOES = ["encerradas"] as const;
const SITUACAO_OPTIONS = [
  [undefined, "Em andamento"],
  ["encerradas", "Encerradas"],
] as const;
/** From here up the list and the conversation sit side by side (Tailwind's lg). */
const SIDE_BY_SIDE = "(min-width: 1024px)";

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

/** Staff (`atendimentos:operar`): porteiros, síndicos and the administradora. */
export default function AtendimentosPage() {
  return (
    <RequirePermission permission="atendimentos:operar">
      <Atendimentos />
    </RequirePermission>
  );
}

function Atendimentos() {
  const list$ = useListParams();
  const [search] = useSearchParams();
  const condominios = useCondominios();
  const encerradas = list$.oneOf("situacao", SITUACOES);
  const filters: AtendimentoFilters = {
    condominio_id: list$.uuid("condominio_id"),
    situacao: encerradas ?? "abertas",
    page: list$.page,
  };
  const selected = list$.uuid("id");
  const list = useQuery(atendimentosListOptions(filters));
  const listRef = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  /** The conversation's heading is to take the focus when it shows (after its data loads). */
  const focusHeading = useRef(false);
  const headingRef = useCallback((el: HTMLHeadingElement | null) => {
    heading.current = el;
    if (el && focusHeading.current) {
      focusHeading.current = false;
      el.focus();
    }
  }, []);

  /** The URL with `id` set or removed, the other filters kept. */
  const hrefWith = (id: string | undefined) => {
    const next = new URLSearchParams(search);
    if (id) next.set("id", id);
    else next.delete("id");
    const text = next.toString();
    return text ? `?${text}` : "?";
  };

  // On a phone the list gives way to the conversation: the focus follows, to its heading, and back to the
  // list's item when it returns. Side by side, the focus stays where the user is.
  const previous = useRef(selected);
  useEffect(() => {
    const was = previous.current;
    previous.current = selected;
    if (was === selected || window.matchMedia(SIDE_BY_SIDE).matches) return;
    if (selected) {
      focusHeading.current = !heading.current;
      heading.current?.focus();
    } else if (was) listRef.current?.querySelector<HTMLElement>(`[data-atendimento="${was}"] a`)?.focus();
  }, [selected]);

  const items = list.data?.items ?? [];
  const precisam = filters.situacao === "abertas" ? items.filter(precisaDeAtendimento).length : 0;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title={TITLE}
        description="As conversas do atendente virtual com os visitantes, ao vivo. Assuma uma conversa para falar com o visitante."
        className={cn(selected && "max-lg:[&_p]:hidden")}
        actions={
          <>
            <SimulacaoAcoes />
            <RefreshButton refetch={list.refetch} description="Lista de atendimentos atualizada." />
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card ref={listRef} className={cn("gap-4", selected && "max-lg:hidden")}>
          <CardContent className="grid gap-4 px-4 sm:px-6">
            <div className="flex flex-col gap-3">
              <FiltroSituacao
                name="filtro-situacao-atendimentos"
                value={encerradas}
                options={SITUACAO_OPTIONS}
                onChange={(situacao) => list$.update({ situacao })}
              />
              <CondominioFilter
                condominios={condominios}
                value={filters.condominio_id}
                onChange={(condominio_id) => list$.update({ condominio_id })}
              />
            </div>
            <p className="min-h-5 text-sm" role="status" data-testid="atendimentos-precisam">
              {precisam > 0 && (
                <span className="flex items-center gap-1.5 font-medium text-orange-800 dark:text-orange-300">
                  <CircleAlert className="size-4" aria-hidden="true" />
                  {precisam === 1
                    ? "1 conversa precisa de atendimento."
                    : `${precisam} conversas precisam de atendimento.`}
                </span>
              )}
            </p>
            <ListaConteudo
              list={list}
              filtered={!!filters.condominio_id}
              encerradas={!!encerradas}
              condominios={condominios}
              selected={selected}
              hrefWith={hrefWith}
            />
            {list.data && (
              <Pagination
                page={list$.page}
                pageSize={list.data.page_size}
                total={list.data.total}
                totalTruncated={list.data.total_truncated}
                itemsOnPage={items.length}
                onPageChange={list$.goToPage}
                disabled={list.isPlaceholderData}
              />
            )}
          </CardContent>
        </Card>
        <div className={cn("min-w-0", !selected && "max-lg:hidden")}>
          {selected ? (
            <AtendimentoDetalhe key={selected} id={selected} backHref={hrefWith(undefined)} headingRef={headingRef} />
          ) : (
            <Card>
              <CardContent>
                <EmptyState
                  icon={MessagesSquare}
                  title="Escolha uma conversa"
                  description="A conversa aparece aqui, ao vivo, com as ações da portaria: assumir, falar com o visitante, registrar a solicitação e encerrar."
                />
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

function ListaConteudo({
  list,
  filtered,
  encerradas,
  condominios,
  selected,
  hrefWith,
}: {
  list: UseQueryResult<AtendimentoPage>;
  filtered: boolean;
  encerradas: boolean;
  condominios: Condominios;
  selected: string | undefined;
  hrefWith: (id: string | undefined) => string;
}) {
  if (list.isError && !list.data)
    return (
      <ErrorState
        title="Não foi possível carregar os atendimentos."
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.isPending) return <ListaSkeleton label="Carregando conversas" larguras={["w-40", "w-56"]} />;
  const items = list.data?.items ?? [];
  if (items.length === 0)
    return filtered ? (
      <EmptyState
        icon={SearchX}
        title={
          encerradas
            ? "Nenhum atendimento encerrado neste condomínio."
            : "Nenhum atendimento em andamento neste condomínio."
        }
        description="Tente ajustar os filtros."
      />
    ) : (
      <EmptyState
        icon={MessagesSquare}
        title={encerradas ? "Nenhum atendimento encerrado." : "Nenhum atendimento em andamento."}
        description={
          encerradas
            ? "As conversas terminadas aparecem aqui, com o resultado."
            : "Quando um visitante falar com o totem ou com o atendente virtual, a conversa aparece aqui na hora."
        }
      />
    );
  return (
    <ul
      className={cn("grid gap-2", list.isPlaceholderData && "opacity-60")}
      aria-label={LIST_LABEL}
      aria-busy={list.isPlaceholderData || undefined}
    >
      {items.map((a) => (
        <ItemConversa
          key={a.id}
          a={a}
          showCondominio={condominios.many}
          selected={a.id === selected}
          href={hrefWith(a.id)}
        />
      ))}
    </ul>
  );
}

/**
 * One conversation: the visitor (the link to it), the stage, where it is, the unit, the last line and
 * how long ago. The whole card answers a click; the link alone carries the name for screen readers.
 */
function ItemConversa({
  a,
  showCondominio,
  selected,
  href,
}: {
  a: AtendimentoItem;
  showCondominio: boolean;
  selected: boolean;
  href: string;
}) {
  const precisa = precisaDeAtendimento(a);
  const onde = [
    showCondominio ? a.condominio_nome : null,
    a.portao_nome ? `Portão ${a.portao_nome}` : null,
    ATENDENTE_CANAL_LABELS[a.canal],
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li
      data-atendimento={a.id}
      data-precisa={precisa || undefined}
      className={cn(
        "relative grid min-w-0 gap-1.5 rounded-lg border p-3 transition-colors hover:bg-muted/50",
        precisa && "border-orange-400 border-l-4 bg-orange-50 dark:border-orange-400/60 dark:bg-orange-400/10",
        selected && "ring-2 ring-primary",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <Link
          to={href}
          aria-current={selected ? "true" : undefined}
          preventScrollReset
          className="min-w-0 break-words font-medium outline-none [overflow-wrap:anywhere] after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-[3px] focus-visible:after:ring-ring/60"
        >
          {a.nome_visitante ?? "Visitante não identificado"}
        </Link>
        <EtapaBadge a={a} className="shrink-0" />
      </div>
      <p className="text-muted-foreground text-xs">{onde}</p>
      {a.unidade && <p className="text-sm">{unidadeLabel(a.unidade)}</p>}
      {a.ultima_mensagem && (
        <p className="line-clamp-2 break-words text-sm [overflow-wrap:anywhere]" data-testid="ultima-mensagem">
          <span className="text-muted-foreground">{AUTOR_LABELS[a.ultima_mensagem.autor]}: </span>
          {a.ultima_mensagem.texto}
        </p>
      )}
      <p className="flex flex-wrap gap-x-2 text-muted-foreground text-xs">
        <RelativeTime value={a.ultima_atividade_em} />
        {a.atendido_por && <span data-testid="atendido-por">· com {a.atendido_por.nome}</span>}
      </p>
    </li>
  );
}
