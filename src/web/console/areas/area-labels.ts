import type { RecordLabels } from "@/web/components/record-screen";
import { AREAS } from "./reserva-ui";

/** The texts of an area's staff screens (edit), and the list they go back to. */
export const AREA_LABELS: RecordLabels = {
  list: AREAS,
  backLabel: "Voltar para áreas comuns",
  notFoundTitle: "Área não encontrada",
  notFoundDescription: "Ela não existe ou foi removida.",
  errorTitle: "Não foi possível carregar a área.",
  loading: "Carregando área...",
};
