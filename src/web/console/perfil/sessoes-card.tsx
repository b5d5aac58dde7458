import { useQuery } from "@tanstack/react-query";
import { HelpCircle, LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from "lucide-react";
import { useRef } from "react";
import type { DeviceKind, Sessao } from "@/shared/schemas/perfil";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { formatDateTime, RelativeTime } from "@/web/components/relative-time";
import { SectionCard } from "@/web/components/section-card";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { LoadingState } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { useSignOut } from "@/web/lib/sign-out";
import { toast } from "@/web/lib/toast";
import { sessoesOptions, useEncerrarOutras, useEncerrarSessao } from "./perfil.queries";

const TITLE_ID = "sessoes-titulo";

const ICONS: Record<DeviceKind, typeof Monitor> = {
  computador: Monitor,
  celular: Smartphone,
  tablet: Tablet,
  desconhecido: HelpCircle,
};

/** "Sessões abertas": where this account is signed in, with "Encerrar" per device and for all the others. */
export function SessoesCard() {
  const sessoes = useQuery(sessoesOptions());
  const encerrarOutras = useEncerrarOutras();
  const list = useRef<HTMLUListElement>(null);
  // Set when a session ended: the dialog's trigger (its row) is about to go, so focus goes to the list.
  const ended = useRef(false);
  const onCloseAutoFocus = (event: Event) => {
    if (!ended.current) return;
    ended.current = false;
    event.preventDefault();
    list.current?.focus();
  };

  const items = sessoes.data?.items ?? [];
  const outras = items.filter((s) => !s.atual).length;

  return (
    <SectionCard
      icon={MonitorSmartphone}
      title="Sessões abertas"
      titleId={TITLE_ID}
      description="Os dispositivos em que sua conta está conectada. Encerre os que você não reconhece."
    >
      {sessoes.isPending ? (
        <LoadingState message="Carregando sessões..." />
      ) : sessoes.isError ? (
        <ErrorState
          title="Não foi possível carregar as sessões."
          error={sessoes.error}
          onRetry={() => void sessoes.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={MonitorSmartphone}
          title="Nenhuma sessão aberta"
          description="Quando você entrar no Guarita em um dispositivo, ele aparece aqui."
        />
      ) : (
        <div className="grid gap-4">
          <ul ref={list} tabIndex={-1} aria-labelledby={TITLE_ID} className="divide-y rounded-lg border outline-none">
            {items.map((sessao) => (
              <SessaoRow
                key={sessao.id}
                sessao={sessao}
                onEnded={() => {
                  ended.current = true;
                }}
                onCloseAutoFocus={onCloseAutoFocus}
              />
            ))}
          </ul>
          {outras > 0 && (
            <div className="flex sm:justify-end">
              <ConfirmDialog
                trigger={
                  <Button variant="outline" className="w-full text-destructive sm:w-auto">
                    <LogOut aria-hidden="true" />
                    Encerrar as outras sessões
                  </Button>
                }
                title="Encerrar as outras sessões?"
                description={
                  outras === 1
                    ? "A outra sessão aberta da sua conta será encerrada e precisará entrar de novo. Esta sessão continua aberta."
                    : `As outras ${outras} sessões abertas da sua conta serão encerradas e precisarão entrar de novo. Esta sessão continua aberta.`
                }
                confirmLabel="Encerrar as outras"
                pendingLabel="Encerrando..."
                confirmVariant="destructive"
                onConfirm={async () => {
                  try {
                    const { encerradas } = await encerrarOutras.mutateAsync();
                    toast.success(encerradas === 1 ? "1 sessão encerrada" : `${encerradas} sessões encerradas`);
                  } catch (error) {
                    toast.error("Erro ao encerrar as sessões", { description: errorMessage(error) });
                  }
                }}
              />
            </div>
          )}
        </div>
      )}
    </SectionCard>
  );
}

function SessaoRow({
  sessao,
  onEnded,
  onCloseAutoFocus,
}: {
  sessao: Sessao;
  onEnded: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const encerrar = useEncerrarSessao();
  const signOut = useSignOut();
  const Icon = ICONS[sessao.tipo];

  async function confirm() {
    if (sessao.atual) {
      // This browser's own session: the console's sign-out takes the shell down first, then the session.
      await signOut();
      return;
    }
    try {
      const result = await encerrar.mutateAsync(sessao.id);
      onEnded();
      toast.success("Sessão encerrada", { description: sessao.dispositivo });
      // The list was older than a password change that replaced this browser's session.
      if (result.atual) window.location.replace("/login");
    } catch (error) {
      toast.error("Erro ao encerrar a sessão", { description: errorMessage(error) });
    }
  }

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
            <span className="break-words">{sessao.dispositivo}</span>
            {sessao.atual && <Badge variant="secondary">Esta sessão</Badge>}
          </p>
          <p className="text-muted-foreground text-sm">
            <span>IP {sessao.ip ?? "desconhecido"}</span>
            <span aria-hidden="true"> · </span>
            <span>Último acesso: {sessao.atual ? "agora" : <RelativeTime value={sessao.ultimo_acesso} />}</span>
          </p>
          <p className="text-muted-foreground text-xs">Entrou em {formatDateTime(sessao.created_at)}</p>
        </div>
      </div>
      <ConfirmDialog
        trigger={
          <Button
            variant="outline"
            size="sm"
            className="self-start sm:self-center"
            aria-label={`Encerrar ${sessao.atual ? "esta sessão" : `a sessão ${sessao.dispositivo}`}`}
          >
            Encerrar
          </Button>
        }
        title={sessao.atual ? "Encerrar esta sessão?" : "Encerrar sessão?"}
        description={
          sessao.atual
            ? "Esta é a sessão deste navegador: você sairá do Guarita e precisará entrar de novo."
            : `A sessão em ${sessao.dispositivo} (IP ${sessao.ip ?? "desconhecido"}) será encerrada. Quem estiver usando esse dispositivo precisará entrar de novo.`
        }
        confirmLabel={sessao.atual ? "Sair" : "Encerrar"}
        pendingLabel={sessao.atual ? "Saindo..." : "Encerrando..."}
        confirmVariant="destructive"
        onConfirm={confirm}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </li>
  );
}
