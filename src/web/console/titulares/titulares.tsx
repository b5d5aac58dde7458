import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Search, ShieldOff, UserSearch } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import {
  TITULAR_MAX_REGISTROS,
  TITULAR_PEDIDO_TIPO_LABELS,
  TITULAR_REGISTRO_TIPO_LABELS,
  type TitularBuscaResult,
  type TitularCandidato,
  type TitularPedido,
  type TitularPedidoCreateInput,
  type TitularRegistro,
  type TitularRegistroTipo,
} from "@/shared/schemas/titulares";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { Field } from "@/web/components/form-field";
import { PageHeader } from "@/web/components/page-header";
import { formatDateTime } from "@/web/components/relative-time";
import { RequirePermission } from "@/web/components/require-permission";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { consoleTitle } from "@/web/console/placeholder-page";
import { ApiError, errorMessage } from "@/web/lib/api";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { toast } from "@/web/lib/toast";
import { cn } from "@/web/lib/utils";
import { criarPedidoTitular, titularBuscaOptions, titularesKeys, titularPedidosOptions } from "./titulares.queries";

const TITLE = CONSOLE_SCREENS.titulares.list;

export const meta = () => consoleTitle(TITLE);

/**
 * LGPD art. 18 and 19: find the data subject among the candidates, choose which records are theirs,
 * confirm who they are, then export or anonymise exactly those records; answer within 15 days
 * (docs/decisions/024-audit-and-lgpd.md).
 */
export default function TitularesPage() {
  return (
    <RequirePermission permission="lgpd:gerenciar">
      <Titulares />
    </RequirePermission>
  );
}

type Busca = { documento?: string; nome?: string };
type Tipo = TitularPedidoCreateInput["tipo"];

const dateOnly = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" });

function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;
}

/** "12 solicitações, 3 passes e 5 registros de entrada e saída". */
function listaPt(parts: string[]) {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} e ${parts.at(-1)}`;
}

const TIPO_PLURAL: Record<TitularRegistroTipo, [string, string]> = {
  pessoa: ["cadastro de pessoa", "cadastros de pessoa"],
  solicitacao: ["solicitação de acesso", "solicitações de acesso"],
  passe: ["passe", "passes"],
  acesso: ["registro de entrada e saída", "registros de entrada e saída"],
  convidado: ["convite de reserva", "convites de reservas"],
};

/** What a request will act on: "2 solicitações de acesso e 1 passe". */
function oQueEntra(registros: TitularRegistro[]) {
  const tipos = Object.keys(TIPO_PLURAL) as TitularRegistroTipo[];
  return listaPt(
    tipos
      .map((tipo) => [tipo, registros.filter((r) => r.tipo === tipo).length] as const)
      .filter(([, n]) => n > 0)
      .map(([tipo, n]) => plural(n, ...TIPO_PLURAL[tipo])),
  );
}

const lugar = (r: TitularRegistro) => (r.unidade ? `${r.condominio}, unidade ${r.unidade}` : r.condominio);
const refOf = (r: TitularRegistro) => `${r.tipo}:${r.id}`;

const VINCULO_LABELS = { morador: "Morador ativo", equipe: "Equipe", inativo: "Inativo" } as const;

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
  const [documento, setDocumento] = useState("");
  const [nome, setNome] = useState("");
  const [busca, setBusca] = useState<Busca>({});
  const buscou = Boolean(busca.documento || busca.nome);
  const result = useQuery(titularBuscaOptions(busca));

  function buscar(event: FormEvent) {
    event.preventDefault();
    setBusca({
      documento: documento.trim() || undefined,
      nome: documento.trim() ? undefined : nome.trim() || undefined,
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={TITLE}
        description="Encontre o titular, escolha quais registros são dele, confirme quem ele é e exporte ou anonimize exatamente esses registros. A LGPD dá 15 dias para responder cada pedido."
      />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Buscar titular</h2>
          </CardTitle>
          <CardDescription>
            Pelo documento (a pontuação é ignorada), aparecem só os registros com esse documento. Pelo nome (sem
            diferenciar acentos e maiúsculas), aparecem todas as pessoas com esse nome, e você escolhe quais registros
            são do titular.
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

      {buscou &&
        (result.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : result.isError ? (
          <ErrorState title="Não foi possível buscar" error={result.error} onRetry={() => void result.refetch()} />
        ) : (
          // A new search starts with nothing chosen.
          <Candidatos key={JSON.stringify(busca)} r={result.data} documentoBuscado={busca.documento} />
        ))}

      <Pedidos />
    </div>
  );
}

/**
 * The candidates and the choice. Nothing is chosen at first: the staff ticks the records that are
 * the subject's (a whole candidate, or some of its records), and only then can export or anonymise.
 */
function Candidatos({ r, documentoBuscado }: { r: TitularBuscaResult; documentoBuscado?: string }) {
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The confirmation works on the choice as it was when it opened, whatever a refetch brings meanwhile.
  const [dialog, setDialog] = useState<{ tipo: Tipo; registros: TitularRegistro[]; nome: string } | null>(null);
  const anonymised = useRef(false);

  // Records no longer listed (anonymised meanwhile) drop out of the choice by themselves.
  const chosen = r.candidatos.flatMap((c) => c.registros).filter((x) => selected.has(refOf(x)));
  const escolhidos = r.candidatos.filter((c) => c.registros.some((x) => selected.has(refOf(x))));
  const documentos = [...new Set(chosen.map((x) => x.documento).filter((d): d is string => d !== null))];
  const misturados = documentos.length > 1;
  const ativos = chosen.filter((x) => x.ativo);
  // The name the request starts from: the candidate with a document, else the first chosen.
  const sugerido = escolhidos.find((c) => c.documento) ?? escolhidos[0];
  const podeAgir = chosen.length > 0 && !misturados;

  function toggle(refs: string[], on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const ref of refs) {
        if (on) next.add(ref);
        else next.delete(ref);
      }
      return next;
    });
  }

  async function done(tipo: Tipo, created: TitularPedido) {
    anonymised.current = tipo === "anonimizacao";
    await queryClient.invalidateQueries({ queryKey: titularesKeys.all });
    setDialog(null);
    if (tipo === "exportacao") {
      if (created.arquivo_url) baixar(created.arquivo_url);
      toast.success("Exportação concluída", { description: "O arquivo ZIP está sendo baixado." });
    } else {
      setSelected(new Set());
      toast.success("Dados anonimizados", { description: "O pedido foi registrado como concluído." });
    }
  }

  const dialogFor = (tipo: Tipo, trigger: ReactNode) => (
    <Dialog
      open={dialog?.tipo === tipo}
      onOpenChange={(open) => setDialog(open && sugerido ? { tipo, registros: chosen, nome: sugerido.nome } : null)}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {dialog?.tipo === tipo && (
        <PedidoDialog
          tipo={tipo}
          chosen={dialog.registros}
          nomeSugerido={dialog.nome}
          documentoBuscado={documentoBuscado}
          onDone={(created) => done(tipo, created)}
          // After an anonymisation the choice is empty and the button disabled: focus the list instead.
          onCloseAutoFocus={(event) => {
            if (anonymised.current) {
              anonymised.current = false;
              event.preventDefault();
              headingRef.current?.focus();
            }
          }}
        />
      )}
    </Dialog>
  );

  const total = r.candidatos.length;
  return (
    <section aria-labelledby="titular-candidatos" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="titular-candidatos" ref={headingRef} tabIndex={-1} className="font-semibold text-lg outline-none">
          Candidatos
        </h2>
        {total > 0 && (
          <p className="text-muted-foreground text-sm">
            {r.criterio === "nome"
              ? `${plural(total, "pessoa encontrada", "pessoas encontradas")} com este nome (registros agrupados pelo documento). Confira documento, unidade e datas e marque só os registros do titular.`
              : "Registros com este documento. Marque os que fazem parte do pedido."}
          </p>
        )}
      </div>
      {r.truncado && (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
          Há mais registros do que os {TITULAR_MAX_REGISTROS.toLocaleString("pt-BR")} mostrados (os mais recentes).
          Busque pelo documento do titular para ver só os dele.
        </p>
      )}
      {total === 0 ? (
        <Card>
          <EmptyState
            icon={UserSearch}
            title="Nenhum registro encontrado"
            description="Confira a grafia do nome ou busque pelo documento do titular."
          />
        </Card>
      ) : (
        <>
          <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <p aria-live="polite" className="font-medium">
                {chosen.length === 0
                  ? "Nenhum registro escolhido: marque os registros do titular."
                  : `${plural(chosen.length, "registro escolhido", "registros escolhidos")}: ${oQueEntra(chosen)}.`}
              </p>
              {misturados && (
                <p className="text-destructive">
                  Os registros escolhidos têm documentos diferentes ({documentos.join(", ")}): são de pessoas
                  diferentes. Escolha só os do titular.
                </p>
              )}
              {ativos.length > 0 && (
                <p className="text-muted-foreground">
                  {listaPt([...new Set(ativos.map((x) => x.nome))])} é morador(a) ativo(a) ou tem acesso ao sistema: o
                  cadastro é necessário enquanto durar o vínculo e não pode ser anonimizado.
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              {dialogFor(
                "exportacao",
                <Button variant="outline" disabled={!podeAgir}>
                  <Download aria-hidden="true" />
                  Exportar dados (ZIP)
                </Button>,
              )}
              {dialogFor(
                "anonimizacao",
                <Button variant="destructive" disabled={!podeAgir || ativos.length > 0}>
                  <ShieldOff aria-hidden="true" />
                  Anonimizar
                </Button>,
              )}
            </div>
          </div>
          <ul className="flex flex-col gap-3">
            {r.candidatos.map((c, i) => (
              <li key={`${c.documento ?? c.nome}-${c.registros[0]?.id}`}>
                <Candidato c={c} idPrefix={`candidato-${i}`} selected={selected} onToggle={toggle} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One candidate: its name and masked document, a "whole person" box and one box per record. */
function Candidato({
  c,
  idPrefix,
  selected,
  onToggle,
}: {
  c: TitularCandidato;
  idPrefix: string;
  selected: ReadonlySet<string>;
  onToggle: (refs: string[], on: boolean) => void;
}) {
  const refs = c.registros.map(refOf);
  const n = refs.filter((ref) => selected.has(ref)).length;
  const todos = n === refs.length;
  const alguns = n > 0 && !todos;
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = alguns;
  }, [alguns]);
  return (
    <fieldset className="min-w-0 rounded-lg border bg-card p-3 text-card-foreground sm:p-4">
      <legend className="px-1 font-semibold">
        {c.nome} <span className="font-normal text-muted-foreground">· {c.documento ?? "sem documento"}</span>
      </legend>
      {c.documento === null && (
        <p className="text-muted-foreground text-xs">
          Registros sem documento: nada garante que sejam da mesma pessoa. Confira unidade e datas.
        </p>
      )}
      <div className="flex items-center gap-2 border-b py-2">
        <input
          id={`${idPrefix}-todos`}
          type="checkbox"
          ref={allRef}
          className="size-4 shrink-0 accent-primary"
          checked={todos}
          onChange={(event) => onToggle(refs, event.target.checked)}
        />
        <Label htmlFor={`${idPrefix}-todos`}>
          Todos os registros desta pessoa ({c.registros.length.toLocaleString("pt-BR")})
        </Label>
      </div>
      <ul className="divide-y">
        {c.registros.map((x) => (
          <li key={refOf(x)} className="flex items-start gap-2 py-2">
            <input
              id={`${idPrefix}-${x.tipo}-${x.id}`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={selected.has(refOf(x))}
              onChange={(event) => onToggle([refOf(x)], event.target.checked)}
            />
            <label htmlFor={`${idPrefix}-${x.tipo}-${x.id}`} className="grid min-w-0 gap-0.5 text-sm">
              <span className="font-medium">
                {TITULAR_REGISTRO_TIPO_LABELS[x.tipo]}
                {x.nome !== c.nome && <span className="font-normal"> · {x.nome}</span>}
                {x.vinculo && (
                  <Badge variant={x.ativo ? "default" : "secondary"} className="ml-2">
                    {VINCULO_LABELS[x.vinculo]}
                  </Badge>
                )}
              </span>
              <span className="break-words text-muted-foreground">
                {[x.documento, lugar(x), formatDateTime(x.data)].filter(Boolean).join(" · ")}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The confirmation: names the person and what the request includes, and records who the subject is
 * as confirmed (the name, and the document they presented, required when the records carry one).
 * A refusal from the server keeps the dialog open with its message.
 */
function PedidoDialog({
  tipo,
  chosen,
  nomeSugerido,
  documentoBuscado,
  onDone,
  onCloseAutoFocus,
}: {
  tipo: Tipo;
  chosen: TitularRegistro[];
  nomeSugerido: string;
  documentoBuscado?: string;
  onDone: (created: TitularPedido) => Promise<void>;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [nome, setNome] = useState(nomeSugerido);
  const [documento, setDocumento] = useState(documentoBuscado ?? "");
  const [errors, setErrors] = useState<{ nome?: string; documento?: string; form?: string }>({});
  // While sending, the fields are read-only rather than disabled: a refusal focuses the field it names.
  const [pending, setPending] = useState(false);
  const nomeRef = useRef<HTMLInputElement>(null);
  const documentoRef = useRef<HTMLInputElement>(null);
  const esperado = chosen.find((x) => x.documento)?.documento ?? null;
  const lugares = [...new Set(chosen.map(lugar))];
  const exportar = tipo === "exportacao";
  const titular = nome.trim() || nomeSugerido;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (nome.trim().length < 3) found.nome = "Nome deve ter pelo menos 3 caracteres";
    if (esperado && !documento.trim()) found.documento = "Informe o documento apresentado pelo titular";
    if (found.nome || found.documento) {
      setErrors(found);
      (found.nome ? nomeRef : documentoRef).current?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const created = await criarPedidoTitular({
        tipo,
        titular: { nome: nome.trim(), documento: documento.trim() || null },
        registros: chosen.map(({ tipo, id }) => ({ tipo, id })),
      });
      await onDone(created);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      const field = (path: string) => fields.find((f) => f.path === path)?.message;
      const next = { nome: field("titular.nome"), documento: field("titular.documento") };
      setErrors({ ...next, form: next.nome || next.documento ? undefined : errorMessage(error) });
      (next.nome ? nomeRef : documentoRef).current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <DialogContent busy={pending} onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>
          {exportar ? "Exportar os dados de" : "Anonimizar os dados de"} {titular}?
        </DialogTitle>
        <DialogDescription>
          {exportar
            ? "O arquivo ZIP terá só estes registros, as chamadas ligadas a eles e quem acessou esses dados. A exportação fica registrada na auditoria."
            : "Nome, documento e telefone destes registros deixam de existir, sem como desfazer. Contagens e estatísticas continuam."}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1 rounded-md border p-3 text-sm">
        <p className="font-medium">Entram no pedido: {oQueEntra(chosen)}.</p>
        <p className="text-muted-foreground">
          {esperado ? `Documento nos registros: ${esperado}. ` : "Registros sem documento. "}
          Em {listaPt(lugares)}.
        </p>
      </div>
      <form className="grid gap-4" noValidate onSubmit={submit} aria-busy={pending || undefined}>
        <Field id="pedido-nome" label="Nome do titular" required error={errors.nome}>
          {(describedBy) => (
            <Input
              id="pedido-nome"
              ref={nomeRef}
              value={nome}
              maxLength={120}
              autoComplete="off"
              readOnly={pending}
              aria-required
              aria-invalid={errors.nome ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setNome(e.target.value)}
            />
          )}
        </Field>
        <Field
          id="pedido-documento"
          label="Documento apresentado pelo titular"
          required={esperado !== null}
          error={errors.documento}
          hint={
            esperado
              ? `Confira no documento que o titular apresentou: deve ser o mesmo dos registros (${esperado}).`
              : "Opcional: os registros escolhidos não têm documento; o nome do titular deve ser o deles."
          }
        >
          {(describedBy) => (
            <Input
              id="pedido-documento"
              ref={documentoRef}
              value={documento}
              maxLength={40}
              autoComplete="off"
              readOnly={pending}
              aria-required={esperado !== null || undefined}
              aria-invalid={errors.documento ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setDocumento(e.target.value)}
            />
          )}
        </Field>
        {errors.form && (
          <p role="alert" className="text-destructive text-sm">
            {errors.form}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              Cancelar
            </Button>
          </DialogClose>
          <Button type="submit" variant={exportar ? "default" : "destructive"} disabled={pending}>
            {pending ? <Spinner /> : exportar ? <Download aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
            {pending ? (exportar ? "Exportando…" : "Anonimizando…") : exportar ? "Exportar e baixar" : "Anonimizar"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
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
