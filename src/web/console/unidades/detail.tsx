import { useQuery } from "@tanstack/react-query";
import { Home, Star, Trash2, UserPlus, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { type UnidadeDetail, unidadeLabel } from "@/shared/schemas/unidades";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { RecordScreen } from "@/web/components/record-screen";
import { ActiveBadge, CondominioLink, DataList, EditLink, ResponsavelBadge, shortId } from "@/web/components/registry";
import { SectionCard } from "@/web/components/section-card";
import { SolicitacoesCard } from "@/web/components/solicitacoes-table";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { pessoasListOptions } from "@/web/console/pessoas/pessoas.queries";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { useCondominioTimeZone } from "@/web/lib/condominio-timezone";
import { recordTitle } from "@/web/lib/console-screens";
import { usePermission } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/detail";
import { UNIDADE } from "./unidade-form";
import { unidadeDetailOptions, useLinkMorador, useUnlinkMorador, useUpdateMorador } from "./unidades.queries";

export const meta: Route.MetaFunction = ({ params }) => consoleTitle(recordTitle("unidades", params.id));

/** Adds an existing, active person of the unit's condominium as a resident. */
function AddMorador({ unidade }: { unidade: UnidadeDetail }) {
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [pessoaId, setPessoaId] = useState("");
  const [responsavel, setResponsavel] = useState(false);
  const link = useLinkMorador(unidade.id);
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const pessoas = useQuery(
    pessoasListOptions({ condominio_id: unidade.condominio_id, status: "ativo", q: q || undefined, page_size: 50 }),
  );
  const linked = new Set(unidade.moradores_ativos.map((m) => m.pessoa_id));
  const choices = (pessoas.data?.items ?? []).filter((p) => !linked.has(p.id));

  let placeholder = "Selecione uma pessoa";
  if (pessoas.isPending) placeholder = "Carregando pessoas...";
  else if (pessoas.isError) placeholder = "Pessoas indisponíveis";
  else if (choices.length === 0) placeholder = "Nenhuma pessoa disponível";

  async function add() {
    if (!pessoaId) {
      toast.error("Selecione uma pessoa");
      return;
    }
    try {
      await link.mutateAsync({ pessoa_id: pessoaId, is_responsavel: responsavel });
      const nome = choices.find((p) => p.id === pessoaId)?.nome ?? "Pessoa";
      toast.success("Morador adicionado!", { description: `${nome} agora é morador(a) desta unidade.` });
      setPessoaId("");
      setResponsavel(false);
    } catch (error) {
      toast.error("Erro ao adicionar morador", { description: errorMessage(error) });
    }
  }

  return (
    <form
      className="grid gap-3 rounded-lg border p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto] md:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      aria-label="Adicionar morador"
    >
      <div className="grid gap-2">
        <Label htmlFor="busca-pessoa">Buscar pessoa</Label>
        <Input
          id="busca-pessoa"
          type="search"
          placeholder="Nome, documento ou e-mail"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="pessoa_id">Pessoa</Label>
        <Select value={pessoaId} onValueChange={setPessoaId} disabled={link.isPending || choices.length === 0}>
          <SelectTrigger id="pessoa_id" className="w-full">
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {choices.map((p) => (
              <SelectItem key={p.id} value={p.id}>
                {p.nome}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex h-9 items-center gap-2">
        <input
          id="is_responsavel"
          type="checkbox"
          className="size-4 accent-primary"
          checked={responsavel}
          onChange={(event) => setResponsavel(event.target.checked)}
        />
        <Label htmlFor="is_responsavel">Responsável</Label>
      </div>
      <Button type="submit" disabled={link.isPending || !pessoaId}>
        {link.isPending ? <Spinner /> : <UserPlus aria-hidden="true" />}
        Adicionar
      </Button>
    </form>
  );
}

/**
 * The unit's residents. Managing them (add, responsável, remove) is a registry change, for owners
 * and síndicos only; the names link to the people registry only for those who may read it (staff).
 */
function Moradores({ unidade }: { unidade: UnidadeDetail }) {
  const update = useUpdateMorador(unidade.id);
  const unlink = useUnlinkMorador(unidade.id);
  const canManage = usePermission("cadastros:editar");
  const canReadPessoas = usePermission("pessoas:ler");
  return (
    <SectionCard
      icon={Users}
      title="Moradores"
      description="Pessoas que moram nesta unidade. O responsável aparece primeiro."
      contentClassName="space-y-4"
    >
      {/* Not mounted without the permission: it lists people, which a morador may not read. */}
      {canManage && <AddMorador unidade={unidade} />}
      {unidade.moradores_ativos.length === 0 ? (
        <EmptyState
          icon={Users}
          title="Nenhum morador nesta unidade."
          description={canManage ? "Adicione uma pessoa acima." : undefined}
        />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Moradores da unidade">
          {unidade.moradores_ativos.map((m) => (
            <li
              key={m.pessoa_id}
              className="flex flex-wrap items-center justify-between gap-2 p-3"
              data-morador={m.nome}
            >
              <div className="flex min-w-0 items-center gap-2">
                {canReadPessoas ? (
                  <Link to={`/app/pessoas/${m.pessoa_id}`} className="truncate font-medium hover:underline">
                    {m.nome}
                  </Link>
                ) : (
                  <span className="truncate font-medium">{m.nome}</span>
                )}
                {m.is_responsavel && <ResponsavelBadge />}
              </div>
              {canManage && (
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate(
                        { pessoaId: m.pessoa_id, is_responsavel: !m.is_responsavel },
                        {
                          onSuccess: () =>
                            toast.success(m.is_responsavel ? "Responsável removido" : "Responsável definido", {
                              description: m.nome,
                            }),
                          onError: (error) =>
                            toast.error("Erro ao atualizar morador", { description: errorMessage(error) }),
                        },
                      )
                    }
                  >
                    <Star aria-hidden="true" />
                    {m.is_responsavel ? "Remover responsável" : "Marcar como responsável"}
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" size="sm" className="text-destructive" aria-label={`Remover ${m.nome}`}>
                        <Trash2 aria-hidden="true" />
                        Remover
                      </Button>
                    }
                    title="Remover morador?"
                    description={`${m.nome} deixará de ser morador(a) desta unidade. O histórico de solicitações é mantido.`}
                    confirmLabel="Remover"
                    pendingLabel="Removendo..."
                    confirmVariant="destructive"
                    onConfirm={async () => {
                      try {
                        await unlink.mutateAsync(m.pessoa_id);
                        toast.success("Morador removido", { description: m.nome });
                      } catch (error) {
                        toast.error("Erro ao remover morador", { description: errorMessage(error) });
                      }
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** Unit detail: data, residents (add, remove, responsável) and the latest requests. */
export default function UnidadeDetailPage() {
  const { id = "" } = useParams();
  const query = useQuery(unidadeDetailOptions(id));
  const loaded = query.data;
  const canEdit = usePermission("cadastros:editar");
  // Its requests' times on its condominium's clock (docs/product.md, "Horários").
  const timeZone = useCondominioTimeZone(loaded?.condominio_id);

  return (
    <RecordScreen
      query={query}
      labels={UNIDADE}
      width="max-w-5xl"
      title={loaded ? unidadeLabel(loaded) : "Unidade"}
      description={loaded ? `#${shortId(loaded.id)}` : undefined}
      actions={loaded && canEdit && <EditLink to={`${UNIDADE.list}/${loaded.id}/editar`} />}
    >
      {(u) => (
        <>
          <SectionCard icon={Home} title="Dados da unidade">
            <DataList
              items={[
                ["Condomínio", <CondominioLink key="c" id={u.condominio_id} />],
                ["Código", u.codigo],
                ["Torre", u.torre],
                ["Ramal", u.pbx_ramal],
                ["Status", <ActiveBadge key="s" active={u.enabled} feminine />],
                ["Observações", u.observacoes],
              ]}
            />
          </SectionCard>
          <Moradores unidade={u} />
          <SolicitacoesCard
            title="Solicitações recentes"
            emptyTitle="Nenhuma solicitação recente."
            items={u.solicitacoes_recentes}
            timeZone={timeZone}
          />
        </>
      )}
    </RecordScreen>
  );
}
