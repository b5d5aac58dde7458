/**
 * "Unidade" on "Reservar" (docs/decisions/044-common-area-bookings.md): a morador books for one of
 * their own units (chosen only when they have several); staff book for any active unit of the area's
 * condominium, found by its code or tower the way "Receber encomendas" finds it.
 */
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { unidadeLabel } from "@/shared/unidade-label";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { unidadesListOptions } from "@/web/console/unidades/unidades.queries";
import { errorMessage } from "@/web/lib/api";
import { unidadeOptions } from "@/web/lib/lookups.queries";

const MAX_SUGESTOES = 8;

function normalizar(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** Units where every typed word starts a word of the unit's label ("a 1" finds Torre A - 101). */
function filtrar<T extends { codigo: string; torre: string | null }>(unidades: readonly T[], busca: string): T[] {
  const words = normalizar(busca)
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return [...unidades];
  return unidades.filter((u) => {
    const tokens = normalizar(unidadeLabel(u))
      .split(/[\s-]+/)
      .filter(Boolean);
    return words.every((w) => tokens.some((t) => t.startsWith(w)));
  });
}

interface Props {
  condominioId: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The morador's own units in the area's condominium: text for one, a select for several. */
export function MoradorUnidadeField({ condominioId, value, onChange, error, disabled }: Props) {
  const id = useId();
  const unidades = useQuery(unidadesListOptions({ condominio_id: condominioId, status: "ativa" }));
  const minhas = useMemo(
    () => (unidades.data?.items ?? []).filter((u) => u.condominio_id === condominioId),
    [unidades.data, condominioId],
  );
  const unica = minhas.length === 1 ? minhas[0]!.id : null;
  // The only unit is the one booked for, without a choice.
  useEffect(() => {
    if (unica && value !== unica) onChange(unica);
  }, [unica, value, onChange]);

  if (unidades.isPending) {
    return (
      <p className="text-muted-foreground text-sm" role="status">
        Carregando suas unidades...
      </p>
    );
  }
  if (unidades.isError) {
    return (
      <p className="text-destructive text-sm" role="alert">
        Não foi possível carregar as suas unidades. {errorMessage(unidades.error)}
      </p>
    );
  }
  if (minhas.length === 0) {
    return (
      <p className="text-destructive text-sm" role="alert">
        Seu acesso não está vinculado a uma unidade deste condomínio. Fale com o síndico.
      </p>
    );
  }
  if (minhas.length === 1) {
    return (
      <p className="text-sm">
        <span className="text-muted-foreground">Unidade: </span>
        <span className="font-medium">{unidadeLabel(minhas[0]!)}</span>
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-unidade`}>
        Unidade
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      <select
        id={`${id}-unidade`}
        className="h-10 w-full rounded-md border bg-transparent px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/30"
        value={value}
        disabled={disabled}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Selecione a unidade</option>
        {minhas.map((u) => (
          <option key={u.id} value={u.id}>
            {unidadeLabel(u)}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-erro`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** Staff: a search box over the condominium's active units and the matches as buttons. */
export function StaffUnidadeField({ condominioId, value, onChange, error, disabled }: Props) {
  const id = useId();
  const inputId = `${id}-unidade`;
  const listId = `${id}-lista`;
  const [busca, setBusca] = useState("");
  const unidades = useQuery(unidadeOptions(condominioId));
  const ativas = useMemo(() => (unidades.data ?? []).filter((u) => u.enabled), [unidades.data]);
  const sugestoes = useMemo(() => filtrar(ativas, busca), [ativas, busca]);
  const escolhida = ativas.find((u) => u.id === value);
  const hint = unidades.isError ? errorMessage(unidades.error) : "Digite o número ou a torre da unidade.";
  const describedBy = [error ? `${id}-erro` : null, escolhida ? null : `${id}-dica`].filter(Boolean).join(" ");

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>
        Unidade
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      {escolhida ? (
        <div className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 p-3">
          <span className="font-medium" data-testid="unidade-escolhida">
            {unidadeLabel(escolhida)}
          </span>
          <Button
            id={inputId}
            type="button"
            variant="ghost"
            disabled={disabled}
            aria-label={`Trocar a unidade (${unidadeLabel(escolhida)})`}
            onClick={() => {
              onChange("");
              setBusca("");
              setTimeout(() => document.getElementById(inputId)?.focus(), 0);
            }}
          >
            <X aria-hidden="true" />
            Trocar
          </Button>
        </div>
      ) : (
        <>
          <Input
            id={inputId}
            type="search"
            autoComplete="off"
            placeholder={unidades.isPending ? "Carregando unidades..." : "Ex.: 101 ou Torre A"}
            value={busca}
            disabled={disabled || unidades.isPending}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            aria-controls={listId}
            onChange={(event) => setBusca(event.target.value)}
          />
          {unidades.data && (
            <ul id={listId} aria-label="Unidades encontradas" className="grid gap-2 sm:grid-cols-2">
              {sugestoes.slice(0, MAX_SUGESTOES).map((u) => (
                <li key={u.id}>
                  <Button
                    type="button"
                    variant="outline"
                    className="h-11 w-full justify-start"
                    disabled={disabled}
                    onClick={() => {
                      onChange(u.id);
                      setTimeout(() => document.getElementById(inputId)?.focus(), 0);
                    }}
                  >
                    {unidadeLabel(u)}
                  </Button>
                </li>
              ))}
              {sugestoes.length === 0 && (
                <li className="text-muted-foreground text-sm">Nenhuma unidade ativa com esse número ou torre.</li>
              )}
              {sugestoes.length > MAX_SUGESTOES && (
                <li className="text-muted-foreground text-sm sm:col-span-2">
                  Mais {sugestoes.length - MAX_SUGESTOES} unidades: digite mais para encontrar.
                </li>
              )}
            </ul>
          )}
          <p id={`${id}-dica`} className="text-muted-foreground text-xs">
            {hint}
          </p>
        </>
      )}
      {error && (
        <p id={`${id}-erro`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
