import { useQuery } from "@tanstack/react-query";
import {
  Ban,
  CalendarClock,
  Check,
  Copy,
  History,
  KeyRound,
  MessageCircle,
  Pause,
  Play,
  ShieldCheck,
  User,
  X,
} from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import { useParams } from "react-router";
import { describeSchedule, evaluateSchedule } from "@/shared/pass-schedule";
import { formatPhone } from "@/shared/phone";
import {
  type PasseDetail,
  VALIDACAO_RESULTADO_LABELS,
  type Validacao,
  VISITA_TIPO_LABELS,
} from "@/shared/schemas/passes";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { FotoProcessando } from "@/web/components/foto-processando";
import { PhotoCapture } from "@/web/components/photo-capture";
import { RecordScreen } from "@/web/components/record-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { DataList, EditLink } from "@/web/components/registry";
import { RelativeTime, useNow } from "@/web/components/relative-time";
import { SectionCard } from "@/web/components/section-card";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { recordTitle } from "@/web/lib/console-screens";
import { usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/detail";
import { PasseStatusBadge, VisitaTipoBadge } from "./passe-badges";
import { formatInZone, usosText } from "./passe-helpers";
import { LIST, PASSE } from "./passe-labels";
import { type PasseAcao, passeDetailOptions, useAdicionarFotoPasse, usePasseAcao } from "./passes.queries";
import { PasseQrCode } from "./qr-code";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(recordTitle("passes", params.id));

const ACAO_TEXT: Record<PasseAcao, { done: string; failed: string }> = {
  suspender: { done: "Passe suspenso", failed: "Não foi possível suspender o passe" },
  reativar: { done: "Passe reativado", failed: "Não foi possível reativar o passe" },
  revogar: { done: "Passe revogado", failed: "Não foi possível revogar o passe" },
};

const SITUACAO_TEXT = {
  ok: "Dentro do horário: o passe abre o portão agora.",
  nao_iniciado: "Ainda não começou a valer.",
  expirado: "Expirado: o último horário do passe já passou.",
  fora_do_horario: "Fora do horário agora.",
} as const;

/** "2 minutos", "1 minuto", "90 segundos", "Sem limite". */
function intervaloText(segundos: number): string {
  if (segundos === 0) return "Sem limite";
  if (segundos % 60 !== 0) return `${segundos} segundos`;
  const minutos = segundos / 60;
  return `${minutos} ${minutos === 1 ? "minuto" : "minutos"}`;
}

/** The absolute copy of the public link: the API may answer with a path. */
function absoluteLink(link: string): string {
  try {
    return new URL(link, window.location.origin).href;
  } catch {
    return link;
  }
}

/** What the schedule means right now, re-read as time passes. */
function SituacaoAgora({ p }: { p: PasseDetail }) {
  const now = useNow();
  if (p.status !== "ativo")
    return <>Sem efeito enquanto o passe estiver {p.status === "suspenso" ? "suspenso" : "revogado"}.</>;
  const verdict = evaluateSchedule(p, new Date(now), p.condominio.timezone);
  return <>{SITUACAO_TEXT[verdict.ok ? "ok" : verdict.motivo]}</>;
}

/** Why the PIN and the QR Code do not open the gate now, when they do not. */
function StatusNotice({ p }: { p: PasseDetail }) {
  if (p.status === "ativo") return null;
  const revogado = p.status === "revogado";
  return (
    <div
      className={cn("flex items-start gap-3 rounded-lg border p-3 text-sm", toneClasses(revogado ? "slate" : "amber"))}
    >
      {revogado ? (
        <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Pause className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <p>
        {revogado
          ? "Passe revogado: o PIN e o QR Code não abrem mais o portão. A revogação é definitiva."
          : "Passe suspenso: o PIN e o QR Code não abrem o portão até o passe ser reativado."}
      </p>
    </div>
  );
}

/** "Copiar link": the public page that shows the QR Code to the visitor. */
function CopiarLink({ link }: { link: string }) {
  async function copiar() {
    const url = absoluteLink(link);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("sem área de transferência");
      await navigator.clipboard.writeText(url);
      toast.success("Link copiado", { description: "Cole o link na mensagem para o visitante." });
    } catch {
      // No clipboard (an insecure origin or a refused permission): the link itself, to copy by hand.
      toast.error("Não foi possível copiar o link", { description: url });
    }
  }
  return (
    <Button type="button" variant="outline" onClick={() => void copiar()}>
      <Copy aria-hidden="true" />
      Copiar link
    </Button>
  );
}

/** The PIN in large type, the QR Code and the ways to send them to the visitor. */
function AcessoCard({ p }: { p: PasseDetail }) {
  const revogado = p.status === "revogado";
  return (
    <SectionCard
      icon={KeyRound}
      title="Acesso"
      description="Na portaria, o visitante informa o PIN ou mostra o QR Code."
      className="gap-4"
      contentClassName="space-y-4"
    >
      <StatusNotice p={p} />
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <dl className="grid w-full gap-1 text-center sm:w-auto sm:text-left">
          <dt className="text-muted-foreground text-sm">PIN</dt>
          <dd
            className={cn(
              "font-bold font-mono text-4xl tracking-[0.25em] tabular-nums sm:text-5xl",
              p.status !== "ativo" && "text-muted-foreground",
              revogado && "line-through",
            )}
            data-testid="passe-pin"
          >
            <span aria-hidden="true">{p.pin}</span>
            {/* Digit by digit, as it is typed at the gate, not read as one number. */}
            <span className="sr-only">{p.pin.split("").join(" ")}</span>
          </dd>
        </dl>
        {!revogado && <PasseQrCode token={p.qr_token} nome={p.nome} className="sm:ml-auto" />}
      </div>
      {!revogado && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild className="bg-green-700 text-white hover:bg-green-700/90">
            <a href={p.whatsapp_url} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              Compartilhar no WhatsApp
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          </Button>
          <CopiarLink link={p.link} />
        </div>
      )}
    </SectionCard>
  );
}

function ResultadoBadge({ v }: { v: Validacao }) {
  return (
    <Badge variant="outline" data-resultado={v.resultado} className={toneClasses(v.liberado ? "green" : "red")}>
      {v.liberado ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
      {VALIDACAO_RESULTADO_LABELS[v.resultado]}
    </Badge>
  );
}

function Quando({ v, timeZone }: { v: Validacao; timeZone: string }) {
  return (
    <span className="flex flex-col">
      <time dateTime={new Date(v.created_at).toISOString()} className="tabular-nums">
        {formatInZone(v.created_at, timeZone)}
      </time>
      <RelativeTime value={v.created_at} className="text-muted-foreground text-xs" />
    </span>
  );
}

function Metodo({ v }: { v: Validacao }) {
  return <span className="text-muted-foreground text-xs">{v.metodo === "qr" ? "QR Code" : "PIN"}</span>;
}

/**
 * The last attempts with this pass at the gate, newest first: a table from the small breakpoint,
 * a list below it, where four columns do not fit.
 */
function ValidacoesCard({ p }: { p: PasseDetail }) {
  const timeZone = p.condominio.timezone;
  return (
    <SectionCard
      icon={History}
      title="Validações recentes"
      titleId="validacoes-titulo"
      description={`As últimas tentativas de entrada com este passe. Horários no fuso do condomínio (${timeZone}).`}
      className="gap-4"
    >
      {p.validacoes.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title="Nenhuma validação ainda."
          description="Quando a portaria validar o PIN ou o QR Code, cada tentativa aparece aqui."
        />
      ) : (
        <>
          <ul aria-labelledby="validacoes-titulo" className="divide-y rounded-lg border sm:hidden">
            {p.validacoes.map((v) => (
              <li key={v.id} className="space-y-2 p-3 text-sm" data-validacao-id={v.id}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <ResultadoBadge v={v} />
                  <Metodo v={v} />
                </div>
                <p className="break-words">{v.mensagem}</p>
                <div className="flex flex-wrap items-end justify-between gap-2 text-muted-foreground">
                  <Quando v={v} timeZone={timeZone} />
                  {v.validado_por && <span>por {v.validado_por}</span>}
                </div>
              </li>
            ))}
          </ul>
          <Table aria-labelledby="validacoes-titulo" containerClassName="hidden sm:block">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Quando</TableHead>
                <TableHead>Resultado</TableHead>
                <TableHead>Mensagem</TableHead>
                <TableHead>Validado por</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.validacoes.map((v) => (
                <TableRow key={v.id} data-validacao-id={v.id}>
                  <TableCell className="align-top">
                    <Quando v={v} timeZone={timeZone} />
                  </TableCell>
                  <TableCell className="align-top">
                    <div className="flex flex-col items-start gap-1">
                      <ResultadoBadge v={v} />
                      <Metodo v={v} />
                    </div>
                  </TableCell>
                  <TableCell className="min-w-40 whitespace-normal align-top">{v.mensagem}</TableCell>
                  <TableCell className="whitespace-normal align-top">
                    {v.validado_por ?? <span className="text-muted-foreground">-</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </SectionCard>
  );
}

/** Editar, Suspender or Reativar, Revogar: for who manages passes, while the pass is not revoked. */
function Acoes({ p, onFinal }: { p: PasseDetail; onFinal: () => void }) {
  const acao = usePasseAcao(p.id);
  const revoked = useRef(false);

  async function run(which: PasseAcao) {
    try {
      await acao.mutateAsync(which);
      if (which === "revogar") revoked.current = true;
      toast.success(ACAO_TEXT[which].done, { description: p.nome });
    } catch (error) {
      toast.error(ACAO_TEXT[which].failed, { description: errorMessage(error) });
      throw error;
    }
  }

  if (p.status === "revogado") return null;
  const toggle: PasseAcao = p.status === "ativo" ? "suspender" : "reativar";
  const toggling = acao.isPending && acao.variables === toggle;

  return (
    <>
      <EditLink to={`${LIST}/${p.id}/editar`} />
      {/* One button that changes its label keeps the focus where it was. */}
      <Button
        type="button"
        variant="outline"
        disabled={acao.isPending}
        aria-busy={toggling || undefined}
        onClick={() => void run(toggle).catch(() => undefined)}
      >
        {toggling ? <Spinner /> : toggle === "suspender" ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {toggle === "suspender" ? "Suspender" : "Reativar"}
      </Button>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="outline" className="text-destructive" disabled={acao.isPending}>
            <Ban aria-hidden="true" />
            Revogar
          </Button>
        }
        title="Revogar passe?"
        description={`O passe de ${p.nome} deixará de abrir o portão. A revogação é definitiva: o passe não poderá ser reativado nem editado. Se precisar de novo, crie outro passe.`}
        confirmLabel="Revogar"
        pendingLabel="Revogando..."
        confirmVariant="destructive"
        onConfirm={() => run("revogar")}
        onCloseAutoFocus={(event) => {
          // The buttons are gone with the revocation: the focus goes to the new status instead.
          if (!revoked.current) return;
          event.preventDefault();
          onFinal();
        }}
      />
    </>
  );
}

/** Pass detail: the PIN and QR Code, the schedule, the visitor, its use and its history. */
export default function PasseDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(passeDetailOptions(id));
  const canManage = usePermission("passes:gerenciar");
  const statusRef = useRef<HTMLSpanElement>(null);
  const p = query.data;

  return (
    <RecordScreen
      query={query}
      labels={PASSE}
      width="max-w-5xl"
      title={p?.nome ?? recordTitle("passes", id)}
      description={
        p && (
          // PageHeader puts the description in a <p>: phrasing content only.
          <span
            ref={statusRef}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 pt-1 outline-none"
            aria-live="polite"
          >
            <PasseStatusBadge status={p.status} />
            <VisitaTipoBadge tipo={p.tipo} />
            {p.descricao && <span>{p.descricao}</span>}
          </span>
        )
      }
      actions={
        p && (
          <>
            <RefreshButton refetch={query.refetch} description="Passe atualizado com os dados mais recentes." />
            {canManage && <Acoes p={p} onFinal={() => statusRef.current?.focus()} />}
          </>
        )
      }
    >
      {(passe) => <PasseContent p={passe} canManage={canManage} />}
    </RecordScreen>
  );
}

function PasseContent({ p, canManage }: { p: PasseDetail; canManage: boolean }) {
  const timeZone = p.condominio.timezone;
  // Who manages passes adds or replaces the holder's face while the pass may still be used.
  const podeFoto = canManage && p.status !== "revogado";
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <AcessoCard p={p} />
        <ValidacoesCard p={p} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <SectionCard icon={CalendarClock} title="Horário" className="gap-4">
          <DataList
            className="sm:grid-cols-1"
            items={[
              [
                "Quando vale",
                <span key="h" data-testid="passe-horario">
                  {describeSchedule(p)}
                </span>,
              ],
              ["Fuso horário", `${timeZone} (horário do condomínio)`],
              ["Situação agora", <SituacaoAgora key="s" p={p} />],
              ["Intervalo mínimo entre usos", intervaloText(p.intervalo_minimo_segundos)],
            ]}
          />
        </SectionCard>
        <SectionCard icon={User} title="Visitante" className="gap-4">
          <DataList
            className="sm:grid-cols-1"
            items={[
              ...(p.foto || podeFoto
                ? [
                    [
                      "Foto",
                      <div key="f" className="grid min-w-0 gap-3">
                        {p.foto && <PasseFoto foto={p.foto} nome={p.nome} />}
                        {podeFoto && <FotoDoTitular p={p} />}
                      </div>,
                    ] as [string, ReactNode],
                  ]
                : []),
              ["Tipo", VISITA_TIPO_LABELS[p.tipo]],
              ["Documento", p.documento],
              ["Telefone", formatPhone(p.telefone)],
              ["Unidade", unidadeLabel(p.unidade)],
              ["Condomínio", p.condominio.nome],
              [
                "Criado por",
                <span key="c">
                  {p.criado_por_nome ?? "Não informado"}
                  <span className="block font-normal text-muted-foreground text-sm">
                    em {formatInZone(p.created_at, timeZone)}
                  </span>
                </span>,
              ],
            ]}
          />
        </SectionCard>
        <SectionCard icon={ShieldCheck} title="Uso" className="gap-4">
          <DataList
            className="sm:grid-cols-1"
            items={[
              [
                "Usos",
                <span key="u" data-testid="passe-usos">
                  {usosText(p.usos)}
                </span>,
              ],
              [
                "Último uso",
                p.ultimo_uso_em ? <UltimoUso key="l" value={p.ultimo_uso_em} timeZone={timeZone} /> : "Nunca usado",
              ],
            ]}
          />
        </SectionCard>
      </div>
    </div>
  );
}

/**
 * The holder's face (docs/product.md, "Fotos"): the image; a placeholder while the upload's renditions
 * are made (the `passe.atualizado` event then refetches the detail); or why there is none.
 */
function PasseFoto({ foto, nome }: { foto: NonNullable<PasseDetail["foto"]>; nome: string }) {
  if (foto.status === "processando") return <FotoProcessando compact className="w-fit" />;
  const src = foto.miniatura_url ?? foto.url;
  if (foto.status === "disponivel" && src)
    return (
      <img
        src={src}
        alt={`Foto de ${nome}`}
        width={128}
        height={128}
        decoding="async"
        className="size-32 rounded-md bg-muted object-cover"
        data-testid="passe-foto"
      />
    );
  return <span className="font-normal text-muted-foreground">Sem foto{foto.motivo ? `: ${foto.motivo}` : ""}</span>;
}

/**
 * "Adicionar foto do titular" or "Trocar foto" (docs/product.md, "Fotos"): the tablet's camera or a
 * file, sent at once; the detail then shows "processando" and, a moment later, the face.
 */
function FotoDoTitular({ p }: { p: PasseDetail }) {
  const hintId = useId();
  const adicionar = useAdicionarFotoPasse(p.id);
  const temFoto = p.foto?.status === "disponivel" || p.foto?.status === "processando";

  async function enviar(foto: Blob) {
    try {
      await adicionar.mutateAsync(foto);
      toast.success("Foto do titular enviada", { description: p.nome });
    } catch (error) {
      toast.error("Não foi possível enviar a foto", { description: errorMessage(error) });
    }
  }

  return (
    <div className="grid min-w-0 gap-2 font-normal">
      {/* Left enabled while a photo uploads: the focus is on these buttons, and a better one may follow. */}
      <PhotoCapture
        takeLabel={temFoto ? "Trocar foto" : "Adicionar foto do titular"}
        describedBy={hintId}
        onPhoto={(foto) => void enviar(foto)}
      />
      <p id={hintId} className="text-muted-foreground text-sm">
        A foto aparece na portaria quando o passe for usado, para conferir o rosto.
      </p>
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        {adicionar.isPending && (
          <>
            <Spinner />
            Enviando a foto...
          </>
        )}
      </p>
    </div>
  );
}

function UltimoUso({ value, timeZone }: { value: string; timeZone: string }) {
  return (
    <span className="flex flex-col">
      <RelativeTime value={value} />
      <span className="font-normal text-muted-foreground text-sm tabular-nums">{formatInZone(value, timeZone)}</span>
    </span>
  );
}
