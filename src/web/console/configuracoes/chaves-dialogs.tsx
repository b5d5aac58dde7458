/**
 * "Nova chave": the dialog that creates an API key (name and permissions) and then, in place, shows
 * its secret once ("Chave criada"), with "Copiar" and the warning that it will not be shown again.
 * The secret lives in this dialog's state only: closing it drops the secret and the mutation's result.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Copy, KeyRound, Plus, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope } from "@/shared/domain";
import {
  API_KEY_SCOPE_LABELS,
  type ChaveCriada,
  type ChaveInput,
  chaveInputSchema,
} from "@/shared/schemas/integracoes";
import { InputField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { reportApiError } from "./campos";
import { useCriarChave } from "./configuracoes.queries";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

const CHAVE_FIELDS = ["nome", "escopos"] as const;
const SEGREDO_ID = "chave-segredo";
const AVISO_ID = "chave-segredo-aviso";

type Saida = z.output<typeof chaveInputSchema>;
type Form = UseFormReturn<ChaveInput, unknown, Saida>;

/** The "Nova chave" button and its dialog; the form mounts with the dialog, so each opening starts empty. */
export function NovaChaveDialog() {
  const [open, setOpen] = useState(false);
  const [criada, setCriada] = useState<ChaveCriada | null>(null);
  const criar = useCriarChave();
  const busy = criar.isPending;

  function onOpenChange(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) {
      // The secret is gone for good once the dialog closes: nothing on the client keeps it.
      setCriada(null);
      criar.reset();
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Nova chave
        </Button>
      </DialogTrigger>
      <DialogContent
        busy={busy}
        // A click beside the dialog must not throw away a secret that was not copied yet.
        onInteractOutside={(event) => (busy || criada) && event.preventDefault()}
        aria-describedby={criada ? `${AVISO_ID}` : undefined}
      >
        {criada ? (
          <ChaveCriadaView chave={criada} onDone={() => onOpenChange(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Nova chave de API</DialogTitle>
              <DialogDescription>
                Dê um nome que identifique o sistema (por exemplo, “PABX da portaria”) e marque só as permissões de que
                ele precisa.
              </DialogDescription>
            </DialogHeader>
            <ChaveForm criar={criar} onCreated={setCriada} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ChaveForm({
  criar,
  onCreated,
}: {
  criar: ReturnType<typeof useCriarChave>;
  onCreated: (chave: ChaveCriada) => void;
}) {
  const form: Form = useForm<ChaveInput, unknown, Saida>({
    resolver: zodResolver(chaveInputSchema),
    defaultValues: { nome: "", escopos: [] },
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await criar.mutateAsync(values));
    } catch (error) {
      reportApiError(form, error, CHAVE_FIELDS, "Não foi possível criar a chave");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={submitting || undefined}>
      <InputField
        form={form}
        name="nome"
        label="Nome"
        required
        placeholder="PABX da portaria"
        hint="Aparece na lista de chaves; o sistema que a usa não o vê."
      />
      <Controller
        control={form.control}
        name="escopos"
        render={({ field, fieldState }) => (
          <EscoposFieldset
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            firstRef={field.ref}
            error={fieldState.error?.message}
            disabled={submitting}
          />
        )}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={submitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {submitting ? "Criando..." : "Criar chave"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Permissões": one native checkbox per scope, its pt-BR label and its code, in a fieldset. */
function EscoposFieldset({
  value,
  onChange,
  onBlur,
  firstRef,
  error,
  disabled,
}: {
  value: readonly string[];
  onChange: (next: ApiKeyScope[]) => void;
  onBlur: () => void;
  /** Focused when the form finds no permission chosen. */
  firstRef: React.Ref<HTMLInputElement>;
  error?: string;
  disabled: boolean;
}) {
  const hintId = "escopos-hint";
  const errorId = "escopos-error";
  function toggle(scope: ApiKeyScope, checked: boolean) {
    const next = new Set(value as ApiKeyScope[]);
    if (checked) next.add(scope);
    else next.delete(scope);
    onChange(API_KEY_SCOPES.filter((s) => next.has(s)));
  }
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={[error && errorId, hintId].filter(Boolean).join(" ")}>
      <legend className="mb-1 font-medium text-sm">
        Permissões
        <span aria-hidden="true" className="ml-1 text-destructive">
          *
        </span>
      </legend>
      <p id={hintId} className="text-muted-foreground text-xs">
        O que os sistemas com esta chave podem fazer. Não é possível alterar depois: crie outra chave.
      </p>
      <ul className="divide-y rounded-md border">
        {API_KEY_SCOPES.map((scope, index) => {
          const id = `escopo-${scope.replace(":", "-")}`;
          return (
            <li key={scope}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-muted/50 has-[:checked]:bg-accent"
              >
                <input
                  ref={index === 0 ? firstRef : undefined}
                  id={id}
                  type="checkbox"
                  value={scope}
                  checked={value.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                  onBlur={onBlur}
                  disabled={disabled}
                  aria-invalid={error ? true : undefined}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="grid min-w-0 gap-0.5">
                  <span>{API_KEY_SCOPE_LABELS[scope]}</span>
                  <code className="break-all font-mono text-muted-foreground text-xs">{scope}</code>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The secret, once: selected on arrival so it can be copied at once, with "Copiar" and "Concluir". */
function ChaveCriadaView({ chave, onDone }: { chave: ChaveCriada; onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copiada, setCopiada] = useState(false);

  useEffect(() => {
    // The form that had the focus is gone: the focus moves to the secret, read out with the warning.
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function selecionar() {
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  async function copiar() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("sem área de transferência");
      await navigator.clipboard.writeText(chave.segredo);
      setCopiada(true);
      toast.success("Chave copiada", { description: "Guarde-a no sistema que vai usá-la." });
    } catch {
      // No clipboard (an insecure origin or a refused permission): select it for Ctrl+C instead.
      selecionar();
      toast.info("Copie a chave selecionada", { description: "Use Ctrl+C (ou ⌘+C) para copiá-la." });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Chave criada</DialogTitle>
        <DialogDescription>
          A chave “{chave.nome}” está ativa. Configure o sistema para enviá-la no cabeçalho{" "}
          <code className="font-mono text-xs">Authorization: Bearer &lt;chave&gt;</code>.
        </DialogDescription>
      </DialogHeader>
      <p
        id={AVISO_ID}
        className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Copie agora: esta chave não será mostrada de novo.</strong> Se ela se
          perder, revogue-a e crie outra.
        </span>
      </p>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={SEGREDO_ID}>Chave secreta</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={SEGREDO_ID}
            readOnly
            value={chave.segredo}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
            autoComplete="off"
            className="min-w-0 flex-1 font-mono text-xs"
            aria-describedby={AVISO_ID}
          />
          <Button type="button" variant="outline" onClick={() => void copiar()} className="shrink-0">
            {copiada ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copiada ? "Copiada" : "Copiar"}
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Concluir
        </Button>
      </DialogFooter>
    </>
  );
}
