import type { MemberRole } from "./domain";

/**
 * What each tenant role may do (docs/decisions/015-roles-and-data-scope.md). The server enforces it (403);
 * the console reads the same table to hide what a user cannot do. As docs/product.md, "Roles and permissions"
 * puts it: síndico has full access, porteiro handles access control and visitors (operador too, from the
 * remote-doorman company's central), morador registers visitors
 * and reads the access records of their own unit.
 *
 * A permission says which kind of thing a role may touch; which rows it reaches is the data scope:
 * staff (owner, síndico, porteiro, operador) reach the whole tenant, a morador only the units they live in.
 */
const STAFF = ["owner", "sindico", "porteiro", "operador"] as const;
const ADMINS = ["owner", "sindico"] as const;
const EVERYONE = ["owner", "sindico", "porteiro", "operador", "morador"] as const;

export const PERMISSIONS = {
  /** Condominiums and units: a morador reads only their own. */
  "unidades:ler": EVERYONE,
  /** The people registry, with documents and phones. */
  "pessoas:ler": STAFF,
  /** Creates, edits and removes condominiums, units, people and residents. */
  "cadastros:editar": ADMINS,
  "solicitacoes:ler": EVERYONE,
  /** Creates requests; a morador only for their units, and edits only their own while pending. */
  "solicitacoes:criar": EVERYONE,
  /**
   * Authorises or denies pending requests; a morador only their units' (the data scope), recorded as
   * decided "pelo aplicativo" (docs/product.md, "Dashboard").
   */
  "solicitacoes:decidir": EVERYONE,
  "chamadas:ler": EVERYONE,
  /** Passes (pre-authorisations): a morador reads and creates them only for their units. */
  "passes:ler": EVERYONE,
  "passes:gerenciar": EVERYONE,
  /** The Portaria screen: validating passes, registering entries and exits. */
  "portaria:operar": STAFF,
  /**
   * "Atendimentos": the virtual attendant's conversations, live; taking one over and typing to the
   * visitor (docs/product.md, "Atendente virtual").
   */
  "atendimentos:operar": STAFF,
  /** The gates' kiosks: creating, pairing and revoking them (docs/product.md, "Totem"). */
  "totens:gerenciar": ADMINS,
  /** The access log (entries and exits); a morador reads their units' records. */
  "acessos:ler": EVERYONE,
  /** The audit trail (Auditoria) and who viewed a person's data. */
  "auditoria:ler": ADMINS,
  /** LGPD: data subjects' requests (export, anonymise) and running the retention job on demand. */
  "lgpd:gerenciar": ADMINS,
  /** Invitations, roles and removals. */
  "equipe:gerenciar": ADMINS,
  /** The administradora's own data (name, CNPJ, contacts). */
  "organizacao:editar": ADMINS,
  /** API keys and webhooks of the integrations (PBX, AI attendant, gate controller). */
  "integracoes:gerenciar": ADMINS,
  /**
   * The operators' central (docs/decisions/042-operators-central.md): the queue of what needs a person,
   * claiming, releasing and resolving one's own items, one's own status.
   */
  "central:operar": STAFF,
  /** Supervising the central: reassigning and releasing anyone's items, the condominiums' SLAs. */
  "central:supervisionar": ADMINS,
  /**
   * Deliveries (docs/product.md, "Encomendas"): a morador reads their units' packages, acknowledges a
   * notice and names who may collect for them; staff read every package they cover.
   */
  "encomendas:ler": EVERYONE,
  "encomendas:autorizar": EVERYONE,
  /** Receiving packages at the gate and handing them over (pickup code, or a reason without it). */
  "encomendas:operar": STAFF,
  /**
   * Common areas and bookings (docs/decisions/044-common-area-bookings.md): everyone reads the areas
   * and their calendars (a morador sees other units' bookings only as "Ocupado") and books (a morador
   * for their units, staff for any unit); admins set up the areas and approve or refuse bookings.
   */
  "reservas:ler": EVERYONE,
  "reservas:criar": EVERYONE,
  "reservas:aprovar": ADMINS,
  "areas:gerenciar": ADMINS,
  /**
   * "Plano e faturamento" (docs/decisions/045-plans-and-billing.md): the síndico reads the plan, its
   * usage and the invoices; only the account's owner changes the plan, the card, or cancels.
   */
  "faturamento:ler": ADMINS,
  "faturamento:gerenciar": ["owner"],
  /** Reports ("Relatórios") and the síndico's monthly PDF. */
  "relatorios:ler": ADMINS,
} as const satisfies Record<string, readonly MemberRole[]>;

/**
 * The roles whose members may be assigned to condominiums (docs/product.md, "Equipe"): a porteiro's
 * condominiums, an operador's coverage in the central (docs/decisions/042-operators-central.md).
 * Assigned to none, they reach every condominium of the tenant.
 */
export const ASSIGNED_ROLES: readonly MemberRole[] = ["porteiro", "operador"];
export const isAssignedRole = (role: string): boolean => (ASSIGNED_ROLES as readonly string[]).includes(role);

/** Roles whose data scope is the whole tenant; every other role sees only its own units. */
export const TENANT_WIDE_ROLES: readonly MemberRole[] = STAFF;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Proprietário",
  sindico: "Síndico",
  porteiro: "Porteiro",
  operador: "Operador",
  morador: "Morador",
};
