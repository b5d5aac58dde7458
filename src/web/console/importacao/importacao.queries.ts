/**
 * The spreadsheet import on the client (docs/product.md, "Importar planilha"): the preview and the
 * import send the same file and condominium; nothing is cached between them (the server keeps
 * nothing either: docs/decisions/032-spreadsheet-import.md).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { importacaoPreviaSchema, importacaoResultadoSchema } from "@/shared/schemas/importacao";
import { apiFetch } from "@/web/lib/api";

export const MODELO_XLSX_URL = "/api/importacoes/modelo.xlsx";
export const MODELO_CSV_URL = "/api/importacoes/modelo.csv";

export interface ImportacaoUpload {
  condominioId: string;
  arquivo: File;
}

function form({ condominioId, arquivo }: ImportacaoUpload): FormData {
  const body = new FormData();
  body.set("condominio_id", condominioId);
  body.set("arquivo", arquivo, arquivo.name);
  return body;
}

export function usePreviaImportacao() {
  return useMutation({
    mutationFn: async (upload: ImportacaoUpload) =>
      importacaoPreviaSchema.parse(
        await apiFetch<unknown>("/api/importacoes/previa", { method: "POST", body: form(upload) }),
      ),
  });
}

export function useImportar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upload: ImportacaoUpload) =>
      importacaoResultadoSchema.parse(
        await apiFetch<unknown>("/api/importacoes", { method: "POST", body: form(upload) }),
      ),
    // New units and people show in their lists, the condominium's counts and the search.
    onSuccess: () =>
      Promise.all(
        [QUERY_ROOTS.unidades, QUERY_ROOTS.pessoas, QUERY_ROOTS.condominios, QUERY_ROOTS.busca].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root] }),
        ),
      ),
  });
}
