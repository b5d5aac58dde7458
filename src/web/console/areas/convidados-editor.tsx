/**
 * The guest list of a booking, as a resident types it on a phone (docs/decisions/044-common-area-bookings.md):
 * a row per guest (name, and optionally a document and a phone for the gate to check), "Adicionar
 * convidado", and "Colar lista" — one guest per line, "Nome; documento; telefone" — that fills the rows.
 * On the day, this list is the Portaria's "Lista de convidados".
 */
import { ClipboardPaste, Trash2, UserPlus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { CONVIDADOS_MAX } from "@/shared/schemas/reservas";
import { PhoneInput } from "@/web/components/phone-input";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Textarea } from "@/web/components/ui/textarea";
import { type ConvidadoRow, juntarLista, novaLinha, parseListaConvidados } from "./convidados-lista";

/** Errors by the API's field path ("convidados.0.nome"). */
export type CampoErros = Record<string, string>;

export function ConvidadosEditor({
  rows,
  onChange,
  errors = {},
  disabled = false,
  capacidade,
}: {
  rows: ConvidadoRow[];
  onChange: (rows: ConvidadoRow[]) => void;
  errors?: CampoErros;
  disabled?: boolean;
  /** The area's capacity, to say how many fit. */
  capacidade?: number | null;
}) {
  const id = useId();
  const [colando, setColando] = useState(false);
  const [texto, setTexto] = useState("");
  const [aviso, setAviso] = useState("");
  const pasteRef = useRef<HTMLTextAreaElement>(null);
  const listaErro = errors.convidados;

  function update(index: number, patch: Partial<ConvidadoRow>) {
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  }

  function focusRow(index: number) {
    // After React renders the row: its name field.
    setTimeout(() => document.getElementById(`${id}-${index}-nome`)?.focus(), 0);
  }

  function adicionar() {
    onChange([...rows, novaLinha()]);
    focusRow(rows.length);
  }

  function remover(index: number) {
    const next = rows.filter((_, i) => i !== index);
    onChange(next);
    setAviso(`Convidado ${index + 1} removido.`);
    if (next.length > 0) focusRow(Math.min(index, next.length - 1));
    else setTimeout(() => document.getElementById(`${id}-adicionar`)?.focus(), 0);
  }

  function colar() {
    const pasted = parseListaConvidados(texto);
    if (pasted.length === 0) {
      setAviso("Nenhum convidado encontrado no texto colado.");
      pasteRef.current?.focus();
      return;
    }
    const next = juntarLista(rows, pasted);
    onChange(next);
    setTexto("");
    setColando(false);
    setAviso(
      pasted.length === 1 ? "1 convidado adicionado à lista." : `${pasted.length} convidados adicionados à lista.`,
    );
    focusRow(next.length - pasted.length);
  }

  const cheia = rows.length >= CONVIDADOS_MAX;

  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm" id={`${id}-dica`}>
        A portaria confere o nome (e o documento, se informado) na entrada.
        {capacidade ? ` A área comporta até ${capacidade} pessoas.` : ""}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-muted-foreground text-sm">
          Nenhum convidado na lista.
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="Convidados">
          {rows.map((row, index) => {
            const base = `convidados.${index}`;
            const nomeErro = errors[`${base}.nome`];
            const docErro = errors[`${base}.documento`];
            const telErro = errors[`${base}.telefone`];
            const rowId = `${id}-${index}`;
            return (
              <li key={row.key}>
                <fieldset className="rounded-lg border p-3" disabled={disabled}>
                  <legend className="float-left py-1.5 font-medium text-sm">Convidado {index + 1}</legend>
                  <div className="float-right">
                    {row.entrou ? (
                      <span className="inline-block py-1.5 text-muted-foreground text-xs">Já entrou na área</span>
                    ) : (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => remover(index)}
                        aria-label={`Remover convidado ${index + 1}${row.nome ? ` (${row.nome})` : ""}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Remover
                      </Button>
                    )}
                  </div>
                  <div className="clear-both grid gap-3 pt-2 sm:grid-cols-3">
                    <div className="grid min-w-0 content-start gap-1.5">
                      <Label htmlFor={`${rowId}-nome`}>
                        Nome
                        <span aria-hidden="true" className="text-destructive">
                          *
                        </span>
                      </Label>
                      <Input
                        id={`${rowId}-nome`}
                        value={row.nome}
                        autoComplete="off"
                        aria-required
                        maxLength={120}
                        readOnly={row.entrou}
                        aria-invalid={nomeErro ? true : undefined}
                        aria-describedby={nomeErro ? `${rowId}-nome-erro` : undefined}
                        onChange={(event) => update(index, { nome: event.target.value })}
                      />
                      {nomeErro && (
                        <p id={`${rowId}-nome-erro`} className="text-destructive text-sm">
                          {nomeErro}
                        </p>
                      )}
                    </div>
                    <div className="grid min-w-0 content-start gap-1.5">
                      <Label htmlFor={`${rowId}-documento`}>Documento (opcional)</Label>
                      <Input
                        id={`${rowId}-documento`}
                        value={row.documento}
                        autoComplete="off"
                        maxLength={40}
                        aria-invalid={docErro ? true : undefined}
                        aria-describedby={docErro ? `${rowId}-documento-erro` : undefined}
                        onChange={(event) => update(index, { documento: event.target.value })}
                      />
                      {docErro && (
                        <p id={`${rowId}-documento-erro`} className="text-destructive text-sm">
                          {docErro}
                        </p>
                      )}
                    </div>
                    <div className="grid min-w-0 content-start gap-1.5">
                      <Label htmlFor={`${rowId}-telefone`}>Telefone (opcional)</Label>
                      <PhoneInput
                        id={`${rowId}-telefone`}
                        value={row.telefone}
                        autoComplete="off"
                        aria-invalid={telErro ? true : undefined}
                        aria-describedby={telErro ? `${rowId}-telefone-erro` : undefined}
                        onChange={(event) => update(index, { telefone: event.target.value })}
                      />
                      {telErro && (
                        <p id={`${rowId}-telefone-erro`} className="text-destructive text-sm">
                          {telErro}
                        </p>
                      )}
                    </div>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {listaErro && (
        <p className="text-destructive text-sm" role="alert">
          {listaErro}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button id={`${id}-adicionar`} type="button" variant="outline" onClick={adicionar} disabled={disabled || cheia}>
          <UserPlus aria-hidden="true" />
          Adicionar convidado
        </Button>
        <Button
          type="button"
          variant="outline"
          aria-expanded={colando}
          aria-controls={`${id}-colar`}
          disabled={disabled || cheia}
          onClick={() => {
            setColando((open) => !open);
            if (!colando) setTimeout(() => pasteRef.current?.focus(), 0);
          }}
        >
          <ClipboardPaste aria-hidden="true" />
          Colar lista
        </Button>
      </div>
      {colando && (
        <div id={`${id}-colar`} className="grid gap-2 rounded-lg border bg-muted/40 p-3">
          <Label htmlFor={`${id}-colar-texto`}>Lista de convidados</Label>
          <Textarea
            ref={pasteRef}
            id={`${id}-colar-texto`}
            rows={5}
            value={texto}
            aria-describedby={`${id}-colar-dica`}
            placeholder={"Maria Silva; 12.345.678-9; (11) 98765-4321\nJoão Souza"}
            onChange={(event) => setTexto(event.target.value)}
          />
          <p id={`${id}-colar-dica`} className="text-muted-foreground text-xs">
            Um convidado por linha: “Nome; documento; telefone” (documento e telefone são opcionais).
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" onClick={colar} disabled={disabled}>
              Adicionar à lista
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setColando(false);
                setTexto("");
              }}
            >
              Fechar
            </Button>
          </div>
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {aviso}
      </p>
    </div>
  );
}
