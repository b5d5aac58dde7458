/**
 * A photo taken on the new-request form or Portaria's "Novo visitante" whose upload failed after the
 * request was created (docs/decisions/039-visitor-photos.md): the request exists, so the form moves
 * on (the dialog also offers to send it again at once), and the request's detail offers to send this
 * same photo again instead of asking the visitor to pose twice. Kept in this tab's memory only (a
 * reload drops it), one per request.
 */
import { errorMessage } from "@/web/lib/api";
import { enviarFoto } from "./solicitacoes.queries";

export interface FotoPendente {
  foto: Blob;
  /** Why the upload failed, in pt-BR (the server's message). */
  erro: string;
}

const pendentes = new Map<string, FotoPendente>();

export function guardarFotoPendente(solicitacaoId: string, pendente: FotoPendente): void {
  pendentes.set(solicitacaoId, pendente);
}

export function fotoPendente(solicitacaoId: string): FotoPendente | null {
  return pendentes.get(solicitacaoId) ?? null;
}

export function descartarFotoPendente(solicitacaoId: string): void {
  pendentes.delete(solicitacaoId);
}

/**
 * Sends the photo taken before a request existed, right after it was created. A failure leaves the
 * request as it is and keeps the photo pending for its detail (and the caller's own retry); the
 * answer is then the reason, in pt-BR, or null once the photo was sent.
 */
export async function enviarFotoDaNovaSolicitacao(solicitacaoId: string, foto: Blob): Promise<string | null> {
  try {
    await enviarFoto(solicitacaoId, foto);
    descartarFotoPendente(solicitacaoId);
    return null;
  } catch (error) {
    const erro = errorMessage(error);
    guardarFotoPendente(solicitacaoId, { foto, erro });
    return erro;
  }
}
