import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Permission } from "@/shared/permissions";
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

/**
 * Whether the signed-in user's role has a permission (the server's table, src/shared/permissions.ts,
 * as /api/me lists it). False while /api/me loads, so nothing the role may lack is fetched early.
 */
export function usePermission(permission: Permission): boolean {
  const me = useQuery(meQueryOptions());
  return me.data?.permissions.includes(permission) ?? false;
}
