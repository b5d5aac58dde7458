import { useQuery } from "@tanstack/react-query";
import { Home, Phone, Trash2, User } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { formatPhone } from "@/shared/phone";
import { CANAL_LABELS, type Pessoa } from "@/shared/schemas/pessoas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { RecordScreen } from "@/web/components/record-screen";
import { ActiveBadge, CondominioLink, DataList, EditLink, ResponsavelBadge, shortId } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { SectionCard } from "@/web/components/section-card";
import { SolicitacoesCard } from "@/web/components/solicitacoes-table";
import { Button } from "@/web/components/ui/button";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { recordTitle } from "@/web/lib/console-screens";
import { usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/detail";
import { AcessosDadosCard } from "./acessos-dados-card";
import { PESSOA } from "./pessoa-form";
import { PessoaFoto } from "./pessoa-foto";
import { pessoaDetailOptions, useDeletePessoa } from "./pessoas.queries";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(recordTitle("pessoas", params.id));

/** The preferred channel, or what "Automático" means for this record (as the server chooses it). */
function canalLabel(p: Pick<Pessoa, "canal_preferido" | "telefone_e164" | "email">) {
  if (p.canal_preferido) return CANAL_LABELS[p.canal_preferido];
  if (p.telefone_e164) return "Automático (WhatsApp)";
  if (p.email) return "Automático (e-mail)";
  return "Automático (sem telefone nem e-mail, não recebe avisos)";
}

/** Person detail: photo and data, the units the person lives in, the requests they decided, and delete. */
/** The people registry is staff-only: a morador gets the no-permission state. */
export default function PessoaDetailPage() {
  return (
    <RequirePermission permission="pessoas:ler">
      <PessoaDetailScreen />
    </RequirePermission>
  );
}

function PessoaDetailScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(pessoaDetailOptions(id));
  const remove = useDeletePessoa(id);
  const loaded = query.data;
  const canEdit = usePermission("cadastros:editar");
  // Who viewed this person's data, for owner and síndicos (docs/product.md, "Pessoas").
  const canAudit = usePermission("auditoria:ler");
  // Its times read on the person's condominium's clock, like every record of it (docs/product.md, "Horários").
  const condominios = useCondominios();
  const timeZone = condominios.items.find((c) => c.id === loaded?.condominio_id)?.timezone;

  return (
    <RecordScreen
      query={query}
      labels={PESSOA}
      width="max-w-5xl"
      title={loaded?.nome ?? "Pessoa"}
      description={loaded ? `#${shortId(loaded.id)}` : undefined}
      actions={
        loaded &&
        canEdit && (
          <>
            <EditLink to={`${PESSOA.list}/${loaded.id}/editar`} />
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="text-destructive">
                  <Trash2 aria-hidden="true" />
                  Excluir
                </Button>
              }
              title="Excluir pessoa?"
              description={`${loaded.nome} será removida do cadastro e de todas as unidades. As solicitações que ela decidiu continuam no histórico com o seu nome.`}
              confirmLabel="Excluir"
              pendingLabel="Excluindo..."
              confirmVariant="destructive"
              onConfirm={async () => {
                try {
                  await remove.mutateAsync();
                  toast.success("Pessoa excluída", { description: loaded.nome });
                  navigate(PESSOA.list);
                } catch (error) {
                  toast.error("Erro ao excluir pessoa", { description: errorMessage(error) });
                }
              }}
            />
          </>
        )
      }
    >
      {(p) => (
        <>
          <SectionCard icon={User} title="Dados da pessoa">
            <PessoaFoto p={p} canEdit={canEdit} />
            <DataList
              items={[
                ["Condomínio", <CondominioLink key="c" id={p.condominio_id} />],
                ["Status", <ActiveBadge key="s" active={p.ativo} />],
                ["Documento", p.documento],
                [
                  "E-mail",
                  p.email && (
                    <a key="e" href={`mailto:${p.email}`} className="hover:underline">
                      {p.email}
                    </a>
                  ),
                ],
                [
                  "Telefone",
                  p.telefone_e164 && (
                    <a
                      key="t"
                      href={`tel:${p.telefone_e164}`}
                      className="inline-flex items-center gap-1 hover:underline"
                    >
                      <Phone className="size-3.5" aria-hidden="true" />
                      {formatPhone(p.telefone_e164)}
                    </a>
                  ),
                ],
                ["Ramal", p.pbx_ramal],
                ["Canal preferido", canalLabel(p)],
              ]}
            />
          </SectionCard>
          <SectionCard icon={Home} title="Unidades" description="Unidades em que esta pessoa mora.">
            {p.unidades.length === 0 ? (
              <EmptyState
                icon={Home}
                title="Esta pessoa não mora em nenhuma unidade."
                description="Associe-a a uma unidade na tela da unidade."
              />
            ) : (
              <ul className="divide-y rounded-lg border">
                {p.unidades.map((u) => (
                  <li key={u.unidade_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <Link to={`/app/unidades/${u.unidade_id}`} className="font-medium hover:underline">
                      {unidadeLabel(u)}
                    </Link>
                    {u.is_responsavel && <ResponsavelBadge />}
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
          <SolicitacoesCard
            title="Solicitações decididas"
            description="Solicitações de acesso que esta pessoa autorizou ou negou."
            emptyTitle="Nenhuma solicitação decidida por esta pessoa."
            items={p.solicitacoes_decididas}
            timeZone={timeZone}
          />
          {canAudit && <AcessosDadosCard pessoaId={p.id} timeZone={timeZone} />}
        </>
      )}
    </RecordScreen>
  );
}
