/**
 * "Validar passe": the PIN typed (or the QR Code read) at this condominium's gate and the answer in
 * large type. "Liberado" opens the gate and is the visitor's entry at once (docs/decisions/033-gate-opening-is-entry.md);
 * "Não entrou" undoes it when the visitor turns back. The PIN box is the porteiro's home: it is
 * cleared after every answer and takes the focus back once the answer is dismissed.
 */
import { CheckCheck, KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { validarPasseSchema } from "@/shared/schemas/passes";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { useNaoEntrou } from "@/web/console/acessos/acessos.queries";
import { ApiError, errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useValidarPasse } from "./portaria.queries";
import { PIN_LENGTH, sanitizePin } from "./portaria-helpers";
import { QrScannerDialog } from "./qr-scanner";
import { type Outcome, ResultadoValidacao } from "./resultado";
import { PortariaSection } from "./section";

const PIN_ID = "pin-passe";
const PIN_HINT_ID = "pin-passe-dica";
const PIN_ERROR_ID = "pin-passe-erro";

export function ValidarPasse({
  condominioId,
  portaoId,
  onPortaoRecusado,
}: {
  condominioId: string;
  /** The gate this device works at, when known: the validation (and the gate command) name it. */
  portaoId?: string;
  /** The server no longer knows the gate as active here: the screen reloads its gates. */
  onPortaoRecusado: () => void;
}) {
  const [pin, setPin] = useState("");
  const [pinError, setPinError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const validar = useValidarPasse();
  const naoEntrou = useNaoEntrou();

  function focusPin() {
    pinRef.current?.focus();
  }

  function validate(input: { pin: string } | { qr: string }) {
    const parsed = validarPasseSchema.safeParse({
      condominio_id: condominioId,
      ...input,
      ...(portaoId ? { portao_id: portaoId } : {}),
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Informe o PIN ou leia o QR Code";
      if ("pin" in input) {
        setPinError(message);
        focusPin();
      } else {
        setOutcome({ kind: "erro", message });
      }
      return;
    }
    setPinError(undefined);
    setOutcome(null);
    validar.mutate(parsed.data, {
      onSuccess: (resultado) => setOutcome({ kind: "resultado", resultado }),
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields.find((f) => f.path === "pin") : undefined;
        // The gate was made inactive since the list was read: the message says so, and the select asks again.
        if (error instanceof ApiError && error.fields.some((f) => f.path === "portao_id")) onPortaoRecusado();
        if (field) setPinError(field.message);
        else if (error instanceof ApiError && error.status === 429)
          setOutcome({ kind: "limite", message: error.message });
        else setOutcome({ kind: "erro", message: errorMessage(error) });
      },
      // Every answer is for the PIN just typed: the box is ready for the next visitor.
      onSettled: () => setPin(""),
    });
  }

  function desfazerEntrada() {
    if (outcome?.kind !== "resultado" || !outcome.resultado.acesso_id) return;
    const nome = outcome.resultado.passe?.nome ?? "O visitante";
    naoEntrou.mutate(outcome.resultado.acesso_id, {
      onSuccess: () => {
        toast.success("Entrada desfeita", { description: `${nome} não entrou; o passe pode ser usado de novo.` });
        setOutcome(null);
        focusPin();
      },
      onError: (error) => toast.error("Não foi possível desfazer a entrada", { description: errorMessage(error) }),
    });
  }

  const validating = validar.isPending;
  const describedBy = [pinError ? PIN_ERROR_ID : null, PIN_HINT_ID].filter(Boolean).join(" ");

  return (
    <PortariaSection
      icon={KeyRound}
      title="Validar passe"
      description="Digite o PIN de 6 dígitos que o visitante informa ou leia o QR Code do passe."
      data-testid="validar-passe"
    >
      <div className="grid">
        <form
          noValidate
          aria-busy={validating || undefined}
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!validating) validate({ pin });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={PIN_ID} className="text-base">
              PIN do passe
            </Label>
            <Input
              ref={pinRef}
              id={PIN_ID}
              name="pin"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              enterKeyHint="go"
              maxLength={PIN_LENGTH}
              placeholder="000000"
              value={pin}
              onChange={(event) => {
                setPin(sanitizePin(event.target.value));
                if (pinError) setPinError(undefined);
              }}
              aria-invalid={pinError ? true : undefined}
              aria-describedby={describedBy}
              className="h-16 text-center font-mono font-semibold text-4xl tracking-[0.4em] placeholder:text-muted-foreground/40 md:text-4xl"
            />
            <p id={PIN_HINT_ID} className="text-muted-foreground text-sm">
              Somente números. Pressione Enter para validar.
            </p>
            {pinError && (
              <p id={PIN_ERROR_ID} className="font-medium text-destructive">
                {pinError}
              </p>
            )}
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button
              type="submit"
              size="lg"
              className="h-14 text-lg"
              disabled={validating}
              aria-busy={validating || undefined}
            >
              {validating ? <Spinner className="size-5" /> : <CheckCheck className="size-6" aria-hidden="true" />}
              Validar
            </Button>
            <QrScannerDialog
              disabled={validating}
              onRead={(qr) => validate({ qr })}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                focusPin();
              }}
            />
          </div>
        </form>

        <ResultadoValidacao
          outcome={outcome}
          undoing={naoEntrou.isPending}
          onNaoEntrou={desfazerEntrada}
          onLimpar={() => {
            setOutcome(null);
            focusPin();
          }}
        />
      </div>
    </PortariaSection>
  );
}
