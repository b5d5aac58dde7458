/**
 * Pieces the staff screens of "Encomendas" share (docs/product.md, "Encomendas"): the status badge,
 * the record screen's texts, the gate's remembered condominium and the package's one-line summary.
 */
import type { Encomenda } from "@/shared/schemas/encomendas";
import type { RecordLabels } from "@/web/components/record-screen";
import { condominioChoiceKey, readDeviceValue, storeDeviceValue } from "@/web/lib/device-storage";

export const LIST = "/app/encomendas";

export const ENCOMENDA: RecordLabels = {
  list: LIST,
  backLabel: "Voltar para encomendas",
  notFoundTitle: "Encomenda não encontrada",
  notFoundDescription: "Ela não existe ou não pertence a esta organização.",
  errorTitle: "Não foi possível carregar a encomenda.",
  loading: "Carregando encomenda...",
};

/** The status and perishable badges: the morador's screens' own, so a package reads the same everywhere. */
export { EncomendaStatusBadge, PerecivelBadge } from "@/web/components/codigo-retirada";

/** "Mercado Livre · BR123456789", or the carrier alone. */
export function encomendaResumo(e: Pick<Encomenda, "transportadora_nome" | "rastreio">): string {
  return e.rastreio ? `${e.transportadora_nome} · ${e.rastreio}` : e.transportadora_nome;
}

/**
 * The condominium this tablet works at: the same choice as Portaria's (one gate, one device), so
 * the porteiro does not pick it again for each package.
 */
const gateKey = (organizationId: string) => condominioChoiceKey("portaria", organizationId);

export function readGateCondominio(organizationId: string): string | null {
  return readDeviceValue(gateKey(organizationId));
}

export function storeGateCondominio(organizationId: string, id: string) {
  storeDeviceValue(gateKey(organizationId), id);
}

/** The remembered condominium while it is still a choice, else the only one, else none. */
export function pickCondominio(stored: string | null, choices: readonly { id: string }[]): string | undefined {
  if (stored && choices.some((c) => c.id === stored)) return stored;
  return choices.length === 1 ? choices[0]!.id : undefined;
}
