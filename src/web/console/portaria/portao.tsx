/**
 * The gate this Portaria device works at (docs/product.md, "Portões"), remembered per device, tenant
 * and condominium like the condominium itself. With one active gate there is nothing to choose; with
 * several, a "Portão" select under the condominium. Validations and new visitors name the gate.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Portao } from "@/shared/schemas/portoes";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { portoesOptions } from "@/web/console/condominios/portoes.queries";
import { pickPortao, readStoredPortao, storePortao } from "./portaria-helpers";

const SELECT_ID = "portaria-portao";

const readMemory = (organizationId: string, condominioId: string | undefined) => ({
  condominioId,
  stored: condominioId ? readStoredPortao(organizationId, condominioId) : null,
});

/**
 * The condominium's active gates and the one chosen (if any). A remembered gate that became
 * inactive or disappeared is forgotten without a word: the porteiro sees the select ask again.
 * `recheck` reloads the gates, for when the server refused the chosen one.
 */
export function usePortaoDaPortaria(organizationId: string, condominioId: string | undefined) {
  const portoes = useQuery(portoesOptions(condominioId ?? ""));
  const [memory, setMemory] = useState(() => readMemory(organizationId, condominioId));
  // Another condominium: its own remembered gate (state adjusted while rendering, not in an effect).
  if (memory.condominioId !== condominioId) setMemory(readMemory(organizationId, condominioId));

  const ativos = (portoes.data?.items ?? []).filter((p) => p.ativo);
  const portaoId = pickPortao(memory.stored, ativos);
  const gone = !!portoes.data && !!memory.stored && !ativos.some((p) => p.id === memory.stored);
  useEffect(() => {
    if (!gone || !condominioId) return;
    storePortao(organizationId, condominioId, null);
    setMemory({ condominioId, stored: null });
  }, [gone, organizationId, condominioId]);

  function choose(id: string) {
    if (!condominioId) return;
    setMemory({ condominioId, stored: id });
    storePortao(organizationId, condominioId, id);
  }

  return {
    ativos,
    portao: ativos.find((p) => p.id === portaoId),
    choose,
    recheck: () => void portoes.refetch(),
  };
}

/** "Portão": the condominium's active gates, for a device at a condominium with more than one. */
export function PortaoSelect({
  portoes,
  value,
  onChange,
}: {
  portoes: readonly Portao[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <div className="grid w-full gap-1.5">
      <Label htmlFor={SELECT_ID}>Portão</Label>
      <Select value={value ?? ""} onValueChange={onChange}>
        <SelectTrigger id={SELECT_ID} className="h-12 w-full text-base data-[size=default]:h-12">
          <SelectValue placeholder="Escolha o portão" />
        </SelectTrigger>
        <SelectContent>
          {portoes.map((p) => (
            <SelectItem key={p.id} value={p.id} className="py-2.5 text-base">
              {p.nome}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
