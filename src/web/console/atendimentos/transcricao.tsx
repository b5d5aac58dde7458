/**
 * A conversation's transcript (docs/product.md, "Atendente virtual"), as "Atendimentos" shows it to
 * staff and as the simulation shows it to the visitor staff play: the lines oldest first, whoever
 * reads on the right.
 */
import { useLayoutEffect, useRef } from "react";
import type { AtendenteAutor } from "@/shared/domain";
import type { Mensagem } from "@/shared/schemas/atendente";
import { formatDateTime } from "@/web/components/relative-time";
import { cn } from "@/web/lib/utils";

/** Who reads the transcript: staff (a conversation's page) or the visitor (the simulation). */
type Leitor = "porteiro" | "visitante";

/** Each author's bubble for each reader: the reader's side on the right, the reader's own lines in the primary colour. */
const BOLHAS: Record<Leitor, Record<AtendenteAutor, string>> = {
  // The visitor on the left; the attendant and the porter (who reads) on the right.
  porteiro: {
    visitante: "justify-self-start border bg-background",
    atendente: "justify-self-end bg-secondary text-secondary-foreground",
    porteiro: "justify-self-end bg-primary text-primary-foreground",
  },
  // The visitor (who reads) on the right; the attendant and the porter on the left.
  visitante: {
    visitante: "justify-self-end bg-primary text-primary-foreground",
    atendente: "justify-self-start border bg-background",
    porteiro: "justify-self-start bg-secondary text-secondary-foreground",
  },
};

const hora = (value: string) => formatDateTime(value).slice(11);

/**
 * The transcript, oldest first, kept scrolled to the newest line as lines arrive. A log: a screen reader
 * reads each new line once. Scrollable, so it takes the focus (arrow keys scroll it).
 */
export function Transcricao({
  mensagens,
  label,
  autores,
  leitor,
  vazio,
  className,
}: {
  mensagens: Mensagem[];
  /** The log's accessible name. */
  label: string;
  /** How each author is named above their lines. */
  autores: Record<AtendenteAutor, string>;
  leitor: Leitor;
  /** Said while there is no line yet. */
  vazio: string;
  /** The box's height limits. */
  className: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const last = mensagens.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a line is added
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [mensagens.length, last?.created_at]);

  return (
    <div
      ref={box}
      role="log"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "overflow-y-auto rounded-lg border bg-muted/40 p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      {mensagens.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground text-sm">{vazio}</p>
      ) : (
        <ol className="grid gap-2">
          {mensagens.map((m, index) => (
            <li
              // Lines have no id; their order never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only transcript
              key={index}
              data-autor={m.autor}
              className={cn("grid max-w-[85%] gap-0.5 rounded-lg px-3 py-2 text-sm", BOLHAS[leitor][m.autor])}
            >
              <span className="font-medium text-xs opacity-80">
                {autores[m.autor]}
                <span className="sr-only">:</span> · <time dateTime={m.created_at}>{hora(m.created_at)}</time>
              </span>
              <span className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{m.texto}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
