/**
 * The Portaria screen's pure pieces: the remembered condominium and gate, the PIN box, the camera's
 * errors, the forms' schema.
 */
import { useEffect, useState } from "react";
import { entradaCreateSchema } from "@/shared/schemas/acessos";
import type { CameraProblem } from "@/web/components/photo-capture-image";
import { condominioChoiceKey, readDeviceValue, storeDeviceValue } from "@/web/lib/device-storage";

/**
 * Where the tablet remembers which gate it is, per tenant: the next porteiro on shift finds it
 * chosen, and a device used for two administradoras keeps one choice for each.
 */
export const condominioStorageKey = (organizationId: string) => condominioChoiceKey("portaria", organizationId);

/**
 * The gate this device works at: the remembered condominium while it is still a choice, the only
 * one when there is one, else none (the screen asks rather than guessing: a PIN typed at the wrong
 * condominium is "não encontrado").
 */
export function pickCondominio(stored: string | null, choices: readonly { id: string }[]): string | undefined {
  if (stored && choices.some((c) => c.id === stored)) return stored;
  return choices.length === 1 ? choices[0]!.id : undefined;
}

/** Storage blocked (private mode, policy): null, and the screen asks for the condominium. */
export function readStoredCondominio(organizationId: string): string | null {
  return readDeviceValue(condominioStorageKey(organizationId));
}

export function storeCondominio(organizationId: string, id: string) {
  storeDeviceValue(condominioStorageKey(organizationId), id);
}

/**
 * Where the tablet remembers its gate (docs/product.md, "Portões"), per tenant and condominium:
 * moving the device to another condominium and back finds each one's gate still chosen.
 */
export const portaoStorageKey = (organizationId: string, condominioId: string) =>
  `guarita.portaria.portao.${organizationId}.${condominioId}`;

/**
 * The gate this device works at: the remembered one while it is an active gate of the condominium,
 * the only active one when there is one, else none (the porteiro picks it; until then validations
 * and requests name no gate, as the API allows). A gate made inactive or gone is no longer a choice.
 */
export function pickPortao(
  stored: string | null,
  portoes: readonly { id: string; ativo: boolean }[],
): string | undefined {
  const ativos = portoes.filter((p) => p.ativo);
  if (stored && ativos.some((p) => p.id === stored)) return stored;
  return ativos.length === 1 ? ativos[0]!.id : undefined;
}

export function readStoredPortao(organizationId: string, condominioId: string): string | null {
  return readDeviceValue(portaoStorageKey(organizationId, condominioId));
}

/** Remembers the gate, or forgets it with null. */
export function storePortao(organizationId: string, condominioId: string, id: string | null) {
  storeDeviceValue(portaoStorageKey(organizationId, condominioId), id);
}

/** The current time, refreshed every `intervalMs`: for what the clock alone changes (an undo window). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export const PIN_LENGTH = 6;

/** What the PIN box keeps of what was typed or pasted: digits only, at most six ("12 34-56" → "123456"). */
export function sanitizePin(value: string): string {
  return value.replace(/\D/g, "").slice(0, PIN_LENGTH);
}

/** No camera API at all: an old browser, or a page not served over HTTPS. */
export const CAMERA_UNAVAILABLE =
  "Este navegador não permite usar a câmera nesta página (é preciso um navegador atualizado e conexão segura). Digite o PIN do passe.";

/**
 * The porteiro's reading of a camera failure (useCameraStream's problem, from getUserMedia's
 * DOMException by name). Every message ends with the way out, the PIN, since the visitor is
 * standing at the gate.
 */
const QR_CAMERA_MESSAGES: Record<CameraProblem, string> = {
  negada:
    "Permissão da câmera negada. Libere o acesso à câmera nas configurações do navegador ou digite o PIN do passe.",
  "sem-camera": "Nenhuma câmera encontrada neste aparelho. Digite o PIN do passe.",
  ocupada:
    "A câmera está em uso por outro aplicativo ou não respondeu. Feche o outro aplicativo e tente novamente, ou digite o PIN do passe.",
  "sem-suporte": CAMERA_UNAVAILABLE,
  erro: "Não foi possível abrir a câmera. Tente novamente ou digite o PIN do passe.",
};

export const qrCameraMessage = (problem: CameraProblem): string => QR_CAMERA_MESSAGES[problem];

/** The "morador" branch of the API's entry schema: the same rules and pt-BR messages as the server. */
export const entradaMoradorSchema = entradaCreateSchema.options[2];

const number = new Intl.NumberFormat("pt-BR");

/** "3 pessoas no condomínio": what the count badge shows, for screen readers. */
export function presentesDescricao(total: number, truncated = false): string {
  if (total === 0) return "Ninguém no condomínio agora.";
  const count = truncated ? `Mais de ${number.format(total)}` : number.format(total);
  return `${count} ${total === 1 && !truncated ? "pessoa" : "pessoas"} no condomínio.`;
}
