import { Briefcase, Package, User } from "lucide-react";
import type { PasseStatus, VisitaTipo } from "@/shared/domain";
import { PASSE_STATUS_LABELS, VISITA_TIPO_LABELS } from "@/shared/schemas/passes";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/utils";
import { PASSE_STATUS_TONE } from "./passe-helpers";

/** "Ativo", "Suspenso" or "Revogado", in the console's status colours (text, not colour alone). */
export function PasseStatusBadge({ status, className }: { status: PasseStatus; className?: string }) {
  return (
    <Badge variant="outline" data-status={status} className={cn(toneClasses(PASSE_STATUS_TONE[status]), className)}>
      {PASSE_STATUS_LABELS[status]}
    </Badge>
  );
}

const TIPO_ICON = { visitante: User, prestador: Briefcase, entregador: Package } as const;

/** "Visitante", "Prestador de serviço" or "Entregador", with an icon for a quick scan. */
export function VisitaTipoBadge({ tipo, className }: { tipo: VisitaTipo; className?: string }) {
  const Icon = TIPO_ICON[tipo];
  return (
    <Badge variant="secondary" data-tipo={tipo} className={className}>
      <Icon aria-hidden="true" />
      {VISITA_TIPO_LABELS[tipo]}
    </Badge>
  );
}
