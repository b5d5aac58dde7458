/**
 * One conversation, live (docs/product.md, "Atendente virtual"): who and where, the transcript as the
 * visitor and the attendant write it, and what a person does: "Assumir", a message to the visitor,
 * "Registrar solicitação", the linked request's "Autorizar"/"Negar", and "Encerrar".
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ClipboardList, ClipboardPlus, Headset, PhoneOff, Send } from "lucide-react";
import { type KeyboardEvent, type ReactNode, type Ref, type RefObject, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ATENDIMENTO_ROOTS } from "@/shared/query-keys";
import { ATENDENTE_TEXTO_MAX } from "@/shared/schemas/atendente";
import {
  ATENDENTE_CANAL_LABELS,
  type Atendimento,
  atendimentoMensagemInputSchema,
} from "@/shared/schemas/atendimentos";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { solicitacaoStatusDisplay, tipoLabel } from "@/shared/status-catalogue";
import { DecisaoBotoes, type Escolha } from "@/web/components/decisao-botoes";
import { ErrorState } from "@/web/components/error-state";
import { RelativeTime } from "@/web/components/relative-time";
import { StatusBadge } from "@/web/components/status-badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { useDecidirSolicitacao } from "@/web/console/solicitacoes/solicitacoes.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { shortId } from "@/web/lib/console-screens";
import { meQueryOptions } from "@/web/lib/me.queries";
import { invalidateRoots } from "@/web/lib/realtime";
import { toast } from "@/web/lib/toast";
import { EncerrarDialog, RegistrarSolicitacaoDialog } from "./atendimento-dialogs";
import { AUTOR_LABELS, EtapaBadge } from "./atendimento-labels";
import { atendimentoDetailOptions, useAssumirAtendimento, useEnviarMensagem } from "./atendimentos.queries";
import { Transcricao } from "./transcricao";

export const DETALHE_HEADING_ID = "atendimento-titulo";
const SOLICITACAO_HEADING_ID = "atendimento-solicitacao";

/** A conversation still going: nobody closed it and it reached no outcome. */
const emAndamento = (a: Atendimento) => !a.encerrada_em && a.etapa !== "concluida" && a.etapa !== "encerrada";

export function AtendimentoDetalhe({
  id,
  backHref,
  headingRef,
}: {
  id: string;
  /** The list without this conversation selected ("Voltar", on a phone). */
  backHref: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const query = useQuery(atendimentoDetailOptions(id));
  const voltar = (
    <Button asChild variant="ghost" size="sm" className="-ml-2 justify-self-start lg:hidden">
      <Link to={backHref}>
        <ArrowLeft aria-hidden="true" />
        Voltar para a lista
      </Link>
    </Button>
  );

  if (query.isError && !query.data)
    return (
      <Card>
        <CardContent className="grid gap-4 px-4 sm:px-6">
          {voltar}
          <h2 ref={headingRef} id={DETALHE_HEADING_ID} tabIndex={-1} className="sr-only">
            Atendimento #{shortId(id)}
          </h2>
          <ErrorState
            title="Não foi possível carregar o atendimento."
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </CardContent>
      </Card>
    );
  if (!query.data)
    return (
      <Card aria-busy="true" aria-label="Carregando atendimento">
        <CardContent className="grid gap-4 px-4 sm:px-6" aria-hidden="true">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-10 w-full" />
        </CardContent>
      </Card>
    );
  return <Detalhe a={query.data} voltar={voltar} headingRef={headingRef} />;
}

function Detalhe({
  a,
  voltar,
  headingRef,
}: {
  a: Atendimento;
  voltar: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const aberto = emAndamento(a);
  const [dialog, setDialog] = useState<Dialogo | null>(null);
  const lastTrigger = useRef<string>(REGISTRAR_ID);
  /** Back to the button that opened the dialog, or to the heading once it is gone (registered, closed). */
  function returnFocus(event: Event) {
    event.preventDefault();
    (document.getElementById(lastTrigger.current) ?? document.getElementById(DETALHE_HEADING_ID))?.focus();
  }
  const abrir = (d: Dialogo) => {
    lastTrigger.current = d === "registrar" ? REGISTRAR_ID : ENCERRAR_ID;
    setDialog(d);
  };
  const onde = [a.condominio_nome, a.portao_nome ? `Portão ${a.portao_nome}` : null, ATENDENTE_CANAL_LABELS[a.canal]]
    .filter(Boolean)
    .join(" · ");
  return (
    <Card className="gap-4" data-atendimento-detalhe={a.id}>
      <CardHeader className="grid gap-3 px-4 sm:px-6">
        {voltar}
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="grid min-w-0 gap-1">
            <h2
              ref={headingRef}
              id={DETALHE_HEADING_ID}
              tabIndex={-1}
              className="break-words font-semibold text-xl outline-none [overflow-wrap:anywhere]"
            >
              {a.nome_visitante ?? "Visitante não identificado"}
            </h2>
            <p className="text-muted-foreground text-sm">{onde}</p>
          </div>
          <EtapaBadge a={a} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
          <dt className="text-muted-foreground">Unidade</dt>
          <dd className="min-w-0 break-words">{a.unidade ? unidadeLabel(a.unidade) : "Não informada"}</dd>
          <dt className="text-muted-foreground">Tipo</dt>
          <dd>{a.tipo ? tipoLabel(a.tipo) : "Não informado"}</dd>
          <dt className="text-muted-foreground">Início</dt>
          <dd>
            <RelativeTime value={a.created_at} />
          </dd>
          <dt className="text-muted-foreground">Atendido por</dt>
          <dd data-testid="atendido-por">{a.atendido_por ? `com ${a.atendido_por.nome}` : "Atendente virtual"}</dd>
          {a.encerrada_em && (
            <>
              <dt className="text-muted-foreground">Encerrado</dt>
              <dd>
                <RelativeTime value={a.encerrada_em} />
              </dd>
            </>
          )}
        </dl>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <Transcricao
          mensagens={a.mensagens}
          label="Conversa"
          autores={AUTOR_LABELS}
          leitor="porteiro"
          vazio="Nenhuma mensagem ainda."
          className="max-h-[55dvh] min-h-40 lg:max-h-[26rem]"
        />
        {a.solicitacao && <SolicitacaoVinculada a={a} solicitacao={a.solicitacao} />}
        {aberto ? <Acoes a={a} onAbrir={abrir} /> : <Encerrado a={a} />}
      </CardContent>
      {/* Here, not under the actions: they go away when the conversation closes, the dialogs close first. */}
      <RegistrarSolicitacaoDialog
        atendimento={a}
        open={dialog === "registrar"}
        onOpenChange={(open) => setDialog(open ? "registrar" : null)}
        onCloseAutoFocus={returnFocus}
      />
      <EncerrarDialog
        atendimento={a}
        open={dialog === "encerrar"}
        onOpenChange={(open) => setDialog(open ? "encerrar" : null)}
        onCloseAutoFocus={returnFocus}
      />
    </Card>
  );
}

/** The request registered in this conversation: its status, the way to it, and the decision while pending. */
function SolicitacaoVinculada({
  a,
  solicitacao,
}: {
  a: Atendimento;
  solicitacao: NonNullable<Atendimento["solicitacao"]>;
}) {
  return (
    <section
      aria-labelledby={SOLICITACAO_HEADING_ID}
      className="grid gap-3 rounded-lg border p-3"
      data-testid="atendimento-solicitacao"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={SOLICITACAO_HEADING_ID}
          tabIndex={-1}
          className="flex items-center gap-2 font-medium text-sm outline-none"
        >
          <ClipboardList className="size-4" aria-hidden="true" />
          Solicitação #{shortId(solicitacao.id)}
        </h3>
        <StatusBadge status={solicitacao.status} />
      </div>
      {solicitacao.status === "pendente" && (
        <Decidir solicitacaoId={solicitacao.id} visitante={a.nome_visitante ?? undefined} />
      )}
      <Button asChild variant="outline" size="sm" className="justify-self-start">
        <Link to={`/app/solicitacoes/${solicitacao.id}`}>Ver solicitação</Link>
      </Button>
    </section>
  );
}

/** "Autorizar"/"Negar" of the linked request, as on its own screen (the same confirmations and reason). */
function Decidir({ solicitacaoId, visitante }: { solicitacaoId: string; visitante?: string }) {
  const decidir = useDecidirSolicitacao(solicitacaoId);
  const queryClient = useQueryClient();
  const decided = useRef(false);

  async function decide(decisao: Escolha, motivoNegacao: string | null) {
    try {
      const updated = await decidir.mutateAsync({ decisao, motivoNegacao });
      decided.current = true;
      toast.success("Solicitação atualizada", {
        description: `Status alterado para ${solicitacaoStatusDisplay(updated.status).label}.`,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.fields.some((f) => f.path === "motivo_negacao")))
        toast.error("Erro ao atualizar status", { description: errorMessage(error) });
      throw error;
    } finally {
      // The conversation follows the decision (the visitor is told): refresh it.
      invalidateRoots(queryClient, ATENDIMENTO_ROOTS);
    }
  }

  return (
    <div className="grid gap-2">
      <p className="text-muted-foreground text-sm">Aguardando decisão dos moradores. A portaria também pode decidir.</p>
      <DecisaoBotoes
        onDecide={decide}
        visitante={visitante}
        // The buttons go with the decision: the focus goes to the request's heading instead.
        onCloseAutoFocus={(event) => {
          if (!decided.current) return;
          event.preventDefault();
          document.getElementById(SOLICITACAO_HEADING_ID)?.focus();
        }}
      />
    </div>
  );
}

type Dialogo = "registrar" | "encerrar";
const REGISTRAR_ID = "atendimento-registrar";
const ENCERRAR_ID = "atendimento-encerrar";

/** What a person can do while the conversation goes on. */
function Acoes({ a, onAbrir }: { a: Atendimento; onAbrir: (dialog: Dialogo) => void }) {
  const me = useQuery(meQueryOptions());
  const assumir = useAssumirAtendimento(a.id);
  const meu = !!me.data && a.atendido_por?.id === me.data.user.id;
  const mensagemRef = useRef<HTMLTextAreaElement>(null);

  async function onAssumir() {
    try {
      await assumir.mutateAsync();
      toast.success("Você assumiu o atendimento", { description: "O atendente virtual parou de responder." });
      mensagemRef.current?.focus();
    } catch (error) {
      toast.error("Não foi possível assumir o atendimento", { description: errorMessage(error) });
    }
  }

  // Someone else holds it: the server refuses anyone else's lines and changes until they close it.
  if (a.atendido_por && me.data && !meu)
    return (
      <p className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="atendimento-com-outro">
        Este atendimento está com {a.atendido_por.nome}. Só quem assumiu fala com o visitante e o encerra.
      </p>
    );

  return (
    <section aria-label="Ações do atendimento" className="grid gap-4">
      {!meu && (
        <div className="flex flex-col gap-2 rounded-lg border border-primary/40 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            {a.etapa === "com_porteiro"
              ? "O visitante está esperando uma pessoa. Assuma para falar com ele."
              : "O atendente virtual está conversando. Assuma para falar com o visitante você mesmo."}
          </p>
          <Button onClick={() => void onAssumir()} disabled={assumir.isPending} className="shrink-0">
            {assumir.isPending ? <Spinner /> : <Headset aria-hidden="true" />}
            Assumir
          </Button>
        </div>
      )}
      <MensagemBox id={a.id} textareaRef={mensagemRef} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {/* A new request while none awaits a decision (the first one, or after a refusal). */}
        {a.solicitacao?.status !== "pendente" && (
          <Button id={REGISTRAR_ID} variant="outline" onClick={() => onAbrir("registrar")}>
            <ClipboardPlus aria-hidden="true" />
            Registrar solicitação
          </Button>
        )}
        <Button
          id={ENCERRAR_ID}
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={() => onAbrir("encerrar")}
        >
          <PhoneOff aria-hidden="true" />
          Encerrar
        </Button>
      </div>
    </section>
  );
}

/**
 * "Mensagem para o visitante": Enter sends (Shift+Enter breaks the line). Sending takes the conversation
 * over when nobody has it yet; the box empties once the line is on the transcript.
 */
function MensagemBox({ id, textareaRef }: { id: string; textareaRef: RefObject<HTMLTextAreaElement | null> }) {
  const enviar = useEnviarMensagem(id);
  const [texto, setTexto] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = `${fieldId}-dica`;
  const errorId = `${fieldId}-erro`;

  async function send() {
    if (enviar.isPending) return;
    const parsed = atendimentoMensagemInputSchema.safeParse({ texto });
    if (!parsed.success) {
      setErro(parsed.error.issues[0]?.message ?? "Escreva a mensagem");
      textareaRef.current?.focus();
      return;
    }
    try {
      await enviar.mutateAsync(parsed.data.texto);
      setTexto("");
      setErro(null);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.find((f) => f.path === "texto") : undefined;
      if (field) setErro(field.message);
      else toast.error("Não foi possível enviar a mensagem", { description: errorMessage(error) });
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
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Label htmlFor={fieldId}>Mensagem para o visitante</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Textarea
          ref={textareaRef}
          id={fieldId}
          name="texto"
          rows={2}
          maxLength={ATENDENTE_TEXTO_MAX}
          value={texto}
          onChange={(event) => {
            setTexto(event.target.value);
            if (erro) setErro(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Ex.: Já vou abrir para você"
          className="max-h-40 min-h-11 flex-1"
          aria-invalid={erro ? true : undefined}
          aria-describedby={[erro ? errorId : null, hintId].filter(Boolean).join(" ")}
        />
        <Button type="submit" disabled={enviar.isPending} className="h-11 shrink-0">
          {enviar.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Enviar
        </Button>
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        O visitante lê no totem. Enter envia; Shift+Enter quebra a linha.
      </p>
      {erro && (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {erro}
        </p>
      )}
    </form>
  );
}

/** A closed conversation: how it ended. */
function Encerrado({ a }: { a: Atendimento }) {
  return (
    <p className="rounded-lg border bg-muted/40 p-3 text-muted-foreground text-sm" data-testid="atendimento-encerrado">
      Atendimento encerrado
      {a.encerrada_em ? (
        <>
          {" "}
          <RelativeTime value={a.encerrada_em} />
        </>
      ) : null}
      . Não é possível enviar mensagens.
    </p>
  );
}
