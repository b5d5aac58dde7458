/**
 * One package (docs/product.md, "Encomendas"): what it is and where it is kept, the rest of its batch
 * (one pickup code for all), its status timeline, the notices sent to the residents (on the demo,
 * "Mensagens enviadas (demonstração)" with each message's text, the pickup code included), and the
 * porteiro's actions: "Confirmar" what the virtual attendant recorded, "Devolver" with a reason,
 * "Entregar". A morador reads their own package here too, with the code, without the staff actions.
 */
import { useQuery } from "@tanstack/react-query";
import {
  Camera,
  Check,
  FlaskConical,
  History,
  Layers,
  MessageCircle,
  Package,
  PackageCheck,
  Undo2,
} from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link, useParams } from "react-router";
import {
  AVISO_MOTIVO_LABELS,
  type AvisoEncomenda,
  type EncomendaDetail,
  RETIRADA_METODO_LABELS,
} from "@/shared/schemas/encomendas";
import { CANAL_LABELS } from "@/shared/schemas/pessoas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { FotoProcessando } from "@/web/components/foto-processando";
import { PhotoCapture } from "@/web/components/photo-capture";
import { RecordScreen } from "@/web/components/record-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { DataList } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
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
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { ZonedTime } from "@/web/components/zoned-time";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { recordTitle } from "@/web/lib/console-screens";
import { meQueryOptions, usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/detail";
import { ENCOMENDA, EncomendaStatusBadge, encomendaResumo, LIST, PerecivelBadge } from "./encomenda-ui";
import {
  encomendaDetailOptions,
  useAdicionarFotoEncomenda,
  useConfirmarEncomenda,
  useDevolverEncomenda,
} from "./encomendas.queries";
import { RetiradaDialog } from "./retirada-dialog";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(recordTitle("encomendas", params.id));

export default function EncomendaDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(encomendaDetailOptions(id));
  const staff = usePermission("encomendas:operar");
  const e = query.data;
  return (
    <RecordScreen
      query={query}
      labels={ENCOMENDA}
      width="max-w-5xl"
      title={e ? encomendaResumo(e) : recordTitle("encomendas", id)}
      description={
        e && (
          <span className="flex flex-wrap items-center gap-2 pt-1" aria-live="polite">
            <EncomendaStatusBadge status={e.status} />
            {e.perecivel && <PerecivelBadge />}
            <span>
              {unidadeLabel(e.unidade)} · {e.condominio.nome}
            </span>
          </span>
        )
      }
      actions={
        e && (
          <>
            <RefreshButton refetch={query.refetch} description="Encomenda atualizada." />
            {staff && <Acoes e={e} />}
          </>
        )
      }
    >
      {(encomenda) => <EncomendaContent e={encomenda} staff={staff} />}
    </RecordScreen>
  );
}

function Acoes({ e }: { e: EncomendaDetail }) {
  const me = useQuery(meQueryOptions());
  const [entregando, setEntregando] = useState(false);
  const organizationId = me.data?.organization.id;
  return (
    <>
      {e.status === "a_confirmar" && <Confirmar e={e} />}
      {(e.status === "aguardando" || e.status === "a_confirmar") && <Devolver e={e} />}
      {e.status === "aguardando" && organizationId && (
        <>
          <Button onClick={() => setEntregando(true)}>
            <PackageCheck aria-hidden="true" />
            Entregar
          </Button>
          <RetiradaDialog
            open={entregando}
            onOpenChange={setEntregando}
            organizationId={organizationId}
            encomenda={e}
          />
        </>
      )}
    </>
  );
}

/** What the virtual attendant recorded, confirmed as it is: the residents are told then. */
function Confirmar({ e }: { e: EncomendaDetail }) {
  const confirmar = useConfirmarEncomenda(e.id);
  return (
    <ConfirmDialog
      trigger={
        <Button>
          <Check aria-hidden="true" />
          Confirmar
        </Button>
      }
      title="Confirmar encomenda?"
      description={`${encomendaResumo(e)} para ${unidadeLabel(e.unidade)}. Os moradores recebem o aviso com o código de retirada.`}
      confirmLabel="Confirmar"
      pendingLabel="Confirmando..."
      onConfirm={async () => {
        try {
          await confirmar.mutateAsync({
            transportadora: e.transportadora,
            transportadora_outra: e.transportadora === "outra" ? e.transportadora_nome : null,
            rastreio: e.rastreio,
            local: e.local,
            perecivel: e.perecivel,
            observacoes: e.observacoes,
          });
          toast.success("Encomenda confirmada", { description: "Os moradores foram avisados." });
        } catch (error) {
          toast.error("Não foi possível confirmar a encomenda", { description: errorMessage(error) });
          throw error;
        }
      }}
    />
  );
}

function Devolver({ e }: { e: EncomendaDetail }) {
  const devolver = useDevolverEncomenda(e.id);
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const motivoId = useId();
  const erroId = useId();
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" />
        Devolver
      </Button>
      <Dialog open={open} onOpenChange={(next) => !devolver.isPending && setOpen(next)}>
        <DialogContent busy={devolver.isPending}>
          <form
            className="grid gap-4"
            noValidate
            onSubmit={async (event) => {
              event.preventDefault();
              setErro(null);
              if (motivo.trim().length < 3) return setErro("Informe o motivo");
              try {
                await devolver.mutateAsync(motivo.trim());
                toast.success("Devolução registrada");
                setOpen(false);
              } catch (error) {
                setErro(errorMessage(error));
              }
            }}
          >
            <DialogHeader>
              <DialogTitle>Devolver encomenda</DialogTitle>
              <DialogDescription>
                Devolvida ao remetente ou registrada por engano: ela sai da lista de espera da unidade.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={motivoId}>Motivo</Label>
              <Textarea
                id={motivoId}
                rows={3}
                maxLength={300}
                value={motivo}
                aria-invalid={erro ? true : undefined}
                aria-describedby={erro ? erroId : undefined}
                onChange={(event) => setMotivo(event.target.value)}
              />
              {erro && (
                <p id={erroId} role="alert" className="text-destructive text-sm">
                  {erro}
                </p>
              )}
            </div>
            <DialogFormFooter submitting={devolver.isPending} label="Devolver" pendingLabel="Registrando..." />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function EncomendaContent({ e, staff }: { e: EncomendaDetail; staff: boolean }) {
  const timeZone = e.condominio.timezone;
  const outras = e.lote.filter((x) => x.id !== e.id);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <SectionCard icon={Package} title="Encomenda" className="gap-4">
          <DataList
            items={[
              ["Transportadora", e.transportadora_nome],
              ["Código de rastreio", e.rastreio],
              ["Onde está guardada", e.local],
              ["Destinatário", e.destinatario?.nome ?? "Todos os moradores da unidade"],
              ["Unidade", unidadeLabel(e.unidade)],
              ["Condomínio", e.condominio.nome],
              ["Recebida", <ZonedTime key="r" value={e.recebida_em} timeZone={timeZone} />],
              ["Recebida por", e.recebida_por_nome ?? (e.origem === "atendente" ? "Atendente virtual" : null)],
              ["Observações", e.observacoes],
              ...(e.codigo_retirada
                ? ([
                    [
                      "Código de retirada",
                      <span key="c" className="font-mono text-lg tracking-widest" data-testid="codigo-retirada">
                        {e.codigo_retirada}
                      </span>,
                    ],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
        </SectionCard>
        <FotoCard e={e} staff={staff} />
        {staff && <MensagensDemo e={e} />}
        {staff && <AvisosCard e={e} />}
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <TimelineCard e={e} />
        <SectionCard
          icon={Layers}
          title="Mesmo recebimento"
          description="Recebidas juntas para a unidade: um só código de retirada para todas."
          className="gap-4"
        >
          {outras.length === 0 ? (
            <p className="text-muted-foreground text-sm">Somente esta encomenda.</p>
          ) : (
            <ul aria-label="Encomendas do mesmo recebimento" className="grid gap-2">
              {outras.map((x) => (
                <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                  <Link to={`${LIST}/${x.id}`} className="min-w-0 break-words font-medium text-sm hover:underline">
                    {encomendaResumo(x)}
                  </Link>
                  <EncomendaStatusBadge status={x.status} />
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>
    </div>
  );
}

interface Passo {
  label: string;
  at: string;
  detalhe?: string | null;
}

/** Received, acknowledged, collected or returned: what happened to the package, in order. */
function TimelineCard({ e }: { e: EncomendaDetail }) {
  const passos: Passo[] = [
    {
      label: e.origem === "atendente" ? "Informada ao atendente virtual" : "Recebida na portaria",
      at: e.recebida_em,
      detalhe: e.recebida_por_nome ? `por ${e.recebida_por_nome}` : null,
    },
  ];
  if (e.ciente_em) passos.push({ label: "Morador ciente do aviso", at: e.ciente_em });
  if (e.retirada_em) {
    const partes = [
      e.retirada_por_nome ? `por ${e.retirada_por_nome}` : null,
      e.retirada_documento ? `doc. ${e.retirada_documento}` : null,
      e.entregue_por_nome ? `entregue por ${e.entregue_por_nome}` : null,
      e.retirada_metodo ? RETIRADA_METODO_LABELS[e.retirada_metodo] : null,
      e.retirada_motivo ? `motivo: ${e.retirada_motivo}` : null,
    ].filter(Boolean);
    passos.push({ label: "Retirada", at: e.retirada_em, detalhe: partes.join(" · ") });
  }
  if (e.status === "devolvida")
    passos.push({
      label: "Devolvida",
      at: e.updated_at,
      detalhe: e.devolucao_motivo ? `motivo: ${e.devolucao_motivo}` : null,
    });
  return (
    <SectionCard icon={History} title="Histórico" className="gap-4">
      <ol className="grid gap-4 border-l pl-4" data-testid="encomenda-historico">
        {passos.map((p) => (
          <li key={p.label} className="relative grid gap-1">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary" />
            <span className="font-medium text-sm">{p.label}</span>
            <ZonedTime value={p.at} timeZone={e.condominio.timezone} className="text-muted-foreground text-sm" />
            {p.detalhe && <span className="break-words text-muted-foreground text-sm">{p.detalhe}</span>}
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}

const AVISO_STATUS_LABELS: Record<AvisoEncomenda["status"], string> = {
  pendente: "Pendente",
  enviada: "Enviado",
  entregue: "Entregue",
  falhou: "Falhou",
};

/** Each notice: to whom, by which channel, why, and whether it went. */
function AvisosCard({ e }: { e: EncomendaDetail }) {
  return (
    <SectionCard icon={MessageCircle} title="Avisos aos moradores" className="gap-4">
      {e.avisos.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {e.status === "a_confirmar"
            ? "Os moradores são avisados quando a encomenda for confirmada."
            : "Nenhum aviso enviado ainda. Os avisos saem em instantes."}
        </p>
      ) : (
        <ul aria-label="Avisos" className="grid gap-2">
          {e.avisos.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <span className="min-w-0 break-words">
                {CANAL_LABELS[a.canal]} para {a.pessoa_nome} · {AVISO_MOTIVO_LABELS[a.motivo]}
              </span>
              <Badge variant="secondary">{AVISO_STATUS_LABELS[a.status]}</Badge>
              {a.ultimo_erro && <p className="w-full text-destructive text-xs">{a.ultimo_erro}</p>}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/**
 * "Mensagens enviadas (demonstração)" (docs/product.md, "Resident link"): without provider keys
 * nothing leaves the server; each demo notice's text is shown here as the resident would read it,
 * pickup code included. Hidden when there is none.
 */
function MensagensDemo({ e }: { e: EncomendaDetail }) {
  const demo = e.avisos.filter((a) => a.demo && a.mensagem);
  if (demo.length === 0) return null;
  return (
    <SectionCard
      className="gap-4 border-amber-300 dark:border-amber-400/40"
      icon={FlaskConical}
      title="Mensagens enviadas (demonstração)"
      titleId="mensagens-demo-titulo"
      description="Demonstração: nenhuma mensagem foi enviada de verdade. Aqui está o que cada morador receberia."
    >
      <ul aria-labelledby="mensagens-demo-titulo" className="space-y-3">
        {demo.map((a) => (
          <li
            key={a.id}
            className="space-y-2 rounded-lg border bg-muted/40 p-3"
            data-testid="mensagem-demo"
            data-canal={a.canal}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="min-w-0 break-words font-medium">
                {CANAL_LABELS[a.canal]} para {a.pessoa_nome}
              </p>
              <ZonedTime
                value={a.enviada_em ?? a.created_at}
                timeZone={e.condominio.timezone}
                className="text-muted-foreground text-sm"
              />
            </div>
            <p className="whitespace-pre-wrap break-words rounded-md border bg-background p-3 text-sm">{a.mensagem}</p>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/**
 * The package's or its label's photo (docs/product.md, "Encomendas"): staff take or replace it with the
 * console's photo capture; the resident sees it. "Processando a foto…" while it is rendered.
 */
function FotoCard({ e, staff }: { e: EncomendaDetail; staff: boolean }) {
  const hintId = useId();
  const adicionar = useAdicionarFotoEncomenda(e.id);
  const foto = e.foto;
  if (!foto && !staff) return null;
  const src = foto?.status === "disponivel" ? (foto.url ?? foto.miniatura_url) : null;

  async function enviar(blob: Blob) {
    try {
      await adicionar.mutateAsync(blob);
      toast.success("Foto enviada", { description: encomendaResumo(e) });
    } catch (error) {
      toast.error("Não foi possível enviar a foto", { description: errorMessage(error) });
    }
  }

  return (
    <SectionCard icon={Camera} title="Foto da encomenda" className="gap-4">
      <div className="flex flex-wrap items-start gap-4">
        {foto?.status === "processando" ? (
          <FotoProcessando className="size-40" />
        ) : src ? (
          <img
            src={src}
            alt={`Foto da encomenda: ${encomendaResumo(e)}`}
            width={160}
            height={160}
            decoding="async"
            className="size-40 rounded-md bg-muted object-cover"
            data-testid="encomenda-foto"
          />
        ) : (
          <p className="text-muted-foreground text-sm">Sem foto.</p>
        )}
        {staff && (
          <div className="grid min-w-0 flex-1 gap-2">
            <PhotoCapture
              takeLabel={foto ? "Trocar foto" : "Fotografar a etiqueta"}
              describedBy={hintId}
              onPhoto={(blob) => void enviar(blob)}
              dialog={{ title: "Foto da encomenda", description: "Enquadre a etiqueta e toque em Capturar." }}
            />
            <p id={hintId} className="text-muted-foreground text-sm">
              A foto da etiqueta ajuda a conferir a encomenda na retirada. A imagem é gravada sem metadados.
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
        )}
      </div>
    </SectionCard>
  );
}
