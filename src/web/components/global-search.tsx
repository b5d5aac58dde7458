/**
 * The header search "Buscar pessoas, solicitações...": results appear as you type (debounced, from 2
 * characters) from GET /api/busca, grouped as Pessoas, Solicitações and Unidades in an ARIA 1.2
 * combobox. ArrowUp/ArrowDown move through the results, Enter opens the active one, Esc closes.
 * The server leaves people out for a role without the people registry (a morador); the groups here
 * follow the same permissions, so no result ever leads to a screen the role cannot open. Each result
 * says where it belongs (a request: its unit and when it was made, on its condominium's clock; the
 * condominium itself when the caller has several), so two visits of the same provider read apart.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { solicitacaoStatusDisplay } from "@/shared/status-catalogue";
import { unidadeLabel } from "@/shared/unidade-label";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { Spinner } from "@/web/components/ui/spinner";
import { apiFetch, errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { meQueryOptions } from "@/web/lib/me.queries";
import { cn } from "@/web/lib/utils";
import { formatInZone, zoneDiffers, zoneLabel } from "@/web/lib/zoned-time";

const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;

interface Option {
  id: string;
  group: "Pessoas" | "Solicitações" | "Unidades";
  label: string;
  /** Lines under the label: where the result belongs, and when. */
  details: string[];
  href: string;
}

/** "27/11/2026 14:02", and "(horário de Manaus)" when the browser's clock reads it differently. */
function whenInZone(value: string, timeZone: string): string {
  const label = zoneDiffers(value, timeZone) ? ` (${zoneLabel(timeZone)})` : "";
  return `${formatInZone(value, timeZone)}${label}`;
}

const line = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(" · ");

/**
 * The placeholder names what the role can find: the text of docs/product.md, "Console shell", unless the role is known
 * not to read people (a morador).
 */
export function searchPlaceholder(permissions: readonly string[] | undefined): string {
  return permissions && !permissions.includes("pessoas:ler")
    ? "Buscar solicitações, unidades..."
    : "Buscar pessoas, solicitações...";
}

export function buscaOptions(q: string) {
  return {
    queryKey: [QUERY_ROOTS.busca, q] as const,
    // The schema (and zod) load with the first search, not with the header (docs/decisions/026).
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const schemas = import("@/shared/schemas/busca");
      schemas.catch(() => undefined); // a failed download is reported below, after the request's own error
      const body = await apiFetch<unknown>(`/api/busca?q=${encodeURIComponent(q)}`, { signal });
      return (await schemas).buscaResultSchema.parse(body);
    },
    staleTime: 30_000,
    enabled: q.length >= MIN_CHARS,
    placeholderData: keepPreviousData,
  };
}

export function GlobalSearch({
  className,
  inputClassName,
  autoFocus,
  onNavigate,
}: {
  className?: string;
  inputClassName?: string;
  autoFocus?: boolean;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const next = text.trim().slice(0, 100);
    const timer = setTimeout(() => setQ(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const busca = useQuery(buscaOptions(q));
  const me = useQuery(meQueryOptions());
  // Unknown permissions (still loading) show no group, rather than links that may lead nowhere.
  const permissions = me.data?.permissions ?? [];
  const canReadPessoas = permissions.includes("pessoas:ler");
  const canReadUnidades = permissions.includes("unidades:ler");
  const data = q.length >= MIN_CHARS ? busca.data : undefined;
  // The condominium is named only when the caller has several (the lookup loads with the first search).
  const many = useCondominios({ enabled: q.length >= MIN_CHARS }).many;
  const options: Option[] = data
    ? [
        ...(canReadPessoas ? data.pessoas : []).map((p) => ({
          id: p.id,
          group: "Pessoas" as const,
          label: p.nome,
          details: [line(p.documento, p.pbx_ramal && `Ramal ${p.pbx_ramal}`, many && p.condominio.nome)].filter(
            Boolean,
          ),
          href: `/app/pessoas/${p.id}`,
        })),
        ...data.solicitacoes.map((s) => ({
          id: s.id,
          group: "Solicitações" as const,
          label: s.nome_visitante,
          details: [
            line(unidadeLabel(s.unidade), many && s.condominio.nome),
            line(whenInZone(s.created_at, s.condominio.timezone), solicitacaoStatusDisplay(s.status).label),
          ],
          href: `/app/solicitacoes/${s.id}`,
        })),
        ...(canReadUnidades ? data.unidades : []).map((u) => ({
          id: u.id,
          group: "Unidades" as const,
          label: unidadeLabel(u),
          details: many ? [u.condominio.nome] : [],
          href: `/app/unidades/${u.id}`,
        })),
      ]
    : [];

  // A new result set starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the results change
  useEffect(() => setActive(-1), [data]);

  // Clicking outside closes the list.
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const showPopup = open && text.trim().length >= MIN_CHARS;
  const optionId = (index: number) => `${id}-option-${index}`;

  function go(option: Option) {
    setOpen(false);
    setText("");
    setQ("");
    onNavigate?.();
    navigate(option.href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[Math.max(active, 0)];
      if (showPopup && option && q === text.trim()) go(option);
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText("");
      }
    }
  }

  const groups = (["Pessoas", "Solicitações", "Unidades"] as const)
    .map((group) => ({ group, items: options.map((o, index) => ({ o, index })).filter(({ o }) => o.group === group) }))
    .filter((g) => g.items.length > 0);

  const typing = text.trim() !== q;
  let status: string | null = null;
  if (busca.isError) status = `Erro na busca: ${errorMessage(busca.error)}`;
  else if (typing || (busca.isFetching && !data)) status = "Buscando...";
  else if (data && options.length === 0) status = "Nenhum resultado encontrado.";

  return (
    <div ref={rootRef} className={cn("relative", className)}>
      <search>
        <form className="relative" onSubmit={(event) => event.preventDefault()}>
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            role="combobox"
            aria-label="Buscar"
            aria-autocomplete="list"
            aria-expanded={showPopup}
            aria-controls={listboxId}
            aria-activedescendant={showPopup && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            placeholder={searchPlaceholder(me.data?.permissions)}
            className={cn("h-9 w-56 pl-8 lg:w-72", inputClassName)}
            autoFocus={autoFocus}
            maxLength={100}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
          {busca.isFetching && showPopup && (
            <Spinner className="absolute top-1/2 right-2.5 -translate-y-1/2 text-muted-foreground" />
          )}
        </form>
      </search>
      <div
        className={cn(
          "absolute top-full right-0 z-50 mt-1 w-[min(24rem,calc(100vw-1.5rem))] rounded-md border bg-popover text-popover-foreground shadow-md",
          !showPopup && "hidden",
        )}
      >
        {/* The list scrolls when long: it is in the tab order so a keyboard can scroll it too (axe). */}
        <div
          id={listboxId}
          role="listbox"
          aria-label="Resultados da busca"
          tabIndex={0}
          className="max-h-[70vh] overflow-y-auto rounded-md p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {groups.map(({ group, items }) => (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group, not a form fieldset
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <div
                id={`${id}-${group}`}
                role="presentation"
                className="px-2 pt-2 pb-1 font-semibold text-muted-foreground text-xs uppercase"
              >
                {group}
              </div>
              {items.map(({ o, index }) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
                <div
                  key={`${o.group}-${o.id}`}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={cn(
                    "cursor-pointer rounded-sm px-2 py-1.5 text-sm",
                    index === active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
                  )}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => go(o)}
                >
                  <span className="block truncate font-medium">{o.label}</span>
                  {o.details.map((detail) => (
                    <span key={detail} className="block truncate text-muted-foreground text-xs">
                      {detail}
                    </span>
                  ))}
                </div>
              ))}
            </div>
          ))}
        </div>
        {status && (
          <p className="px-2 py-3 text-center text-muted-foreground text-sm" role="status">
            {status}
          </p>
        )}
      </div>
    </div>
  );
}

/** Phones: a search button in the header that opens the same search in a popover. */
export function MobileGlobalSearch({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Abrir busca" className={className}>
          <Search aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[calc(100vw-1.5rem)] max-w-sm p-2">
        <GlobalSearch inputClassName="w-full lg:w-full" autoFocus onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
