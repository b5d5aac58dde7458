/**
 * "Condomínios em que trabalha" (docs/product.md, "Equipe"): a porteiro works at every condominium
 * of the administradora ("Todos", the default: nothing to assign in a small one) or only at the
 * ones ticked, and then sees and operates only those. What the API stores is the list; an empty
 * list is "Todos".
 */
import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import type { Membro } from "@/shared/schemas/equipe";
import { ErrorState } from "@/web/components/error-state";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
  type RowDialogProps,
} from "@/web/components/ui/dialog";
import { LoadingState } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { condominioOptions } from "@/web/lib/lookups.queries";
import { toast } from "@/web/lib/toast";
import { useDefinirCondominios } from "./configuracoes.queries";

export const CONDOMINIOS_TITULO = "Condomínios em que trabalha";
const DESCRICAO_ID = "condominios-dialog-descricao";
export const NENHUM_MARCADO = "Marque pelo menos um condomínio ou escolha “Todos os condomínios”.";

/** How the list shows where a porteiro works. */
export function condominiosResumo(condominios: Membro["condominios"]): string {
  return condominios.length === 0 ? "Todos" : condominios.map((c) => c.nome).join(", ");
}

/** The dialog of one porteiro; controlled by the list, which opens it from the row's menu. */
export function CondominiosDialog({
  membro,
  onOpenChange,
  onCloseAutoFocus,
}: RowDialogProps & {
  /** The porteiro whose condominiums change; null closes the dialog. */
  membro: Membro | null;
}) {
  const definir = useDefinirCondominios();
  const busy = definir.isPending;
  return (
    <Dialog open={!!membro} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent busy={busy} onCloseAutoFocus={onCloseAutoFocus} aria-describedby={DESCRICAO_ID}>
        {membro && (
          <>
            <DialogHeader>
              <DialogTitle>{CONDOMINIOS_TITULO}</DialogTitle>
              <DialogDescription id={DESCRICAO_ID}>
                {membro.nome} ({membro.email}) vê e opera só os condomínios escolhidos: solicitações, passes, portaria e
                entradas. A mudança vale a partir da próxima ação, sem desconectar.
              </DialogDescription>
            </DialogHeader>
            <CondominiosForm key={membro.id} membro={membro} definir={definir} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CondominiosForm({
  membro,
  definir,
  onDone,
}: {
  membro: Membro;
  definir: ReturnType<typeof useDefinirCondominios>;
  onDone: () => void;
}) {
  const condominios = useQuery(condominioOptions());
  const inicial = membro.condominios.map((c) => c.id);
  const [modo, setModo] = useState<"todos" | "escolhidos">(inicial.length > 0 ? "escolhidos" : "todos");
  const [marcados, setMarcados] = useState<ReadonlySet<string>>(new Set(inicial));
  const [erro, setErro] = useState<string | null>(null);
  const primeiro = useRef<HTMLInputElement>(null);
  const uid = useId();
  const hintId = `${uid}-hint`;
  const erroId = `${uid}-erro`;
  const submitting = definir.isPending;

  const escolhidos = modo === "todos" ? [] : [...marcados];
  // Nothing to save: the same choice as now (ticking none under "marcados" is not "Todos": it says why).
  const unchanged =
    modo === "todos"
      ? inicial.length === 0
      : inicial.length > 0 && escolhidos.length === inicial.length && escolhidos.every((id) => inicial.includes(id));

  function marcar(id: string, checked: boolean) {
    const next = new Set(marcados);
    if (checked) next.add(id);
    else next.delete(id);
    setMarcados(next);
    setErro(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (modo === "escolhidos" && marcados.size === 0) {
      setErro(NENHUM_MARCADO);
      primeiro.current?.focus();
      return;
    }
    // Only ids the list still shows: a condominium gone meanwhile would make the API refuse all.
    const known = new Set((condominios.data ?? []).map((c) => c.id));
    const ids = escolhidos.filter((id) => known.has(id));
    try {
      const atualizado = await definir.mutateAsync({ id: membro.id, input: { condominio_ids: ids } });
      toast.success("Condomínios atualizados", {
        description:
          atualizado.condominios.length === 0
            ? `${atualizado.nome} trabalha em todos os condomínios.`
            : `${atualizado.nome} trabalha em: ${condominiosResumo(atualizado.condominios)}.`,
      });
      onDone();
    } catch (error) {
      toast.error("Não foi possível salvar os condomínios", { description: errorMessage(error) });
    }
  }

  let lista: ReactNode;
  if (condominios.isError && !condominios.data) {
    lista = (
      <ErrorState
        title="Não foi possível carregar os condomínios."
        error={condominios.error}
        onRetry={() => void condominios.refetch()}
      />
    );
  } else if (condominios.isPending) {
    lista = <LoadingState message="Carregando condomínios..." className="py-6" />;
  } else if (condominios.data.length === 0) {
    lista = <p className="text-muted-foreground text-sm">Nenhum condomínio cadastrado ainda.</p>;
  } else {
    // A long list scrolls. While every checkbox is disabled ("Todos") nothing in it takes the focus, so
    // the scrolling box itself does (outside the disabled fieldset, which would disable it too).
    lista = (
      <section
        aria-label="Lista de condomínios"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="max-h-64 overflow-y-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <fieldset
          className="grid min-w-0"
          disabled={modo === "todos" || submitting}
          aria-describedby={erro ? erroId : undefined}
        >
          <legend className="sr-only">Condomínios escolhidos</legend>
          <ul className="divide-y">
            {condominios.data.map((c, index) => {
              const id = `${uid}-condominio-${c.id}`;
              return (
                <li key={c.id}>
                  <label
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-3 px-3 py-2.5 text-sm hover:bg-muted/50 has-[:checked]:bg-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                  >
                    <input
                      ref={index === 0 ? primeiro : undefined}
                      id={id}
                      type="checkbox"
                      checked={modo === "escolhidos" && marcados.has(c.id)}
                      onChange={(event) => marcar(c.id, event.target.checked)}
                      aria-invalid={erro ? true : undefined}
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                    />
                    <span className="min-w-0 break-words">
                      {c.nome}
                      {!c.enabled && <span className="text-muted-foreground"> (inativo)</span>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      </section>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <fieldset className="grid min-w-0 gap-3" aria-describedby={hintId} disabled={submitting}>
        <legend className="mb-1 flex items-center gap-2 font-medium text-sm">
          <Building2 className="size-4" aria-hidden="true" />
          {CONDOMINIOS_TITULO}
        </legend>
        <p id={hintId} className="text-muted-foreground text-xs">
          Com “Todos os condomínios”, o porteiro trabalha em todos, inclusive nos cadastrados depois.
        </p>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="radio"
            name={`${uid}-modo`}
            value="todos"
            checked={modo === "todos"}
            onChange={() => {
              setModo("todos");
              setErro(null);
            }}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>Todos os condomínios</span>
        </label>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="radio"
            name={`${uid}-modo`}
            value="escolhidos"
            checked={modo === "escolhidos"}
            onChange={() => setModo("escolhidos")}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>Só os condomínios marcados abaixo</span>
        </label>
      </fieldset>
      {lista}
      {erro && (
        <p id={erroId} role="alert" className="text-destructive text-sm">
          {erro}
        </p>
      )}
      <DialogFormFooter
        submitting={submitting}
        label="Salvar condomínios"
        pendingLabel="Salvando..."
        disabled={unchanged || condominios.isPending}
      />
    </form>
  );
}
