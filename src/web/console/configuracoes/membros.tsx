/**
 * The members card: search and role filter (on the server, kept in the URL), the table, and each
 * row's actions — "Alterar papel" and "Remover da equipe" — where the caller may use them.
 */
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { ptBR } from "date-fns/locale";
import { Building2, MoreHorizontal, SearchX, UserCog, UserMinus, Users } from "lucide-react";
import type * as React from "react";
import { useRef, useState } from "react";
import { MEMBER_ROLES, type MemberRole } from "@/shared/domain";
import { isAssignedRole, ROLE_LABELS } from "@/shared/permissions";
import type { Membro } from "@/shared/schemas/equipe";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { ListFilters, ListTable, SelectFilter } from "@/web/components/list-screen";
import { Pagination } from "@/web/components/pagination";
import { Avatar, AvatarFallback, AvatarImage } from "@/web/components/ui/avatar";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/web/components/ui/dropdown-menu";
import { TableCell, TableHead, TableRow } from "@/web/components/ui/table";
import { avatarInitial } from "@/web/components/user-menu";
import { errorMessage } from "@/web/lib/api";
import { meQueryOptions } from "@/web/lib/me.queries";
import { toast } from "@/web/lib/toast";
import { isFiltered, useListParams } from "@/web/lib/use-list-params";
import { membrosListOptions, useRemoverMembro } from "./configuracoes.queries";
import { CONDOMINIOS_TITULO, CondominiosDialog, condominiosResumo } from "./equipe-condominios";
import { ConvidarDialog, PapelDialog } from "./equipe-dialogs";

const PAPEL_OPTIONS = MEMBER_ROLES.map((role) => [role, ROLE_LABELS[role]] as const);
const HEADING_ID = "membros-titulo";
const actionsId = (membroId: string) => `acoes-membro-${membroId}`;

const number = new Intl.NumberFormat("pt-BR");

function PapelBadge({ papel }: { papel: MemberRole }) {
  return (
    <Badge variant={papel === "owner" || papel === "sindico" ? "secondary" : "outline"} data-papel={papel}>
      {ROLE_LABELS[papel]}
    </Badge>
  );
}

/**
 * A morador's person record and its units: exactly what their login reaches. Staff reach the whole
 * tenant whatever record they have, so theirs would only repeat their name.
 */
function PessoaResumo({ pessoa }: { pessoa: Membro["pessoa"] }) {
  if (!pessoa) return <span className="text-muted-foreground">-</span>;
  return (
    <span className="grid min-w-0">
      <span className="break-words">{pessoa.nome}</span>
      <span className="break-words text-muted-foreground text-xs">
        {pessoa.unidades.length > 0 ? `Unidades: ${pessoa.unidades.join(", ")}` : "Sem unidades"}
      </span>
    </span>
  );
}

/**
 * What a member reaches: a morador their person record's units, a porteiro their condominiums
 * ("Todos" when none is chosen), owner and síndicos the whole administradora.
 */
function Alcance({ membro }: { membro: Membro }) {
  if (membro.papel === "morador") return <PessoaResumo pessoa={membro.pessoa} />;
  if (!isAssignedRole(membro.papel)) return <span className="text-muted-foreground">Todos os condomínios</span>;
  return (
    <span className="break-words" data-testid="condominios-membro">
      <span className="text-muted-foreground">Condomínios: </span>
      {condominiosResumo(membro.condominios)}
    </span>
  );
}

type Acao = { kind: "papel" | "remover" | "condominios"; membro: Membro };

export function MembrosCard() {
  const list = useListParams();
  const filters = { q: list.q, papel: list.oneOf("papel", MEMBER_ROLES), page: list.page };
  const filtered = isFiltered(filters);
  const query = useQuery(membrosListOptions(filters));
  const me = useQuery(meQueryOptions());
  const remover = useRemoverMembro();
  const [acao, setAcao] = useState<Acao | null>(null);
  // The member an action was last opened for: focus goes back to their menu button on close.
  const lastTarget = useRef<string | null>(null);

  // The server refuses these anyway (409 for oneself, 403 for a síndico touching an owner); hiding
  // them spares the user actions that can only fail.
  const callerIsOwner = me.data?.role === "owner";
  const manageable = (m: Membro) => !m.voce && (m.papel !== "owner" || callerIsOwner);

  function open(kind: Acao["kind"], membro: Membro) {
    lastTarget.current = membro.id;
    setAcao({ kind, membro });
  }

  /** Back to the row's menu button, or to the card's heading when the row is gone (removed). */
  function returnFocus(event: Event) {
    event.preventDefault();
    const trigger = lastTarget.current ? document.getElementById(actionsId(lastTarget.current)) : null;
    (trigger ?? document.getElementById(HEADING_ID))?.focus();
  }

  const data = query.data;
  const items = data?.items ?? [];
  let content: React.ReactNode;
  if (query.isError && !data) {
    content = (
      <ErrorState
        title="Não foi possível carregar a equipe."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.isPending && items.length === 0) {
    content = (
      <EmptyState
        icon={filtered ? SearchX : Users}
        title="Nenhum membro encontrado."
        description={filtered ? "Tente ajustar a busca ou o filtro de papel." : undefined}
      />
    );
  } else {
    content = (
      <ListTable
        loading={query.isPending}
        stale={query.isPlaceholderData}
        skeleton={{ rows: 3, columns: 5, width: "w-24" }}
        head={
          <>
            <TableHead>Membro</TableHead>
            <TableHead>Papel</TableHead>
            <TableHead className="hidden md:table-cell">Alcance</TableHead>
            <TableHead className="hidden sm:table-cell">Desde</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Ações</span>
            </TableHead>
          </>
        }
      >
        {items.map((m) => (
          <TableRow key={m.id} data-membro={m.email}>
            <TableCell className="whitespace-normal">
              <div className="flex min-w-0 items-center gap-3">
                <Avatar className="size-9">
                  {m.image && <AvatarImage src={m.image} alt="" />}
                  <AvatarFallback aria-hidden="true">{avatarInitial(m.email)}</AvatarFallback>
                </Avatar>
                <div className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <span className="break-words font-medium">{m.nome}</span>
                    {m.voce && <Badge variant="outline">Você</Badge>}
                  </span>
                  <span className="text-muted-foreground text-xs [overflow-wrap:anywhere]">{m.email}</span>
                  {/* Narrow screens hide the person column; its content moves under the name. */}
                  {((m.papel === "morador" && m.pessoa) || isAssignedRole(m.papel)) && (
                    <span className="text-xs md:hidden">
                      <Alcance membro={m} />
                    </span>
                  )}
                </div>
              </div>
            </TableCell>
            <TableCell>
              <PapelBadge papel={m.papel} />
            </TableCell>
            <TableCell className="hidden whitespace-normal md:table-cell">
              <Alcance membro={m} />
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <time dateTime={m.desde}>{format(new Date(m.desde), "dd/MM/yyyy", { locale: ptBR })}</time>
            </TableCell>
            <TableCell className="text-right">
              {manageable(m) && (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button id={actionsId(m.id)} variant="ghost" size="icon" aria-label={`Ações de ${m.nome}`}>
                      <MoreHorizontal aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent inline align="end" className="w-60">
                    <DropdownMenuItem onSelect={() => open("papel", m)}>
                      <UserCog aria-hidden="true" />
                      Alterar papel
                    </DropdownMenuItem>
                    {isAssignedRole(m.papel) && (
                      <DropdownMenuItem onSelect={() => open("condominios", m)}>
                        <Building2 aria-hidden="true" />
                        {CONDOMINIOS_TITULO}
                      </DropdownMenuItem>
                    )}
                    <DropdownMenuItem variant="destructive" onSelect={() => open("remover", m)}>
                      <UserMinus aria-hidden="true" />
                      Remover da equipe
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    );
  }

  const removendo = acao?.kind === "remover" ? acao.membro : null;

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={HEADING_ID} tabIndex={-1} className="text-lg outline-none">
            Membros
          </h2>
        </CardTitle>
        <CardDescription>Quem acessa o console desta administradora e com qual papel.</CardDescription>
        <CardAction>
          <ConvidarDialog />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <ListFilters
          list={list}
          searchId="busca-membros"
          searchLabel="Buscar membros"
          placeholder="Nome ou e-mail"
          columns="md:grid-cols-[minmax(0,1fr)_12rem_auto]"
          clearKeys={["papel"]}
          filtered={filtered}
        >
          <SelectFilter
            id="filtro-papel"
            label="Papel"
            allLabel="Todos"
            value={filters.papel}
            onChange={(papel) => list.update({ papel })}
            options={PAPEL_OPTIONS}
          />
        </ListFilters>

        <div className="min-h-5 text-muted-foreground text-sm" aria-live="polite">
          {data && (
            <p data-testid="membros-count">
              {number.format(data.total)} {data.total === 1 ? "membro" : "membros"}
            </p>
          )}
        </div>

        {content}

        {data && (
          <Pagination
            page={filters.page}
            pageSize={data.page_size}
            total={data.total}
            totalTruncated={data.total_truncated}
            itemsOnPage={items.length}
            onPageChange={list.goToPage}
            disabled={query.isPlaceholderData}
          />
        )}
      </CardContent>

      <PapelDialog
        membro={acao?.kind === "papel" ? acao.membro : null}
        onOpenChange={(next) => !next && setAcao(null)}
        onCloseAutoFocus={returnFocus}
      />
      <CondominiosDialog
        membro={acao?.kind === "condominios" ? acao.membro : null}
        onOpenChange={(next) => !next && setAcao(null)}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmDialog
        confirmVariant="destructive"
        open={!!removendo}
        onOpenChange={(next) => !next && setAcao(null)}
        title={removendo ? `Remover ${removendo.nome} da equipe?` : ""}
        description={
          removendo
            ? `${removendo.nome} (${removendo.email}) perde o acesso ao console agora: as sessões abertas são encerradas imediatamente. O cadastro de pessoa, se houver, é mantido.`
            : ""
        }
        confirmLabel="Remover da equipe"
        pendingLabel="Removendo..."
        onCloseAutoFocus={returnFocus}
        onConfirm={async () => {
          if (!removendo) return;
          try {
            await remover.mutateAsync(removendo.id);
            toast.success("Membro removido", { description: `${removendo.nome} não faz mais parte da equipe.` });
          } catch (error) {
            toast.error("Não foi possível remover o membro", { description: errorMessage(error) });
          }
        }}
      />
    </Card>
  );
}
