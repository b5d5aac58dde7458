/**
 * "Totens" (docs/product.md, "Totem"): the tenant's gate kiosks, each with its gate, its status and its
 * last contact. "Novo totem" creates one at an active gate and shows its pairing link once (with the QR
 * Code); "Gerar novo link" pairs a replacement tablet; "Revogar" stops a kiosk at once.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Ban, Link2, Plus, SearchX, TabletSmartphone } from "lucide-react";
import { useRef, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import type { z } from "zod";
import {
  TOTEM_STATUS_LABELS,
  type Totem,
  type TotemCreate,
  type TotemPareamento,
  type TotemStatus,
  totemCreateSchema,
} from "@/shared/schemas/totens";
import { CondominioFilter } from "@/web/components/condominio-filter";
import { CondominioPortaoFields } from "@/web/components/condominio-portao-fields";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { InputField } from "@/web/components/form-field";
import { reportSaveError } from "@/web/components/form-layout";
import { ListFilters, ListScreen } from "@/web/components/list-screen";
import { RefreshButton } from "@/web/components/refresh-button";
import { RelativeTime } from "@/web/components/relative-time";
import { RequirePermission } from "@/web/components/require-permission";
import { type ListColumn, ResponsiveList } from "@/web/components/responsive-list";
import { toneClasses } from "@/web/components/status-badge";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Spinner } from "@/web/components/ui/spinner";
import { usePortoesAtivos } from "@/web/console/condominios/portoes.queries";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { type Condominios, useCondominios } from "@/web/lib/condominios";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { toast } from "@/web/lib/toast";
import { isFiltered, useListParams } from "@/web/lib/use-list-params";
import type { Route } from "./+types/totens";
import { PAREAMENTO_AVISO_ID, PareamentoView } from "./pareamento";
import {
  type TotemFilters,
  totensListOptions,
  useCriarTotem,
  useNovoPareamento,
  useRevogarTotem,
} from "./totens.queries";

const TITLE = CONSOLE_SCREENS.totens.list;
const NOVO_ID = "novo-totem";
const novoLinkId = (id: string) => `novo-link-totem-${id}`;
const revogarId = (id: string) => `revogar-totem-${id}`;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

const STATUS_TONE: Record<TotemStatus, Parameters<typeof toneClasses>[0]> = {
  aguardando_pareamento: "amber",
  pareado: "green",
  revogado: "grey",
};

/** Owners and síndicos (`totens:gerenciar`): a kiosk answers visitors in the tenant's name. */
export default function TotensPage() {
  return (
    <RequirePermission permission="totens:gerenciar">
      <Totens />
    </RequirePermission>
  );
}

/** What the dialogs are showing: the "Novo totem" form, or a fresh link for an existing kiosk. */
type DialogState = { kind: "novo" } | { kind: "link"; pareamento: TotemPareamento } | null;

function Totens() {
  const list$ = useListParams();
  const condominios = useCondominios();
  const filters: TotemFilters = { condominio_id: list$.uuid("condominio_id"), page: list$.page };
  const list = useQuery(totensListOptions(filters));
  const filtered = isFiltered(filters);
  const novoLink = useNovoPareamento();
  const revogar = useRevogarTotem();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [revogando, setRevogando] = useState<Totem | null>(null);
  // The button a dialog was opened from: the focus goes back to it (or to "Novo totem") on close.
  const lastTrigger = useRef(NOVO_ID);

  function returnFocus(event: Event) {
    event.preventDefault();
    (document.getElementById(lastTrigger.current) ?? document.getElementById(NOVO_ID))?.focus();
  }

  async function gerarLink(totem: Totem) {
    lastTrigger.current = novoLinkId(totem.id);
    try {
      const pareamento = await novoLink.mutateAsync(totem.id);
      setDialog({ kind: "link", pareamento });
    } catch (error) {
      toast.error("Não foi possível gerar o link", { description: errorMessage(error) });
    }
  }

  return (
    <>
      <ListScreen
        title={TITLE}
        description="Os tablets dos portões, onde o visitante conversa com o atendente virtual. Cada totem atende só o seu portão."
        actions={
          <>
            <RefreshButton refetch={list.refetch} description="Lista de totens atualizada." />
            <Button
              id={NOVO_ID}
              onClick={() => {
                lastTrigger.current = NOVO_ID;
                setDialog({ kind: "novo" });
              }}
            >
              <Plus aria-hidden="true" />
              Novo totem
            </Button>
          </>
        }
        filters={
          // Only the condominium to filter by: with one condominium there is nothing to choose.
          (condominios.many || filters.condominio_id) && (
            <ListFilters
              list={list$}
              columns="md:grid-cols-2 xl:grid-cols-3"
              clearKeys={["condominio_id"]}
              filtered={filtered}
            >
              <CondominioFilter
                condominios={condominios}
                value={filters.condominio_id}
                onChange={(condominio_id) => list$.update({ condominio_id })}
              />
            </ListFilters>
          )
        }
        query={list}
        page={list$.page}
        onPageChange={list$.goToPage}
        countLoading={<Skeleton className="h-4 w-24" />}
        errorTitle="Não foi possível carregar os totens."
        empty={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title="Nenhum totem neste condomínio."
              description="Tente ajustar os filtros ou crie um totem para um portão deste condomínio."
            />
          ) : (
            <EmptyState
              icon={TabletSmartphone}
              title="Nenhum totem"
              description="Crie um totem para cada portão com um tablet: o visitante diz quem é e para qual unidade vai, e o atendente virtual avisa os moradores."
            />
          )
        }
      >
        {(items) => (
          <ResponsiveList
            label={TITLE}
            loading={list.isPending}
            stale={list.isPlaceholderData}
            items={items}
            rowKey={(t) => t.id}
            rowProps={(t) => ({ "data-totem": t.nome })}
            columns={totemColumns({
              condominios,
              gerando: novoLink.isPending ? novoLink.variables : undefined,
              onGerarLink: (t) => void gerarLink(t),
              onRevogar: (t) => {
                lastTrigger.current = revogarId(t.id);
                setRevogando(t);
              },
            })}
          />
        )}
      </ListScreen>

      <TotemDialog state={dialog} onOpenChange={(open) => !open && setDialog(null)} onCloseAutoFocus={returnFocus} />

      <ConfirmDialog
        confirmVariant="destructive"
        open={!!revogando}
        onOpenChange={(next) => !next && setRevogando(null)}
        title={revogando ? `Revogar o totem “${revogando.nome}”?` : ""}
        description={
          revogando
            ? `O tablet do portão ${revogando.portao_nome} deixa de atender na hora, e um link de pareamento aberto para de funcionar. Não é possível desfazer: para voltar a usar um totem neste portão, crie outro.`
            : ""
        }
        confirmLabel="Revogar"
        pendingLabel="Revogando..."
        onCloseAutoFocus={returnFocus}
        onConfirm={async () => {
          if (!revogando) return;
          try {
            const totem = await revogar.mutateAsync(revogando.id);
            toast.success("Totem revogado", { description: `“${totem.nome}” não atende mais.` });
          } catch (error) {
            toast.error("Não foi possível revogar o totem", { description: errorMessage(error) });
          }
        }}
      />
    </>
  );
}

function totemColumns({
  condominios,
  gerando,
  onGerarLink,
  onRevogar,
}: {
  condominios: Condominios;
  /** The kiosk whose new link is being generated. */
  gerando: string | undefined;
  onGerarLink: (t: Totem) => void;
  onRevogar: (t: Totem) => void;
}): ListColumn<Totem>[] {
  const columns: ListColumn<Totem>[] = [
    {
      header: "Nome",
      place: "title",
      className: "min-w-32 whitespace-normal font-medium",
      skeleton: "w-32",
      cell: (t) => <span className="break-words [overflow-wrap:anywhere]">{t.nome}</span>,
    },
    {
      header: "Status",
      place: "aside",
      skeleton: "w-24",
      testId: "totem-status",
      cell: (t) => <StatusDoTotem totem={t} />,
    },
  ];
  if (condominios.many)
    columns.push({
      header: "Condomínio",
      className: "min-w-32 whitespace-normal",
      skeleton: "w-32",
      cell: (t) => t.condominio_nome,
    });
  columns.push(
    { header: "Portão", className: "min-w-28 whitespace-normal", skeleton: "w-24", cell: (t) => t.portao_nome },
    {
      header: "Último contato",
      skeleton: "w-20",
      testId: "totem-ultimo-contato",
      cell: (t) =>
        t.ultimo_contato_em ? (
          <RelativeTime value={t.ultimo_contato_em} />
        ) : (
          <span className="text-muted-foreground">Nunca</span>
        ),
    },
    {
      header: "Ações",
      place: "actions",
      align: "right",
      skeleton: "w-24",
      cell: (t) => (
        <TotemActions totem={t} gerando={gerando === t.id} onGerarLink={onGerarLink} onRevogar={onRevogar} />
      ),
      card: (t) => (
        <TotemActions totem={t} gerando={gerando === t.id} onGerarLink={onGerarLink} onRevogar={onRevogar} card />
      ),
    },
  );
  return columns;
}

/** The status, in words and colour, and when the open pairing link stops working (or that it did). */
function StatusDoTotem({ totem }: { totem: Totem }) {
  const expira = totem.pareamento_expira_em;
  const expirou = expira !== null && new Date(expira).getTime() <= Date.now();
  return (
    <div className="flex flex-col items-end gap-1 md:items-start">
      <Badge variant="outline" data-status={totem.status} className={toneClasses(STATUS_TONE[totem.status])}>
        {TOTEM_STATUS_LABELS[totem.status]}
      </Badge>
      {totem.status === "revogado" && totem.revogado_em && (
        <span className="text-muted-foreground text-xs">
          <RelativeTime value={totem.revogado_em} />
        </span>
      )}
      {totem.status !== "revogado" && expira && (
        <span className="text-muted-foreground text-xs">
          {expirou ? (
            "Link de pareamento expirado"
          ) : (
            <>
              Link expira <RelativeTime value={expira} />
            </>
          )}
        </span>
      )}
    </div>
  );
}

/** "Gerar novo link" and "Revogar", named for screen readers; nothing left to do with a revoked kiosk. */
function TotemActions({
  totem,
  gerando,
  onGerarLink,
  onRevogar,
  card = false,
}: {
  totem: Totem;
  gerando: boolean;
  onGerarLink: (t: Totem) => void;
  onRevogar: (t: Totem) => void;
  card?: boolean;
}) {
  if (totem.status === "revogado") return null;
  const buttons = (
    <>
      <Button
        id={novoLinkId(totem.id)}
        variant="outline"
        size={card ? "default" : "sm"}
        disabled={gerando}
        aria-label={`Gerar novo link de pareamento para o totem ${totem.nome}`}
        onClick={() => onGerarLink(totem)}
      >
        {gerando ? <Spinner /> : <Link2 aria-hidden="true" />}
        {/* Two buttons side by side on a 360 px card: the shorter words. */}
        {card ? "Novo link" : "Gerar novo link"}
      </Button>
      <Button
        id={revogarId(totem.id)}
        variant="outline"
        size={card ? "default" : "sm"}
        className="text-destructive hover:text-destructive"
        aria-label={`Revogar o totem ${totem.nome}`}
        onClick={() => onRevogar(totem)}
      >
        <Ban aria-hidden="true" />
        Revogar
      </Button>
    </>
  );
  return card ? buttons : <div className="flex flex-wrap justify-end gap-2">{buttons}</div>;
}

/**
 * "Novo totem" (the form, then its link in place) and "Novo link de pareamento". The link lives in this
 * dialog's state only; while it shows, a click beside the dialog does not close it (the link would be lost).
 */
function TotemDialog({
  state,
  onOpenChange,
  onCloseAutoFocus,
}: {
  state: DialogState;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const criar = useCriarTotem();
  const [criado, setCriado] = useState<TotemPareamento | null>(null);
  const busy = criar.isPending;
  const pareamento = state?.kind === "link" ? state.pareamento : criado;

  function change(open: boolean) {
    if (busy) return;
    if (!open) {
      setCriado(null);
      criar.reset();
    }
    onOpenChange(open);
  }

  return (
    <Dialog open={!!state} onOpenChange={change}>
      <DialogContent
        busy={busy}
        onCloseAutoFocus={onCloseAutoFocus}
        onInteractOutside={(event) => (busy || pareamento) && event.preventDefault()}
        aria-describedby={pareamento ? PAREAMENTO_AVISO_ID : undefined}
      >
        {pareamento ? (
          <>
            <DialogHeader>
              <DialogTitle>{state?.kind === "link" ? "Novo link de pareamento" : "Totem criado"}</DialogTitle>
              <DialogDescription>
                {state?.kind === "link"
                  ? `Para o totem “${pareamento.totem.nome}”. Se um tablet já está pareado, ele continua atendendo até o novo ser pareado.`
                  : `O totem “${pareamento.totem.nome}” atende o portão ${pareamento.totem.portao_nome}. Falta parear o tablet.`}
              </DialogDescription>
            </DialogHeader>
            <PareamentoView pareamento={pareamento} onDone={() => change(false)} />
          </>
        ) : (
          state?.kind === "novo" && (
            <>
              <DialogHeader>
                <DialogTitle>Novo totem</DialogTitle>
                <DialogDescription>
                  Um tablet num portão, onde o visitante conversa com o atendente virtual. Depois de criar, abra o link
                  de pareamento no tablet.
                </DialogDescription>
              </DialogHeader>
              <NovoTotemForm criar={criar} onCreated={setCriado} />
            </>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}

type Saida = z.output<typeof totemCreateSchema>;
const FIELDS: FieldPath<TotemCreate>[] = ["nome", "condominio_id", "portao_id"];

function NovoTotemForm({
  criar,
  onCreated,
}: {
  criar: ReturnType<typeof useCriarTotem>;
  onCreated: (pareamento: TotemPareamento) => void;
}) {
  const condominios = useCondominios();
  const form = useForm<TotemCreate, unknown, Saida>({
    resolver: zodResolver(totemCreateSchema),
    // With one condominium it is already chosen.
    defaultValues: { nome: "", condominio_id: condominios.only?.id ?? "", portao_id: "" },
  });
  const submitting = form.formState.isSubmitting;
  const condominioId = form.watch("condominio_id");
  // A kiosk stands at a gate in use.
  const portoes = usePortoesAtivos(condominioId);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const pareamento = await criar.mutateAsync(values);
      toast.success("Totem criado", { description: `Abra o link de pareamento no tablet de “${values.nome}”.` });
      onCreated(pareamento);
    } catch (error) {
      reportSaveError(form, error, FIELDS, "Não foi possível criar o totem");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <InputField form={form} name="nome" label="Nome" required placeholder="Ex.: Totem da portaria principal" />
      <CondominioPortaoFields
        form={form}
        condominios={condominios.items}
        carregandoCondominios={condominios.isPending}
        condominioId={condominioId}
        portoes={portoes}
        portaoHint="Onde o tablet fica. Só portões ativos."
      />
      <DialogFormFooter
        submitting={submitting}
        label="Criar totem"
        pendingLabel="Criando..."
        icon={<Plus aria-hidden="true" />}
      />
    </form>
  );
}
