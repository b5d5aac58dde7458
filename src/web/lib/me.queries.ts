import { queryOptions } from "@tanstack/react-query";
import { QUERY_ROOTS } from "@/shared/query-keys";
import { type Me, meSchema } from "@/shared/schemas/me";
import { apiFetch } from "@/web/lib/api";

/** Query keys of the signed-in user's context (GET /api/me). */
export const meKeys = {
  all: [QUERY_ROOTS.me] as const,
};

/** Who is signed in, in which tenant, with which role. 401 when signed out. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meKeys.all,
    queryFn: async ({ signal }): Promise<Me> => meSchema.parse(await apiFetch<unknown>("/api/me", { signal })),
  });
}
