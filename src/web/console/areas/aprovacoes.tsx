/**
 * "Aprovações" (docs/decisions/044-common-area-bookings.md): the bookings waiting for the síndico,
 * soonest first, each with the area, the unit, the day and time, the guests and who asked. "Aprovar"
 * confirms it in one tap; "Recusar" asks for the reason, which the morador receives. No optimistic
 * update: the row leaves when the server has decided (a booking decided at another screen, or by a
 * conflict, answers 409 and the list is read again).
 */
import { useQuery } from "@tanstack/react-query";
import { Check, CheckCheck, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { Reserva } from "@/shared/schemas/reservas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { SubScreen } from "@/web/components/record-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { RequirePermission } from "@/web/components/require-permission";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
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
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { toast } from "@/web/lib/toast";
import { useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/aprovacoes";
import { AREAS, quandoReserva, reservaPath } from "./reserva-ui";
import { reservasPageOptions, useAprovarReserva, useRecusarReserva } from "./reservas.queries";

const TITLE = CONSOLE_SCREENS.areas.pages!.aprovacoes!;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

/** The API's largest page: a condominium never has this many bookings waiting at once. */
const PAGE_SIZE = 200;

export default function AprovacoesPage() {
  return (
    <RequirePermission permission="reservas:aprovar">
      <Aprovacoes />
    </RequirePermission>
  );
}

function Aprovacoes() {
  const list$ = useListParams();
  const condominios = useCondominios();
  const condominioId = list$.uuid("condominio_id");
  const query = useQuery(
    reservasPageOptions({ condominio_id: condominioId, status: "pendente", page_size: PAGE_SIZE }),
  );
  const items = [...(query.data?.items ?? [])].sort((a, b) => a.inicio.localeCompare(b.inicio));
  const [recusando, setRecusando] = useState<Reserva | null>(null);

  let content: React.ReactNode;
  if (query.isError && !query.data)
    content = (
      <ErrorState
        title="Não foi possível carregar as reservas."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.isPending)
    content = (
      <div className="grid gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
    );
  else if (items.length === 0)
    content = (
      <Card>
        <CardContent>
          <EmptyState
            icon={CheckCheck}
            title="Nenhuma reserva aguardando aprovação"
            description="Quando um morador reservar uma área que exige aprovação, a reserva aparece aqui."
          />
        </CardContent>
      </Card>
    );
  else
    content = (
      <ul className="grid gap-3" aria-label="Reservas aguardando aprovação">
        {items.map((r) => (
          <li key={r.id}>
            <PendenteCard reserva={r} showCondominio={condominios.many} onRecusar={() => setRecusando(r)} />
          </li>
        ))}
      </ul>
    );

  return (
    <SubScreen
      width="max-w-4xl"
      backTo={condominioId ? `${AREAS}?condominio_id=${condominioId}` : AREAS}
      backLabel="Voltar para áreas comuns"
      title={TITLE}
      description="Reservas que esperam a sua decisão, das mais próximas às mais distantes."
      actions={<RefreshButton refetch={query.refetch} description="Reservas atualizadas." />}
    >
      {(condominios.many || condominioId) && (
        <div className="max-w-sm">
          <CondominioFilter
            condominios={condominios}
            value={condominioId}
            onChange={(condominio_id) => list$.update({ condominio_id })}
          />
        </div>
      )}
      <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="results-count">
        {query.data
          ? `${query.data.total} ${query.data.total === 1 ? "reserva aguardando" : "reservas aguardando"}`
          : ""}
      </p>
      {content}
      <RecusarDialog reserva={recusando} onClose={() => setRecusando(null)} />
    </SubScreen>
  );
}

function PendenteCard({
  reserva: r,
  showCondominio,
  onRecusar,
}: {
  reserva: Reserva;
  showCondominio: boolean;
  onRecusar: () => void;
}) {
  const aprovar = useAprovarReserva(r.id);
  const unidade = unidadeLabel(r.unidade);
  const pending = aprovar.isPending;

  async function onAprovar() {
    try {
      await aprovar.mutateAsync({});
      toast.success("Reserva aprovada", { description: `${r.area.nome} · ${unidade}` });
    } catch (error) {
      toast.error("Não foi possível aprovar a reserva", { description: errorMessage(error) });
    }
  }

  return (
    <Card className="gap-3 py-4" data-reserva-id={r.id} data-testid="reserva-pendente" aria-busy={pending || undefined}>
      <CardContent className="grid gap-3 px-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold text-base">
            <Link to={reservaPath(r.id)} className="hover:underline">
              {r.area.nome} · {unidade}
            </Link>
          </h2>
          <p className="font-medium">{quandoReserva(r, r.condominio.timezone)}</p>
          <p className="text-muted-foreground text-sm">
            {r.convidados_total === 0
              ? "Sem convidados na lista"
              : `${r.convidados_total} ${r.convidados_total === 1 ? "convidado" : "convidados"}`}
            {r.solicitada_por_nome && ` · Solicitada por ${r.solicitada_por_nome}`}
            {showCondominio && ` · ${r.condominio.nome}`}
          </p>
          {r.observacoes && <p className="text-sm [overflow-wrap:anywhere]">“{r.observacoes}”</p>}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button
            onClick={() => void onAprovar()}
            disabled={aprovar.isPending}
            aria-label={`Aprovar reserva de ${r.area.nome}, ${unidade}`}
            className="bg-green-700 text-white hover:bg-green-700/90"
          >
            {pending ? <Spinner /> : <Check aria-hidden="true" />}
            {pending ? "Aprovando..." : "Aprovar"}
          </Button>
          <Button
            variant="outline"
            onClick={onRecusar}
            disabled={pending}
            aria-label={`Recusar reserva de ${r.area.nome}, ${unidade}`}
          >
            <X aria-hidden="true" />
            Recusar
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The reason is required: the morador receives it with the refusal. */
function RecusarDialog({ reserva, onClose }: { reserva: Reserva | null; onClose: () => void }) {
  const recusar = useRecusarReserva(reserva?.id ?? "");
  const [motivo, setMotivo] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const motivoId = useId();
  const erroId = useId();
  const open = reserva !== null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (recusar.isPending || next) return;
        onClose();
        setMotivo("");
        setErro(null);
      }}
    >
      <DialogContent busy={recusar.isPending}>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (!reserva) return;
            setErro(null);
            if (motivo.trim().length < 3) return setErro("Informe o motivo da recusa");
            try {
              await recusar.mutateAsync({ motivo: motivo.trim() });
              toast.success("Reserva recusada", { description: "O morador recebe o motivo." });
              onClose();
              setMotivo("");
            } catch (error) {
              setErro(errorMessage(error));
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Recusar reserva</DialogTitle>
            <DialogDescription>
              {reserva
                ? `${reserva.area.nome} · ${unidadeLabel(reserva.unidade)} · ${quandoReserva(reserva, reserva.condominio.timezone)}. O horário fica livre para outras unidades.`
                : ""}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={motivoId}>
              Motivo
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            </Label>
            <Textarea
              id={motivoId}
              rows={3}
              maxLength={300}
              value={motivo}
              aria-required
              aria-invalid={erro ? true : undefined}
              aria-describedby={erro ? erroId : undefined}
              placeholder="Ex.: o salão estará em manutenção nesta data."
              onChange={(event) => setMotivo(event.target.value)}
            />
            {erro && (
              <p id={erroId} role="alert" className="text-destructive text-sm">
                {erro}
              </p>
            )}
          </div>
          <DialogFormFooter submitting={recusar.isPending} label="Recusar reserva" pendingLabel="Recusando..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
