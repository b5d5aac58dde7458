import { Briefcase, Package, User } from "lucide-react";
import { tipoLabel } from "@/shared/status-catalogue";
import { Badge } from "@/web/components/ui/badge";

const ICONS = { prestador: Briefcase, entregador: Package } as const;

/** "Visitante", "Prestador" or "Entregador" (docs/product.md, "Statuses and labels"), with an icon for a quick scan. */
export function TipoBadge({ tipo, className }: { tipo: string; className?: string }) {
  const Icon = ICONS[tipo as keyof typeof ICONS] ?? User;
  return (
    <Badge variant="secondary" data-tipo={tipo} className={className}>
      <Icon aria-hidden="true" />
      {tipoLabel(tipo)}
    </Badge>
  );
}
