/**
 * Data subjects' requests on the client (docs/product.md, "Direitos dos titulares"): the search, the requests
 * received and creating one. Keys start with "titulares".
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  type TitularPedidoCreateInput,
  titularBuscaResultSchema,
  titularPedidoPageSchema,
  titularPedidoSchema,
} from "@/shared/schemas/titulares";
import { apiFetch } from "@/web/lib/api";
import { toQueryString } from "@/web/lib/use-list-params";

export const titularesKeys = {
  all: ["titulares"] as const,
  busca: (q: { documento?: string; nome?: string }) => [...titularesKeys.all, "busca", q] as const,
  pedidos: (page: number) => [...titularesKeys.all, "pedidos", { page }] as const,
};

/** GET /api/titulares/busca: the candidates, by document when given, else by name. */
export function titularBuscaOptions(q: { documento?: string; nome?: string }) {
  return queryOptions({
    queryKey: titularesKeys.busca(q),
    queryFn: async ({ signal }) =>
      titularBuscaResultSchema.parse(await apiFetch<unknown>(`/api/titulares/busca${toQueryString(q)}`, { signal })),
    enabled: Boolean(q.documento || q.nome),
  });
}

/** GET /api/titulares/pedidos: newest first. */
export function titularPedidosOptions(page: number) {
  return queryOptions({
    queryKey: titularesKeys.pedidos(page),
    queryFn: async ({ signal }) =>
      titularPedidoPageSchema.parse(
        await apiFetch<unknown>(`/api/titulares/pedidos${toQueryString({ page: page > 1 ? page : undefined })}`, {
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/titulares/pedidos: records the request and performs it on exactly the chosen records. */
export async function criarPedidoTitular(input: TitularPedidoCreateInput) {
  return titularPedidoSchema.parse(await apiFetch<unknown>("/api/titulares/pedidos", { method: "POST", json: input }));
}
