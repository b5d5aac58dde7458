/**
 * "Simular ligação" and "Simular WhatsApp" (docs/decisions/037-phone-line-and-whatsapp.md): on the
 * demonstration only, staff play a visitor at a gate's phone line or WhatsApp. They pick the gate,
 * then type what the visitor says; the attendant answers through the same handlers as Twilio's and
 * Meta's webhooks, and nothing reaches anyone. The conversation is a normal "Atendimentos" one, read
 * live (the resident's decision arrives as an attendant line, a call then hangs up), and for a call
 * the last TwiML Twilio would have received is shown. The simulation's conversation is in the URL
 * (`simulacao`), so going to its request and back keeps it open.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ClipboardList, FlaskConical, MessageCircle, Phone, PhoneOff, Send } from "lucide-react";
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import type { AtendenteAutor } from "@/shared/domain";
import type { Atendimento } from "@/shared/schemas/atendimentos";
import { requiredId } from "@/shared/schemas/common";
import { SIMULACAO_CANAIS, simulacaoMensagemSchema } from "@/shared/schemas/simulacoes";
import { CondominioPortaoFields } from "@/web/components/condominio-portao-fields";
import { ErrorState } from "@/web/components/error-state";
import { TextareaField } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { StatusBadge, toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { usePortoesAtivos } from "@/web/console/condominios/portoes.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { shortId } from "@/web/lib/console-screens";
import { toast } from "@/web/lib/toast";
import { isUuid } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import { EtapaBadge } from "./atendimento-labels";
import { atendimentoDetailOptions } from "./atendimentos.queries";
import {
  type SimulacaoCanal,
  simulacaoDisponivelOptions,
  useFalarNaSimulacao,
  useIniciarSimulacao,
  useUltimoTurno,
} from "./simulacoes.queries";
import { Transcricao } from "./transcricao";

/** The query-string key of the simulation's conversation. */
const PARAM = "simulacao";
const MENSAGEM_MAX = simulacaoMensagemSchema.shape.texto.maxLength ?? 500;

const TEXTOS: Record<
  SimulacaoCanal,
  {
    botao: string;
    titulo: string;
    campo: string;
    exemplo: string;
    enviar: string;
    dica: string;
    encerrada: string;
    outra: string;
  }
> = {
  telefone: {
    botao: "Simular ligação",
    titulo: "Simular ligação",
    campo: "O que o visitante diz",
    exemplo: "Ex.: Boa noite, vim ver a Ana do 101 da Torre A",
    enviar: "Falar",
    dica: "Você faz o papel do visitante: o texto chega ao atendente como a fala reconhecida na ligação. Enter envia; Shift+Enter quebra a linha.",
    encerrada: "Ligação encerrada",
    outra: "Simular outra ligação",
  },
  whatsapp: {
    botao: "Simular WhatsApp",
    titulo: "Simular WhatsApp",
    campo: "Mensagem do visitante",
    exemplo: "Ex.: Entrega do Mercado Livre para o 101 da Torre A",
    enviar: "Enviar",
    dica: "Você faz o papel do visitante: o texto chega ao atendente como uma mensagem de WhatsApp. Enter envia; Shift+Enter quebra a linha.",
    encerrada: "Conversa encerrada",
    outra: "Simular outro WhatsApp",
  },
};

const AUTORES: Record<AtendenteAutor, string> = {
  visitante: "Você (visitante)",
  atendente: "Atendente",
  porteiro: "Portaria",
};

const botaoId = (canal: SimulacaoCanal) => `simular-${canal}`;

/**
 * "Simular ligação" and "Simular WhatsApp" in the page header, and their dialog: nothing outside the
 * demonstration. The dialog opens on the gate's choice, then shows the conversation.
 */
export function SimulacaoAcoes() {
  const disponivel = useQuery(simulacaoDisponivelOptions());
  if (!disponivel.data) return null;
  return <Simulacoes />;
}

function Simulacoes() {
  const [search, setSearch] = useSearchParams();
  const param = search.get(PARAM);
  const conversaId = isUuid(param) ? param : undefined;
  const [novo, setNovo] = useState<SimulacaoCanal | null>(null);
  const iniciar = useIniciarSimulacao();
  /** The channel last played: its button takes the focus back when the dialog closes. */
  const ultimoCanal = useRef<SimulacaoCanal>("telefone");
  const open = !!conversaId || !!novo;

  function setConversa(id: string | undefined, replace = false) {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(PARAM, id);
        else next.delete(PARAM);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  }

  function abrir(canal: SimulacaoCanal) {
    ultimoCanal.current = canal;
    iniciar.reset();
    setNovo(canal);
  }

  function fechar() {
    setNovo(null);
    if (conversaId) setConversa(undefined);
  }

  return (
    <>
      {SIMULACAO_CANAIS.map((canal) => (
        <Button key={canal} id={botaoId(canal)} variant="outline" onClick={() => abrir(canal)}>
          {canal === "telefone" ? <Phone aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
          {TEXTOS[canal].botao}
        </Button>
      ))}
      <Dialog open={open} onOpenChange={(next) => !next && fechar()}>
        <DialogContent
          busy={iniciar.isPending}
          className="sm:max-w-xl"
          onOpenAutoFocus={(event) => {
            // The conversation focuses its own box once it has loaded; the form lets Radix focus its first field.
            if (!conversaId) return;
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(botaoId(ultimoCanal.current))?.focus();
          }}
        >
          {conversaId ? (
            <SimulacaoConversa
              key={conversaId}
              id={conversaId}
              ultimoCanal={ultimoCanal}
              onOutra={(canal) => {
                // The ended simulation is left behind (replace): Back does not reopen it.
                setConversa(undefined, true);
                abrir(canal);
              }}
            />
          ) : (
            novo && (
              <IniciarSimulacao
                key={novo}
                canal={novo}
                iniciar={iniciar}
                onStarted={(id) => {
                  setNovo(null);
                  setConversa(id);
                }}
              />
            )
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** "Demonstração: nenhuma ligação ou mensagem real", on every step of the dialog. */
function DemoAviso() {
  return (
    <Badge
      variant="outline"
      className={cn("h-auto whitespace-normal text-left", toneClasses("amber"))}
      data-testid="simulacao-demo"
    >
      <FlaskConical aria-hidden="true" />
      Demonstração: nenhuma ligação ou mensagem real
    </Badge>
  );
}

/** The title, the demonstration's badge and what the step is about. */
function Cabecalho({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <DialogHeader className="gap-2">
      <DialogTitle>{titulo}</DialogTitle>
      <DemoAviso />
      <DialogDescription>{children}</DialogDescription>
    </DialogHeader>
  );
}

// ── The gate (and, for WhatsApp, the first message) ─────────────────────────────────────────────

const inicioSchema = z
  .object({
    canal: z.enum(SIMULACAO_CANAIS),
    condominio_id: requiredId("Selecione o condomínio"),
    portao_id: requiredId("Selecione o portão"),
    texto: z.string().trim().max(MENSAGEM_MAX, `A mensagem deve ter no máximo ${MENSAGEM_MAX} caracteres`),
  })
  .superRefine((v, ctx) => {
    if (v.canal === "whatsapp" && !v.texto)
      ctx.addIssue({ code: "custom", path: ["texto"], message: "Escreva a primeira mensagem do visitante" });
  });
type Inicio = z.input<typeof inicioSchema>;

function IniciarSimulacao({
  canal,
  iniciar,
  onStarted,
}: {
  canal: SimulacaoCanal;
  iniciar: ReturnType<typeof useIniciarSimulacao>;
  onStarted: (conversaId: string) => void;
}) {
  const [search] = useSearchParams();
  const condominios = useCondominios();
  const ativos = condominios.items.filter((c) => c.enabled);
  // The list's condominium filter, or the only one, is already chosen.
  const filtro = search.get("condominio_id");
  const inicial = ativos.find((c) => c.id === filtro)?.id ?? (ativos.length === 1 ? ativos[0]?.id : undefined);
  const form = useForm<Inicio, unknown, z.output<typeof inicioSchema>>({
    resolver: zodResolver(inicioSchema),
    defaultValues: { canal, condominio_id: inicial ?? "", portao_id: "", texto: "" },
  });
  const submitting = form.formState.isSubmitting;
  const condominioId = form.watch("condominio_id");
  // The lookup loads after the form: the only condominium is chosen then.
  useEffect(() => {
    if (inicial && !form.getValues("condominio_id")) form.setValue("condominio_id", inicial);
  }, [inicial, form]);
  // A call or a message reaches a gate in use.
  const portoes = usePortoesAtivos(condominioId);
  const unico = portoes.ativos.length === 1 ? portoes.ativos[0]?.id : undefined;
  useEffect(() => {
    if (unico && !form.getValues("portao_id")) form.setValue("portao_id", unico);
  }, [unico, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const turno = await iniciar.mutateAsync({
        canal,
        portao_id: values.portao_id,
        ...(canal === "whatsapp" ? { texto: values.texto } : {}),
      });
      onStarted(turno.conversa_id);
    } catch (error) {
      reportSaveError(
        form,
        error,
        ["portao_id", "texto"],
        canal === "telefone" ? "Não foi possível simular a ligação" : "Não foi possível simular a mensagem",
      );
    }
  });

  return (
    <>
      <Cabecalho titulo={TEXTOS[canal].titulo}>
        {canal === "telefone"
          ? "Você liga para a linha de um portão como um visitante: o atendente virtual atende e você responde digitando o que diria."
          : "Você escreve para o WhatsApp de um portão como um visitante: o atendente virtual responde como responderia ao visitante."}
      </Cabecalho>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
        <CondominioPortaoFields
          form={form}
          condominios={ativos}
          carregandoCondominios={condominios.isPending}
          condominioId={condominioId}
          portoes={portoes}
          portaoHint={
            canal === "telefone"
              ? "A linha de qual portão o visitante liga."
              : "O WhatsApp de qual portão o visitante escreve."
          }
          wrap
        />
        {canal === "whatsapp" && (
          <TextareaField
            form={form}
            name="texto"
            label="Primeira mensagem do visitante"
            required
            placeholder={TEXTOS.whatsapp.exemplo}
          />
        )}
        <DialogFormFooter
          submitting={submitting}
          label={canal === "telefone" ? "Ligar" : "Enviar mensagem"}
          pendingLabel={canal === "telefone" ? "Ligando..." : "Enviando..."}
          icon={canal === "telefone" ? <Phone aria-hidden="true" /> : <Send aria-hidden="true" />}
        />
      </form>
    </>
  );
}

// ── The conversation ──────────────────────────────────────────────────────────────────────────

/** The conversation ended: closed, concluded, or the call hung up on its last turn. */
function encerrada(a: Atendimento, ultimoTurnoEncerrou: boolean) {
  return ultimoTurnoEncerrou || !!a.encerrada_em || a.etapa === "concluida" || a.etapa === "encerrada";
}

function SimulacaoConversa({
  id,
  ultimoCanal,
  onOutra,
}: {
  id: string;
  /** Told the conversation's channel, whose button takes the focus back on close. */
  ultimoCanal: RefObject<SimulacaoCanal>;
  onOutra: (canal: SimulacaoCanal) => void;
}) {
  const query = useQuery(atendimentoDetailOptions(id));
  const turno = useUltimoTurno(id);
  const a = query.data;
  const canal: SimulacaoCanal | undefined = a?.canal === "telefone" || a?.canal === "whatsapp" ? a.canal : turno?.canal;
  useEffect(() => {
    if (canal) ultimoCanal.current = canal;
  }, [canal, ultimoCanal]);

  if (!a)
    return (
      <>
        <Cabecalho titulo="Simulação">A conversa simulada com o atendente virtual.</Cabecalho>
        {query.isError ? (
          <ErrorState
            title={
              query.error instanceof ApiError && query.error.status === 404
                ? "Simulação não encontrada."
                : "Não foi possível carregar a simulação."
            }
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <div className="grid gap-3" role="status" aria-label="Carregando simulação">
            <Skeleton className="h-4 w-56 max-w-full" />
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        )}
      </>
    );
  if (!canal)
    return <Cabecalho titulo="Simulação">Esta conversa não é uma ligação nem um WhatsApp simulado.</Cabecalho>;

  const fim = encerrada(a, !!turno?.encerrada);
  // "do portão “Garagem”, em Residencial Jardim" (the gate's name may itself start with "Portão").
  const portao = a.portao_nome ? `do portão “${a.portao_nome}”, em ${a.condominio_nome}` : `de ${a.condominio_nome}`;
  return (
    <>
      <Cabecalho titulo={TEXTOS[canal].titulo}>
        {canal === "telefone" ? `Ligação para a linha ${portao}.` : `WhatsApp ${portao}.`} O que você escreve é o que o
        visitante {canal === "telefone" ? "diz" : "escreve"}; a conversa também aparece em Atendimentos.
      </Cabecalho>
      <div className="flex flex-wrap items-center justify-between gap-2" data-simulacao={a.id}>
        <p className="min-w-0 break-words text-muted-foreground text-sm">
          {a.nome_visitante ? `Visitante: ${a.nome_visitante}` : "Visitante ainda não identificado"}
        </p>
        <EtapaBadge a={a} />
      </div>
      <Transcricao
        mensagens={a.mensagens}
        label="Conversa simulada"
        autores={AUTORES}
        leitor="visitante"
        vazio="Nenhuma fala ainda."
        className="max-h-[45dvh] min-h-32 sm:max-h-80"
      />
      {a.solicitacao && <SolicitacaoDaSimulacao solicitacao={a.solicitacao} />}
      {fim ? <Encerrada canal={canal} onOutra={() => onOutra(canal)} /> : <FalaBox id={a.id} canal={canal} />}
      {canal === "telefone" && <TwimlEnviada twiml={turno?.twiml ?? null} />}
    </>
  );
}

/** The request the attendant registered: its status, live, and the way to it (the residents' side). */
function SolicitacaoDaSimulacao({ solicitacao }: { solicitacao: NonNullable<Atendimento["solicitacao"]> }) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
      data-testid="simulacao-solicitacao"
    >
      <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium text-sm">
        <ClipboardList className="size-4 shrink-0" aria-hidden="true" />
        Solicitação #{shortId(solicitacao.id)}
        <StatusBadge status={solicitacao.status} />
      </p>
      <Button asChild variant="outline" size="sm">
        <Link to={`/app/solicitacoes/${solicitacao.id}`}>Ver solicitação</Link>
      </Button>
    </div>
  );
}

/** The call hung up, or the WhatsApp conversation ended: said once, and another can start. */
function Encerrada({ canal, onOutra }: { canal: SimulacaoCanal; onOutra: () => void }) {
  const outra = useRef<HTMLButtonElement>(null);
  // The box the focus was in went away with the call: the focus goes to what can be done next.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.getAttribute("role") === "dialog") outra.current?.focus();
  }, []);
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="simulacao-encerrada"
    >
      <p role="status" className="flex items-center gap-2 font-medium text-sm">
        <PhoneOff className="size-4 shrink-0" aria-hidden="true" />
        {TEXTOS[canal].encerrada}
      </p>
      <Button ref={outra} variant="outline" size="sm" onClick={onOutra}>
        {canal === "telefone" ? <Phone aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
        {TEXTOS[canal].outra}
      </Button>
    </div>
  );
}

/**
 * What the visitor says next: Enter sends (Shift+Enter breaks the line); the box empties once the
 * attendant's answer is on the conversation. Focused when it shows, so staff just type.
 */
function FalaBox({ id, canal }: { id: string; canal: SimulacaoCanal }) {
  const falar = useFalarNaSimulacao(id);
  const [texto, setTexto] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const hintId = `${fieldId}-dica`;
  const errorId = `${fieldId}-erro`;
  const textos = TEXTOS[canal];

  useEffect(() => {
    textareaRef.current?.focus();
  }, []);

  async function send() {
    if (falar.isPending) return;
    const parsed = simulacaoMensagemSchema.safeParse({ texto });
    if (!parsed.success) {
      setErro(parsed.error.issues[0]?.message ?? "Escreva o que o visitante diz");
      textareaRef.current?.focus();
      return;
    }
    try {
      await falar.mutateAsync(parsed.data.texto);
      setTexto("");
      setErro(null);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.find((f) => f.path === "texto") : undefined;
      if (field) setErro(field.message);
      else
        toast.error(canal === "telefone" ? "Não foi possível falar na ligação" : "Não foi possível enviar a mensagem", {
          description: errorMessage(error),
        });
    }
    textareaRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      className="grid gap-2"
      noValidate
      aria-busy={falar.isPending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Label htmlFor={fieldId}>{textos.campo}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Textarea
          ref={textareaRef}
          id={fieldId}
          name="texto"
          rows={2}
          maxLength={MENSAGEM_MAX}
          value={texto}
          onChange={(event) => {
            setTexto(event.target.value);
            if (erro) setErro(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={textos.exemplo}
          className="max-h-40 min-h-11 flex-1"
          aria-invalid={erro ? true : undefined}
          aria-describedby={[erro ? errorId : null, hintId].filter(Boolean).join(" ")}
        />
        <Button type="submit" disabled={falar.isPending} className="h-11 shrink-0">
          {falar.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {textos.enviar}
        </Button>
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        {textos.dica}
      </p>
      {erro && (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {erro}
        </p>
      )}
    </form>
  );
}

/** "TwiML enviada à Twilio": the last turn's TwiML, exactly as Twilio would have received it. */
function TwimlEnviada({ twiml }: { twiml: string | null }) {
  return (
    <details className="group rounded-lg border text-sm" data-testid="simulacao-twiml">
      <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50">
        TwiML enviada à Twilio
      </summary>
      {twiml ? (
        <pre className="whitespace-pre-wrap break-all border-t p-3 font-mono text-xs">{twiml}</pre>
      ) : (
        <p className="border-t p-3 text-muted-foreground">
          A TwiML aparece aqui depois da próxima fala (ela não fica guardada na conversa).
        </p>
      )}
    </details>
  );
}
