/**
 * "Central" (docs/decisions/042-operators-central.md): the operators' one live queue of what needs a person
 * across the condominiums they cover, watched for a whole night. Items keep their places (a new one goes
 * to the end, never above the one in focus), their waiting time and SLA tick every second on the
 * server's clock, and everything is reachable from the keyboard: J/K or the arrows move through the
 * queue, A claims, O opens, R resolves, L releases, ? lists the shortcuts. A new item beeps and, when
 * the operator turned them on, raises a desktop notification; an item past its SLA is escalated.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Bell, BellOff, CheckCheck, Keyboard, Timer, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { CENTRAL_ROOTS } from "@/shared/query-keys";
import { CENTRAL_TIPO_LABELS, type CentralItem, type PresencaStatus } from "@/shared/schemas/central";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { RequirePermission } from "@/web/components/require-permission";
import { Button } from "@/web/components/ui/button";
import { ListaSkeleton } from "@/web/console/configuracoes/listas";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { meQueryOptions } from "@/web/lib/me.queries";
import { invalidateRoots } from "@/web/lib/realtime";
import { toast } from "@/web/lib/toast";
import { isUuid } from "@/web/lib/use-list-params";
import type { Route } from "./+types/central";
import {
  type CentralAcao,
  centralFilaOptions,
  enviarPresenca,
  HEARTBEAT_MS,
  useCentralAcao,
  useCentralPresenca,
} from "./central.queries";
import { useCentralAlerts } from "./central-alerts";
import { AtalhosDialog, ReatribuirDialog, ResolverDialog, SlaDialog } from "./central-dialogs";
import { abrirHref, acoesDoItem, CentralItemCard } from "./central-item";
import { OperadoresPanel, statusEscolhido } from "./central-operadores";
import { clockOffset, slaState, stableOrder } from "./central-time";

const TITLE = CONSOLE_SCREENS.central.list;
const EMPTY_TEXT = "Nenhum item na fila. Tudo em ordem.";

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

/** Staff (`central:operar`): operadores, porteiros, síndicos and the administradora. */
export default function CentralPage() {
  return (
    <RequirePermission permission="central:operar">
      <Central />
    </RequirePermission>
  );
}

/** The browser's time, once a second: every clock on the screen ticks together. */
function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Keys typed into a field (or a select's list) are the operator's text, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("input, textarea, select, [contenteditable='true'], [role='listbox'], [role='combobox']"))
    return true;
  return false;
}

/** A dialog (ours or a confirmation) is open: its own keys (Esc, Tab) are the only ones that count. */
function dialogOpen(): boolean {
  return !!document.querySelector("[role='dialog'][data-state='open'], [role='alertdialog'][data-state='open']");
}

function Central() {
  const [search, setSearch] = useSearchParams();
  const rawCondominio = search.get("condominio_id");
  const condominioId = isUuid(rawCondominio) ? rawCondominio : undefined;
  const condominios = useCondominios();
  const me = useQuery(meQueryOptions());
  const userId = me.data?.user.id;
  const fila = useQuery(centralFilaOptions(condominioId));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useNow();
  const alerts = useCentralAlerts();
  const acao = useCentralAcao();
  const presenca = useCentralPresenca();

  const data = fila.data;
  const supervisor = data?.supervisor ?? false;
  const permissions = useMemo(() => ({ userId, supervisor }), [userId, supervisor]);
  const offset = useMemo(() => (data ? clockOffset(data.agora, fila.dataUpdatedAt) : 0), [data, fila.dataUpdatedAt]);
  const serverNow = now + offset;

  // The queue in a stable order: what is on screen keeps its place, new items go last.
  const orderRef = useRef<string[]>([]);
  const order = useMemo(() => {
    const next = stableOrder(orderRef.current, data?.itens.map((i) => i.id) ?? []);
    orderRef.current = next;
    return next;
  }, [data]);
  const byId = useMemo(() => new Map((data?.itens ?? []).map((i) => [i.id, i])), [data]);
  const itens = order.map((id) => byId.get(id)).filter((i): i is CentralItem => !!i);

  // The list's roving focus: one card holds the tab stop; J/K and the arrows move it.
  const [currentId, setCurrentId] = useState<string | null>(null);
  const current = currentId && byId.has(currentId) ? currentId : (order[0] ?? null);
  const cards = useRef(new Map<string, HTMLElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousOrder = useRef<string[]>([]);

  const focusItem = useCallback((id: string | null) => {
    if (!id) {
      headingRef.current?.focus();
      return;
    }
    setCurrentId(id);
    const card = cards.current.get(id);
    card?.focus();
    card?.scrollIntoView({ block: "nearest" });
  }, []);

  // The item in focus left the queue (resolved here or elsewhere): the focus goes to the one that took its
  // place, so the operator goes on from where they were.
  useEffect(() => {
    const before = previousOrder.current;
    previousOrder.current = order;
    if (!currentId || order.includes(currentId)) return;
    const index = before.indexOf(currentId);
    const next = order[Math.min(Math.max(index, 0), order.length - 1)] ?? null;
    setCurrentId(next);
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost && !dialogOpen()) focusItem(next);
    });
  }, [order, currentId, focusItem]);

  // New items and escalations: the beep and the notification (not for what was there on load).
  const [anuncio, setAnuncio] = useState("");
  const seen = useRef<Set<string> | null>(null);
  const escalados = useRef<Set<string> | null>(null);
  const { avisar } = alerts;
  // Another condominium's queue is not news: what it holds on arrival makes no sound.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filter changes only
  useEffect(() => {
    seen.current = null;
    escalados.current = null;
  }, [condominioId]);
  useEffect(() => {
    if (!data) return;
    if (seen.current === null) {
      seen.current = new Set(data.itens.map((i) => i.id));
      return;
    }
    const novos = data.itens.filter((i) => !seen.current?.has(i.id));
    for (const item of novos) seen.current.add(item.id);
    const first = novos[0];
    if (!first) return;
    const texto = `${CENTRAL_TIPO_LABELS[first.tipo]}: ${first.titulo}`;
    setAnuncio(novos.length === 1 ? `Novo item na fila. ${texto}` : `${novos.length} novos itens na fila.`);
    avisar(novos.length === 1 ? "Novo item na central" : `${novos.length} novos itens na central`, texto, {
      tag: first.id,
    });
  }, [data, avisar]);
  useEffect(() => {
    if (!data) return;
    const agora = data.itens.filter((i) => slaState(i, serverNow).escalado);
    if (escalados.current === null) {
      escalados.current = new Set(agora.map((i) => i.id));
      return;
    }
    const novos = agora.filter((i) => !escalados.current?.has(i.id));
    for (const item of novos) escalados.current.add(item.id);
    const first = novos[0];
    if (!first) return;
    setAnuncio(`Item escalado: ${first.titulo}`);
    avisar("Item escalado na central", `${first.condominio.nome}: ${first.titulo}`, {
      urgente: true,
      tag: `escalado-${first.id}`,
    });
  }, [data, serverNow, avisar]);

  // The heartbeat: the screen says every minute that it is open (operators unseen for 2 min are offline).
  const minha = data?.minha_presenca ?? "disponivel";
  // The status the operator chose (a pause survives closing the screen), not the one others see.
  const escolhido = data?.meu_status ?? statusEscolhido(minha);
  const minhaRef = useRef(minha);
  minhaRef.current = minha;
  const escolhidoRef = useRef(escolhido);
  escolhidoRef.current = escolhido;
  const loaded = !!data;
  useEffect(() => {
    if (!loaded) return;
    const send = (refresh: boolean) =>
      enviarPresenca(escolhidoRef.current).then(
        () => refresh && invalidateRoots(queryClient, CENTRAL_ROOTS),
        () => undefined,
      );
    void send(minhaRef.current === "offline");
    const timer = setInterval(() => void send(false), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [loaded, queryClient]);

  function mudarStatus(status: PresencaStatus) {
    presenca.mutate(status, {
      onError: (error) => toast.error("Não foi possível mudar o seu status", { description: errorMessage(error) }),
    });
  }

  // Actions. Success keeps the focus on the item's card (its button may be gone); a 409 says who has it.
  const [resolvendo, setResolvendo] = useState<CentralItem | null>(null);
  const [reatribuindo, setReatribuindo] = useState<CentralItem | null>(null);
  const [atalhos, setAtalhos] = useState(false);
  const [prazos, setPrazos] = useState(false);

  function executar(acaoItem: CentralAcao, sucesso: string) {
    acao.mutate(acaoItem, {
      onSuccess: () => {
        setAnuncio(sucesso);
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (!active || active === document.body || !active.isConnected) focusItem(acaoItem.id);
        });
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        setAnuncio(errorMessage(error));
      },
    });
  }
  const assumir = (item: CentralItem) => executar({ tipo: "assumir", id: item.id }, `Item assumido: ${item.titulo}`);
  const liberar = (item: CentralItem) => executar({ tipo: "liberar", id: item.id }, `Item liberado: ${item.titulo}`);

  /** Back to the item's card when a dialog closes (its trigger may be gone). */
  const afterDialog = (id: string | undefined) => (event: Event) => {
    event.preventDefault();
    const target = id && byId.has(id) ? id : current;
    focusItem(target);
  };

  // Shortcuts, from anywhere on the page but a field or an open dialog.
  const handler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  handler.current = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || dialogOpen()) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === "?") {
      event.preventDefault();
      setAtalhos(true);
      return;
    }
    const index = current ? order.indexOf(current) : -1;
    const inList = event.target instanceof Node && !!listRef.current?.contains(event.target);
    const onBody = event.target === document.body;
    if (key === "j" || (key === "ArrowDown" && (inList || onBody))) {
      event.preventDefault();
      focusItem(order[Math.min(index + 1, order.length - 1)] ?? null);
      return;
    }
    if (key === "k" || (key === "ArrowUp" && (inList || onBody))) {
      event.preventDefault();
      focusItem(order[Math.max(index - 1, 0)] ?? null);
      return;
    }
    const item = current ? byId.get(current) : undefined;
    if (!item) return;
    const pode = acoesDoItem(item, permissions);
    if (key === "a" && pode.assumir) {
      event.preventDefault();
      assumir(item);
    } else if (key === "o") {
      const href = abrirHref(item);
      if (href) {
        event.preventDefault();
        navigate(href);
      }
    } else if (key === "r" && pode.resolver) {
      event.preventDefault();
      setResolvendo(item);
    } else if (key === "l" && pode.liberar) {
      event.preventDefault();
      liberar(item);
    }
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
  const listRef = useRef<HTMLUListElement>(null);

  const escaladosAgora = itens.filter((i) => slaState(i, serverNow).escalado).length;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4" data-testid="central">
      <PageHeader
        title={TITLE}
        description="A fila ao vivo de tudo que precisa de uma pessoa nos condomínios que você atende."
        actions={
          <>
            {alerts.permissao === "default" && (
              <Button variant="outline" size="sm" onClick={() => void alerts.ativarNotificacoes()}>
                <Bell aria-hidden="true" />
                Ativar notificações
              </Button>
            )}
            {alerts.permissao === "denied" && (
              <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
                <BellOff className="size-4" aria-hidden="true" />
                Notificações bloqueadas no navegador
              </span>
            )}
            {alerts.permissao === "granted" && (
              <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
                <Bell className="size-4" aria-hidden="true" />
                Notificações ativadas
              </span>
            )}
            <Button variant="outline" size="sm" onClick={alerts.alternarSom} data-testid="central-som">
              {alerts.mudo ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
              {alerts.mudo ? "Ativar som" : "Silenciar som"}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setAtalhos(true)} aria-keyshortcuts="?">
              <Keyboard aria-hidden="true" />
              Atalhos
            </Button>
            {supervisor && (
              <Button variant="outline" size="sm" onClick={() => setPrazos(true)}>
                <Timer aria-hidden="true" />
                Prazos (SLA)
              </Button>
            )}
          </>
        }
      />
      <div className="w-full sm:max-w-xs">
        <CondominioFilter
          condominios={condominios}
          value={condominioId}
          onChange={(value) =>
            setSearch(
              (previous) => {
                const next = new URLSearchParams(previous);
                if (value) next.set("condominio_id", value);
                else next.delete("condominio_id");
                return next;
              },
              { preventScrollReset: true },
            )
          }
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite" data-testid="central-anuncio">
        {anuncio}
      </p>
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <section className="grid min-w-0 gap-3" aria-labelledby="central-fila-titulo">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h2 id="central-fila-titulo" ref={headingRef} tabIndex={-1} className="font-semibold text-lg outline-none">
              Fila
            </h2>
            {data && (
              <p className="flex items-center gap-2 text-sm" data-testid="central-contagem">
                <span>{itens.length === 1 ? "1 item" : `${itens.length} itens`}</span>
                {escaladosAgora > 0 && (
                  <span className="inline-flex items-center gap-1 font-semibold text-red-800 dark:text-red-200">
                    <AlertTriangle className="size-4" aria-hidden="true" />
                    {escaladosAgora === 1 ? "1 escalado" : `${escaladosAgora} escalados`}
                  </span>
                )}
              </p>
            )}
          </div>
          {fila.isError && data && (
            <p className="text-destructive text-sm" role="status">
              Não foi possível atualizar a fila: {errorMessage(fila.error)} Tentando de novo.
            </p>
          )}
          {fila.isError && !data ? (
            <ErrorState
              title="Não foi possível carregar a central."
              error={fila.error}
              onRetry={() => void fila.refetch()}
            />
          ) : fila.isPending ? (
            <ListaSkeleton label="Carregando a fila" larguras={["w-56", "w-40"]} />
          ) : itens.length === 0 ? (
            <div className="rounded-lg border">
              <EmptyState
                icon={CheckCheck}
                title={EMPTY_TEXT}
                description="Quando algo precisar de uma pessoa (um visitante transferido, um portão que não abriu), aparece aqui na hora."
              />
            </div>
          ) : (
            <ul ref={listRef} className="grid gap-2" aria-label="Itens da fila" aria-keyshortcuts="J K">
              {itens.map((item) => (
                <li key={item.id}>
                  <CentralItemCard
                    item={item}
                    serverNow={serverNow}
                    permissions={permissions}
                    current={item.id === current}
                    busy={acao.isPending && acao.variables?.id === item.id}
                    onFocusItem={setCurrentId}
                    onAssumir={assumir}
                    onLiberar={liberar}
                    onResolver={setResolvendo}
                    onReatribuir={setReatribuindo}
                    cardRef={(el) => {
                      if (el) cards.current.set(item.id, el);
                      else cards.current.delete(item.id);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        {data && (
          <OperadoresPanel
            operadores={data.operadores}
            userId={userId}
            minha={data.minha_presenca}
            onStatus={mudarStatus}
            salvando={presenca.isPending}
          />
        )}
      </div>
      <ResolverDialog
        item={resolvendo}
        onOpenChange={(open) => !open && setResolvendo(null)}
        onCloseAutoFocus={afterDialog(resolvendo?.id)}
      />
      <ReatribuirDialog
        item={reatribuindo}
        operadores={data?.operadores ?? []}
        onOpenChange={(open) => !open && setReatribuindo(null)}
        onCloseAutoFocus={afterDialog(reatribuindo?.id)}
      />
      <AtalhosDialog open={atalhos} onOpenChange={setAtalhos} />
      {supervisor && <SlaDialog open={prazos} onOpenChange={setPrazos} condominioInicial={condominioId} />}
    </div>
  );
}
