/**
 * How a conversation's stage and lines read on "Atendimentos": the stage badge (a conversation a person
 * must pick up stands out, in words and with an icon, not by colour alone), and who said each line.
 */
import { CircleAlert, Headset } from "lucide-react";
import type { AtendenteAutor } from "@/shared/domain";
import {
  ATENDENTE_ETAPA_LABELS,
  ATENDENTE_RESULTADO_LABELS,
  type AtendimentoItem,
} from "@/shared/schemas/atendimentos";
import type { StatusTone } from "@/shared/status-catalogue";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/utils";

export const AUTOR_LABELS: Record<AtendenteAutor, string> = {
  visitante: "Visitante",
  atendente: "Atendente virtual",
  porteiro: "Portaria",
};

/** Waiting for a person: with the porteiro, and nobody took it yet. */
export function precisaDeAtendimento(a: Pick<AtendimentoItem, "etapa" | "atendido_por" | "encerrada_em">): boolean {
  return a.etapa === "com_porteiro" && !a.atendido_por && !a.encerrada_em;
}

const ETAPA_TONE: Record<AtendimentoItem["etapa"], StatusTone> = {
  identificando: "sky",
  confirmando: "sky",
  aguardando_morador: "amber",
  com_porteiro: "orange",
  concluida: "green",
  encerrada: "grey",
};

/**
 * The stage: "Precisa de atendimento" while nobody has it, "Em atendimento" once a person took it, the
 * outcome once it ended ("Autorizado", "Negado"...).
 */
export function EtapaBadge({ a, className }: { a: AtendimentoItem; className?: string }) {
  if (precisaDeAtendimento(a))
    return (
      <Badge
        variant="outline"
        data-etapa={a.etapa}
        className={cn(
          "border-orange-700 bg-orange-700 text-white dark:border-orange-400 dark:bg-orange-400 dark:text-black",
          className,
        )}
      >
        <CircleAlert aria-hidden="true" />
        {ATENDENTE_ETAPA_LABELS.com_porteiro}
      </Badge>
    );
  if (a.etapa === "com_porteiro" && !a.encerrada_em)
    return (
      <Badge variant="outline" data-etapa={a.etapa} className={cn(toneClasses("blue"), className)}>
        <Headset aria-hidden="true" />
        Em atendimento
      </Badge>
    );
  const label =
    a.resultado && a.encerrada_em ? ATENDENTE_RESULTADO_LABELS[a.resultado] : ATENDENTE_ETAPA_LABELS[a.etapa];
  return (
    <Badge variant="outline" data-etapa={a.etapa} className={cn(toneClasses(ETAPA_TONE[a.etapa]), className)}>
      {label}
    </Badge>
  );
}
