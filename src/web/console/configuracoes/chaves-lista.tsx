/**
 * The API keys card: the situation filter (on the server, kept in the URL as ?status), the keys
 * (a table on wider screens, stacked items on phones) with their last use, and "Revogar" behind a
 * confirmation that names the key.
 */
import { useQuery } from "@tanstack/react-query";
import { KeyRound, SearchX, XCircle } from "lucide-react";
import { useRef, useState } from "react";
import type { Chave } from "@/shared/schemas/integracoes";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { ListTable } from "@/web/components/list-screen";
import { Pagination } from "@/web/components/pagination";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/web/components/ui/table";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useListParams } from "@/web/lib/use-list-params";
import { cn } from "@/web/lib/utils";
import { NovaChaveDialog } from "./chaves-dialogs";
import { type ChaveFilters, chavesListOptions, useRevogarChave } from "./configuracoes.queries";
import { ConteudoDaLista, FiltroSituacao, ListaItens, ListaSkeleton, useVoltaDaPaginaVazia } from "./listas";

const HEADING_ID = "chaves-titulo";
const STATUSES = ["ativa", "revogada"] as const;
const FILTROS = [
  [undefined, "Todas"],
  ["ativa", "Ativas"],
  ["revogada", "Revogadas"],
] as const;
/** The table and the phone list both exist (one hidden by CSS), so each has its own button ids. */
const revogarId = (chaveId: string, layout: "tabela" | "lista") => `revogar-chave-${layout}-${chaveId}`;

function ChaveStatusBadge({ chave }: { chave: Chave }) {
  const revogada = !!chave.revogado_em;
  return (
    <Badge
      variant="outline"
      data-status={revogada ? "revogada" : "ativa"}
      className={toneClasses(revogada ? "grey" : "green")}
    >
      {revogada ? "Revogada" : "Ativa"}
    </Badge>
  );
}

function Prefixo({ chave }: { chave: Chave }) {
  return (
    <code className="font-mono text-muted-foreground text-xs" title="Início da chave, para reconhecê-la">
      {chave.prefixo}…
    </code>
  );
}

function Escopos({ chave }: { chave: Chave }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Permissões de ${chave.nome}`}>
      {chave.escopos.map((scope) => (
        <li key={scope}>
          <Badge variant="outline" className="font-mono font-normal">
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function UltimoUso({ chave }: { chave: Chave }) {
  return chave.ultimo_uso_em ? (
    <RelativeTime value={chave.ultimo_uso_em} />
  ) : (
    <span className="text-muted-foreground">Nunca usada</span>
  );
}

function Criacao({ chave }: { chave: Chave }) {
  return (
    <>
      {chave.criado_por ?? "—"} em <time dateTime={chave.created_at}>{formatDateTime(chave.created_at)}</time>
    </>
  );
}

function Revogacao({ chave }: { chave: Chave }) {
  if (!chave.revogado_em) return null;
  return (
    <span className="text-muted-foreground text-xs">
      Revogada em <time dateTime={chave.revogado_em}>{formatDateTime(chave.revogado_em)}</time>
    </span>
  );
}

function RevogarButton({
  chave,
  layout,
  onRevogar,
  className,
}: {
  chave: Chave;
  layout: "tabela" | "lista";
  onRevogar: () => void;
  className?: string;
}) {
  if (chave.revogado_em) return null;
  return (
    <Button
      id={revogarId(chave.id, layout)}
      variant="outline"
      size="sm"
      className={cn("text-destructive", className)}
      onClick={onRevogar}
      aria-label={`Revogar a chave ${chave.nome}`}
    >
      <XCircle aria-hidden="true" />
      Revogar
    </Button>
  );
}

function ChavesTabela({ items, stale, onRevogar }: { items: Chave[]; stale: boolean; onRevogar: (c: Chave) => void }) {
  return (
    <ListTable
      stale={stale}
      head={
        <>
          <TableHead>Chave</TableHead>
          <TableHead>Permissões</TableHead>
          <TableHead>Criada por</TableHead>
          <TableHead>Último uso</TableHead>
          <TableHead>Situação</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Ações</span>
          </TableHead>
        </>
      }
    >
      {items.map((chave) => (
        <TableRow key={chave.id} data-chave={chave.nome}>
          <TableCell className="whitespace-normal">
            <div className="grid min-w-0 gap-0.5">
              <span className="break-words font-medium">{chave.nome}</span>
              <Prefixo chave={chave} />
            </div>
          </TableCell>
          <TableCell className="max-w-64 whitespace-normal">
            <Escopos chave={chave} />
          </TableCell>
          <TableCell className="whitespace-normal text-sm">
            <Criacao chave={chave} />
          </TableCell>
          <TableCell>
            <UltimoUso chave={chave} />
          </TableCell>
          <TableCell className="whitespace-normal">
            <div className="grid justify-items-start gap-1">
              <ChaveStatusBadge chave={chave} />
              <Revogacao chave={chave} />
            </div>
          </TableCell>
          <TableCell className="text-right">
            <RevogarButton chave={chave} layout="tabela" onRevogar={() => onRevogar(chave)} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** Phones: each key stacked, every detail labelled, "Revogar" full width. */
function ChavesLista({ items, stale, onRevogar }: { items: Chave[]; stale: boolean; onRevogar: (c: Chave) => void }) {
  return (
    <ListaItens label="Chaves de API" stale={stale}>
      {items.map((chave) => (
        <li key={chave.id} className="grid gap-3 p-4" data-chave={chave.nome}>
          <div className="flex items-start justify-between gap-2">
            <div className="grid min-w-0 gap-0.5">
              <span className="break-words font-medium">{chave.nome}</span>
              <Prefixo chave={chave} />
            </div>
            <ChaveStatusBadge chave={chave} />
          </div>
          <Escopos chave={chave} />
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Criada por</dt>
            <dd className="break-words">
              <Criacao chave={chave} />
            </dd>
            <dt className="text-muted-foreground">Último uso</dt>
            <dd>
              <UltimoUso chave={chave} />
            </dd>
          </dl>
          <Revogacao chave={chave} />
          <RevogarButton chave={chave} layout="lista" onRevogar={() => onRevogar(chave)} className="w-full" />
        </li>
      ))}
    </ListaItens>
  );
}

export function ChavesCard() {
  const list = useListParams();
  const filters: ChaveFilters = { status: list.oneOf("status", STATUSES), page: list.page };
  const query = useQuery(chavesListOptions(filters));
  const revogar = useRevogarChave();
  const [revogando, setRevogando] = useState<Chave | null>(null);
  const lastTarget = useRef<string | null>(null);

  function abrirRevogar(chave: Chave) {
    lastTarget.current = chave.id;
    setRevogando(chave);
  }

  /** Back to the row's visible "Revogar" (cancelled), or to the heading once it is gone (revoked). */
  function returnFocus(event: Event) {
    event.preventDefault();
    const id = lastTarget.current;
    const trigger = id
      ? [document.getElementById(revogarId(id, "tabela")), document.getElementById(revogarId(id, "lista"))].find(
          (el) => el && el.offsetParent !== null,
        )
      : null;
    (trigger ?? document.getElementById(HEADING_ID))?.focus();
  }

  const data = query.data;
  const items = data?.items ?? [];
  // A revocation under "Ativas" can empty the last page.
  useVoltaDaPaginaVazia(query, list.page, () => list.goToPage(list.page - 1));

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={HEADING_ID} tabIndex={-1} className="text-lg outline-none">
            Chaves de API
          </h2>
        </CardTitle>
        <CardDescription>Cada chave com suas permissões e o último uso. Revogar vale na hora.</CardDescription>
        <CardAction>
          <NovaChaveDialog />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <FiltroSituacao
          name="filtro-situacao-chaves"
          value={filters.status}
          options={FILTROS}
          onChange={(status) => list.update({ status })}
        />
        <ConteudoDaLista
          query={query}
          erro="Não foi possível carregar as chaves."
          carregando={<ListaSkeleton label="Carregando chaves" />}
          vazio={
            filters.status ? (
              <EmptyState
                icon={SearchX}
                title={filters.status === "ativa" ? "Nenhuma chave ativa." : "Nenhuma chave revogada."}
                description="Escolha “Todas” para ver as outras chaves."
              />
            ) : (
              <EmptyState
                icon={KeyRound}
                title="Nenhuma chave de API criada."
                description="Crie uma chave para cada sistema que vai usar a API: PABX, atendente virtual, controlador de portão."
              />
            )
          }
        >
          <div className="hidden md:block">
            <ChavesTabela items={items} stale={query.isPlaceholderData} onRevogar={abrirRevogar} />
          </div>
          <div className="md:hidden">
            <ChavesLista items={items} stale={query.isPlaceholderData} onRevogar={abrirRevogar} />
          </div>
        </ConteudoDaLista>
        {data && (
          <Pagination
            page={list.page}
            pageSize={data.page_size}
            total={data.total}
            totalTruncated={data.total_truncated}
            itemsOnPage={items.length}
            onPageChange={list.goToPage}
            disabled={query.isPlaceholderData}
          />
        )}
      </CardContent>
      <ConfirmDialog
        confirmVariant="destructive"
        open={!!revogando}
        onOpenChange={(next) => !next && setRevogando(null)}
        title={revogando ? `Revogar a chave “${revogando.nome}”?` : ""}
        description={
          revogando
            ? `Os sistemas que usam esta chave param de funcionar na hora (${revogando.prefixo}…). Não é possível desfazer: para voltar a integrar, crie outra chave.`
            : ""
        }
        confirmLabel="Revogar"
        pendingLabel="Revogando..."
        onCloseAutoFocus={returnFocus}
        onConfirm={async () => {
          if (!revogando) return;
          try {
            const chave = await revogar.mutateAsync(revogando.id);
            toast.success("Chave revogada", { description: `“${chave.nome}” não funciona mais.` });
          } catch (error) {
            toast.error("Não foi possível revogar a chave", { description: errorMessage(error) });
          }
        }}
      />
    </Card>
  );
}
