/**
 * The gate's kiosk (docs/product.md, "Totem"): a tablet fixed at a gate, paired through a link from
 * the console's "Totens" screen. A visitor taps to start, talks or types to the virtual attendant
 * (and to a porteiro who takes over), and sees the outcome across the whole screen. The kiosk then
 * forgets the visitor: back to the welcome screen after the outcome, or after a silence.
 *
 * Live by Server-Sent Events (use-kiosk-events.ts): an event names a conversation that changed and
 * the kiosk reads it again; nothing polls while the stream is up.
 *
 * The photo step (photo-step.tsx) comes when the attendant has the visitor's unit and name and asks
 * them to confirm (etapa "confirmando"): the visitor is identified, the request does not exist yet,
 * and their "sim" creates it with the photo already on the conversation (the server links it in the
 * same transaction), so the residents see it from their first look. A visitor with a pass's PIN, or
 * who leaves before saying where they go, is never photographed. Once per conversation: a visitor
 * who corrects the unit is not asked again.
 */

import { CircleAlert, MessageCircle, RotateCw, TabletSmartphone, WifiOff } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { EstadoConversa, Mensagem } from "@/shared/schemas/atendente";
import type { TotemDispositivo } from "@/shared/schemas/totens";
import { ApiError, errorMessage } from "@/web/lib/api";
import type { Route } from "./+types/kiosk";
import { Conversation, type Pendente } from "./conversation";
import { isConnectionError, isUnpaired, kioskApi } from "./kiosk-api";
import { KioskButton, KioskFrame } from "./kiosk-ui";
import { OutcomeScreen } from "./outcome-screen";
import { createPhotoSender, type FotoEscolha } from "./photo-sender";
import { hasCamera, PhotoStep } from "./photo-step";
import { speak, stopSpeaking } from "./speech";
import { afterTurn, desfechoOf, isClosed, lineKey, mergeTranscript, unspoken, waitsOnVisitor } from "./transcript";
import { useKioskEvents } from "./use-kiosk-events";

export const meta: Route.MetaFunction = () => [{ title: "Totem — Guarita" }, { name: "robots", content: "noindex" }];

/** A silence this long while the attendant waits on the visitor: they walked away. */
const INATIVIDADE_MS = 30_000;
/**
 * While a resident or a porteiro is deciding the visitor stays and waits, often for longer: the
 * kiosk gives up only after this much silence (the conversation itself stays open on the server).
 */
const ESPERA_MS = 5 * 60_000;
/** How long an outcome stays on screen before the welcome screen comes back. */
const DESFECHO_MS = 15_000;
/** While a request failed for the network, how often the kiosk checks whether the server is back. */
const RECONEXAO_MS = 3_000;

/**
 * The conversation's photo step: not yet; checking that the tablet has a camera; on screen; over
 * (taken, refused, or no camera).
 */
type FotoFase = "pendente" | "verificando" | "aberta" | "feita";

type Fase =
  | { tipo: "carregando" }
  | { tipo: "nao_pareado" }
  | { tipo: "sem_conexao"; message: string }
  | { tipo: "pronto"; dispositivo: TotemDispositivo };

interface ConversaState {
  id: string;
  linhas: Mensagem[];
  estado: EstadoConversa;
  encerradaEm: string | null;
  /** The visitor's messages not yet answered by the server: being sent, or failed (with a retry). */
  pendentes: Pendente[];
  foto: FotoFase;
}

export default function KioskPage() {
  const [fase, setFase] = useState<Fase>({ tipo: "carregando" });
  const [conversa, setConversa] = useState<ConversaState | null>(null);
  const [fetchOffline, setFetchOffline] = useState(false);
  const [iniciando, setIniciando] = useState(false);
  const [erroInicio, setErroInicio] = useState<string | null>(null);
  /** Bumped by anything the visitor does and by every new line: restarts the silence timer. */
  const [atividade, setAtividade] = useState(0);
  const conversaRef = useRef<ConversaState | null>(null);
  conversaRef.current = conversa;
  const spoken = useRef(new Set<string>());
  const nextPendente = useRef(1);
  const refreshing = useRef<{ id: string; again: boolean } | null>(null);
  /** The current conversation's photo sender: each choice in order, the newest replacing the last. */
  const fotoSender = useRef<{ id: string; send: (escolha: FotoEscolha) => Promise<boolean> } | null>(null);

  const bump = useCallback(() => setAtividade((n) => n + 1), []);

  const toUnpaired = useCallback(() => {
    stopSpeaking();
    setConversa(null);
    setFetchOffline(false);
    setFase({ tipo: "nao_pareado" });
  }, []);

  /** A request failed: the kiosk lost its credential, or the network (shown until the server answers again). */
  const onFailure = useCallback(
    (error: unknown) => {
      if (isUnpaired(error)) toUnpaired();
      else if (isConnectionError(error)) setFetchOffline(true);
    },
    [toUnpaired],
  );

  const loadDevice = useCallback(async () => {
    try {
      const dispositivo = await kioskApi.dispositivo();
      setFase({ tipo: "pronto", dispositivo });
      setFetchOffline(false);
    } catch (error) {
      if (isUnpaired(error)) setFase({ tipo: "nao_pareado" });
      else setFase({ tipo: "sem_conexao", message: errorMessage(error) });
    }
  }, []);

  useEffect(() => {
    void loadDevice();
  }, [loadDevice]);

  // At start-up without a server, try again by itself: nobody at a gate will press reload.
  useEffect(() => {
    if (fase.tipo !== "sem_conexao") return;
    const timer = setInterval(() => void loadDevice(), RECONEXAO_MS);
    return () => clearInterval(timer);
  }, [fase.tipo, loadDevice]);

  /** Reads the conversation again (after an event, a reconnection): the server's transcript is the truth. */
  const refresh = useCallback(async () => {
    const current = conversaRef.current;
    if (!current) return;
    if (refreshing.current?.id === current.id) {
      refreshing.current.again = true;
      return;
    }
    const state = { id: current.id, again: true };
    refreshing.current = state;
    try {
      while (state.again) {
        state.again = false;
        const lida = await kioskApi.conversa(current.id);
        setFetchOffline(false);
        setConversa((prev) => {
          if (!prev || prev.id !== lida.id) return prev;
          // A read that left before a turn's answer came is older than the screen: keep the newer state.
          const stale = lida.mensagens.length < prev.linhas.length;
          return {
            ...prev,
            linhas: mergeTranscript(prev.linhas, lida.mensagens),
            estado: stale ? prev.estado : lida.estado,
            encerradaEm: lida.encerrada_em ?? prev.encerradaEm,
          };
        });
      }
    } catch (error) {
      onFailure(error);
    } finally {
      if (refreshing.current === state) refreshing.current = null;
    }
  }, [onFailure]);

  const paired = fase.tipo === "pronto";
  const events = useKioskEvents(paired, {
    onAtendimento: (id) => {
      if (conversaRef.current?.id === id) void refresh();
    },
    onUnpaired: toUnpaired,
    onReconnected: () => void refresh(),
  });

  // A request failed for the network: check every few seconds until the server answers, then catch up.
  useEffect(() => {
    if (!fetchOffline || !paired) return;
    const timer = setInterval(() => {
      kioskApi.dispositivo().then(
        () => {
          setFetchOffline(false);
          void refresh();
        },
        (error: unknown) => {
          if (isUnpaired(error)) toUnpaired();
        },
      );
    }, RECONEXAO_MS);
    return () => clearInterval(timer);
  }, [fetchOffline, paired, refresh, toUnpaired]);

  const start = async () => {
    if (iniciando) return;
    setIniciando(true);
    setErroInicio(null);
    stopSpeaking();
    try {
      const turno = await kioskApi.iniciar();
      spoken.current = new Set();
      setFetchOffline(false);
      setConversa({
        id: turno.id,
        linhas: turno.mensagens,
        estado: turno.estado,
        encerradaEm: null,
        pendentes: [],
        foto: "pendente",
      });
      // A failed upload is tried once more, then left: the conversation never waits on the photo.
      fotoSender.current = {
        id: turno.id,
        send: createPhotoSender({
          send: (escolha) => (escolha ? kioskApi.foto(turno.id, escolha) : kioskApi.recusarFoto(turno.id)),
        }),
      };
      bump();
    } catch (error) {
      onFailure(error);
      if (!isUnpaired(error)) setErroInicio(errorMessage(error));
    } finally {
      setIniciando(false);
    }
  };

  /** Back to the welcome screen with nothing of this visitor left; an unfinished conversation is closed. */
  const reset = useCallback(() => {
    const current = conversaRef.current;
    stopSpeaking();
    if (current && !isClosed(current.estado, current.encerradaEm)) {
      kioskApi.encerrar(current.id).catch(() => undefined);
    }
    spoken.current = new Set();
    refreshing.current = null;
    fotoSender.current = null;
    setConversa(null);
    setErroInicio(null);
  }, []);

  const send = async (texto: string, retryOf?: number) => {
    const current = conversaRef.current;
    const words = texto.trim();
    if (!current || !words) return;
    const id = retryOf ?? nextPendente.current++;
    const base = current.linhas.length;
    const update = (fn: (prev: ConversaState) => ConversaState) =>
      setConversa((prev) => (prev && prev.id === current.id ? fn(prev) : prev));
    update((prev) => ({
      ...prev,
      pendentes: [...prev.pendentes.filter((p) => p.id !== id), { id, texto: words, status: "enviando", erro: null }],
    }));
    bump();
    try {
      const turno = await kioskApi.enviar(current.id, words);
      setFetchOffline(false);
      update((prev) => ({
        ...prev,
        linhas: afterTurn(prev.linhas, words, turno.mensagens, new Date().toISOString(), base),
        estado: turno.estado,
        pendentes: prev.pendentes.filter((p) => p.id !== id),
      }));
    } catch (error) {
      onFailure(error);
      if (isUnpaired(error)) return;
      update((prev) => ({
        ...prev,
        pendentes: prev.pendentes.map((p) => (p.id === id ? { ...p, status: "falhou", erro: errorMessage(error) } : p)),
      }));
      // "Still answering the previous one" or "already closed": the transcript says which.
      if (error instanceof ApiError && error.status === 409) void refresh();
    }
  };

  const setFoto = useCallback((id: string, foto: FotoFase) => {
    setConversa((prev) => (prev && prev.id === id ? { ...prev, foto } : prev));
  }, []);

  /** A picture taken, or the refusal: sent in the background, the newest choice replacing the last. */
  const escolherFoto = useCallback((escolha: FotoEscolha) => {
    const sender = fotoSender.current;
    if (sender && sender.id === conversaRef.current?.id) void sender.send(escolha);
  }, []);

  // The attendant asks the visitor to confirm who and where: the photo step, once, if there is a camera.
  const conversaId = conversa?.id;
  const etapa = conversa?.estado.etapa;
  const fotoFase = conversa?.foto;
  useEffect(() => {
    if (!conversaId || fotoFase !== "pendente" || etapa !== "confirmando") return;
    setFoto(conversaId, "verificando");
    void hasCamera().then((sim) => setFoto(conversaId, sim ? "aberta" : "feita"));
  }, [conversaId, fotoFase, etapa, setFoto]);
  // The photo step is shown only while the attendant waits on the visitor: a porteiro who took the
  // conversation over meanwhile gets it back on screen (and its lines read aloud).
  const esperaVisitante = conversa ? waitsOnVisitor(conversa.estado) : false;
  // From the moment the confirmation arrives: the photo step is about to take the screen.
  const fotoNaTela =
    esperaVisitante &&
    (fotoFase === "verificando" || fotoFase === "aberta" || (fotoFase === "pendente" && etapa === "confirmando"));

  // Every reply of the attendant or a porteiro is read aloud once, in order; the confirmation the
  // photo step interrupts is read once the visitor is back at the conversation.
  const linhas = conversa?.linhas;
  useEffect(() => {
    if (!linhas || fotoNaTela) return;
    const novas = unspoken(linhas, spoken.current);
    for (const linha of novas) {
      spoken.current.add(lineKey(linha));
      speak(linha.texto);
    }
    if (novas.length > 0) bump();
  }, [linhas, fotoNaTela, bump]);

  const desfecho = conversa ? desfechoOf(conversa.estado) : null;
  const closed = conversa ? isClosed(conversa.estado, conversa.encerradaEm) : false;
  const fullScreen = conversa !== null && (closed || desfecho === "entrar" || desfecho === "negado");

  // The outcome stays a moment, then the next visitor gets a clean screen.
  useEffect(() => {
    if (!fullScreen) return;
    const timer = setTimeout(reset, DESFECHO_MS);
    return () => clearTimeout(timer);
  }, [fullScreen, reset]);

  // A silence: nothing typed or said, no new line. Any activity restarts the count.
  const conversando = conversa !== null && !fullScreen;
  useEffect(() => {
    if (!conversando) return;
    void atividade;
    const timer = setTimeout(reset, esperaVisitante ? INATIVIDADE_MS : ESPERA_MS);
    return () => clearTimeout(timer);
  }, [conversando, esperaVisitante, atividade, reset]);

  const offline = events.offline || fetchOffline;

  if (fase.tipo === "carregando") {
    return (
      <KioskFrame>
        <main className="flex flex-1 items-center justify-center p-6">
          <p role="status" className="text-2xl">
            Carregando…
          </p>
        </main>
      </KioskFrame>
    );
  }
  if (fase.tipo === "nao_pareado") return <NotPaired onRetry={() => void loadDevice()} />;
  if (fase.tipo === "sem_conexao") {
    return (
      <KioskFrame>
        <ConnectionStatus offline />
        <main className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center">
          <h1 className="font-bold text-3xl sm:text-4xl">Totem sem conexão</h1>
          <p className="max-w-xl text-xl sm:text-2xl">{fase.message}</p>
          <KioskButton onClick={() => void loadDevice()}>
            <RotateCw aria-hidden="true" />
            Tentar novamente
          </KioskButton>
        </main>
      </KioskFrame>
    );
  }

  const { dispositivo } = fase;
  const header = (
    <KioskHeader dispositivo={dispositivo}>
      <KioskButton variant="secondary" className="min-h-12 px-4 text-lg sm:text-xl" onClick={reset}>
        Encerrar
      </KioskButton>
    </KioskHeader>
  );
  if (conversa && fullScreen && desfecho) {
    return (
      <KioskFrame>
        <ConnectionStatus offline={offline} />
        <OutcomeScreen
          key={conversa.id}
          desfecho={desfecho}
          // Where to leave a package is the attendant's last line ("Pode deixar a encomenda em …").
          detalhe={desfecho === "encomenda" ? conversa.linhas.findLast((l) => l.autor === "atendente")?.texto : null}
          onDone={reset}
        />
      </KioskFrame>
    );
  }
  if (conversa && conversa.foto === "aberta" && esperaVisitante) {
    return (
      <KioskFrame className="h-svh overflow-hidden">
        {header}
        <ConnectionStatus offline={offline} />
        <PhotoStep
          key={conversa.id}
          onFoto={escolherFoto}
          onRecusa={() => escolherFoto(null)}
          onContinuar={() => setFoto(conversa.id, "feita")}
          onActivity={bump}
        />
      </KioskFrame>
    );
  }
  if (conversa) {
    return (
      <KioskFrame className="h-svh overflow-hidden">
        {header}
        <ConnectionStatus offline={offline} />
        <Conversation
          key={conversa.id}
          linhas={conversa.linhas}
          pendentes={conversa.pendentes}
          aguardando={
            desfecho === "porteiro" ? "porteiro" : conversa.estado.etapa === "aguardando_morador" ? "morador" : null
          }
          onSend={(texto) => void send(texto)}
          onRetry={(p) => void send(p.texto, p.id)}
          onActivity={bump}
        />
      </KioskFrame>
    );
  }
  return (
    <KioskFrame>
      <KioskHeader dispositivo={dispositivo} />
      <ConnectionStatus offline={offline} />
      <main className="flex flex-1 flex-col items-center justify-center gap-8 px-4 py-8 text-center sm:px-8">
        <div className="grid gap-2">
          <p className="font-semibold text-2xl text-neutral-800 sm:text-3xl">{dispositivo.condominio_nome}</p>
          <h1 className="font-bold text-4xl sm:text-6xl">{dispositivo.portao_nome}</h1>
        </div>
        <KioskButton
          // Focus starts here: a keyboard at the tablet (or a switch device) reaches the one action at once.
          autoFocus
          onClick={() => void start()}
          disabled={iniciando}
          className="min-h-40 w-full max-w-2xl flex-col rounded-3xl px-8 py-8 text-3xl sm:min-h-56 sm:text-5xl [&_svg]:size-14 sm:[&_svg]:size-20"
        >
          <MessageCircle aria-hidden="true" />
          {iniciando ? "Chamando a portaria…" : "Toque para falar com a portaria"}
        </KioskButton>
        <p className="max-w-xl text-neutral-800 text-xl sm:text-2xl">
          Você pode falar ou escrever. Um atendente virtual vai ajudar você.
        </p>
        {erroInicio && (
          <p
            role="alert"
            className="flex max-w-xl items-start gap-3 rounded-xl border-2 border-red-800 bg-red-50 p-4 text-left text-red-900 text-xl"
          >
            <CircleAlert aria-hidden="true" className="mt-1 size-6 shrink-0" />
            <span>{erroInicio} Toque de novo para tentar.</span>
          </p>
        )}
      </main>
    </KioskFrame>
  );
}

function KioskHeader({ dispositivo, children }: { dispositivo: TotemDispositivo; children?: React.ReactNode }) {
  return (
    <header className="flex items-center justify-between gap-3 border-neutral-300 border-b-2 px-4 py-2 sm:px-6">
      <p className="min-w-0 text-lg leading-tight sm:text-xl">
        <span className="font-semibold">{dispositivo.condominio_nome}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        <span>{dispositivo.portao_nome}</span>
      </p>
      {children}
    </header>
  );
}

/** Always in the page, so screen readers hear the change when the connection drops. */
function ConnectionStatus({ offline }: { offline: boolean }) {
  return (
    <div role="status">
      {offline && (
        <p className="flex items-center gap-3 bg-neutral-950 px-4 py-3 font-semibold text-white text-xl sm:px-6">
          <WifiOff aria-hidden="true" className="size-7 shrink-0" />
          Sem conexão — tentando reconectar…
        </p>
      )}
    </div>
  );
}

function NotPaired({ onRetry }: { onRetry: () => void }) {
  return (
    <KioskFrame>
      <main className="flex flex-1 flex-col items-center justify-center gap-6 px-6 py-10 text-center">
        <TabletSmartphone aria-hidden="true" className="size-24" strokeWidth={1.75} />
        <h1 className="font-bold text-3xl sm:text-5xl">Este totem não está pareado</h1>
        <div className="grid max-w-2xl gap-3 text-left text-xl sm:text-2xl">
          <p>Para usar este tablet como totem da portaria:</p>
          <ol className="grid list-decimal gap-2 pl-8">
            <li>No console do Guarita, abra a tela Totens.</li>
            <li>Crie o totem do portão (ou gere um novo link de pareamento).</li>
            <li>Abra o link de pareamento neste tablet.</li>
          </ol>
        </div>
        <KioskButton variant="secondary" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Verificar de novo
        </KioskButton>
      </main>
    </KioskFrame>
  );
}
