import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Search, ShieldOff } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  TITULAR_PEDIDO_TIPO_LABELS,
  type TitularBuscaResult,
  type TitularPedido,
  type TitularPedidoCreateInput,
} from "@/shared/schemas/titulares";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { PageHeader } from "@/web/components/page-header";
import { formatDateTime } from "@/web/components/relative-time";
import { RequirePermission } from "@/web/components/require-permission";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { criarPedidoTitular, titularBuscaOptions, titularesKeys, titularPedidosOptions } from "./lgpd.queries";

const TITLE = CONSOLE_SCREENS.titulares.list;

export const meta = () => consoleTitle(TITLE);

/** LGPD art. 18 and 19: find a person, export or anonymise their data, answer within 15 days. */
export default function TitularesPage() {
  return (
    <RequirePermission permission="lgpd:gerenciar">
      <Titulares />
    </RequirePermission>
  );
}

type Busca = { documento?: string; nome?: string };

const dateOnly = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" });

function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;
}

/** "12 solicitações, 3 passes e 5 registros de entrada e saída". */
function listaPt(parts: string[]) {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} e ${parts.at(-1)}`;
}

function oQueMuda(r: TitularBuscaResult) {
  const c = r.contagens;
  const inativos = r.pessoas.filter((p) => !p.ativo).length;
  const parts = [
    plural(c.solicitacoes, "solicitação", "solicitações"),
    plural(c.passes, "passe", "passes"),
    plural(c.acessos, "registro de entrada e saída", "registros de entrada e saída"),
  ];
  if (inativos > 0) parts.push(plural(inativos, "cadastro de pessoa", "cadastros de pessoa"));
  return listaPt(parts);
}

/** Starts the browser's download of a same-origin file (the session cookie goes with it). */
function baixar(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  document.body.append(a);
  a.click();
  a.remove();
}

function Titulares() {
  const queryClient = useQueryClient();
  const [documento, setDocumento] = useState("");
  const [nome, setNome] = useState("");
  const [busca, setBusca] = useState<Busca>({});
  const result = useQuery(titularBuscaOptions(busca));

  function buscar(event: FormEvent) {
    event.preventDefault();
    setBusca({
      documento: documento.trim() || undefined,
      nome: documento.trim() ? undefined : nome.trim() || undefined,
    });
  }

  /** The name recorded with the request: the one typed, or the first found. */
  function nomeDoTitular(r: TitularBuscaResult) {
    return nome.trim() || r.pessoas[0]?.nome || r.visitantes[0]?.nome || "";
  }

  async function pedido(tipo: TitularPedidoCreateInput["tipo"], r: TitularBuscaResult) {
    const titular = nomeDoTitular(r);
    const created = await criarPedidoTitular({ tipo, documento: busca.documento ?? null, nome: titular });
    await queryClient.invalidateQueries({ queryKey: titularesKeys.all });
    return created;
  }

  async function exportar(r: TitularBuscaResult) {
    try {
      const created = await pedido("exportacao", r);
      if (created.arquivo_url) baixar(created.arquivo_url);
      toast.success("Exportação concluída", { description: "O arquivo ZIP está sendo baixado." });
    } catch (error) {
      toast.error("Não foi possível exportar", { description: errorMessage(error) });
    }
  }

  async function anonimizar(r: TitularBuscaResult) {
    try {
      await pedido("anonimizacao", r);
      toast.success("Dados anonimizados", { description: "O pedido foi registrado como concluído." });
    } catch (error) {
      toast.error("Não foi possível anonimizar", { description: errorMessage(error) });
      throw error;
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={TITLE}
        description="Encontre uma pessoa pelo documento ou pelo nome, exporte tudo o que o sistema guarda sobre ela ou anonimize seus dados. A LGPD dá 15 dias para responder cada pedido."
      />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Buscar titular</h2>
          </CardTitle>
          <CardDescription>
            Pelo documento, a pontuação é ignorada. Sem documento, busca pelo nome (sem diferenciar acentos e
            maiúsculas).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <search>
            <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={buscar}>
              <div className="grid gap-1.5">
                <Label htmlFor="titular-documento">Documento</Label>
                <Input
                  id="titular-documento"
                  value={documento}
                  maxLength={40}
                  autoComplete="off"
                  onChange={(e) => setDocumento(e.target.value)}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="titular-nome">Nome do titular</Label>
                <Input
                  id="titular-nome"
                  value={nome}
                  maxLength={120}
                  autoComplete="off"
                  onChange={(e) => setNome(e.target.value)}
                />
              </div>
              <Button type="submit" disabled={!documento.trim() && nome.trim().length < 3}>
                <Search aria-hidden="true" />
                Buscar
              </Button>
            </form>
          </search>
        </CardContent>
      </Card>

      {result.isFetching && !result.data && <Skeleton className="h-40 w-full" />}
      {result.isError && (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(result.error)}
        </p>
      )}
      {result.data && (
        <Resultado
          r={result.data}
          titular={nomeDoTitular(result.data)}
          onExportar={() => exportar(result.data)}
          onAnonimizar={() => anonimizar(result.data)}
        />
      )}

      <Pedidos />
    </div>
  );
}

function Resultado({
  r,
  titular,
  onExportar,
  onAnonimizar,
}: {
  r: TitularBuscaResult;
  titular: string;
  onExportar: () => Promise<void>;
  onAnonimizar: () => Promise<void>;
}) {
  const [exporting, setExporting] = useState(false);
  const c = r.contagens;
  const nada = c.pessoas + c.solicitacoes + c.passes + c.acessos === 0;
  const ativos = r.pessoas.filter((p) => p.ativo);
  return (
    <section aria-labelledby="titular-resultado" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="titular-resultado" className="font-semibold text-lg">
          Resultado da busca
        </h2>
        {!nada && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={exporting}
              onClick={async () => {
                setExporting(true);
                await onExportar().finally(() => setExporting(false));
              }}
            >
              <Download aria-hidden="true" />
              Exportar dados (ZIP)
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="destructive" disabled={ativos.length > 0 || !titular}>
                  <ShieldOff aria-hidden="true" />
                  Anonimizar
                </Button>
              }
              title={`Anonimizar os dados de ${titular}?`}
              description={`${oQueMuda(r)} de ${titular} serão anonimizados: nome, documento e telefone deixam de existir. Contagens e estatísticas continuam.`}
              confirmLabel="Anonimizar"
              pendingLabel="Anonimizando…"
              confirmVariant="destructive"
              onConfirm={onAnonimizar}
            />
          </div>
        )}
      </div>
      {ativos.length > 0 && (
        <p className="text-muted-foreground text-sm">
          {ativos.map((p) => p.nome).join(", ")} é morador(a) ativo(a) ou tem acesso ao sistema: o cadastro é necessário
          enquanto durar o vínculo e não pode ser anonimizado.
        </p>
      )}
      {nada ? (
        <p className="text-muted-foreground text-sm">Nenhum registro encontrado para esta busca.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h3>Moradores e equipe</h3>
              </CardTitle>
              <CardDescription>{plural(c.pessoas, "cadastro", "cadastros")}</CardDescription>
            </CardHeader>
            <CardContent>
              {r.pessoas.length === 0 ? (
                <p className="text-muted-foreground text-sm">Nenhum cadastro de morador ou equipe.</p>
              ) : (
                <ul className="divide-y">
                  {r.pessoas.map((p) => (
                    <li key={p.id} className="flex flex-col gap-0.5 py-2 text-sm">
                      <span className="font-medium">
                        {p.nome}{" "}
                        <Badge variant={p.ativo ? "default" : "secondary"}>
                          {p.vinculo === "morador" ? "Morador ativo" : p.vinculo === "equipe" ? "Equipe" : "Inativo"}
                        </Badge>
                      </span>
                      <span className="text-muted-foreground">
                        {[p.documento, p.condominio, p.unidades.join(", ")].filter(Boolean).join(" · ")}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h3>Visitantes</h3>
              </CardTitle>
              <CardDescription>
                {listaPt([
                  plural(c.solicitacoes, "solicitação", "solicitações"),
                  plural(c.chamadas, "chamada", "chamadas"),
                  plural(c.passes, "passe", "passes"),
                  plural(c.acessos, "registro de entrada e saída", "registros de entrada e saída"),
                ])}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {r.visitantes.length === 0 ? (
                <p className="text-muted-foreground text-sm">Nenhum registro de visitante.</p>
              ) : (
                <ul className="divide-y">
                  {r.visitantes.map((v) => (
                    <li key={`${v.tipo}-${v.id}`} className="flex flex-col gap-0.5 py-2 text-sm">
                      <span className="font-medium">
                        {v.nome}{" "}
                        <span className="font-normal text-muted-foreground">
                          ({v.tipo === "solicitacao" ? "solicitação" : v.tipo === "passe" ? "passe" : "entrada"})
                        </span>
                      </span>
                      <span className="text-muted-foreground">
                        {[v.documento, `${v.condominio}, unidade ${v.unidade}`, formatDateTime(v.data)]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </section>
  );
}

function Pedidos() {
  const [page, setPage] = useState(1);
  const list = useQuery(titularPedidosOptions(page));
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  return (
    <section aria-labelledby="titular-pedidos" className="flex flex-col gap-3">
      <h2 id="titular-pedidos" className="font-semibold text-lg">
        Pedidos recebidos
      </h2>
      {list.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : list.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(list.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nenhum pedido registrado ainda.</p>
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Titular</TableHead>
                <TableHead>Pedido</TableHead>
                <TableHead>Recebido em</TableHead>
                <TableHead>Prazo</TableHead>
                <TableHead>Situação</TableHead>
                <TableHead>
                  <span className="sr-only">Arquivo</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((p) => (
                <PedidoRow key={p.id} p={p} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span className="text-sm">
            Página {page} de {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </div>
      )}
    </section>
  );
}

function PedidoRow({ p }: { p: TitularPedido }) {
  const atrasado = !p.concluido_em && new Date(p.prazo_em).getTime() < Date.now();
  return (
    <TableRow data-pedido-id={p.id}>
      <TableCell className="whitespace-normal">
        <div className="flex flex-col">
          <span className="font-medium">{p.titular_nome}</span>
          {p.titular_documento && <span className="text-muted-foreground text-xs">{p.titular_documento}</span>}
        </div>
      </TableCell>
      <TableCell className="whitespace-normal">
        <div className="flex flex-col">
          <span>{TITULAR_PEDIDO_TIPO_LABELS[p.tipo]}</span>
          {p.criado_por_nome && <span className="text-muted-foreground text-xs">por {p.criado_por_nome}</span>}
        </div>
      </TableCell>
      <TableCell className="tabular-nums">{formatDateTime(p.recebido_em)}</TableCell>
      <TableCell className={cn("tabular-nums", atrasado && "font-semibold text-destructive")}>
        Prazo: {dateOnly.format(new Date(p.prazo_em))}
        {atrasado && " (atrasado)"}
      </TableCell>
      <TableCell>
        {p.concluido_em ? (
          <Badge variant="secondary">Concluído em {dateOnly.format(new Date(p.concluido_em))}</Badge>
        ) : (
          <Badge variant={atrasado ? "destructive" : "outline"}>Em aberto</Badge>
        )}
      </TableCell>
      <TableCell className="text-right">
        {p.arquivo_url && (
          <Button variant="ghost" size="sm" asChild>
            <a href={p.arquivo_url} download>
              <Download aria-hidden="true" />
              Baixar ZIP
              <span className="sr-only"> de {p.titular_nome}</span>
            </a>
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
