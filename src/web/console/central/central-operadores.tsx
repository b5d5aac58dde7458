/**
 * Who is on duty in the central (docs/decisions/042-operators-central.md): each operator's status
 * (Disponível, Em atendimento, Pausa, Offline) and the items in their hands, and the signed-in operator's
 * own switch between "Disponível" and "Pausa". The status is written as text beside its dot: colour alone
 * says nothing to a colour-blind operator.
 */
import { Coffee, Headset } from "lucide-react";
import { type Operador, PRESENCA_LABELS, type PresencaExibida, type PresencaStatus } from "@/shared/schemas/central";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { cn } from "@/web/lib/utils";

const DOT: Record<PresencaExibida, string> = {
  disponivel: "bg-green-600",
  em_atendimento: "bg-blue-600",
  pausa: "bg-amber-500",
  offline: "bg-muted-foreground/50",
};

/** What the switch shows as chosen: "em atendimento" and "offline" are derived, the choice stays "Disponível". */
export function statusEscolhido(minha: PresencaExibida): PresencaStatus {
  return minha === "pausa" ? "pausa" : "disponivel";
}

export function OperadoresPanel({
  operadores,
  userId,
  minha,
  onStatus,
  salvando,
}: {
  operadores: readonly Operador[];
  userId: string | undefined;
  minha: PresencaExibida;
  onStatus: (status: PresencaStatus) => void;
  salvando: boolean;
}) {
  const escolhido = statusEscolhido(minha);
  const opcoes: [PresencaStatus, string, typeof Headset][] = [
    ["disponivel", "Disponível", Headset],
    ["pausa", "Pausa", Coffee],
  ];
  return (
    <Card className="gap-4" role="region" aria-labelledby="central-operadores-titulo">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="central-operadores-titulo" className="text-lg">
            Operadores
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2" disabled={salvando}>
          <legend className="mb-2 font-medium text-sm">Meu status</legend>
          <div className="inline-flex w-fit rounded-md border p-0.5">
            {opcoes.map(([status, label, Icon]) => (
              <label
                key={status}
                className={cn(
                  "inline-flex cursor-pointer items-center gap-1.5 rounded-sm px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                  escolhido === status
                    ? "bg-primary text-primary-foreground"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                <input
                  type="radio"
                  name="central-meu-status"
                  className="sr-only"
                  checked={escolhido === status}
                  onChange={() => onStatus(status)}
                />
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </label>
            ))}
          </div>
          <p className="text-muted-foreground text-xs" data-testid="central-minha-presenca">
            Agora: {PRESENCA_LABELS[minha]}
          </p>
        </fieldset>
        {operadores.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum operador em serviço.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Operadores em serviço">
            {operadores.map((o) => (
              <li
                key={o.user_id}
                data-operador={o.user_id}
                className="flex min-w-0 items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">
                    {o.nome}
                    {o.user_id === userId && <span className="font-normal text-muted-foreground"> (você)</span>}
                  </span>
                  <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
                    <span className={cn("size-2 shrink-0 rounded-full", DOT[o.status])} aria-hidden="true" />
                    <span data-testid="operador-status">{PRESENCA_LABELS[o.status]}</span>
                  </span>
                </span>
                <span className="shrink-0 text-xs tabular-nums" data-testid="operador-assumidos">
                  {o.assumidos === 1 ? "1 item" : `${o.assumidos} itens`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
