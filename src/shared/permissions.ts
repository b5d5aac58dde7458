import type { MemberRole } from "./domain";

/**
 * What each tenant role may do. The server enforces it (403); the console reads the same table to
 * hide actions a user cannot take. SPEC.md section 6: síndico has full access, porteiro handles
 * access control and visitors, morador registers visitors and reads access records.
 */
export const PERMISSIONS = {
  "cadastros:ler": ["owner", "sindico", "porteiro", "morador"],
  "cadastros:editar": ["owner", "sindico"],
  "solicitacoes:ler": ["owner", "sindico", "porteiro", "morador"],
  "solicitacoes:criar": ["owner", "sindico", "porteiro", "morador"],
  "solicitacoes:decidir": ["owner", "sindico", "porteiro"],
  "chamadas:ler": ["owner", "sindico", "porteiro"],
} as const satisfies Record<string, readonly MemberRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Proprietário",
  sindico: "Síndico",
  porteiro: "Porteiro",
  morador: "Morador",
};
