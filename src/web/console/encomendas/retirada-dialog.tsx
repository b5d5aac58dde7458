/**
 * "Registrar retirada" (docs/product.md, "Encomendas"): the porteiro types the resident's 6-digit
 * pickup code (or reads the QR Code the morador's screen shows, whose text is that code), sees the
 * unit's waiting packages and records who takes them: a resident of the unit, a person the unit
 * authorised, or another person named at the gate. Without the code, a reason (audited). The API's
 * refusals stay in the dialog in its own words: "Encomenda já retirada em … por …" (409), an unknown
 * code (404), too many wrong codes (429).
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, KeyRound, PackageCheck, ScanQrCode, Search, ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import type { RetiradaMetodo } from "@/shared/domain";
import {
  type Autorizado,
  codigoRetiradaField,
  type Encomenda,
  type RetiradaConsultaResult,
} from "@/shared/schemas/encomendas";
import { unidadeLabel } from "@/shared/schemas/unidades";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { unidadeDetailOptions } from "@/web/console/unidades/unidades.queries";
import { errorMessage } from "@/web/lib/api";
import { useCondominios } from "@/web/lib/condominios";
import { unidadeOptions } from "@/web/lib/lookups.queries";
import { toast } from "@/web/lib/toast";
import { CodeScannerDialog } from "./code-scanner";
import {
  encomendaResumo,
  PerecivelBadge,
  pickCondominio,
  readGateCondominio,
  storeGateCondominio,
} from "./encomenda-ui";
import {
  autorizadosOptions,
  encomendasListOptions,
  useConsultarRetirada,
  useRegistrarRetirada,
} from "./encomendas.queries";

/** What the hand-over step needs, from a code's answer or (without the code) from the unit's lists. */
interface Entrega {
  metodo: RetiradaMetodo;
  codigo: string | null;
  condominioId: string;
  unidade: { id: string; codigo: string; torre: string | null };
  itens: Encomenda[];
  moradores: { id: string; nome: string }[];
  autorizados: Autorizado[];
  /** The packages checked at first: all of a code's; the row's own without the code. */
  marcadas: string[];
}

export function RetiradaDialog({
  open,
  onOpenChange,
  organizationId,
  encomenda,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  /** Opened from a row: its condominium and unit, and the package to hand over without the code. */
  encomenda?: Encomenda;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent busy={busy} className="sm:max-w-xl">
        {open && (
          <RetiradaFlow
            organizationId={organizationId}
            encomenda={encomenda}
            onBusy={setBusy}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RetiradaFlow({
  organizationId,
  encomenda,
  onBusy,
  onDone,
}: {
  organizationId: string;
  encomenda?: Encomenda;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const [entrega, setEntrega] = useState<Entrega | null>(null);
  const [semCodigo, setSemCodigo] = useState(false);
  if (entrega) return <EntregaStep entrega={entrega} onBack={() => setEntrega(null)} onBusy={onBusy} onDone={onDone} />;
  if (semCodigo)
    return (
      <SemCodigoStep
        organizationId={organizationId}
        encomenda={encomenda}
        onBack={() => setSemCodigo(false)}
        onReady={setEntrega}
      />
    );
  return (
    <CodigoStep
      organizationId={organizationId}
      encomenda={encomenda}
      onBusy={onBusy}
      onFound={setEntrega}
      onSemCodigo={() => setSemCodigo(true)}
    />
  );
}

/** The condominium the code belongs to: the row's, else this tablet's gate, else the porteiro picks it. */
function useCondominioDaRetirada(organizationId: string, fixed: string | undefined) {
  const condominios = useCondominios();
  const [stored, setStored] = useState(() => readGateCondominio(organizationId));
  const condominioId = fixed ?? pickCondominio(stored, condominios.items);
  return {
    condominios,
    condominioId,
    choose(id: string) {
      setStored(id);
      storeGateCondominio(organizationId, id);
    },
  };
}

function CondominioSelect({
  id,
  condominios,
  value,
  onChange,
}: {
  id: string;
  condominios: ReturnType<typeof useCondominios>;
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Condomínio</Label>
      <Select value={value ?? ""} onValueChange={onChange} disabled={condominios.isPending}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue placeholder={condominios.isPending ? "Carregando..." : "Selecione o condomínio"} />
        </SelectTrigger>
        <SelectContent>
          {condominios.items.map((c) => (
            <SelectItem key={c.id} value={c.id}>
              {c.nome}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function ErroNoDialogo({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="retirada-erro"
      className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm dark:text-red-200"
    >
      {message}
    </p>
  );
}

function CodigoStep({
  organizationId,
  encomenda,
  onBusy,
  onFound,
  onSemCodigo,
}: {
  organizationId: string;
  encomenda?: Encomenda;
  onBusy: (busy: boolean) => void;
  onFound: (entrega: Entrega) => void;
  onSemCodigo: () => void;
}) {
  const ids = { condominio: useId(), codigo: useId(), descricao: useId() };
  const gate = useCondominioDaRetirada(organizationId, encomenda?.condominio_id);
  const consultar = useConsultarRetirada();
  const [codigo, setCodigo] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const [lendo, setLendo] = useState(false);

  useEffect(() => onBusy(consultar.isPending), [consultar.isPending, onBusy]);

  async function consultarCodigo(texto: string, metodo: RetiradaMetodo) {
    setErro(null);
    const parsed = codigoRetiradaField.safeParse(texto);
    if (!parsed.success) {
      setErro(
        metodo === "qr"
          ? "Este QR Code não é de uma encomenda. Peça ao morador o QR Code da tela Encomendas ou digite o código."
          : (parsed.error.issues[0]?.message ?? "O código de retirada tem 6 dígitos"),
      );
      return;
    }
    if (!gate.condominioId) {
      setErro("Selecione o condomínio");
      return;
    }
    try {
      const result: RetiradaConsultaResult = await consultar.mutateAsync({
        condominio_id: gate.condominioId,
        codigo: parsed.data,
      });
      onFound({
        metodo,
        codigo: parsed.data,
        condominioId: gate.condominioId,
        unidade: result.unidade,
        itens: result.itens,
        moradores: result.moradores,
        autorizados: result.autorizados,
        marcadas: result.itens.map((i) => i.id),
      });
    } catch (error) {
      setErro(errorMessage(error));
    }
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-describedby={ids.descricao}
      onSubmit={(event) => {
        event.preventDefault();
        void consultarCodigo(codigo, "codigo");
      }}
    >
      <DialogHeader>
        <DialogTitle>Registrar retirada</DialogTitle>
        <DialogDescription id={ids.descricao}>
          Digite o código de retirada que o morador recebeu (6 dígitos) ou leia o QR Code da tela dele.
        </DialogDescription>
      </DialogHeader>
      {!encomenda && gate.condominios.many && (
        <CondominioSelect
          id={ids.condominio}
          condominios={gate.condominios}
          value={gate.condominioId}
          onChange={gate.choose}
        />
      )}
      <div className="grid gap-2">
        <Label htmlFor={ids.codigo}>Código de retirada</Label>
        <Input
          id={ids.codigo}
          name="codigo"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          placeholder="000000"
          className="h-14 text-center font-mono text-2xl tracking-[0.3em]"
          value={codigo}
          onChange={(event) => setCodigo(event.target.value)}
          aria-invalid={erro ? true : undefined}
          autoFocus
        />
      </div>
      <ErroNoDialogo message={erro} />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" size="lg" disabled={consultar.isPending}>
          {consultar.isPending ? <Spinner /> : <Search aria-hidden="true" />}
          {consultar.isPending ? "Consultando..." : "Consultar código"}
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={() => setLendo(true)} disabled={consultar.isPending}>
          <ScanQrCode aria-hidden="true" />
          Ler QR Code do morador
        </Button>
      </div>
      <Button type="button" variant="link" className="justify-self-start px-0" onClick={onSemCodigo}>
        <ShieldAlert aria-hidden="true" />
        Entregar sem código
      </Button>
      <CodeScannerDialog
        kind="qr"
        open={lendo}
        onOpenChange={setLendo}
        onRead={(text) => {
          setCodigo(text.replace(/\D/g, "").slice(0, 6));
          void consultarCodigo(text, "qr");
        }}
      />
    </form>
  );
}

/** Without the code: the unit (the row's, or chosen here) and its waiting packages, residents and authorised people. */
function SemCodigoStep({
  organizationId,
  encomenda,
  onBack,
  onReady,
}: {
  organizationId: string;
  encomenda?: Encomenda;
  onBack: () => void;
  onReady: (entrega: Entrega) => void;
}) {
  const ids = { condominio: useId(), unidade: useId() };
  const gate = useCondominioDaRetirada(organizationId, encomenda?.condominio_id);
  const [unidadeEscolhida, setUnidade] = useState<string | undefined>(undefined);
  const unidadeId = encomenda?.unidade_id ?? unidadeEscolhida;
  const unidades = useQuery({ ...unidadeOptions(gate.condominioId ?? ""), enabled: !encomenda && !!gate.condominioId });
  const itens = useQuery({
    ...encomendasListOptions({
      condominio_id: gate.condominioId,
      unidade_id: unidadeId,
      status: "aguardando",
      page_size: 100,
    }),
    enabled: !!unidadeId && !!gate.condominioId,
  });
  const unidade = useQuery({ ...unidadeDetailOptions(unidadeId ?? ""), enabled: !!unidadeId });
  const autorizados = useQuery(autorizadosOptions(unidadeId ?? ""));
  const loading = !!unidadeId && (itens.isPending || unidade.isPending || autorizados.isPending);
  const failed = itens.error ?? unidade.error ?? autorizados.error;

  function continuar() {
    if (!unidadeId || !gate.condominioId || !itens.data || !unidade.data || !autorizados.data) return;
    onReady({
      metodo: "sem_codigo",
      codigo: null,
      condominioId: gate.condominioId,
      unidade: { id: unidade.data.id, codigo: unidade.data.codigo, torre: unidade.data.torre },
      itens: itens.data.items,
      moradores: unidade.data.moradores_ativos.map((m) => ({ id: m.pessoa_id, nome: m.nome })),
      autorizados: autorizados.data,
      marcadas: encomenda ? [encomenda.id] : itens.data.items.map((i) => i.id),
    });
  }

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Entregar sem código</DialogTitle>
        <DialogDescription>
          Sem o código de retirada, a entrega precisa de um motivo e fica registrada na auditoria.
        </DialogDescription>
      </DialogHeader>
      {!encomenda && (
        <>
          {gate.condominios.many && (
            <CondominioSelect
              id={ids.condominio}
              condominios={gate.condominios}
              value={gate.condominioId}
              onChange={(id) => {
                gate.choose(id);
                setUnidade(undefined);
              }}
            />
          )}
          <div className="grid gap-2">
            <Label htmlFor={ids.unidade}>Unidade</Label>
            <Select value={unidadeEscolhida ?? ""} onValueChange={setUnidade} disabled={!gate.condominioId}>
              <SelectTrigger id={ids.unidade} className="w-full">
                <SelectValue placeholder={gate.condominioId ? "Selecione a unidade" : "Selecione o condomínio"} />
              </SelectTrigger>
              <SelectContent>
                {(unidades.data ?? [])
                  .filter((u) => u.enabled)
                  .map((u) => (
                    <SelectItem key={u.id} value={u.id}>
                      {unidadeLabel(u)}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          </div>
        </>
      )}
      {loading && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner />
          Carregando as encomendas da unidade...
        </p>
      )}
      <ErroNoDialogo message={failed ? errorMessage(failed) : null} />
      {itens.data && itens.data.items.length === 0 && (
        <p className="text-muted-foreground text-sm">Nenhuma encomenda desta unidade aguarda retirada.</p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack}>
          Voltar
        </Button>
        <Button
          type="button"
          onClick={continuar}
          disabled={loading || !!failed || !unidadeId || !itens.data || itens.data.items.length === 0}
        >
          Continuar
        </Button>
      </div>
    </div>
  );
}

type Quem = `pessoa:${string}` | `autorizado:${string}` | "outra";

function EntregaStep({
  entrega,
  onBack,
  onBusy,
  onDone,
}: {
  entrega: Entrega;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const ids = { lista: useId(), quem: useId(), nome: useId(), documento: useId(), motivo: useId() };
  const registrar = useRegistrarRetirada();
  const [marcadas, setMarcadas] = useState<string[]>(entrega.marcadas);
  const vigentes = entrega.autorizados.filter((a) => a.vigente);
  const [quem, setQuem] = useState<Quem | null>(
    entrega.moradores.length === 1 ? `pessoa:${entrega.moradores[0]!.id}` : null,
  );
  const [nome, setNome] = useState("");
  const [documento, setDocumento] = useState("");
  const [motivo, setMotivo] = useState("");
  const [erro, setErro] = useState<string | null>(null);
  const semCodigo = entrega.metodo === "sem_codigo";

  useEffect(() => onBusy(registrar.isPending), [registrar.isPending, onBusy]);

  function toggle(id: string, on: boolean) {
    setMarcadas((current) => (on ? [...current, id] : current.filter((x) => x !== id)));
  }

  async function entregar() {
    setErro(null);
    if (marcadas.length === 0) return setErro("Selecione ao menos uma encomenda");
    if (!quem) return setErro("Informe quem retirou");
    if (quem === "outra" && nome.trim().length < 2) return setErro("Informe o nome de quem retirou");
    if (semCodigo && motivo.trim().length < 5)
      return setErro("Para entregar sem o código, informe o motivo (pelo menos 5 caracteres)");
    const retiradaPor =
      quem === "outra"
        ? { nome: nome.trim(), documento: documento.trim() || null }
        : quem.startsWith("pessoa:")
          ? { pessoa_id: quem.slice("pessoa:".length), nome: null, documento: null }
          : { autorizado_id: quem.slice("autorizado:".length), nome: null, documento: null };
    try {
      const result = await registrar.mutateAsync({
        condominio_id: entrega.condominioId,
        encomenda_ids: marcadas,
        metodo: entrega.metodo,
        codigo: entrega.codigo,
        motivo: semCodigo ? motivo.trim() : null,
        retirada_por: retiradaPor,
      });
      const n = result.itens.length;
      toast.success(n === 1 ? "Encomenda entregue" : `${n} encomendas entregues`, {
        description: `${unidadeLabel(entrega.unidade)}: retirada registrada.`,
      });
      onDone();
    } catch (error) {
      setErro(errorMessage(error));
    }
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void entregar();
      }}
    >
      <DialogHeader>
        <DialogTitle>{semCodigo ? "Entregar sem código" : "Entregar encomendas"}</DialogTitle>
        <DialogDescription>
          <span data-testid="retirada-unidade">{unidadeLabel(entrega.unidade)}</span>
          {entrega.metodo === "qr" ? " · QR Code do morador" : entrega.metodo === "codigo" ? " · código conferido" : ""}
        </DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-2">
        <legend id={ids.lista} className="mb-2 font-medium text-sm">
          Encomendas aguardando retirada
        </legend>
        <ul aria-labelledby={ids.lista} className="grid gap-2">
          {entrega.itens.map((item) => {
            const id = `entregar-${item.id}`;
            return (
              <li key={item.id} className="flex items-start gap-3 rounded-md border p-3">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  checked={marcadas.includes(item.id)}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                />
                <label htmlFor={id} className="grid min-w-0 gap-1 text-sm">
                  <span className="break-words font-medium">{encomendaResumo(item)}</span>
                  <span className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                    {item.local && <span>{item.local}</span>}
                    {item.perecivel && <PerecivelBadge />}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend id={ids.quem} className="mb-2 font-medium text-sm">
          Quem está retirando
        </legend>
        <div role="radiogroup" aria-labelledby={ids.quem} className="grid gap-2">
          {entrega.moradores.map((m) => (
            <QuemOption key={m.id} value={`pessoa:${m.id}`} current={quem} onChange={setQuem}>
              {m.nome} <span className="text-muted-foreground">(morador)</span>
            </QuemOption>
          ))}
          {vigentes.map((a) => (
            <QuemOption key={a.id} value={`autorizado:${a.id}`} current={quem} onChange={setQuem}>
              {a.nome} <span className="text-muted-foreground">(autorizado pela unidade)</span>
            </QuemOption>
          ))}
          <QuemOption value="outra" current={quem} onChange={setQuem}>
            Outra pessoa
          </QuemOption>
        </div>
        {quem === "outra" && (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids.nome}>Nome de quem retira</Label>
              <Input
                id={ids.nome}
                value={nome}
                maxLength={120}
                autoComplete="off"
                onChange={(e) => setNome(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.documento}>Documento (opcional)</Label>
              <Input
                id={ids.documento}
                value={documento}
                maxLength={40}
                autoComplete="off"
                onChange={(e) => setDocumento(e.target.value)}
              />
            </div>
          </div>
        )}
      </fieldset>

      {semCodigo && (
        <div className="grid gap-2">
          <Label htmlFor={ids.motivo}>Motivo da entrega sem código</Label>
          <Textarea
            id={ids.motivo}
            rows={2}
            maxLength={300}
            placeholder="Ex.: morador ligou e confirmou; está sem o celular"
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
          />
        </div>
      )}

      <ErroNoDialogo message={erro} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="ghost" onClick={onBack} disabled={registrar.isPending}>
          {semCodigo ? <ArrowLeft aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {semCodigo ? "Voltar" : "Outro código"}
        </Button>
        <DialogFormFooter
          submitting={registrar.isPending}
          label="Entregar"
          pendingLabel="Entregando..."
          icon={<PackageCheck aria-hidden="true" />}
        />
      </div>
    </form>
  );
}

function QuemOption({
  value,
  current,
  onChange,
  children,
}: {
  value: Quem;
  current: Quem | null;
  onChange: (value: Quem) => void;
  children: ReactNode;
}) {
  const id = `quem-${value.replace(":", "-")}`;
  return (
    <div className="flex items-center gap-3 rounded-md border p-3">
      <input
        id={id}
        type="radio"
        name="quem-retira"
        className="size-4 shrink-0 accent-primary"
        checked={current === value}
        onChange={() => onChange(value)}
      />
      <label htmlFor={id} className="min-w-0 break-words text-sm">
        {children}
      </label>
    </div>
  );
}
