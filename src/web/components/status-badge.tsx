import { PhoneOff } from "lucide-react";
import type { StatusTone } from "@/shared/status-catalogue";
import { chamadaStatusDisplay, solicitacaoStatusDisplay } from "@/shared/status-catalogue";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/utils";

/**
 * Badge styles of the catalogue's colours. Dark text on a light tint in the light theme and a light
 * text on a translucent tint in the dark theme: both keep a WCAG AA contrast ratio.
 */
const TONE_CLASSES: Record<StatusTone, string> = {
  amber:
    "border-amber-200 bg-amber-100 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200",
  green:
    "border-green-200 bg-green-100 text-green-900 dark:border-green-400/30 dark:bg-green-400/15 dark:text-green-200",
  red: "border-red-200 bg-red-100 text-red-900 dark:border-red-400/30 dark:bg-red-400/15 dark:text-red-200",
  grey: "border-gray-200 bg-gray-100 text-gray-800 dark:border-gray-400/30 dark:bg-gray-400/15 dark:text-gray-200",
  slate:
    "border-slate-300 bg-slate-200 text-slate-800 dark:border-slate-400/30 dark:bg-slate-400/20 dark:text-slate-200",
  emerald:
    "border-emerald-200 bg-emerald-100 text-emerald-900 dark:border-emerald-400/30 dark:bg-emerald-400/15 dark:text-emerald-200",
  orange:
    "border-orange-200 bg-orange-100 text-orange-900 dark:border-orange-400/30 dark:bg-orange-400/15 dark:text-orange-200",
  blue: "border-blue-200 bg-blue-100 text-blue-900 dark:border-blue-400/30 dark:bg-blue-400/15 dark:text-blue-200",
  sky: "border-sky-200 bg-sky-100 text-sky-900 dark:border-sky-400/30 dark:bg-sky-400/15 dark:text-sky-200",
  indigo:
    "border-indigo-200 bg-indigo-100 text-indigo-900 dark:border-indigo-400/30 dark:bg-indigo-400/15 dark:text-indigo-200",
};

export function toneClasses(tone: StatusTone): string {
  return TONE_CLASSES[tone];
}

/**
 * The one status badge of the console: an access request's status (`kind="solicitacao"`, the
 * default) or a call's (`kind="chamada"`), labelled and coloured by the shared status catalogue.
 */
export function StatusBadge({
  status,
  kind = "solicitacao",
  className,
}: {
  status: string;
  kind?: "solicitacao" | "chamada";
  className?: string;
}) {
  const display = kind === "chamada" ? chamadaStatusDisplay(status) : solicitacaoStatusDisplay(status);
  return (
    <Badge variant="outline" data-status={status} className={cn(TONE_CLASSES[display.tone], className)}>
      {display.label}
    </Badge>
  );
}

/**
 * "Sem resposta dos moradores" (docs/product.md, "Resident link"): a pending request every resident was
 * reached about and nobody answered. Text and icon, not colour alone.
 */
export function SemRespostaBadge({ className }: { className?: string }) {
  return (
    <Badge variant="outline" data-testid="sem-resposta-badge" className={cn(TONE_CLASSES.orange, className)}>
      <PhoneOff aria-hidden="true" />
      Sem resposta dos moradores
    </Badge>
  );
}
