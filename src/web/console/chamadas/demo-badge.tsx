import { FlaskConical } from "lucide-react";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";

/**
 * "Demonstração": a call Guarita placed in the demonstration, where nobody's phone rang
 * (docs/product.md, "Chamadas"), so nobody mistakes it for a real one.
 */
export function ChamadaDemoBadge({ demo }: { demo: boolean }) {
  if (!demo) return null;
  return (
    <Badge variant="outline" className={toneClasses("amber")} data-testid="chamada-demo">
      <FlaskConical aria-hidden="true" />
      Demonstração
    </Badge>
  );
}

/** "1 (autorizar)", "2 (negar)", or the key itself: what the resident pressed on the call. */
export function teclaText(tecla: string): string {
  if (tecla === "1") return "1 (autorizar)";
  if (tecla === "2") return "2 (negar)";
  return tecla;
}
