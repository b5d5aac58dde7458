/**
 * A demonstration call to a resident on the request's "Mensagens enviadas (demonstração)" panel
 * (docs/product.md, "Resident link"; docs/decisions/037-phone-line-and-whatsapp.md): nobody's phone
 * rings; the panel shows what the call says, and "Tecla 1" / "Tecla 2" play the resident's key,
 * which decides the request through the same path as a real call. Afterwards, what the call said.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { ATENDIMENTO_ROOTS, SOLICITACAO_ROOTS } from "@/shared/query-keys";
import { ligacaoDemoTeclaResultSchema, ligacaoDemoTeclaSchema } from "@/shared/schemas/simulacoes";
import type { Notificacao, SolicitacaoDetail } from "@/shared/schemas/solicitacoes";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { apiFetch, errorMessage } from "@/web/lib/api";
import { usePermission } from "@/web/lib/me.queries";
import { trackOwnAction } from "@/web/lib/own-actions";
import { invalidateRoots } from "@/web/lib/realtime";
import { toast } from "@/web/lib/toast";
import { formatInZone } from "./timeline-entries";

const TECLAS = [
  { tecla: "1", acao: "autorizar" },
  { tecla: "2", acao: "negar" },
] as const;

/**
 * POST /api/solicitacoes/:id/ligacoes/:notificacao_id/tecla: the resident's key on a demonstration
 * call. The decision shows everywhere a request does, and the visitor's conversation follows it.
 */
export function useTeclaLigacaoDemo(solicitacaoId: string, notificacaoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tecla: string) =>
      // A decision this tab made: its realtime echo brings no second toast.
      trackOwnAction(
        async () =>
          ligacaoDemoTeclaResultSchema.parse(
            await apiFetch<unknown>(
              `/api/solicitacoes/${encodeURIComponent(solicitacaoId)}/ligacoes/${encodeURIComponent(notificacaoId)}/tecla`,
              { method: "POST", json: ligacaoDemoTeclaSchema.parse({ tecla }) },
            ),
          ),
        { id: solicitacaoId },
      ),
    onSettled: () => {
      invalidateRoots(queryClient, SOLICITACAO_ROOTS);
      invalidateRoots(queryClient, ATENDIMENTO_ROOTS);
    },
  });
}

/** "Ligação para Ana": the number, what the call says, the resident's keys while it waits, the answer. */
export function LigacaoDemo({ n, s }: { n: Notificacao; s: SolicitacaoDetail }) {
  const tecla = useTeclaLigacaoDemo(s.id, n.id);
  const canDecide = usePermission("solicitacoes:decidir");
  const timeZone = s.condominio.timezone;
  const quando = n.enviada_em ?? n.created_at;
  const respostaRef = useRef<HTMLParagraphElement>(null);
  const resposta = tecla.data?.texto;
  // The keys go away with the decision: the focus goes to what the call answered.
  useEffect(() => {
    if (resposta) respostaRef.current?.focus();
  }, [resposta]);

  async function press(key: string) {
    try {
      await tecla.mutateAsync(key);
    } catch (error) {
      toast.error("Não foi possível teclar na ligação", { description: errorMessage(error) });
    }
  }

  const aguardando = s.status === "pendente" && !n.decidida_em && !resposta;
  const grupo = `Tecla de ${n.pessoa_nome} na ligação`;
  return (
    <li
      className="space-y-2 rounded-lg border bg-muted/40 p-3"
      data-testid="mensagem-demo"
      data-canal={n.canal}
      data-notificacao-id={n.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="flex min-w-0 items-center gap-1.5 break-words font-medium">
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          Ligação para {n.pessoa_nome}
        </p>
        <time dateTime={new Date(quando).toISOString()} className="text-muted-foreground text-sm tabular-nums">
          {formatInZone(quando, timeZone, { seconds: true })}
        </time>
      </div>
      <p className="break-all text-muted-foreground text-sm">{n.destino}</p>
      {n.mensagem ? (
        <p className="whitespace-pre-wrap break-words rounded-md border bg-background p-3 text-sm">
          <span className="sr-only">O que a ligação diz: </span>
          {n.mensagem}
        </p>
      ) : (
        <p className="text-muted-foreground text-sm italic">Texto da ligação indisponível.</p>
      )}
      {aguardando && canDecide && (
        <div className="grid gap-2">
          <p id={`${n.id}-teclas`} className="text-muted-foreground text-sm">
            Faça o papel de {n.pessoa_nome}: tecle como no telefone.
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset */}
          <div role="group" aria-label={grupo} aria-describedby={`${n.id}-teclas`} className="flex flex-wrap gap-2">
            {TECLAS.map(({ tecla: key, acao }) => (
              <Button
                key={key}
                variant="outline"
                onClick={() => void press(key)}
                disabled={tecla.isPending}
                aria-busy={(tecla.isPending && tecla.variables === key) || undefined}
              >
                {tecla.isPending && tecla.variables === key && <Spinner />}
                Tecla {key}
                <span className="text-muted-foreground">({acao})</span>
              </Button>
            ))}
          </div>
        </div>
      )}
      {s.status !== "pendente" && !n.decidida_em && !resposta && (
        <p className="text-muted-foreground text-sm">
          A solicitação não aguarda mais decisão: a ligação não é necessária.
        </p>
      )}
      {resposta ? (
        <p
          ref={respostaRef}
          tabIndex={-1}
          role="status"
          className="rounded-md border bg-background p-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="resposta-ligacao"
        >
          <span className="font-medium">A ligação respondeu: </span>
          {resposta}
        </p>
      ) : (
        n.decidida_em && (
          <p className="text-muted-foreground text-sm" data-testid="resposta-ligacao">
            {n.pessoa_nome} respondeu na ligação em{" "}
            <time dateTime={new Date(n.decidida_em).toISOString()} className="tabular-nums">
              {formatInZone(n.decidida_em, timeZone, { seconds: true })}
            </time>
            .
          </p>
        )
      )}
    </li>
  );
}
