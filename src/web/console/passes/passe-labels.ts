/** Where the pass screens live and what their record frame says, without the form's weight. */
import type { RecordLabels } from "@/web/components/record-screen";

export const LIST = "/app/passes";
export const PASSE: RecordLabels = {
  list: LIST,
  backLabel: "Voltar para passes",
  notFoundTitle: "Passe não encontrado",
  notFoundDescription: "O passe que você está procurando não existe ou foi removido.",
  errorTitle: "Não foi possível carregar o passe.",
  loading: "Carregando passe...",
};
