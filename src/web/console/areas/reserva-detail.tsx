/**
 * One booking (docs/decisions/044-common-area-bookings.md): its status, area, day and time on the
 * condominium's clock, the guest list (who is inside now, when each came in) and its edit, and the
 * actions the caller may take: "Cancelar" while `pode_cancelar` (staff must say why), and for those
 * who approve (reservas:aprovar) a pending booking's "Aprovar" and "Recusar" (with the reason).
 */
import { useQuery } from "@tanstack/react-query";
import { Ban, Check, LandPlot, Pencil, Users, X } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useParams } from "react-router";
import { can } from "@/shared/permissions";
import type { ReservaDetail } from "@/shared/schemas/reservas";
import { unidadeLabel } from "@/shared/unidade-label";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
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
import { ApiError, errorMessage } from "@/web/lib/api";
import { shortId } from "@/web/lib/console-screens";
import { meQueryOptions } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/reserva-detail";
import { type CampoErros, ConvidadosEditor } from "./convidados-editor";
import { type ConvidadoRow, convidadosParaEnviar, linhasDe } from "./convidados-lista";
import { diaLongo, horaEm, horarioReserva, RESERVA, ReservaStatusBadge } from "./reserva-ui";
import {
  reservaDetailOptions,
  useAprovarReserva,
  useCancelarReserva,
  useRecusarReserva,
  useReplaceConvidados,
} from "./reservas.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Reserva");

export default function ReservaDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(reservaDetailOptions(id));
  const me = useQuery(meQueryOptions());
  const role = me.data?.role;
  const r = query.data;
  const aprovador = can(role, "reservas:aprovar");
  const morador = role === "morador";
  return (
    <RecordScreen
      query={query}
      labels={RESERVA}
      width="max-w-4xl"
      title={r ? r.area.nome : `Reserva #${shortId(id)}`}
      description={
        r && (
          <span className="flex flex-wrap items-center gap-2 pt-1" aria-live="polite">
            <ReservaStatusBadge status={r.status} />
            <span>
              {diaLongo(r.data)}, {horarioReserva(r, r.condominio.timezone)}
            </span>
          </span>
        )
      }
      actions={
        r && (
          <>
            <RefreshButton refetch={query.refetch} description="Reserva atualizada." />
            {aprovador && r.status === "pendente" && (
              <>
                <Aprovar r={r} />
                <Recusar r={r} />
              </>
            )}
            {r.pode_cancelar && <Cancelar r={r} motivoObrigatorio={!morador} />}
          </>
        )
      }
    >
      {(reserva) => <ReservaContent r={reserva} />}
    </RecordScreen>
  );
}

function Aprovar({ r }: { r: ReservaDetail }) {
  const aprovar = useAprovarReserva(r.id);
  return (
    <ConfirmDialog
      trigger={
        <Button>
          <Check aria-hidden="true" />
          Aprovar
        </Button>
      }
      title="Aprovar a reserva?"
      description={`${r.area.nome} para ${unidadeLabel(r.unidade)}, ${diaLongo(r.data)}, ${horarioReserva(r, r.condominio.timezone)}. Os moradores são avisados.`}
      confirmLabel="Aprovar"
      pendingLabel="Aprovando..."
      onConfirm={async () => {
        try {
          await aprovar.mutateAsync({});
          toast.success("Reserva aprovada", { description: "Os moradores da unidade foram avisados." });
        } catch (error) {
          toast.error("Não foi possível aprovar a reserva", { description: errorMessage(error) });
          throw error;
        }
      }}
    />
  );
}

/** A dialog that asks for a reason (required or not) and runs the action with it. */
function MotivoDialog({
  trigger,
  title,
  description,
  label,
  pendingLabel,
  obrigatorio,
  emptyMessage,
  onSubmit,
  pending,
}: {
  trigger: (open: () => void) => ReactNode;
  title: string;
  description: string;
  label: string;
  pendingLabel: string;
  obrigatorio: boolean;
  emptyMessage: string;
  onSubmit: (motivo: string | null) => Promise<void>;
  pending: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const motivoId = useId();
  const erroId = useId();
  return (
    <>
      {trigger(() => {
        setMotivo("");
        setErro(null);
        setOpen(true);
      })}
      <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
        <DialogContent busy={pending}>
          <form
            className="grid gap-4"
            noValidate
            onSubmit={async (event) => {
              event.preventDefault();
              setErro(null);
              const texto = motivo.trim();
              if (obrigatorio && texto.length < 3) return setErro(emptyMessage);
              try {
                await onSubmit(texto || null);
                setOpen(false);
              } catch (error) {
                setErro(errorMessage(error));
              }
            }}
          >
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={motivoId}>
                {obrigatorio ? "Motivo" : "Motivo (opcional)"}
                {obrigatorio && (
                  <span aria-hidden="true" className="text-destructive">
                    *
                  </span>
                )}
              </Label>
              <Textarea
                id={motivoId}
                rows={3}
                maxLength={300}
                value={motivo}
                aria-required={obrigatorio || undefined}
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
            <DialogFormFooter submitting={pending} label={label} pendingLabel={pendingLabel} />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function Recusar({ r }: { r: ReservaDetail }) {
  const recusar = useRecusarReserva(r.id);
  return (
    <MotivoDialog
      trigger={(open) => (
        <Button variant="outline" onClick={open}>
          <X aria-hidden="true" />
          Recusar
        </Button>
      )}
      title="Recusar a reserva"
      description="Os moradores da unidade recebem o aviso com o motivo, e o horário fica livre."
      label="Recusar"
      pendingLabel="Recusando..."
      obrigatorio
      emptyMessage="Informe o motivo da recusa"
      pending={recusar.isPending}
      onSubmit={async (motivo) => {
        await recusar.mutateAsync({ motivo });
        toast.success("Reserva recusada", { description: "Os moradores da unidade foram avisados." });
      }}
    />
  );
}

function Cancelar({ r, motivoObrigatorio }: { r: ReservaDetail; motivoObrigatorio: boolean }) {
  const cancelar = useCancelarReserva(r.id);
  return (
    <MotivoDialog
      trigger={(open) => (
        <Button variant="outline" onClick={open}>
          <Ban aria-hidden="true" />
          Cancelar reserva
        </Button>
      )}
      title="Cancelar a reserva?"
      description={`${r.area.nome}, ${diaLongo(r.data)}, ${horarioReserva(r, r.condominio.timezone)}. O horário fica livre para outras unidades.`}
      label="Cancelar reserva"
      pendingLabel="Cancelando..."
      obrigatorio={motivoObrigatorio}
      emptyMessage="Informe o motivo do cancelamento"
      pending={cancelar.isPending}
      onSubmit={async (motivo) => {
        await cancelar.mutateAsync({ motivo });
        toast.success("Reserva cancelada");
      }}
    />
  );
}

function ReservaContent({ r }: { r: ReservaDetail }) {
  const tz = r.condominio.timezone;
  const items: [string, ReactNode][] = [
    ["Situação", <ReservaStatusBadge key="s" status={r.status} />],
    ["Área", r.area.nome],
    ["Dia", <span key="d">{diaLongo(r.data)}</span>],
    [
      "Horário",
      <span key="h" className="tabular-nums">
        {horarioReserva(r, tz)}
      </span>,
    ],
    ["Unidade", unidadeLabel(r.unidade)],
    ["Condomínio", r.condominio.nome],
    ["Solicitada por", r.solicitada_por_nome],
    ["Solicitada em", <ZonedTime key="c" value={r.created_at} timeZone={tz} />],
    ["Regras aceitas em", <ZonedTime key="ra" value={r.regras_aceitas_em} timeZone={tz} />],
    ["Observações", r.observacoes],
  ];
  if (r.decidida_em)
    items.push([
      r.status === "recusada" ? "Recusada em" : "Aprovada em",
      <span key="de">
        <ZonedTime value={r.decidida_em} timeZone={tz} />
        {r.decidida_por_nome ? ` por ${r.decidida_por_nome}` : ""}
      </span>,
    ]);
  if (r.motivo_recusa) items.push(["Motivo da recusa", r.motivo_recusa]);
  if (r.cancelada_em) items.push(["Cancelada em", <ZonedTime key="ca" value={r.cancelada_em} timeZone={tz} />]);
  if (r.motivo_cancelamento) items.push(["Motivo do cancelamento", r.motivo_cancelamento]);
  return (
    <div className="grid gap-6">
      <SectionCard icon={LandPlot} title="Reserva" className="gap-4">
        <DataList items={items} />
      </SectionCard>
      <ConvidadosCard r={r} />
    </div>
  );
}

/** The guest list: who came in and when; editable while the booking holds and has not ended. */
function ConvidadosCard({ r }: { r: ReservaDetail }) {
  const tz = r.condominio.timezone;
  const [editando, setEditando] = useState(false);
  const [rows, setRows] = useState<ConvidadoRow[]>([]);
  const [erros, setErros] = useState<CampoErros>({});
  const salvar = useReplaceConvidados(r.id);
  const editavel = (r.status === "pendente" || r.status === "confirmada") && Date.parse(r.fim) > Date.now();

  async function onSave() {
    const lista = convidadosParaEnviar(rows);
    setRows(lista.rows);
    setErros({});
    try {
      await salvar.mutateAsync(lista.input);
      toast.success("Lista de convidados salva");
      setEditando(false);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        const found: CampoErros = {};
        for (const field of error.fields) found[field.path] = field.message;
        setErros(found);
      } else setErros({ convidados: errorMessage(error) });
      toast.error("Não foi possível salvar a lista", { description: errorMessage(error) });
    }
  }

  return (
    <SectionCard
      icon={Users}
      title={`Convidados (${r.convidados.length})`}
      titleId="reserva-convidados-titulo"
      description="No dia, a portaria confere a entrada por esta lista."
      className="gap-4"
    >
      {editando ? (
        <div className="grid gap-4">
          <ConvidadosEditor rows={rows} onChange={setRows} errors={erros} disabled={salvar.isPending} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setEditando(false)} disabled={salvar.isPending}>
              Descartar alterações
            </Button>
            <Button type="button" onClick={() => void onSave()} disabled={salvar.isPending}>
              {salvar.isPending && <Spinner />}
              {salvar.isPending ? "Salvando..." : "Salvar lista"}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          {r.convidados.length === 0 ? (
            <p className="text-muted-foreground text-sm">Nenhum convidado na lista.</p>
          ) : (
            <ul className="grid gap-2" aria-labelledby="reserva-convidados-titulo">
              {r.convidados.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                  <div className="min-w-0">
                    <p className="break-words font-medium">{c.nome}</p>
                    {(c.documento || c.telefone) && (
                      <p className="break-words text-muted-foreground text-sm">
                        {[c.documento ? `Doc. ${c.documento}` : null, c.telefone].filter(Boolean).join(" · ")}
                      </p>
                    )}
                  </div>
                  {c.presente ? (
                    <Badge
                      variant="outline"
                      className="border-green-200 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-400/15 dark:text-green-200"
                    >
                      Dentro
                      {c.entrada_em ? ` desde ${horaEm(c.entrada_em, tz)}` : ""}
                    </Badge>
                  ) : c.entrada_em ? (
                    <span className="text-muted-foreground text-sm">Entrou às {horaEm(c.entrada_em, tz)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {editavel && (
            <Button
              type="button"
              variant="outline"
              className="w-full sm:w-auto sm:justify-self-start"
              onClick={() => {
                setRows(linhasDe(r.convidados));
                setErros({});
                setEditando(true);
              }}
            >
              <Pencil aria-hidden="true" />
              Editar convidados
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}
