/**
 * The dashboard's condominium (docs/product.md, "Dashboard"): "Todos os condomínios" or one of them,
 * remembered per device and tenant like the Portaria's gate (lib/device-storage.ts). A native
 * <select>: the first console screen downloads no listbox for it (docs/decisions/026), and phones
 * open their own picker.
 */
import { ChevronDownIcon } from "lucide-react";
import { useId, useState } from "react";
import { condominioChoiceKey, readDeviceValue, storeDeviceValue } from "@/web/lib/device-storage";

/** "Todos os condomínios": no filter. */
export const TODOS = "";

/**
 * The chosen condominium ("" for all) and its setter. A remembered choice the caller no longer
 * reaches (removed, another scope) falls back to all once the choices are known.
 */
export function useDashboardCondominio(
  organizationId: string,
  choices: readonly { id: string }[] | undefined,
): [string, (id: string) => void] {
  const key = condominioChoiceKey("dashboard", organizationId);
  const [stored, setStored] = useState(() => readDeviceValue(key) ?? TODOS);
  const valid = stored === TODOS || !choices || choices.some((c) => c.id === stored);
  const choose = (id: string) => {
    setStored(id);
    storeDeviceValue(key, id === TODOS ? null : id);
  };
  return [valid ? stored : TODOS, choose];
}

export function CondominioSelector({
  value,
  onChange,
  choices,
}: {
  value: string;
  onChange: (id: string) => void;
  choices: readonly { id: string; nome: string; enabled: boolean }[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} className="font-medium text-sm">
        Condomínio
      </label>
      <div className="relative w-full sm:w-80">
        <select
          id={id}
          data-testid="dashboard-condominio"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-full min-w-0 appearance-none truncate rounded-md border border-input bg-background py-1 pr-9 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/20"
        >
          <option value={TODOS}>Todos os condomínios</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.enabled ? c.nome : `${c.nome} (inativo)`}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
