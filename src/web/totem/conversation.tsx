/**
 * The kiosk's conversation screen (docs/product.md, "Totem"): the transcript (the attendant, the
 * visitor, a porteiro who took over, each labelled), a message box with "Enviar", and "Falar" where
 * the browser recognises speech. New lines are announced politely to screen readers.
 */
import { CircleAlert, Mic, RotateCw, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { AtendenteAutor } from "@/shared/domain";
import { ATENDENTE_TEXTO_MAX, type Mensagem } from "@/shared/schemas/atendente";
import { cn } from "@/web/lib/utils";
import { KioskButton } from "./kiosk-ui";
import { WaitingBanner } from "./outcome-screen";
import {
  createRecognition,
  heardText,
  type Recognition,
  recognitionErrorMessage,
  recognitionSupported,
  stopSpeaking,
} from "./speech";
import { AUTOR_LABELS } from "./transcript";

/** A message of the visitor's not answered yet: on its way, or failed (kept, with a retry). */
export interface Pendente {
  id: number;
  texto: string;
  status: "enviando" | "falhou";
  erro: string | null;
}

const SEM_VOZ = "Este totem não reconhece voz: escreva a sua mensagem.";

export function Conversation({
  linhas,
  pendentes,
  aguardando,
  onSend,
  onRetry,
  onActivity,
}: {
  linhas: Mensagem[];
  pendentes: Pendente[];
  /** Someone other than the visitor is on it: a resident deciding, or a porteiro. */
  aguardando: "morador" | "porteiro" | null;
  onSend: (texto: string) => void;
  onRetry: (pendente: Pendente) => void;
  /** The visitor typed or spoke: the silence timer starts over. */
  onActivity: () => void;
}) {
  const inputId = useId();
  const noteId = useId();
  const [texto, setTexto] = useState("");
  const [supported, setSupported] = useState(recognitionSupported);
  const [blocked, setBlocked] = useState(false);
  const [ouvindo, setOuvindo] = useState(false);
  const [vozNota, setVozNota] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const recognitionRef = useRef<Recognition | null>(null);
  const enviando = pendentes.some((p) => p.status === "enviando");
  const enviandoRef = useRef(enviando);
  enviandoRef.current = enviando;

  // The conversation starts at the message box (a keyboard, or the tablet's own, is ready to type).
  useEffect(() => inputRef.current?.focus(), []);
  // The newest line in view.
  const count = linhas.length + pendentes.length;
  const lastStatus = pendentes.map((p) => p.status).join();
  useEffect(() => {
    void count;
    void lastStatus;
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count, lastStatus]);
  // The tablet turned (or its keyboard opened): the newest line stays in view.
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      log.scrollTop = log.scrollHeight;
    });
    observer.observe(log);
    return () => observer.disconnect();
  }, []);
  // Leaving the screen (reset, outcome) stops listening at once.
  useEffect(() => () => recognitionRef.current?.abort(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = texto.trim();
    if (!words || enviando) return;
    onSend(words);
    setTexto("");
    inputRef.current?.focus();
  };

  const listen = () => {
    if (recognitionRef.current) {
      recognitionRef.current.stop();
      return;
    }
    const recognition = createRecognition();
    if (!recognition) {
      setSupported(false);
      return;
    }
    // The kiosk's own voice must not be heard as the visitor's.
    stopSpeaking();
    let heard = "";
    let final = false;
    recognition.onresult = (event) => {
      ({ text: heard, final } = heardText(event.results));
      setTexto(heard);
      onActivity();
    };
    recognition.onerror = (event) => {
      const problem = recognitionErrorMessage(event.error);
      if (!problem) return;
      setVozNota(problem.message);
      if (problem.blocked) setBlocked(true);
    };
    recognition.onend = () => {
      recognitionRef.current = null;
      setOuvindo(false);
      // What was heard in full goes at once; a phrase cut short (or heard while the last one is still
      // being answered) stays in the box to be checked and sent.
      if (final && heard && !enviandoRef.current) {
        onSend(heard);
        setTexto("");
      }
    };
    setVozNota(null);
    try {
      recognition.start();
      recognitionRef.current = recognition;
      setOuvindo(true);
      onActivity();
    } catch {
      setVozNota("Não consegui ouvir. Escreva a sua mensagem.");
    }
  };

  const canListen = supported && !blocked;
  const note = ouvindo
    ? "Ouvindo… Fale agora. Toque em Falar de novo para parar."
    : (vozNota ?? (canListen ? null : SEM_VOZ));

  return (
    <main className="flex min-h-0 flex-1 flex-col">
      <h1 className="sr-only">Conversa com a portaria</h1>
      <div role="status">{aguardando && <WaitingBanner kind={aguardando} />}</div>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversa com a portaria"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4 outline-none focus-visible:ring-4 focus-visible:ring-blue-800 focus-visible:ring-inset sm:px-6"
      >
        <ol className="mx-auto grid max-w-4xl gap-4">
          {linhas.map((m, i) => (
            // Lines only ever append: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Line key={i} autor={m.autor} texto={m.texto} />
          ))}
          {pendentes.map((p) => (
            <Line key={`pendente-${p.id}`} autor="visitante" texto={p.texto}>
              {p.status === "enviando" ? (
                <p className="text-lg">Enviando…</p>
              ) : (
                <div className="grid gap-2">
                  <p className="flex items-start gap-2 font-semibold text-lg">
                    <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
                    <span>Não enviada. {p.erro}</span>
                  </p>
                  <KioskButton
                    variant="inverse"
                    className="min-h-12 justify-self-start px-4 text-lg sm:text-xl [&_svg]:size-5"
                    onClick={() => {
                      onRetry(p);
                      // The button goes away with the failure: focus goes back to the message box.
                      inputRef.current?.focus();
                    }}
                  >
                    <RotateCw aria-hidden="true" />
                    Tentar de novo
                  </KioskButton>
                </div>
              )}
            </Line>
          ))}
        </ol>
      </div>
      <form onSubmit={submit} className="border-neutral-300 border-t-2 bg-neutral-50 px-4 py-3 sm:px-6">
        <div className="mx-auto grid max-w-4xl gap-2">
          <label htmlFor={inputId} className="font-semibold text-xl">
            Mensagem
          </label>
          <div className="flex flex-wrap gap-3">
            <input
              ref={inputRef}
              id={inputId}
              value={texto}
              onChange={(event) => {
                setTexto(event.target.value);
                onActivity();
              }}
              maxLength={ATENDENTE_TEXTO_MAX}
              autoComplete="off"
              enterKeyHint="send"
              aria-describedby={note ? noteId : undefined}
              placeholder="Escreva aqui"
              className="h-16 min-w-0 flex-1 basis-64 rounded-xl border-2 border-neutral-700 bg-white px-4 text-2xl text-neutral-950 outline-none placeholder:text-neutral-600 focus-visible:border-blue-800 focus-visible:ring-4 focus-visible:ring-blue-800/40"
            />
            <div className="flex gap-3 max-sm:w-full">
              <KioskButton type="submit" disabled={enviando} className="max-sm:flex-1">
                <Send aria-hidden="true" />
                Enviar
              </KioskButton>
              {canListen && (
                <KioskButton
                  variant={ouvindo ? "primary" : "secondary"}
                  aria-pressed={ouvindo}
                  onClick={listen}
                  className="max-sm:flex-1"
                >
                  <Mic aria-hidden="true" />
                  Falar
                </KioskButton>
              )}
            </div>
          </div>
          <p id={noteId} aria-live="polite" className={cn("min-h-7 text-lg", ouvindo && "font-semibold")}>
            {note}
          </p>
        </div>
      </form>
    </main>
  );
}

const LINE_STYLES: Record<AtendenteAutor, string> = {
  atendente: "mr-auto border-2 border-neutral-300 bg-neutral-100 text-neutral-950",
  porteiro: "mr-auto border-2 border-amber-700 bg-amber-100 text-neutral-950",
  visitante: "ml-auto bg-blue-800 text-white",
};

function Line({ autor, texto, children }: { autor: AtendenteAutor; texto: string; children?: React.ReactNode }) {
  return (
    <li data-autor={autor} className={cn("grid max-w-[85%] gap-1 rounded-2xl px-4 py-3", LINE_STYLES[autor])}>
      <p className="font-bold text-base uppercase tracking-wide">
        {AUTOR_LABELS[autor]}
        <span className="sr-only">:</span>
      </p>
      <p className="whitespace-pre-wrap break-words text-2xl leading-snug sm:text-3xl">{texto}</p>
      {children}
    </li>
  );
}
