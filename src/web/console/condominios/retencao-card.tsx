import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { Condominio, RetencaoContagens } from "@/shared/schemas/condominios";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { DataList } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { retencaoPreviewOptions, useExecutarRetencao } from "./condominios.queries";

const number = new Intl.NumberFormat("pt-BR");

function plural(n: number, one: string, many: string) {
  return `${number.format(n)} ${n === 1 ? one : many}`;
}

/** "12 solicitações, 3 passes, 40 registros de entrada e saída": what is anonymised. */
export function describeContagens(c: RetencaoContagens): string {
  return [
    plural(c.solicitacoes, "solicitação", "solicitações"),
    plural(c.passes, "passe", "passes"),
    plural(c.acessos, "registro de entrada e saída", "registros de entrada e saída"),
    // Packages only where there are any (docs/decisions/043-deliveries.md: who collected, notices, authorised people).
    c.encomendas > 0 ? plural(c.encomendas, "retirada de encomenda", "retiradas de encomendas") : null,
    c.avisos_encomendas > 0 ? plural(c.avisos_encomendas, "aviso de encomenda", "avisos de encomendas") : null,
    c.autorizados_encomendas > 0
      ? plural(c.autorizados_encomendas, "pessoa autorizada a retirar", "pessoas autorizadas a retirar")
      : null,
    // Bookings only where there are any (docs/decisions/044-common-area-bookings.md: guest lists, notices).
    c.convidados_reservas > 0 ? plural(c.convidados_reservas, "convidado de reserva", "convidados de reservas") : null,
    c.avisos_reservas > 0 ? plural(c.avisos_reservas, "aviso de reserva", "avisos de reservas") : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * "5 conversas do atendente, 12 fotos de visitantes": what is deleted, transcripts and image files and
 * all (jobs/retention.ts says why).
 */
export function describeConversas(c: RetencaoContagens): string {
  return [
    plural(c.conversas, "conversa do atendente", "conversas do atendente"),
    plural(c.fotos, "foto de visitante", "fotos de visitantes"),
  ].join(", ");
}

const isEmpty = (c: RetencaoContagens) =>
  c.solicitacoes +
    c.passes +
    c.acessos +
    c.conversas +
    c.fotos +
    c.encomendas +
    c.avisos_encomendas +
    c.autorizados_encomendas +
    c.convidados_reservas +
    c.avisos_reservas ===
  0;

function PreviewText({ id, open }: { id: string; open: boolean }) {
  const preview = useQuery({ ...retencaoPreviewOptions(id), enabled: open });
  if (preview.isPending) return <>Calculando quantos registros serão anonimizados...</>;
  if (preview.isError) return <>Não foi possível calcular a prévia: {errorMessage(preview.error)}</>;
  const p = preview.data;
  const corte = format(new Date(p.corte_em), "dd/MM/yyyy");
  if (isEmpty(p.contagens)) {
    return <>Nenhum dado de visitante anterior a {corte} falta anonimizar. Executar agora não mudará nada.</>;
  }
  return (
    <>
      <span className="block" data-testid="retencao-previa">
        Serão anonimizados: {describeContagens(p.contagens)}. Serão apagadas: {describeConversas(p.contagens)}.
      </span>
      <span className="mt-2 block">
        Dados de visitantes anteriores a {corte}: o nome passa a ser “Visitante anonimizado”, documento e telefone são
        apagados; as conversas do atendente encerradas antes dessa data são apagadas com a transcrição. Contagens e
        estatísticas não mudam. Esta ação não pode ser desfeita.
      </span>
    </>
  );
}

/**
 * The condominium's retention of visitor data (docs/product.md, "Personal data and retention"): the setting,
 * and for owners and síndicos "Executar agora", whose confirmation shows how many rows the run will
 * anonymise and how many attendant conversations it will delete.
 */
export function RetencaoCard({ condominio }: { condominio: Condominio }) {
  const canRun = usePermission("lgpd:gerenciar");
  const [open, setOpen] = useState(false);
  const executar = useExecutarRetencao(condominio.id);

  async function run() {
    try {
      const result = await executar.mutateAsync();
      toast.success("Retenção executada", {
        description: isEmpty(result.contagens)
          ? "Nenhum registro precisava ser anonimizado."
          : `Anonimizados: ${describeContagens(result.contagens)}. Apagadas: ${describeConversas(result.contagens)}.`,
      });
    } catch (error) {
      toast.error("Não foi possível executar a retenção", { description: errorMessage(error) });
      throw error;
    }
  }

  return (
    <SectionCard
      icon={ShieldCheck}
      title="Retenção de dados"
      description="Dados de visitantes mais antigos que o prazo são anonimizados automaticamente, uma vez por dia."
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <DataList
          items={[
            ["Retenção de dados de visitantes", `${number.format(condominio.retencao_dias)} dias`],
            ["Retenção das fotos", `${number.format(condominio.retencao_fotos_dias)} dias`],
            ["O que é anonimizado", "Nome, documento e telefone de visitantes, passes e registros de entrada e saída"],
            [
              "O que é apagado",
              "Conversas do atendente encerradas há mais tempo que o prazo, com a transcrição, e fotos de visitantes mais antigas que o prazo das fotos, com os arquivos",
            ],
          ]}
        />
        {canRun && (
          <>
            <Button type="button" variant="outline" onClick={() => setOpen(true)} disabled={executar.isPending}>
              Executar agora
            </Button>
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
              title="Anonimizar dados de visitantes agora?"
              description={<PreviewText id={condominio.id} open={open} />}
              confirmLabel="Anonimizar"
              pendingLabel="Anonimizando..."
              confirmVariant="destructive"
              onConfirm={run}
            />
          </>
        )}
      </div>
    </SectionCard>
  );
}
