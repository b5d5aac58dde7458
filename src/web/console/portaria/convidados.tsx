/**
 * "Lista de convidados" (docs/decisions/044-common-area-bookings.md): today's guests of this
 * condominium's confirmed bookings (the party in the Salão de festas tonight). The porteiro searches a
 * name and lets the guest in with one tap, within the booking's window (from 30 minutes before its
 * start to its end); outside it the button says from when. The entry goes to the access log as
 * "Convidado de reserva", and the guest moves to "Quem está no condomínio agora".
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LogIn, PartyPopper, Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { CONVIDADO_ANTECEDENCIA_MINUTOS, type ConvidadoPortaria } from "@/shared/schemas/reservas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { useRegistrarEntrada } from "@/web/console/acessos/acessos.queries";
import { errorMessage } from "@/web/lib/api";
import { useCondominioTimeZone } from "@/web/lib/condominio-timezone";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { convidadosOptions } from "./portaria.queries";
import { ListSkeleton, PortariaSection } from "./section";

const TITLE = "Lista de convidados";
/** Typing pauses this long before the list is asked again. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** "18:30" in the condominium's zone (docs/product.md, "Horários"); the browser's until it is known. */
function hhmm(value: string | Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(value));
}

/** Why a guest can't come in now: their window has not opened yet, or it closed. */
function foraDaJanela(c: ConvidadoPortaria, timeZone: string | undefined, now = Date.now()): string {
  const abre = Date.parse(c.reserva.inicio) - CONVIDADO_ANTECEDENCIA_MINUTOS * 60_000;
  return now < abre
    ? `A partir das ${hhmm(new Date(abre), timeZone)}`
    : `Encerrada às ${hhmm(c.reserva.fim, timeZone)}`;
}

/** Remount per condominium (key) so the search starts empty at another gate. */
export function Convidados({ condominioId }: { condominioId: string }) {
  const [busca, setBusca] = useState("");
  const q = useDebounced(busca.trim(), SEARCH_DELAY_MS);
  const query = useQuery({ ...convidadosOptions(condominioId, q), placeholderData: keepPreviousData });
  const timeZone = useCondominioTimeZone(condominioId);
  const entrada = useRegistrarEntrada();
  const searchId = useId();
  const data = query.data;

  function registrar(c: ConvidadoPortaria) {
    entrada.mutate(
      { origem: "reserva", reserva_convidado_id: c.id },
      {
        onSuccess: () =>
          toast.success(`Entrada de ${c.nome} registrada`, {
            description: `Convidado de ${unidadeLabel(c.reserva.unidade)} (${c.reserva.area}).`,
          }),
        onError: (error) => toast.error("Não foi possível registrar a entrada", { description: errorMessage(error) }),
      },
    );
  }

  let content: ReactNode;
  if (query.isError && !data)
    content = (
      <ErrorState
        title="Não foi possível carregar a lista de convidados."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!data) content = <ListSkeleton label="Carregando a lista de convidados..." />;
  else if (data.items.length === 0)
    content = q ? (
      <EmptyState
        icon={Search}
        title="Nenhum convidado encontrado."
        description={`Ninguém com “${q}” nas listas de hoje. Confira o nome ou busque pelo documento.`}
        className="py-6"
      />
    ) : (
      <EmptyState
        icon={PartyPopper}
        title="Nenhum convidado de reserva hoje"
        description="Os convidados das reservas confirmadas das áreas comuns aparecem aqui no dia da reserva."
        className="py-6"
      />
    );
  else
    content = (
      <ul
        className={cn("divide-y", query.isPlaceholderData && "opacity-60")}
        aria-busy={query.isPlaceholderData || undefined}
      >
        {data.items.map((c) => (
          <ConvidadoRow
            key={c.id}
            convidado={c}
            timeZone={timeZone}
            pending={
              entrada.isPending &&
              entrada.variables?.origem === "reserva" &&
              entrada.variables.reserva_convidado_id === c.id
            }
            onRegistrar={() => registrar(c)}
          />
        ))}
      </ul>
    );

  const count = data && !q ? data.items.length : undefined;
  return (
    <PortariaSection
      icon={PartyPopper}
      title={TITLE}
      count={count}
      description={
        <span aria-live="polite">
          {count === undefined
            ? "Convidados das reservas de hoje."
            : count === 1
              ? "1 convidado de reserva hoje."
              : `${count} convidados de reserva hoje.`}
        </span>
      }
      data-testid="convidados"
    >
      <div className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={searchId}>Buscar convidado</Label>
          <div className="relative">
            <Search
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-5 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={busca}
              onChange={(e) => setBusca(e.target.value)}
              placeholder="Nome ou documento"
              autoComplete="off"
              className="h-12 pl-10 text-base"
            />
          </div>
        </div>
        {content}
      </div>
    </PortariaSection>
  );
}

function ConvidadoRow({
  convidado: c,
  timeZone,
  pending,
  onRegistrar,
}: {
  convidado: ConvidadoPortaria;
  timeZone: string | undefined;
  pending: boolean;
  onRegistrar: () => void;
}) {
  const reasonId = useId();
  const janela = `${hhmm(c.reserva.inicio, timeZone)}–${hhmm(c.reserva.fim, timeZone)}`;
  return (
    <li
      data-convidado-id={c.id}
      className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-semibold text-lg">{c.nome}</span>
          {c.presente && <Badge>Dentro</Badge>}
        </p>
        <p className="text-muted-foreground text-sm">
          {c.reserva.area} · {unidadeLabel(c.reserva.unidade)} · {janela}
          {c.documento && <> · Doc. {c.documento}</>}
        </p>
        {c.presente && c.entrada_em && <p className="text-sm">Entrou às {hhmm(c.entrada_em, timeZone)}</p>}
      </div>
      {!c.presente && (
        <div className="flex shrink-0 flex-col gap-1 sm:items-end">
          <Button
            size="lg"
            className="h-12 text-base"
            onClick={onRegistrar}
            disabled={!c.na_janela || pending}
            aria-busy={pending || undefined}
            aria-describedby={c.na_janela ? undefined : reasonId}
          >
            {pending ? <Spinner className="size-5" /> : <LogIn className="size-5" aria-hidden="true" />}
            Registrar entrada<span className="sr-only"> de {c.nome}</span>
          </Button>
          {!c.na_janela && (
            <p id={reasonId} className="text-muted-foreground text-sm">
              {foraDaJanela(c, timeZone)}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
