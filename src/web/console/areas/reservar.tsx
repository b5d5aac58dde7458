/**
 * "Reservar" an area (docs/decisions/044-common-area-bookings.md), phone first: the area's rules in
 * short (notice, horizon, monthly limit, cleaning gap, cancellation deadline, fee), its month with
 * each day's times free, taken ("Ocupado") or not bookable (and why), the time chosen, the rules'
 * text with "Li e aceito as regras", the guest list (typed or pasted) and notes. The server checks
 * every rule again; its refusals show where they belong (a taken time by the times, a guest's bad
 * phone by the guest). A morador books for their unit; staff pick the unit, and their booking is
 * confirmed at once.
 */
import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, CalendarDays, CircleAlert, ScrollText, Users } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { type Area, reservaCreateSchema } from "@/shared/schemas/reservas";
import { RecordScreen } from "@/web/components/record-screen";
import { DataList } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { LoadingState, Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { consoleTitle } from "@/web/console/placeholder-page";
import { ApiError, errorMessage } from "@/web/lib/api";
import { meQueryOptions } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import type { Route } from "./+types/reservar";
import { areaDetailOptions } from "./areas.queries";
import { type CampoErros, ConvidadosEditor } from "./convidados-editor";
import { type ConvidadoRow, convidadosParaEnviar } from "./convidados-lista";
import { type DiaDisponibilidade, ReservaCalendario } from "./reserva-calendario";
import {
  AREA_RESERVA,
  addDays,
  daysInMonth,
  diaCurto,
  hojeEm,
  monthStart,
  regrasResumo,
  reservaPath,
} from "./reserva-ui";
import { MoradorUnidadeField, StaffUnidadeField } from "./reserva-unidade";
import { disponibilidadeOptions, useCreateReserva } from "./reservas.queries";

export const meta: Route.MetaFunction = () => consoleTitle("Reservar área");

export default function ReservarPage() {
  const { id = "" } = useParams();
  const area = useQuery(areaDetailOptions(id));
  const me = useQuery(meQueryOptions());
  const a = area.data;
  return (
    <RecordScreen
      query={area}
      labels={AREA_RESERVA}
      width="max-w-3xl"
      title={a ? `Reservar ${a.nome}` : "Reservar área"}
      description={a ? a.condominio.nome : undefined}
    >
      {(loaded) =>
        me.data ? (
          <ReservarForm area={loaded} morador={me.data.role === "morador"} />
        ) : (
          <LoadingState message="Carregando..." />
        )
      }
    </RecordScreen>
  );
}

type Horario = DiaDisponibilidade["horarios"][number];

/** Where a refusal without a field goes: the guest list, or the date and time (most rules). */
function lugarDoErro(message: string): "convidados" | "horario" | "geral" {
  if (/convidad|capacidade/i.test(message)) return "convidados";
  if (/regras/i.test(message)) return "geral";
  return "horario";
}

function ReservarForm({ area, morador }: { area: Area; morador: boolean }) {
  const navigate = useNavigate();
  const criar = useCreateReserva();
  const formId = useId();
  const tz = area.condominio.timezone;
  const hoje = hojeEm(tz);
  const primeiroMes = monthStart(hoje);
  const ultimoMes = monthStart(addDays(hoje, area.antecedencia_maxima_dias));

  const [unidadeId, setUnidadeId] = useState("");
  const [mes, setMes] = useState(primeiroMes);
  const [dia, setDia] = useState<string | null>(null);
  const [horario, setHorario] = useState<Horario | null>(null);
  const [aceite, setAceite] = useState(false);
  const [convidados, setConvidados] = useState<ConvidadoRow[]>([]);
  const [observacoes, setObservacoes] = useState("");
  const [erros, setErros] = useState<CampoErros>({});
  const [erroHorario, setErroHorario] = useState<string | null>(null);
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const horarioAlert = useRef<HTMLDivElement>(null);
  const geralAlert = useRef<HTMLDivElement>(null);

  const ate = addDays(mes, daysInMonth(mes) - 1);
  const disponibilidade = useQuery(disponibilidadeOptions(area.id, mes, ate));
  const dias = useMemo(
    () => new Map((disponibilidade.data?.dias ?? []).map((d) => [d.data, d] as const)),
    [disponibilidade.data],
  );
  const diaInfo = dia ? dias.get(dia) : undefined;

  // The chosen time taken meanwhile (another resident, the live stream): the choice is undone.
  useEffect(() => {
    if (!horario || !diaInfo) return;
    const now = diaInfo.horarios.find((h) => h.inicio === horario.inicio);
    if (now?.situacao !== "livre") setHorario(null);
  }, [diaInfo, horario]);

  const submitting = criar.isPending;

  function escolherDia(next: string) {
    setDia(next);
    setErroHorario(null);
    if (next !== dia) setHorario(null);
    setErros(({ data: _d, hora_inicio: _h, ...rest }) => rest);
  }

  function focusFirstError(found: CampoErros) {
    const order = ["unidade_id", "data", "hora_inicio", "aceite_regras"];
    const first = order.find((k) => found[k]) ?? Object.keys(found).find((k) => k.startsWith("convidados."));
    if (!first) return;
    const target: Record<string, string> = {
      unidade_id: `${formId}-unidade`,
      data: `${formId}-horarios`,
      hora_inicio: `${formId}-horarios`,
      aceite_regras: `${formId}-aceite`,
    };
    if (target[first]) document.getElementById(target[first])?.focus();
    else {
      const [, index, field] = first.split(".");
      document.querySelector<HTMLInputElement>(`[id$="-${index}-${field}"]`)?.focus();
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErroHorario(null);
    setErroGeral(null);
    const lista = convidadosParaEnviar(convidados);
    if (lista.rows.length !== convidados.length) setConvidados(lista.rows);
    const input = {
      area_id: area.id,
      unidade_id: unidadeId,
      data: dia ?? "",
      hora_inicio: area.modo === "blocos" ? (horario?.hora_inicio ?? null) : null,
      hora_fim: area.modo === "blocos" ? (horario?.hora_fim ?? null) : null,
      aceite_regras: aceite as true,
      observacoes: observacoes.trim() || null,
      convidados: lista.input,
    };
    const found: CampoErros = {};
    if (!unidadeId) found.unidade_id = "Selecione a unidade";
    if (!dia) found.data = "Escolha o dia da reserva no calendário";
    else if (!horario) found.hora_inicio = "Escolha um horário livre";
    const parsed = reservaCreateSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".");
        if (!found[key] && !(key === "data" && found.data)) found[key] = issue.message;
      }
    }
    if (Object.keys(found).length > 0) {
      setErros(found);
      focusFirstError(found);
      return;
    }
    setErros({});
    try {
      const reserva = await criar.mutateAsync(input);
      toast.success(reserva.status === "pendente" ? "Reserva solicitada" : "Reserva confirmada", {
        description:
          reserva.status === "pendente"
            ? "O síndico vai analisar o pedido. Você recebe um aviso com a decisão."
            : `${area.nome}, ${diaCurto(reserva.data)}.`,
      });
      navigate(reservaPath(reserva.id));
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError && error.fields.length > 0) {
        const fromServer: CampoErros = {};
        for (const field of error.fields) fromServer[field.path] = field.message;
        setErros(fromServer);
        focusFirstError(fromServer);
      } else {
        const lugar = lugarDoErro(message);
        if (lugar === "convidados") {
          setErros({ convidados: message });
        } else if (lugar === "horario") {
          setErroHorario(message);
          setTimeout(() => horarioAlert.current?.focus(), 0);
        } else {
          setErroGeral(message);
          setTimeout(() => geralAlert.current?.focus(), 0);
        }
      }
      toast.error("Não foi possível reservar", { description: message });
    }
  }

  const horarioErroTexto = erroHorario ?? erros.data ?? erros.hora_inicio ?? erros.hora_fim;
  const regras = area.regras.trim();

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6" aria-busy={submitting}>
      <SectionCard icon={ScrollText} title="Regras da área" titleId={`${formId}-regras-titulo`} className="gap-4">
        <DataList items={regrasResumo(area)} />
        {area.descricao && <p className="text-muted-foreground text-sm">{area.descricao}</p>}
      </SectionCard>

      <SectionCard icon={CalendarDays} title="Dia e horário" titleId={`${formId}-quando-titulo`} className="gap-4">
        <div className="grid gap-6">
          {morador ? (
            <MoradorUnidadeField
              condominioId={area.condominio_id}
              value={unidadeId}
              onChange={setUnidadeId}
              error={erros.unidade_id}
              disabled={submitting}
            />
          ) : (
            <div className="grid gap-1">
              <StaffUnidadeField
                condominioId={area.condominio_id}
                value={unidadeId}
                onChange={(next) => {
                  setUnidadeId(next);
                  setErros(({ unidade_id: _u, ...rest }) => rest);
                }}
                error={erros.unidade_id}
                disabled={submitting}
              />
            </div>
          )}
          {disponibilidade.isError && !disponibilidade.data ? (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Não foi possível carregar os horários.</AlertTitle>
              <AlertDescription>
                <p>{errorMessage(disponibilidade.error)}</p>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="mt-2 text-foreground"
                  onClick={() => void disponibilidade.refetch()}
                >
                  Tentar novamente
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <ReservaCalendario
              mes={mes}
              hoje={hoje}
              dias={dias}
              selecionado={dia}
              onSelect={escolherDia}
              onMesChange={setMes}
              podeVoltar={mes > primeiroMes}
              podeAvancar={mes < ultimoMes}
              carregando={disponibilidade.isFetching}
            />
          )}
          <Horarios
            id={`${formId}-horarios`}
            dia={dia}
            info={diaInfo}
            carregando={disponibilidade.isPending || (disponibilidade.isFetching && !diaInfo)}
            escolhido={horario}
            onEscolher={(h) => {
              setHorario(h);
              setErroHorario(null);
              setErros(({ data: _d, hora_inicio: _h, hora_fim: _f, ...rest }) => rest);
            }}
            disabled={submitting}
            diaInteiro={area.modo === "dia"}
          />
          {horarioErroTexto && (
            <div
              ref={horarioAlert}
              tabIndex={-1}
              role="alert"
              className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-destructive text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              data-testid="erro-horario"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{horarioErroTexto}</span>
            </div>
          )}
        </div>
      </SectionCard>

      <SectionCard icon={Users} title="Convidados" titleId={`${formId}-convidados-titulo`} className="gap-4">
        <ConvidadosEditor
          rows={convidados}
          onChange={(rows) => {
            setConvidados(rows);
            if (erros.convidados) setErros(({ convidados: _c, ...rest }) => rest);
          }}
          errors={erros}
          disabled={submitting}
          capacidade={area.capacidade}
        />
      </SectionCard>

      <SectionCard icon={CalendarCheck} title="Confirmar" titleId={`${formId}-confirmar-titulo`} className="gap-4">
        <div className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${formId}-observacoes`}>Observações (opcional)</Label>
            <Textarea
              id={`${formId}-observacoes`}
              rows={3}
              maxLength={500}
              value={observacoes}
              disabled={submitting}
              placeholder="Ex.: aniversário, vamos usar a churrasqueira também"
              aria-invalid={erros.observacoes ? true : undefined}
              aria-describedby={erros.observacoes ? `${formId}-observacoes-erro` : undefined}
              onChange={(event) => setObservacoes(event.target.value)}
            />
            {erros.observacoes && (
              <p id={`${formId}-observacoes-erro`} className="text-destructive text-sm">
                {erros.observacoes}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <h3 className="font-medium text-sm" id={`${formId}-regras-texto-titulo`}>
              Regras de uso
            </h3>
            {regras ? (
              <RegrasTexto labelledBy={`${formId}-regras-texto-titulo`} texto={regras} />
            ) : (
              <p className="text-muted-foreground text-sm">
                O síndico não escreveu regras para esta área além das acima.
              </p>
            )}
          </div>
          <div
            className={cn("flex items-start gap-3 rounded-md border p-3", erros.aceite_regras && "border-destructive")}
          >
            <input
              id={`${formId}-aceite`}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-primary"
              checked={aceite}
              disabled={submitting}
              aria-required
              aria-invalid={erros.aceite_regras ? true : undefined}
              aria-describedby={erros.aceite_regras ? `${formId}-aceite-erro` : undefined}
              onChange={(event) => {
                setAceite(event.target.checked);
                if (event.target.checked) setErros(({ aceite_regras: _a, ...rest }) => rest);
              }}
            />
            <div className="grid gap-1">
              <label htmlFor={`${formId}-aceite`} className="font-medium text-sm">
                Li e aceito as regras
                <span aria-hidden="true" className="text-destructive">
                  *
                </span>
              </label>
              {erros.aceite_regras && (
                <p id={`${formId}-aceite-erro`} className="text-destructive text-sm">
                  {erros.aceite_regras}
                </p>
              )}
            </div>
          </div>
          {erroGeral && (
            <div
              ref={geralAlert}
              tabIndex={-1}
              role="alert"
              className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-destructive text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{erroGeral}</span>
            </div>
          )}
          <p className="text-muted-foreground text-sm">
            {morador && area.requer_aprovacao
              ? "O síndico aprova cada reserva desta área: você recebe um aviso com a decisão."
              : "A reserva fica confirmada na hora."}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" size="lg" onClick={() => navigate(-1)} disabled={submitting}>
              Voltar
            </Button>
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting && <Spinner />}
              {submitting
                ? "Enviando..."
                : morador && area.requer_aprovacao
                  ? "Solicitar reserva"
                  : "Confirmar reserva"}
            </Button>
          </div>
        </div>
      </SectionCard>
    </form>
  );
}

/** The rules' full text: a named region that scrolls, so the keyboard can reach and scroll it. */
function RegrasTexto({ labelledBy, texto }: { labelledBy: string; texto: string }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-labelledby={labelledBy}
      className="max-h-56 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {texto}
    </section>
  );
}

const SITUACAO_LABELS: Record<Horario["situacao"], string> = {
  livre: "Livre",
  ocupado: "Ocupado",
  indisponivel: "Indisponível",
};

/** The chosen day's times as radio buttons: a taken or not bookable one is shown, disabled, with why. */
function Horarios({
  id,
  dia,
  info,
  carregando,
  escolhido,
  onEscolher,
  disabled,
  diaInteiro,
}: {
  id: string;
  dia: string | null;
  info: DiaDisponibilidade | undefined;
  carregando: boolean;
  escolhido: Horario | null;
  onEscolher: (h: Horario) => void;
  disabled: boolean;
  diaInteiro: boolean;
}) {
  if (!dia) {
    return (
      <p
        id={id}
        tabIndex={-1}
        className="rounded-md border border-dashed p-4 text-center text-muted-foreground text-sm"
      >
        Escolha um dia no calendário para ver os horários.
      </p>
    );
  }
  if (!info) {
    return carregando ? (
      <p id={id} tabIndex={-1} role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner />
        Carregando os horários de {diaCurto(dia)}...
      </p>
    ) : (
      <p id={id} tabIndex={-1} className="text-muted-foreground text-sm">
        Sem horários para {diaCurto(dia)}.
      </p>
    );
  }
  if (info.fechado || info.horarios.length === 0) {
    return (
      <p id={id} tabIndex={-1} className="rounded-md border p-3 text-sm">
        A área não abre em {diaCurto(dia)}. Escolha outro dia.
      </p>
    );
  }
  const name = `${id}-opcao`;
  return (
    <fieldset id={id} tabIndex={-1} className="grid gap-2 outline-none" disabled={disabled}>
      <legend className="mb-2 font-medium">Horários de {diaCurto(dia)}</legend>
      {info.horarios.map((h) => {
        const optionId = `${name}-${h.hora_inicio.replace(":", "")}`;
        const livre = h.situacao === "livre";
        const checked = escolhido?.inicio === h.inicio;
        const faixa = diaInteiro ? `Dia inteiro (${h.hora_inicio}–${h.hora_fim})` : `${h.hora_inicio}–${h.hora_fim}`;
        return (
          <div
            key={h.inicio}
            className={cn(
              "flex items-center gap-3 rounded-md border p-3",
              checked && "border-primary ring-1 ring-primary",
              !livre && "bg-muted/50",
            )}
          >
            <input
              id={optionId}
              type="radio"
              name={name}
              className="size-5 shrink-0 accent-primary"
              checked={checked}
              disabled={!livre}
              aria-describedby={`${optionId}-situacao`}
              onChange={() => onEscolher(h)}
            />
            <label
              htmlFor={optionId}
              className={cn("flex-1 font-medium tabular-nums", !livre && "text-muted-foreground")}
            >
              {faixa}
            </label>
            <span
              id={`${optionId}-situacao`}
              className={cn(
                "text-right text-sm",
                livre ? "font-medium text-emerald-800 dark:text-emerald-300" : "text-muted-foreground",
              )}
            >
              {SITUACAO_LABELS[h.situacao]}
              {h.situacao === "indisponivel" && h.motivo ? `: ${h.motivo}` : ""}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}
