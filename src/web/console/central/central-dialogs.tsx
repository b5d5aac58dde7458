/**
 * The central's dialogs (docs/decisions/042-operators-central.md): "Resolver" (the outcome and an optional
 * note), "Reatribuir" (a supervisor hands an item to another operator), "Prazos" (a supervisor's SLA per
 * condominium) and the keyboard shortcuts' help.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Check, Save, UserCog } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
  CENTRAL_DESFECHO_LABELS,
  CENTRAL_DESFECHOS_OPERADOR,
  type CentralItem,
  type CentralSla,
  centralSlaSchema,
  type Operador,
  PRESENCA_LABELS,
} from "@/shared/schemas/central";
import { reportSaveError } from "@/web/components/form-layout";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { type CentralSlaCondominio, centralSlaOptions, useCentralAcao, useSalvarSla } from "./central.queries";

type DesfechoOperador = (typeof CENTRAL_DESFECHOS_OPERADOR)[number];

const DESFECHO_DICAS: Record<DesfechoOperador, string> = {
  autorizado: "O visitante entrou com a autorização da central.",
  negado: "A entrada foi recusada.",
  resolvido: "O problema foi tratado (o portão abriu, o totem voltou).",
  sem_acao: "Não havia nada a fazer (alarme falso, visitante foi embora).",
};

/** The item a dialog was opened for, still shown while it closes (the parent has let go of it by then). */
function useLastItem(item: CentralItem | null) {
  const last = useRef(item);
  if (item) last.current = item;
  return last.current;
}

interface ItemDialogProps {
  item: CentralItem | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** "Resolver": how it ended (required) and a note; the item then leaves the queue. */
export function ResolverDialog({ item, onOpenChange, onCloseAutoFocus }: ItemDialogProps) {
  const acao = useCentralAcao();
  const shown = useLastItem(item);
  const [desfecho, setDesfecho] = useState<DesfechoOperador | null>(null);
  const [nota, setNota] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const busy = acao.isPending;
  const id = useId();
  const open = item !== null;

  useEffect(() => {
    if (open) {
      setDesfecho(null);
      setNota("");
      setErro(null);
    }
  }, [open]);

  async function confirmar() {
    if (!item) return;
    if (!desfecho) {
      setErro("Escolha como o item foi resolvido");
      document.getElementById(`${id}-${CENTRAL_DESFECHOS_OPERADOR[0]}`)?.focus();
      return;
    }
    if (nota.trim().length > 500) {
      setErro("A nota deve ter no máximo 500 caracteres");
      return;
    }
    try {
      await acao.mutateAsync({
        tipo: "resolver",
        id: item.id,
        input: { desfecho, nota: nota.trim() ? nota.trim() : undefined },
      });
      toast.success("Item resolvido", { description: CENTRAL_DESFECHO_LABELS[desfecho] });
      onOpenChange(false);
    } catch (error) {
      toast.error("Não foi possível resolver o item", { description: errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent busy={busy} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Resolver item</DialogTitle>
          <DialogDescription>{shown?.titulo}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirmar();
          }}
        >
          <fieldset
            className="grid gap-2"
            disabled={busy}
            aria-describedby={erro ? `${id}-erro` : undefined}
            aria-invalid={erro && !desfecho ? true : undefined}
          >
            <legend className="mb-2 font-medium text-sm">
              Desfecho
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            </legend>
            {CENTRAL_DESFECHOS_OPERADOR.map((d) => (
              <label
                key={d}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                  desfecho === d && "border-primary bg-primary/5",
                )}
              >
                <input
                  id={`${id}-${d}`}
                  type="radio"
                  name={`${id}-desfecho`}
                  value={d}
                  checked={desfecho === d}
                  onChange={() => {
                    setDesfecho(d);
                    setErro(null);
                  }}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="grid gap-0.5">
                  <span className="font-medium text-sm">{CENTRAL_DESFECHO_LABELS[d]}</span>
                  <span className="text-muted-foreground text-sm">{DESFECHO_DICAS[d]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-nota`}>Nota (opcional)</Label>
            <Textarea
              id={`${id}-nota`}
              rows={3}
              value={nota}
              maxLength={600}
              onChange={(event) => setNota(event.target.value)}
              disabled={busy}
              aria-describedby={`${id}-nota-dica`}
            />
            <p id={`${id}-nota-dica`} className="text-muted-foreground text-xs">
              Até 500 caracteres. Fica no histórico do item.
            </p>
          </div>
          {erro && (
            <p id={`${id}-erro`} className="text-destructive text-sm" role="alert">
              {erro}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : <Check aria-hidden="true" />}
              {busy ? "Resolvendo..." : "Resolver"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Reatribuir" (supervisors): the operators on duty, the current holder left out. */
export function ReatribuirDialog({
  item,
  operadores,
  onOpenChange,
  onCloseAutoFocus,
}: ItemDialogProps & { operadores: readonly Operador[] }) {
  const acao = useCentralAcao();
  const shown = useLastItem(item);
  const [userId, setUserId] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const busy = acao.isPending;
  const id = useId();
  const open = item !== null;
  const opcoes = operadores.filter((o) => o.user_id !== item?.assumido_por?.user_id);

  useEffect(() => {
    if (open) {
      setUserId("");
      setErro(null);
    }
  }, [open]);

  async function confirmar() {
    if (!item) return;
    if (!userId) {
      setErro("Escolha o operador");
      document.getElementById(`${id}-operador`)?.focus();
      return;
    }
    try {
      await acao.mutateAsync({ tipo: "reatribuir", id: item.id, userId });
      const nome = operadores.find((o) => o.user_id === userId)?.nome ?? "";
      toast.success("Item reatribuído", { description: nome ? `Agora com ${nome}.` : undefined });
      onOpenChange(false);
    } catch (error) {
      toast.error("Não foi possível reatribuir o item", { description: errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent busy={busy} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Reatribuir item</DialogTitle>
          <DialogDescription>
            {shown?.titulo}
            {shown?.assumido_por ? ` Hoje com ${shown.assumido_por.nome}.` : ""}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirmar();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-operador`}>
              Operador
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            </Label>
            <Select
              value={userId}
              onValueChange={(value) => {
                setUserId(value);
                setErro(null);
              }}
              disabled={busy}
            >
              <SelectTrigger
                id={`${id}-operador`}
                className="w-full"
                aria-required
                aria-invalid={erro ? true : undefined}
                aria-describedby={erro ? `${id}-erro` : undefined}
              >
                <SelectValue placeholder="Selecione o operador" />
              </SelectTrigger>
              <SelectContent>
                {opcoes.map((o) => (
                  <SelectItem key={o.user_id} value={o.user_id}>
                    {o.nome} · {PRESENCA_LABELS[o.status]} · {o.assumidos} em mãos
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {erro && (
              <p id={`${id}-erro`} className="text-destructive text-sm">
                {erro}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : <UserCog aria-hidden="true" />}
              {busy ? "Reatribuindo..." : "Reatribuir"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Prazos (SLA)" (supervisors): a condominium, then its two times in seconds. */
export function SlaDialog({
  open,
  onOpenChange,
  condominioInicial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  condominioInicial: string | undefined;
}) {
  const list = useQuery(centralSlaOptions(open));
  const [condominioId, setCondominioId] = useState<string>("");
  const id = useId();
  const itens = list.data?.itens ?? [];
  const escolhido = itens.find((c) => c.id === condominioId);

  useEffect(() => {
    if (!open) return;
    setCondominioId((atual) => atual || condominioInicial || "");
  }, [open, condominioInicial]);
  useEffect(() => {
    const primeiro = itens[0];
    if (open && !condominioId && primeiro) setCondominioId(primeiro.id);
  }, [open, condominioId, itens]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Prazos da central</DialogTitle>
          <DialogDescription>
            Quanto tempo um item pode esperar até ser assumido, e depois até ser resolvido, antes de ser escalado.
          </DialogDescription>
        </DialogHeader>
        {list.isPending ? (
          <Spinner label="Carregando prazos" />
        ) : list.isError ? (
          <p className="text-destructive text-sm" role="alert">
            Não foi possível carregar os prazos. {errorMessage(list.error)}
          </p>
        ) : (
          <>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-condominio`}>Condomínio</Label>
              <Select value={condominioId} onValueChange={setCondominioId}>
                <SelectTrigger id={`${id}-condominio`} className="w-full">
                  <SelectValue placeholder="Selecione o condomínio" />
                </SelectTrigger>
                <SelectContent>
                  {itens.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.nome}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {escolhido && <SlaForm key={escolhido.id} condominio={escolhido} onDone={() => onOpenChange(false)} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SlaForm({ condominio, onDone }: { condominio: CentralSlaCondominio; onDone: () => void }) {
  const salvar = useSalvarSla();
  const form = useForm<CentralSla>({
    resolver: zodResolver(centralSlaSchema),
    defaultValues: {
      sla_assumir_segundos: condominio.sla_assumir_segundos,
      sla_resolver_segundos: condominio.sla_resolver_segundos,
    },
  });
  const submitting = form.formState.isSubmitting;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await salvar.mutateAsync({ condominioId: condominio.id, sla: values });
      toast.success("Prazos salvos", { description: condominio.nome });
      onDone();
    } catch (error) {
      reportSaveError(
        form,
        error,
        ["sla_assumir_segundos", "sla_resolver_segundos"],
        "Não foi possível salvar os prazos",
      );
    }
  });

  const campo = (name: keyof CentralSla, label: string, hint: string) => {
    const error = errors[name]?.message;
    return (
      <div className="grid gap-2">
        <Label htmlFor={name}>
          {label}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <Input
          id={name}
          type="number"
          inputMode="numeric"
          step={1}
          disabled={submitting}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${name}-error` : null, `${name}-hint`].filter(Boolean).join(" ")}
          {...form.register(name, { valueAsNumber: true })}
        />
        <p id={`${name}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
        {error && (
          <p id={`${name}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <div className="grid gap-4 sm:grid-cols-2">
        {campo("sla_assumir_segundos", "Para assumir (segundos)", "De 5 s a 1 hora. Padrão: 30 s.")}
        {campo("sla_resolver_segundos", "Para resolver (segundos)", "De 30 s a 24 horas. Padrão: 300 s.")}
      </div>
      <DialogFormFooter
        submitting={submitting}
        label="Salvar prazos"
        pendingLabel="Salvando..."
        icon={<Save aria-hidden="true" />}
      />
    </form>
  );
}

export const ATALHOS: readonly (readonly [teclas: string[], descricao: string])[] = [
  [["J", "↓"], "Próximo item"],
  [["K", "↑"], "Item anterior"],
  [["A"], "Assumir o item"],
  [["O"], "Abrir a solicitação ou a conversa"],
  [["R"], "Resolver o item"],
  [["L"], "Liberar o item"],
  [["?"], "Mostrar os atalhos"],
  [["Esc"], "Fechar a janela aberta"],
];

/** "?": every shortcut; they do nothing while the operator types in a field. */
export function AtalhosDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Atalhos do teclado</DialogTitle>
          <DialogDescription>
            Valem para o item em foco na fila. Não funcionam enquanto você digita em um campo.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {ATALHOS.map(([teclas, descricao]) => (
            <div key={descricao} className="contents">
              <dt className="flex gap-1">
                {teclas.map((t, i) => (
                  <span key={t} className="flex items-center gap-1">
                    {i > 0 && <span className="text-muted-foreground">ou</span>}
                    <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{t}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{descricao}</dd>
            </div>
          ))}
        </dl>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Fechar</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
