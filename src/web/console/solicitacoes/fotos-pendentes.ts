/**
 * A photo taken on the new-request form whose upload failed after the request was created
 * (docs/decisions/039-visitor-photos.md): the request exists, so the form moves on to its detail,
 * which offers to send this same photo again instead of asking the visitor to pose twice. Kept in
 * this tab's memory only (a reload drops it), one per request.
 */
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
