/**
 * The pieces the morador's screens share (docs/product.md, "Encomendas"): the pickup code in large
 * digits, a package's status and the perishable mark. The status is written out ("Aguardando
 * retirada", "Retirada"), never told by colour alone.
 */
import { Snowflake } from "lucide-react";
import type { EncomendaStatus } from "@/shared/domain";
import { ENCOMENDA_STATUS_LABELS } from "@/shared/schemas/encomendas";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/utils";

const STATUS_CLASSES: Record<EncomendaStatus, string> = {
  a_confirmar:
    "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-400/40 dark:bg-slate-400/10 dark:text-slate-100",
  aguardando:
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100",
  retirada:
    "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-400/40 dark:bg-emerald-400/10 dark:text-emerald-100",
  devolvida:
    "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-400/40 dark:bg-slate-400/10 dark:text-slate-100",
};

export function EncomendaStatusBadge({ status }: { status: EncomendaStatus }) {
  return (
    <Badge variant="outline" className={STATUS_CLASSES[status]} data-status={status}>
      {ENCOMENDA_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PerecivelBadge() {
  return (
    <Badge
      variant="outline"
      className="border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-400/40 dark:bg-sky-400/10 dark:text-sky-100"
    >
      <Snowflake aria-hidden="true" />
      Perecível
    </Badge>
  );
}

/**
 * The 6 digits, large and spaced for reading aloud at the gate. The group's name says what they are;
 * its text is the code alone (screen readers read the digits, tests read the code).
 */
export function CodigoRetirada({ codigo, size = "lg" }: { codigo: string; size?: "md" | "lg" }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group around the digits, not a form's fieldset
    <div
      role="group"
      aria-label="Código de retirada"
      className={cn(
        "font-bold font-mono tabular-nums leading-none tracking-[0.2em]",
        size === "lg" ? "text-4xl sm:text-5xl" : "text-2xl",
      )}
      data-testid="codigo-retirada"
    >
      {codigo}
    </div>
  );
}
