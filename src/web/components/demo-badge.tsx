import { FlaskConical } from "lucide-react";
import { Badge } from "@/web/components/ui/badge";

/** Marks the seeded demo tenant (GET /api/me says `organization.demo`), so nobody mistakes it for real data. */
export function DemoBadge({ demo }: { demo: boolean | undefined }) {
  if (!demo) return null;
  return (
    <Badge
      variant="outline"
      className="border-amber-200 bg-amber-100 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200"
    >
      <FlaskConical aria-hidden="true" />
      {/* The header keeps one row, and room for the breadcrumb, with a short word; the full label from xl up. */}
      <span className="xl:hidden">Demo</span>
      <span className="hidden xl:inline">Dados de demonstração</span>
    </Badge>
  );
}
