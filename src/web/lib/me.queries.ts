import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MemberRole } from "@/shared/domain";
import type { Permission } from "@/shared/permissions";
import { QUERY_ROOTS } from "@/shared/query-keys";
import type { Me } from "@/shared/schemas/me";
import { apiFetch } from "@/web/lib/api";

/** Query keys of the signed-in user's context (GET /api/me). */
export const meKeys = {
  all: [QUERY_ROOTS.me] as const,
};

/**
 * Who is signed in, in which tenant, with which role. 401 when signed out. Read as the shared type,
 * not parsed with meSchema: every console screen asks for it, so zod would be in the first screen's
 * download (docs/decisions/026); the API's contract tests hold the server to the schema.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }): Promise<Me> => apiFetch<Me>("/api/me", { signal }),
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

/**
 * Where a role's work starts (docs/product.md, "Addresses"): a porteiro's is the gate, everyone
 * else's the dashboard (a morador's dashboard is their own home).
 */
export function consoleHome(role: MemberRole | undefined): string {
  return role === "porteiro" ? "/app/portaria" : "/app/dashboard";
}
