/**
 * The roots of the console's TanStack Query keys, shared by both sides: the web's key factories
 * start every key with one of them, and the server's realtime events name, from this same list,
 * the roots the browser refetches when an access request changes (docs/architecture.md, "Realtime").
 */
export const QUERY_ROOTS = {
  solicitacoes: "solicitacoes",
  dashboard: "dashboard",
  chamadas: "chamadas",
  condominios: "condominios",
  unidades: "unidades",
  pessoas: "pessoas",
  busca: "busca",
  me: "me",
  /** Configurações → Equipe: members and invitations. */
  equipe: "equipe",
  /** Configurações → Organização: the administradora's own data. */
  organizacao: "organizacao",
  /** Configurações → Integrações: the API keys. */
  integracoes: "integracoes",
  /** Passes (pre-authorisations) and their validations. */
  passes: "passes",
  /** The access log, who is inside now, and the Portaria screen's lists. */
  acessos: "acessos",
  /** The audit trail (Auditoria) and who viewed a person's data. */
  auditoria: "auditoria",
  /** "Atendimentos": the virtual attendant's conversations. */
  atendimentos: "atendimentos",
  /** The gates' kiosks. */
  totens: "totens",
  /** The operators' central: its queue and who is on duty. */
  central: "central",
  /** Deliveries: the packages' lists, the morador's card and who may collect. */
  encomendas: "encomendas",
  /** Common areas, their bookings and calendars, and the Portaria's guest list. */
  reservas: "reservas",
  /** "Plano e faturamento": the subscription, its usage and invoices, and the console's billing banner. */
  faturamento: "faturamento",
} as const;
export type QueryRoot = (typeof QUERY_ROOTS)[keyof typeof QUERY_ROOTS];

/**
 * Every root under which a screen shows an access request, its status or a count of them: the
 * request screens, the dashboard, calls (their request), the condominium, unit and person details
 * (their recent or decided requests) and the header search. A change to a request invalidates all
 * of them; TanStack Query refetches only the queries on screen and marks the others stale.
 */
export const SOLICITACAO_ROOTS: readonly QueryRoot[] = [
  QUERY_ROOTS.solicitacoes,
  QUERY_ROOTS.dashboard,
  QUERY_ROOTS.chamadas,
  QUERY_ROOTS.condominios,
  QUERY_ROOTS.unidades,
  QUERY_ROOTS.pessoas,
  QUERY_ROOTS.busca,
  // The Portaria screen's "Aguardando entrada" lists authorised requests.
  QUERY_ROOTS.acessos,
];

/**
 * What an entry or exit refreshes: the access log and Portaria lists, the dashboard's count, the
 * requests awaiting entry, and the bookings' guest lists (who of them is inside).
 */
export const ACESSO_ROOTS: readonly QueryRoot[] = [
  QUERY_ROOTS.acessos,
  QUERY_ROOTS.dashboard,
  QUERY_ROOTS.passes,
  QUERY_ROOTS.reservas,
];

/** What a pass's change or validation refreshes. */
export const PASSE_ROOTS: readonly QueryRoot[] = [QUERY_ROOTS.passes, QUERY_ROOTS.acessos];

/** What a conversation of the virtual attendant refreshes. */
export const ATENDIMENTO_ROOTS: readonly QueryRoot[] = [QUERY_ROOTS.atendimentos];

/** What a kiosk's change refreshes. */
export const TOTEM_ROOTS: readonly QueryRoot[] = [QUERY_ROOTS.totens];

export const CENTRAL_ROOTS: readonly QueryRoot[] = [QUERY_ROOTS.central];

/** What a package's change refreshes (the central lists packages waiting for a porteiro's confirmation). */
export const ENCOMENDA_ROOTS: readonly QueryRoot[] = [QUERY_ROOTS.encomendas, QUERY_ROOTS.central];

/** What a booking's change refreshes: the areas' calendars and lists, and the Portaria's guest list. */
export const RESERVA_ROOTS: readonly QueryRoot[] = [QUERY_ROOTS.reservas];

/** What a change to the subscription or its invoices refreshes. */
export const FATURAMENTO_ROOTS: readonly QueryRoot[] = [QUERY_ROOTS.faturamento];
