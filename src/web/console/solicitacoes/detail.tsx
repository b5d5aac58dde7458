import { useQuery } from "@tanstack/react-query";
import { FlaskConical, Mail, PhoneOff } from "lucide-react";
import type * as React from "react";
import { useRef } from "react";
import { useParams } from "react-router";
import { formatPhone } from "@/shared/phone";
import { CANAL_LABELS } from "@/shared/schemas/pessoas";
import type { Notificacao, SolicitacaoDetail } from "@/shared/schemas/solicitacoes";
import { solicitacaoStatusDisplay } from "@/shared/status-catalogue";
import { DecisaoBotoes, type Escolha } from "@/web/components/decisao-botoes";
import { ErrorState } from "@/web/components/error-state";
import { BackButton, isNotFound, NotFoundCard } from "@/web/components/record-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { RelativeTime } from "@/web/components/relative-time";
import { SectionCard } from "@/web/components/section-card";
import { StatusBadge } from "@/web/components/status-badge";
import { TipoBadge } from "@/web/components/tipo-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingState } from "@/web/components/ui/spinner";
import { ZonedTime } from "@/web/components/zoned-time";
import { consoleTitle } from "@/web/console/placeholder-page";
import { ApiError, errorMessage } from "@/web/lib/api";
import { recordTitle } from "@/web/lib/console-screens";
import { meQueryOptions, usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { isUuid } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/detail";
import { FotosCard } from "./fotos-card";
import { LigacaoDemo } from "./ligacao-demo";
import { linkCortado, mensagensDemo, partesDaMensagem } from "./mensagens-demo";
import { solicitacaoDetailOptions, useDecidirSolicitacao } from "./solicitacoes.queries";
import { SolicitacaoTimeline } from "./timeline";
import {
  canaisNaoConfigurados,
  decididaPorTexto,
  decisaoViaSufixo,
  formatInZone,
  naoConfiguradoTexto,
} from "./timeline-entries";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(recordTitle("solicitacoes", params.id));

const LIST = "/app/solicitacoes";

/** A definition list row: a term and its value ("Não informado" when empty). */
function Item({
  term,
  children,
  className,
  emptyText = "Não informado",
}: {
  term: string;
  children: React.ReactNode;
  className?: string;
  emptyText?: string;
}) {
  const empty = children === null || children === undefined || children === "";
  return (
    <div className={cn("grid gap-1", className)}>
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className={cn("break-words", empty && "text-muted-foreground italic")}>{empty ? emptyText : children}</dd>
    </div>
  );
}

/** A date in the condominium's timezone (named when the browser's differs), with the relative time beside it. */
function DateWithRelative({ value, timeZone }: { value: string; timeZone: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <ZonedTime value={value} timeZone={timeZone} />
      <RelativeTime value={value} timeZone={timeZone} className="text-muted-foreground text-sm" />
    </span>
  );
}

/**
 * "Sem resposta dos moradores" (docs/product.md, "Resident link"): every resident was reached and nobody
 * answered, or nobody could be reached. Shown while the request still waits, so the porteiro calls the unit.
 * Read from the same list of messages every role gets, so the morador and the síndico never disagree about
 * who was told; only what to do next differs (`staff`: the gate calls the unit).
 */
function SemResposta({ s, staff }: { s: SolicitacaoDetail; staff: boolean }) {
  if (s.status !== "pendente" || !s.sem_resposta_moradores_em) return null;
  const nobodyReached = s.notificacoes.length === 0;
  // Every message was on a channel off on this server ("WhatsApp não configurado"): say so.
  const naoConfigurados =
    s.notificacoes.length > 0 && s.notificacoes.every((n) => n.nao_configurado)
      ? canaisNaoConfigurados(s.notificacoes)
      : [];
  return (
    <section
      aria-labelledby="sem-resposta-titulo"
      data-testid="sem-resposta"
      className="flex items-start gap-3 rounded-lg border border-orange-300 bg-orange-50 p-4 text-orange-950 dark:border-orange-400/40 dark:bg-orange-400/10 dark:text-orange-100"
    >
      <PhoneOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <h2 id="sem-resposta-titulo" className="font-semibold">
          Sem resposta dos moradores
        </h2>
        <p className="break-words text-sm">
          Desde{" "}
          <time dateTime={new Date(s.sem_resposta_moradores_em).toISOString()} className="tabular-nums">
            {formatInZone(s.sem_resposta_moradores_em, s.condominio.timezone)}
          </time>{" "}
          (<RelativeTime value={s.sem_resposta_moradores_em} />
          ).{" "}
          {nobodyReached
            ? "Nenhum morador da unidade tem telefone ou e-mail para receber o aviso."
            : naoConfigurados.length > 0
              ? `Nenhuma mensagem foi enviada: ${naoConfiguradoTexto(naoConfigurados)}.`
              : "Nenhum morador respondeu às mensagens."}{" "}
          {staff ? "Ligue para a unidade." : "A portaria vai ligar para a unidade."}
        </p>
      </div>
    </section>
  );
}

/**
 * A demo WhatsApp or SMS message (a call: ligacao-demo.tsx): to whom, the channel, the text, and its
 * link as a real anchor.
 */
function MensagemDemo({ n, timeZone }: { n: Notificacao; timeZone: string }) {
  const texto = n.mensagem ?? "";
  const { antes, link, depois } = partesDaMensagem(texto);
  const quando = n.enviada_em ?? n.created_at;
  return (
    <li
      className="space-y-2 rounded-lg border bg-muted/40 p-3"
      data-testid="mensagem-demo"
      data-canal={n.canal}
      data-notificacao-id={n.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words font-medium">
          {CANAL_LABELS[n.canal]} para {n.pessoa_nome}
        </p>
        <time dateTime={new Date(quando).toISOString()} className="text-muted-foreground text-sm tabular-nums">
          {formatInZone(quando, timeZone, { seconds: true })}
        </time>
      </div>
      <p className="break-all text-muted-foreground text-sm">{n.destino}</p>
      {texto ? (
        <p className="whitespace-pre-wrap break-words rounded-md border bg-background p-3 text-sm">
          {antes}
          {link && (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all font-medium text-primary underline underline-offset-2 outline-none hover:no-underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60"
              data-testid="link-morador"
            >
              {link}
              <span className="sr-only"> (link de {n.pessoa_nome}, abre em nova aba)</span>
            </a>
          )}
          {depois}
        </p>
      ) : (
        <p className="text-muted-foreground text-sm italic">Texto da mensagem indisponível.</p>
      )}
      {texto && !link && linkCortado(texto) && (
        <p className="text-muted-foreground text-sm" data-testid="link-cortado">
          O link aparece cortado: só o cliente de demonstração mostra o link pessoal do morador.
        </p>
      )}
    </li>
  );
}

/**
 * "Mensagens enviadas (demonstração)" (docs/product.md, "Resident link"): without provider keys nothing
 * leaves the server; the WhatsApp and SMS messages are shown here with their links, and the e-mails go to the
 * demo mail folder. Staff only (the API sends no messages to a morador); hidden when there are none.
 */
function MensagensDemo({ s }: { s: SolicitacaoDetail }) {
  const { telefone, emails } = mensagensDemo(s.notificacoes);
  if (telefone.length === 0 && emails.length === 0) return null;
  return (
    <SectionCard
      className="gap-4 border-amber-300 dark:border-amber-400/40"
      icon={FlaskConical}
      title="Mensagens enviadas (demonstração)"
      titleId="mensagens-demo-titulo"
      description={
        <>
          Demonstração: nenhuma mensagem foi enviada de verdade. Aqui está o que cada morador receberia, com o link
          pessoal dele
          {telefone.some((n) => n.canal === "ligacao")
            ? " (numa ligação, o que ele ouviria e as teclas para responder)"
            : ""}
          . Para enviar de verdade, configure as variáveis <code>WHATSAPP_*</code> (WhatsApp) e <code>TWILIO_*</code>{" "}
          (SMS e ligação) do servidor.
        </>
      }
    >
      <div className="space-y-4">
        {telefone.length > 0 && (
          <ul aria-labelledby="mensagens-demo-titulo" className="space-y-3">
            {telefone.map((n) =>
              n.canal === "ligacao" ? (
                <LigacaoDemo key={n.id} n={n} s={s} />
              ) : (
                <MensagemDemo key={n.id} n={n} timeZone={s.condominio.timezone} />
              ),
            )}
          </ul>
        )}
        {emails.length > 0 && (
          <ul aria-label="E-mails de demonstração" className="space-y-2" data-testid="emails-demo">
            {emails.map((n) => (
              <li key={n.id} className="flex items-start gap-2 text-sm">
                <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 break-words">
                  E-mail para {n.pessoa_nome} (<span className="break-all">{n.destino}</span>): enviado para a pasta de
                  e-mails de demonstração.
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}

/**
 * The "Ações" panel: Autorizar and Negar (with an optional reason), each behind its confirmation, only
 * while pendente; staff decide any request, a morador their units' ("pelo aplicativo").
 */
function Acoes({ id, onDecided }: { id: string; onDecided: () => void }) {
  const decidir = useDecidirSolicitacao(id);
  const decided = useRef(false);

  async function decide(decisao: Escolha, motivoNegacao: string | null) {
    try {
      const updated = await decidir.mutateAsync({ decisao, motivoNegacao });
      decided.current = true;
      toast.success("Solicitação atualizada", {
        description: `Status alterado para ${solicitacaoStatusDisplay(updated.status).label}.`,
      });
    } catch (error) {
      // A reason too long is shown under its field, in the dialog; anything else here.
      if (!(error instanceof ApiError && error.fields.some((f) => f.path === "motivo_negacao")))
        toast.error("Erro ao atualizar status", { description: errorMessage(error) });
      throw error;
    }
  }

  // The panel disappears with the decision: send focus to the heading instead of the removed trigger.
  const afterClose = (event: Event) => {
    if (!decided.current) return;
    event.preventDefault();
    onDecided();
  };

  return (
    <Card className="gap-4 border-primary/40" role="region" aria-labelledby="acoes-titulo">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="acoes-titulo" className="text-lg">
            Ações
          </h2>
        </CardTitle>
        <CardDescription>Esta solicitação aguarda decisão.</CardDescription>
      </CardHeader>
      <CardContent>
        <DecisaoBotoes onDecide={decide} onCloseAutoFocus={afterClose} />
      </CardContent>
    </Card>
  );
}

/** Request detail (docs/product.md, "Solicitações"). */
export default function SolicitacaoDetailPage() {
  const { id = "" } = useParams();
  const valid = isUuid(id);
  const detail = useQuery({ ...solicitacaoDetailOptions(id), enabled: valid });
  const canDecide = usePermission("solicitacoes:decidir");
  // The gate's staff (who call the unit and see the demo messages) against a morador (docs/product.md, "Roles").
  const staff = usePermission("portaria:operar");
  const canCreate = usePermission("solicitacoes:criar");
  const me = useQuery(meQueryOptions());
  const headingRef = useRef<HTMLHeadingElement>(null);

  // "Solicitação não encontrada": a missing id, another tenant's id, or no id at all.
  if (!valid || isNotFound(detail.error)) {
    return (
      <NotFoundCard
        title="Solicitação não encontrada"
        description="A solicitação que você está procurando não existe ou foi removida."
        backTo={LIST}
        backLabel="Voltar para solicitações"
      />
    );
  }
  if (detail.isPending) return <LoadingState message="Carregando solicitação..." className="py-16" />;
  if (detail.isError && !detail.data) {
    return (
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
        <div className="flex items-center gap-2">
          <BackButton to={LIST} label="Voltar para solicitações" />
          <h1 className="font-bold text-2xl tracking-tight">Solicitação #{id.slice(0, 8)}</h1>
        </div>
        <ErrorState
          title="Não foi possível carregar a solicitação."
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  }

  const s = detail.data;
  const decided = s.decidido_em !== null;
  const timeZone = s.condominio.timezone;
  // Who may add the visitor's photo (docs/decisions/039-visitor-photos.md): staff, on any request; a
  // morador only on a visit they registered that still waits. The detail names its creator, not their
  // id, so the morador's own visits are told by their name; the server checks again (403).
  const canAddFoto =
    canCreate &&
    (staff ||
      (s.status === "pendente" && s.criado_por?.tipo === "usuario" && s.criado_por.nome === me.data?.user.name));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-2">
          <BackButton to={LIST} label="Voltar para solicitações" />
          <div className="min-w-0 space-y-2">
            <h1 ref={headingRef} tabIndex={-1} className="font-bold text-2xl tracking-tight outline-none md:text-3xl">
              Solicitação #{s.id.slice(0, 8)}
            </h1>
            <p className="break-words text-lg" data-testid="nome-visitante">
              {s.nome_visitante}
            </p>
            <div className="flex flex-wrap items-center gap-2" aria-live="polite">
              <TipoBadge tipo={s.tipo} />
              <StatusBadge status={s.status} />
              {decided && s.decidido_em && (
                <span className="text-muted-foreground text-sm" data-testid="decisao">
                  {solicitacaoStatusDisplay(s.status).label} em {formatInZone(s.decidido_em, timeZone)}
                  {s.decidido_por_nome ? ` por ${s.decidido_por_nome}` : ""}
                  {decisaoViaSufixo(s.decidido_via_chave, s.decidido_via)}
                </span>
              )}
            </div>
          </div>
        </div>
        <RefreshButton
          refetch={detail.refetch}
          description="Solicitação atualizada com os dados mais recentes."
          className="self-start"
        />
      </div>

      <SemResposta s={s} staff={staff} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <FotosCard solicitacao={s} canAdd={canAddFoto} onReload={detail.refetch} />

          <SectionCard className="gap-4" title="Dados do Visitante">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item term="Nome">{s.nome_visitante}</Item>
              <Item term="Documento">{s.doc_visitante}</Item>
              <Item term="Telefone">{formatPhone(s.telefone_visitante)}</Item>
              <Item term="Motivo" className="sm:col-span-2">
                {s.motivo}
              </Item>
            </dl>
          </SectionCard>

          <SectionCard
            className="gap-4"
            title="Linha do tempo"
            titleId="linha-do-tempo-titulo"
            description={`Da criação à decisão e à abertura do portão, com as mensagens aos moradores e as chamadas feitas para a unidade. Horários no fuso do condomínio (${timeZone}).`}
          >
            <SolicitacaoTimeline solicitacao={s} labelledBy="linha-do-tempo-titulo" />
          </SectionCard>

          {staff && <MensagensDemo s={s} />}
        </div>

        <div className="flex flex-col gap-6">
          {s.status === "pendente" && canDecide && <Acoes id={s.id} onDecided={() => headingRef.current?.focus()} />}

          <SectionCard className="gap-4" title="Unidade">
            <dl className="grid gap-4">
              <Item term="Condomínio">{s.condominio.nome}</Item>
              <Item term="Torre" emptyText="Sem torre">
                {s.unidade.torre}
              </Item>
              <Item term="Unidade">{s.unidade.codigo}</Item>
              {s.portao && <Item term="Portão">{s.portao}</Item>}
            </dl>
          </SectionCard>

          <SectionCard className="gap-4" title="Informações">
            <dl className="grid gap-4">
              <Item term="Criada em">
                <DateWithRelative value={s.created_at} timeZone={timeZone} />
              </Item>
              <Item term="Expira em" emptyText="Sem expiração">
                {s.expiracao_em ? <DateWithRelative value={s.expiracao_em} timeZone={timeZone} /> : null}
              </Item>
              <Item term="Decidida em" emptyText="Aguardando decisão">
                {s.decidido_em ? <DateWithRelative value={s.decidido_em} timeZone={timeZone} /> : null}
              </Item>
              <Item term="Decidida por" emptyText="—">
                {decididaPorTexto(s.decidido_por_nome, s.decidido_via_chave, s.decidido_via)}
              </Item>
              {s.motivo_negacao && (
                <Item term="Motivo da negativa">
                  <span data-testid="motivo-negacao" className="whitespace-pre-wrap">
                    {s.motivo_negacao}
                  </span>
                </Item>
              )}
              <Item term="Observações" emptyText="Nenhuma observação">
                {s.observacoes}
              </Item>
            </dl>
          </SectionCard>
        </div>
      </div>
    </div>
  );
}
