/**
 * The table the permission matrix (permission-matrix.test.ts) checks the API against: one row per
 * documented "METHOD /api/path", saying who may call it, which kind of row it acts on and how to
 * build a valid request for a given row. The expected statuses are not written here: the test
 * derives them from the row, src/shared/permissions.ts and the OpenAPI document's success status
 * (docs/decisions/015-roles-and-data-scope.md), so a row stays a few lines.
 *
 * Adding a route: add `"METHOD /api/path/{param}": { access, target?, request? }`. The test fails,
 * naming every route, while the OpenAPI document and this table disagree in either direction.
 */
import sharp from "sharp";
import type { condominios, unidades } from "@/server/db/schema";
import { signFotoUrl } from "@/server/modules/fotos/foto-url";
import type { ApiKeyScope, MemberRole, PasseStatus } from "@/shared/domain";
import { addDays, localClock } from "@/shared/pass-schedule";
import type { Permission } from "@/shared/permissions";
import { cliente, TEST_CARD } from "../support/checkout";
import { testSystemOptions } from "../support/system";

/**
 * Who may call a route:
 * - `public`: no session needed and not tenant-scoped (their own tests cover them); the matrix only
 *   checks that anonymous gets in: `"success"` = the documented 2xx, `"reachable"` = no 401, 403 or
 *   5xx (the request is refused for its content, e.g. an unknown token, not for who sends it);
 * - `"session"`: any signed-in user, for their own account (better-auth's endpoints);
 * - `"member"`: any member of the tenant (requireTenant, no permission);
 * - a permission of src/shared/permissions.ts (requirePermission: 403 for a role without it);
 * - `{ apiKey }`: the integration API (/api/v1), an API key with that scope; a session is not a key.
 * - `{ totem: true }`: a gate kiosk's own calls (/api/totem), with its device credential; neither a
 *   session nor a key is a kiosk, and a revoked kiosk is nobody.
 */
export type Access =
  | { public: "success" | "reachable" }
  | "session"
  | "member"
  | Permission
  | { apiKey: ApiKeyScope }
  | { totem: true };

/** Kinds of rows a route acts on (in its path or named by its body). */
export type Kind =
  | "solicitacao"
  | "chamada"
  | "unidade"
  | "condominio"
  | "portao"
  | "pessoa"
  | "membro"
  | "convite"
  | "sessao"
  | "chave"
  | "webhook"
  | "passe"
  | "validacao"
  | "acesso"
  | "auditoria"
  | "pedido_titular"
  | "conversa"
  /** A conversation as "Atendimentos" reaches it: any of the tenant's, whoever holds it. */
  | "atendimento"
  | "totem"
  /** A conversation of the matrix's kiosk (in tenant A), or of no kiosk (tenant B). */
  | "conversaTotem"
  /** A visitor's photo (of a request of the place's unit). */
  | "foto"
  /** An item of the operators' central, in the place's condominium. */
  | "central_item"
  /** A package of the place's unit (docs/decisions/043-deliveries.md), and someone its residents authorised. */
  | "encomenda"
  | "encomenda_autorizado"
  /** A common area of the place's condominium (docs/decisions/044-common-area-bookings.md). */
  | "area"
  /** A booking of the place's unit. */
  | "reserva"
  /** A secret calendar address (iCal) of the place's unit: its creator's alone. */
  | "calendario_feed"
  /** An invoice of the tenant's subscription (docs/decisions/045-plans-and-billing.md): the account's, not a unit's. */
  | "fatura";

/**
 * Kinds a morador reaches only inside the units they live in (auth/scope.ts): another unit's row is
 * a 404, as another tenant's is. A condominium counts as theirs when one of their units is in it.
 * Passes and access records are their unit's; a pass's validations are read by a morador only
 * through their own pass (the gate's log itself needs portaria:operar).
 */
export const UNIT_SCOPED: ReadonlySet<Kind> = new Set([
  "solicitacao",
  "chamada",
  "unidade",
  "condominio",
  "portao",
  "passe",
  "validacao",
  "acesso",
  "foto",
  "encomenda",
  "encomenda_autorizado",
  "area",
  "reserva",
]);

/** Kinds that live in a unit or condominium, so "another unit's row" exists for them. */
export const UNIT_BOUND: ReadonlySet<Kind> = new Set([...UNIT_SCOPED, "pessoa"]);

/** Kinds that belong to one user (their sessions): another member's row is a 404, whatever the role. */
export const USER_OWNED: ReadonlySet<Kind> = new Set(["sessao", "calendario_feed"]);

type Unidade = typeof unidades.$inferSelect;
type Condominio = typeof condominios.$inferSelect;

/**
 * Where a target row lives. `own`: tenant A, unit U1 (the morador's) in condominium C1. `otherUnit`:
 * tenant A, unit U2 (same condominium C1, so a scope by condominium would leak it), and condominium
 * C2, where the morador has no unit. `otherTenant`: tenant B.
 */
export interface Place {
  organizationId: string;
  condominio: Condominio;
  unidade: Unidade;
  /** A person living in `unidade`. */
  pessoa: { id: string; condominioId: string };
  /** A request of `unidade` (its visitor's name, which the CSV exports show), and a call of it. */
  solicitacao: { id: string; nome: string };
  chamada: { id: string };
  /** A gate of the unit's condominium, named "Matriz Portão <place>". */
  portao: { id: string; nome: string };
  /**
   * An active pass of `unidade` (in the unit's condominium), one attempt at the gate with it, and
   * a visit to `unidade` with no exit yet; each named "Matriz … <place>", which the CSV export shows.
   */
  passe: { id: string; pin: string };
  validacao: { id: string };
  acesso: { id: string; nome: string };
  /**
   * A record of the tenant's audit trail (not unit-bound: whoever reads the trail reads all of it),
   * written by MATRIZ_AUDIT_ACTOR and summed up as "Matriz Auditoria <place>".
   */
  auditoria: { id: string; resumo: string };
  /**
   * A data subject's export request of the tenant (LGPD, not unit-bound: the requests are the whole
   * tenant's, for admins), done, holding the place's rows, as POST /api/titulares/pedidos records it.
   */
  pedidoTitular: { id: string };
  /** A stored photo of the place's request (its blobs in the system's store). */
  foto: { id: string };
  /** A package of the place's unit waiting for pickup, its tracking code "Matriz Encomenda <place>". */
  encomenda: { id: string; rastreio: string };
  /**
   * A confirmed booking of the place's unit, far ahead (lists show the newest start first, so the
   * cases' own bookings never push it off the page), in its own area named "Matriz Área <place>".
   */
  reserva: { id: string; area: string };
  /** Team rows (not unit-bound; absent for `otherUnit`): a porteiro's membership, a pending invitation. */
  membro?: { id: string };
  /** A paid invoice of the tenant's subscription (absent for `otherUnit`: the tenant's, not a unit's). */
  fatura?: { id: string };
  convite?: { id: string };
}

/** Fresh rows for writes, so no case depends on another having run (or not) before it. */
export interface Makers {
  /** A pending request of the place's unit; `criadoPor` is the creator's user id; at `portaoId`, just now. */
  solicitacao(place: Place, criadoPor?: string | null, portaoId?: string): Promise<{ id: string }>;
  /** A person (no login) in the condominium of the place's unit. */
  pessoa(place: Place): Promise<{ id: string; condominioId: string }>;
  /** A person (no login) of the place's condominium with a stored photo (its blob in the system's store). */
  pessoaComFoto(place: Place): Promise<{ id: string; condominioId: string }>;
  /** A new person living in the place's unit. */
  morador(place: Place): Promise<{ unidadeId: string; pessoaId: string }>;
  /** A porteiro membership (of a new user without a session) in the place's tenant. */
  membro(place: Place): Promise<{ id: string }>;
  /** A pending invitation of the place's tenant, with the token its link carries. */
  convite(place: Place): Promise<{ id: string; token: string }>;
  /** A new session of `owner`, or, with null, of a new member of the place's tenant; returns its id. */
  sessao(place: Place, owner: Caller | null): Promise<{ id: string }>;
  /**
   * An open conversation of the virtual attendant in the place's unit's condominium: opened by the
   * matrix's key in its tenant, by no key in another (a key reads only the conversations it opened).
   */
  conversa(place: Place): Promise<{ id: string }>;
  /** An open conversation in the place's unit's condominium, of no key nor kiosk ("Atendimentos"). */
  atendimento(place: Place): Promise<{ id: string }>;
  /** A kiosk at the place's gate. */
  totem(place: Place): Promise<{ id: string }>;
  /** An item of the central in the place's condominium: open, or held by `holder` (a user id). */
  centralItem(place: Place, holder?: string | null): Promise<{ id: string }>;
  /** A package of the place's unit in this status (default waiting), with its batch's pickup code. */
  encomenda(place: Place, status?: "aguardando" | "a_confirmar"): Promise<{ id: string; codigo: string }>;
  /** Someone the place's unit authorised to collect its packages. */
  autorizado(place: Place): Promise<{ id: string }>;
  /**
   * A new common area, open all day every day, bookable by the day without notice or approval,
   * cancellable until the start: in the place's condominium, or with "unidade" in its unit's.
   */
  area(place: Place, where?: "condominio" | "unidade"): Promise<{ id: string; condominioId: string }>;
  /** A booking of the place's unit in a new area, in this status (default confirmed), days ahead. */
  reserva(place: Place, status?: "pendente" | "confirmada"): Promise<{ id: string }>;
  /** A calendar address of the place's unit, created by `owner` (null: by nobody the callers are). */
  calendarioFeed(place: Place, owner: Caller | null): Promise<{ id: string }>;
  /** An open conversation held by the matrix's kiosk in its tenant, by no kiosk in another. */
  conversaTotem(place: Place): Promise<{ id: string }>;
  /** An active API key of the place's tenant (all scopes). */
  chave(place: Place): Promise<{ id: string }>;
  /** An answered call to a resident of the place's unit, on a new pending request. */
  chamadaAtendida(place: Place): Promise<{ id: string }>;
  /**
   * A pass of the place's unit in this status (default active), valid all day every day from
   * yesterday on (see passeSchedule), with a PIN no live pass of the condominium has.
   */
  passe(place: Place, status?: PasseStatus): Promise<{ id: string; pin: string }>;
  /** A visitor of the place's unit who came in (let in by the place's resident) and has not left. */
  acesso(place: Place): Promise<{ id: string }>;
  /** The same visit, whose exit was registered a moment ago (what "Desfazer" undoes). */
  acessoSaido(place: Place): Promise<{ id: string }>;
  /**
   * A data subject's export request of the place's tenant, done, whose result names the place's
   * person, request, pass and visit (what GET …/arquivo.zip builds the archive from).
   */
  pedidoTitular(
    place: Pick<Place, "organizationId" | "pessoa" | "solicitacao" | "passe" | "acesso">,
  ): Promise<{ id: string }>;
  /** A webhook of the place's tenant, with one delivery of the place's request. */
  webhook(place: Place): Promise<{ id: string; entregaId: string }>;
  /** Marks the user's e-mail as not confirmed yet (test users start confirmed). */
  unverify(userId: string): Promise<void>;
  /** A user with a password and no membership, for sign-in and password e-mails. */
  user(): Promise<{ email: string; password: string }>;
  /** A unique suffix for codes and e-mails. */
  unique(): string;
  /** The place's tenant's subscription, in force, with a cancellation asked for at its period's end. */
  cancelamentoAgendado(place: Place): Promise<void>;
}

export interface Caller {
  role: MemberRole | "anon" | "key" | "totem";
  userId: string | null;
  cookie?: string;
  /** An API key caller's `Authorization` header. */
  authorization?: string;
  email?: string;
  password?: string;
}

/**
 * Which row a case targets: none (a collection), the caller's own, another unit's (unit-bound
 * kinds), another member's (user-owned kinds, in the caller's tenant) or another tenant's.
 */
export type TargetName = "none" | "own" | "otherUnit" | "otherMember" | "otherTenant";

export interface RequestContext {
  target: TargetName;
  place: Place;
  caller: Caller;
  make: Makers;
}

export interface BuiltRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A multipart body (a file upload), sent instead of JSON. */
  form?: FormData;
  /** Raw bytes with their Content-Type (a photo upload), sent instead of JSON. */
  bytes?: { data: Uint8Array; contentType: string };
}

/** Ids of one kind in a list answer, checked against the data scope (see `lists`). */
export interface ListCheck {
  kind: Kind;
  ids: (body: any) => string[];
  /**
   * What names a place's row in `ids` when the answer carries no ids (a CSV download shows names);
   * by default the row's id.
   */
  key?: (place: Place) => string | undefined;
  /** Only callers with this permission get rows of this kind at all; others get none. */
  permission?: Permission;
}

export interface RouteRow {
  access: Access;
  /** The row it acts on; none for a collection (then "own" and "other" collapse into one case). */
  target?: Kind;
  request?: (ctx: RequestContext) => BuiltRequest | Promise<BuiltRequest>;
  /**
   * The answer lists rows: a caller sees their own, staff see another unit's too, a morador does
   * not, and nobody sees another tenant's.
   */
  lists?: ListCheck[];
  /** Ends or changes the caller's own session or password: each case signs in a new member of the role. */
  freshCaller?: true;
  /** Server-Sent Events: opened with tests/support/sse.ts and closed at once. */
  stream?: true;
  /**
   * A file download, not JSON: a success must carry this Content-Type and, when given, start with
   * this signature (the body is read as text, so only its first ASCII bytes are compared).
   */
  download?: { contentType: string; signature?: string };
  /**
   * Acts only on a demonstration (the demo tenant, or GUARITA_DEMO=true): the matrix's tenants are
   * not one, so whoever the permission admits gets 403 and nothing changes. The demonstration's
   * own successes are tested apart (telefonia/simulacoes.api.test.ts).
   */
  demoOnly?: true;
}

/** The matrix system's secret (tests/support/system.ts), which signs photo addresses. */
const MATRIZ_SECRET = testSystemOptions().authSecret;
/** A tiny JPEG (8×8), made once: what the photo routes are sent. */
export const MATRIZ_JPEG = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#808080" } })
  .jpeg()
  .toBuffer();

const PUBLIC_SUCCESS: Access = { public: "success" };
const PUBLIC_REACHABLE: Access = { public: "reachable" };

/** Lists are filtered to the fixture's rows ("Matriz ..."), so rows written by other cases never push them off the page. */
const MATRIZ = { q: "matriz", page_size: 200 };
const items = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);
/**
 * The actor id of the fixture's audit records: the audit lists filter on it, so the records every
 * other case writes (views, exports, changes) never push the fixture's off the page.
 */
export const MATRIZ_AUDIT_ACTOR = "matriz-auditoria";
const STRONG_PASSWORD = "Matriz-de-Permissoes-2024";

/**
 * A recurring pass valid now: every day of the week, 00:00–23:59, from yesterday to 30 days ahead
 * (dates of São Paulo, the condominiums' timezone: "yesterday" there is never a future date). Right
 * before midnight it is out of hours, and the gate still answers 200 (a refusal with a reason).
 */
export function passeSchedule() {
  const today = localClock(new Date(), "America/Sao_Paulo").date;
  return {
    modalidade: "recorrente" as const,
    data_inicio: addDays(today, -1),
    data_fim: addDays(today, 30),
    dias_semana: [0, 1, 2, 3, 4, 5, 6],
    hora_inicio: "00:00",
    hora_fim: "23:59",
  };
}

/** The day `days` from today in São Paulo (the matrix's condominiums' timezone), "YYYY-MM-DD". */
function diaLocal(days: number): string {
  return addDays(localClock(new Date(), "America/Sao_Paulo").date, days);
}

/** The visitor and schedule of a pass: PUT's body, and POST's with the unit added. */
const passeBody = (nome: string) => ({ tipo: "prestador", nome, descricao: "diarista", ...passeSchedule() });

/** The values of one CSV column by its header (UTF-8 BOM, `;`, CRLF; quoted cells unquoted). */
function csvColumn(body: unknown, header: string): string[] {
  if (typeof body !== "string") throw new Error(`expected a CSV download, got ${JSON.stringify(body).slice(0, 80)}`);
  const cells = (line: string) =>
    (line.match(/("([^"]|"")*"|[^;]*)(;|$)/g) ?? [])
      .map((c) => c.replace(/;$/, ""))
      .map((c) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c));
  const [head, ...rows] = body
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
  const index = cells(head ?? "").indexOf(header);
  if (index < 0) throw new Error(`the CSV has no column "${header}"`);
  return rows.map((line) => cells(line)[index] ?? "");
}

/** A one-row CSV (a new unit and its resident) for the place's condominium, as the console uploads it. */
function importUpload(place: Place, codigo: string): FormData {
  const form = new FormData();
  form.set("condominio_id", place.condominio.id);
  form.set("arquivo", new File([`Unidade;Nome do morador\r\nM${codigo.slice(-12)};Caso Importação\r\n`], "matriz.csv"));
  return form;
}

export const ROUTES: Record<string, RouteRow> = {
  // --- Public: not tenant-scoped ---------------------------------------------------------------
  "GET /api/health": { access: PUBLIC_SUCCESS },
  "GET /api/checkout/config": { access: PUBLIC_SUCCESS },
  "POST /api/checkout": {
    access: PUBLIC_SUCCESS,
    request: () => ({ body: { plan: "essencial", billing: "yearly", cliente: cliente() } }),
  },
  // Without this browser's checkout cookie: 404, never a login prompt.
  "GET /api/checkout/atual": { access: PUBLIC_REACHABLE },
  "POST /api/checkout/{id}/confirmar": {
    access: PUBLIC_REACHABLE,
    request: () => ({ params: { id: "00000000-0000-4000-8000-000000000000" }, body: {} }),
  },
  "POST /api/cadastro": {
    access: PUBLIC_REACHABLE,
    request: () => ({ body: { senha: STRONG_PASSWORD, confirmacao: STRONG_PASSWORD } }),
  },
  // The invitation link: the token is the credential.
  "GET /api/convites/{token}": {
    access: PUBLIC_SUCCESS,
    request: async ({ place, make }) => ({ params: { token: (await make.convite(place)).token } }),
  },
  "POST /api/convites/{token}/aceitar": {
    access: PUBLIC_SUCCESS,
    request: async ({ place, make }) => ({
      params: { token: (await make.convite(place)).token },
      body: { nome: "Convidada da Matriz", senha: STRONG_PASSWORD },
    }),
  },

  // --- better-auth (auth/auth-endpoints.ts): their own tests cover them ------------------------
  "GET /api/auth/get-session": { access: PUBLIC_SUCCESS },
  "POST /api/auth/sign-in/email": {
    access: PUBLIC_SUCCESS,
    request: async ({ make }) => ({ body: await make.user() }),
  },
  "POST /api/auth/request-password-reset": {
    access: PUBLIC_SUCCESS,
    request: async ({ make }) => ({ body: { email: (await make.user()).email } }),
  },
  // An unknown token is refused for what it is (400 or a redirect with the error), not for who sends it.
  "POST /api/auth/reset-password": {
    access: PUBLIC_REACHABLE,
    request: () => ({ body: { token: "token-desconhecido", newPassword: STRONG_PASSWORD } }),
  },
  "GET /api/auth/reset-password/{token}": {
    access: PUBLIC_REACHABLE,
    request: () => ({ params: { token: "token-desconhecido" }, query: { callbackURL: "/redefinir-senha" } }),
  },
  "GET /api/auth/verify-email": {
    access: PUBLIC_REACHABLE,
    request: () => ({ query: { token: "token-desconhecido", callbackURL: "/verificar-email" } }),
  },
  // Signing out without a session is a no-op that succeeds; with one, its own tests cover it.
  "POST /api/auth/sign-out": { access: PUBLIC_SUCCESS },
  // For the signed-in user's own address only (another address is a 400: its own tests).
  "POST /api/auth/send-verification-email": {
    access: "session",
    freshCaller: true,
    request: async ({ caller, make }) => {
      if (caller.userId) await make.unverify(caller.userId);
      return { body: { email: caller.email ?? "anonimo@teste.guarita.app" } };
    },
  },
  "POST /api/auth/change-password": {
    access: "session",
    freshCaller: true,
    request: ({ caller }) => ({
      body: { currentPassword: caller.password ?? STRONG_PASSWORD, newPassword: `${STRONG_PASSWORD}-novo` },
    }),
  },
  "POST /api/auth/update-user": { access: "session", request: () => ({ body: { name: "Nome Novo" } }) },
  // Each shared caller holds one session, its cookie's: ending the others leaves the fixture intact.
  "POST /api/auth/revoke-other-sessions": { access: "session", request: () => ({ body: {} }) },

  // --- The tenant's API --------------------------------------------------------------------------
  "GET /api/me": { access: "member" },

  // The signed-in user's own account, for every role: nobody reaches another user's sessions.
  "PUT /api/perfil": { access: "member", request: () => ({ body: { name: "Nome da Matriz", image: null } }) },
  "GET /api/perfil/sessoes": { access: "member" },
  "DELETE /api/perfil/sessoes/{id}": {
    access: "member",
    target: "sessao",
    request: async ({ target, place, caller, make }) => ({
      params: { id: (await make.sessao(place, target === "own" && caller.role !== "anon" ? caller : null)).id },
    }),
  },
  "POST /api/perfil/sessoes/encerrar-outras": { access: "member" },

  "GET /api/events": { access: "solicitacoes:ler", stream: true },
  "GET /api/busca": {
    access: "solicitacoes:ler",
    request: () => ({ query: { q: "matriz", limit: 10 } }),
    lists: [
      { kind: "solicitacao", ids: (b) => b.solicitacoes.map((s: { id: string }) => s.id) },
      { kind: "unidade", ids: (b) => b.unidades.map((u: { id: string }) => u.id) },
      // The people registry only for roles that read it (a morador gets none at all).
      { kind: "pessoa", ids: (b) => b.pessoas.map((p: { id: string }) => p.id), permission: "pessoas:ler" },
    ],
  },

  "GET /api/dashboard/kpis": { access: "solicitacoes:ler" },
  "GET /api/dashboard/ultimas": {
    access: "solicitacoes:ler",
    request: () => ({ query: { limit: 100 } }),
    lists: [{ kind: "solicitacao", ids: items }],
  },
  // Counts and the newest few of every pending request: its scope is in dashboard.api.test.ts.
  "GET /api/dashboard/pendentes": { access: "solicitacoes:ler" },
  "GET /api/dashboard/primeiros-passos": { access: "cadastros:editar" },

  "GET /api/solicitacoes": {
    access: "solicitacoes:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "solicitacao", ids: items }],
  },
  "POST /api/solicitacoes": {
    access: "solicitacoes:criar",
    target: "unidade",
    request: ({ place }) => ({
      body: {
        condominio_id: place.unidade.condominioId,
        unidade_id: place.unidade.id,
        tipo: "visitante",
        nome_visitante: "Caso Visitante",
      },
    }),
  },
  // The same scope in the download: the CSV has no ids, so each place's request is found by its visitor.
  "GET /api/solicitacoes/export.csv": {
    access: "solicitacoes:ler",
    request: () => ({ query: { q: "matriz" } }),
    lists: [
      { kind: "solicitacao", ids: (body) => csvColumn(body, "Visitante"), key: (place) => place.solicitacao.nome },
    ],
  },
  "GET /api/solicitacoes/{id}": {
    access: "solicitacoes:ler",
    target: "solicitacao",
    request: ({ place }) => ({ params: { id: place.solicitacao.id } }),
  },
  // A morador edits only what they created: the fresh request is the caller's own.
  "PATCH /api/solicitacoes/{id}": {
    access: "solicitacoes:criar",
    target: "solicitacao",
    request: async ({ place, caller, make }) => ({
      params: { id: (await make.solicitacao(place, caller.userId)).id },
      body: { motivo: "Matriz de permissões" },
    }),
  },
  // A morador adds photos to the visits they registered: the fresh request is the caller's own.
  "POST /api/solicitacoes/{id}/fotos": {
    access: "solicitacoes:criar",
    target: "solicitacao",
    request: async ({ place, make, caller }) => ({
      params: { id: (await make.solicitacao(place, caller.userId)).id },
      bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" },
    }),
  },
  // The address is signed for whoever calls (an anonymous caller gets one signed for nobody).
  "GET /api/fotos/{id}/{variante}": {
    access: "solicitacoes:ler",
    target: "foto",
    request: ({ place, caller }) => {
      const url = new URL(
        signFotoUrl(MATRIZ_SECRET, place.foto.id, "miniatura", caller.userId ?? "anonimo"),
        "http://matriz",
      );
      return {
        params: { id: place.foto.id, variante: "miniatura" },
        query: Object.fromEntries(url.searchParams),
      };
    },
    download: { contentType: "image/jpeg" },
  },
  "POST /api/solicitacoes/{id}/autorizar": {
    access: "solicitacoes:decidir",
    target: "solicitacao",
    request: async ({ place, make }) => ({ params: { id: (await make.solicitacao(place)).id }, body: {} }),
  },
  // With a reason: a morador's own unit's request too (denied "pelo aplicativo").
  "POST /api/solicitacoes/{id}/negar": {
    access: "solicitacoes:decidir",
    target: "solicitacao",
    request: async ({ place, make }) => ({
      params: { id: (await make.solicitacao(place)).id },
      body: { motivo_negacao: "Matriz de permissões" },
    }),
  },

  "GET /api/chamadas": {
    access: "chamadas:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "chamada", ids: items }],
  },
  // Each place's call is of the place's request: found by its visitor's name.
  "GET /api/chamadas/export.csv": {
    access: "chamadas:ler",
    request: () => ({ query: { q: "matriz" } }),
    lists: [{ kind: "chamada", ids: (body) => csvColumn(body, "Visitante"), key: (place) => place.solicitacao.nome }],
  },
  "GET /api/chamadas/{id}": {
    access: "chamadas:ler",
    target: "chamada",
    request: ({ place }) => ({ params: { id: place.chamada.id } }),
  },

  "GET /api/condominios": {
    access: "unidades:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "condominio", ids: items }],
  },
  "POST /api/condominios": {
    access: "cadastros:editar",
    request: () => ({ body: { nome: "Caso Condomínio", timezone: "America/Sao_Paulo", enabled: true } }),
  },
  "GET /api/condominios/{id}": {
    access: "unidades:ler",
    target: "condominio",
    request: ({ place }) => ({ params: { id: place.condominio.id } }),
  },
  // Writes the row's own values: the same state whatever order the cases run in.
  "PUT /api/condominios/{id}": {
    access: "cadastros:editar",
    target: "condominio",
    request: ({ place: { condominio } }) => ({
      params: { id: condominio.id },
      body: { nome: condominio.nome, timezone: condominio.timezone, enabled: condominio.enabled },
    }),
  },
  // LGPD retention: admins only; the fixture's rows are all newer than any retention
  // period, so running it anonymises nothing of theirs.
  "GET /api/condominios/{id}/retencao": {
    access: "lgpd:gerenciar",
    target: "condominio",
    request: ({ place }) => ({ params: { id: place.condominio.id } }),
  },
  "POST /api/condominios/{id}/retencao/executar": {
    access: "lgpd:gerenciar",
    target: "condominio",
    request: ({ place }) => ({ params: { id: place.condominio.id } }),
  },

  "GET /api/portoes": {
    access: "unidades:ler",
    target: "condominio",
    request: ({ place }) => ({ query: { condominio_id: place.condominio.id } }),
  },
  "POST /api/portoes": {
    access: "cadastros:editar",
    target: "condominio",
    request: ({ place, make }) => ({
      body: { condominio_id: place.condominio.id, nome: `Caso Portão ${make.unique()}`, tipo: "veiculos" },
    }),
  },
  // Writes the row's own values: the same state whatever order the cases run in.
  "PUT /api/portoes/{id}": {
    access: "cadastros:editar",
    target: "portao",
    request: ({ place }) => ({
      params: { id: place.portao.id },
      body: { nome: place.portao.nome, tipo: "pedestres", ativo: true },
    }),
  },
  // The matrix's gates have no camera: the test answers 200 with the reason, and fetches nothing.
  "POST /api/portoes/{id}/camera/teste": {
    access: "cadastros:editar",
    target: "portao",
    request: ({ place }) => ({ params: { id: place.portao.id }, body: {} }),
  },

  "GET /api/unidades": {
    access: "unidades:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "unidade", ids: items }],
  },
  "POST /api/unidades": {
    access: "cadastros:editar",
    target: "condominio",
    request: ({ place, make }) => ({
      body: { condominio_id: place.condominio.id, codigo: make.unique(), torre: "Caso" },
    }),
  },
  "GET /api/unidades/{id}": {
    access: "unidades:ler",
    target: "unidade",
    request: ({ place }) => ({ params: { id: place.unidade.id } }),
  },
  "PUT /api/unidades/{id}": {
    access: "cadastros:editar",
    target: "unidade",
    request: ({ place: { unidade: u } }) => ({
      params: { id: u.id },
      body: {
        condominio_id: u.condominioId,
        codigo: u.codigo,
        torre: u.torre,
        pbx_ramal: u.pbxRamal,
        observacoes: u.observacoes,
        enabled: u.enabled,
      },
    }),
  },
  "GET /api/unidades/{id}/moradores": {
    access: "unidades:ler",
    target: "unidade",
    request: ({ place }) => ({ params: { id: place.unidade.id } }),
  },
  "POST /api/unidades/{id}/moradores": {
    access: "cadastros:editar",
    target: "unidade",
    request: async ({ place, make }) => ({
      params: { id: place.unidade.id },
      body: { pessoa_id: (await make.pessoa(place)).id },
    }),
  },
  "PATCH /api/unidades/{id}/moradores/{pessoaId}": {
    access: "cadastros:editar",
    target: "unidade",
    request: async ({ place, make }) => {
      const link = await make.morador(place);
      return { params: { id: link.unidadeId, pessoaId: link.pessoaId }, body: { is_responsavel: false } };
    },
  },
  "DELETE /api/unidades/{id}/moradores/{pessoaId}": {
    access: "cadastros:editar",
    target: "unidade",
    request: async ({ place, make }) => {
      const link = await make.morador(place);
      return { params: { id: link.unidadeId, pessoaId: link.pessoaId } };
    },
  },

  "GET /api/pessoas": {
    access: "pessoas:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "pessoa", ids: items }],
  },
  "POST /api/pessoas": {
    access: "cadastros:editar",
    target: "condominio",
    request: ({ place }) => ({ body: { condominio_id: place.condominio.id, nome: "Caso Pessoa" } }),
  },
  "GET /api/pessoas/{id}": {
    access: "pessoas:ler",
    target: "pessoa",
    request: ({ place }) => ({ params: { id: place.pessoa.id } }),
  },
  "PUT /api/pessoas/{id}": {
    access: "cadastros:editar",
    target: "pessoa",
    request: async ({ place, make }) => {
      const pessoa = await make.pessoa(place);
      return { params: { id: pessoa.id }, body: { condominio_id: pessoa.condominioId, nome: "Caso Pessoa Editada" } };
    },
  },
  "DELETE /api/pessoas/{id}": {
    access: "cadastros:editar",
    target: "pessoa",
    request: async ({ place, make }) => ({ params: { id: (await make.pessoa(place)).id } }),
  },
  // A person's photo (docs/product.md, "Fotos"): changed by those who edit the registry.
  "POST /api/pessoas/{id}/foto": {
    access: "cadastros:editar",
    target: "pessoa",
    request: async ({ place, make }) => ({
      params: { id: (await make.pessoa(place)).id },
      bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" },
    }),
  },
  "DELETE /api/pessoas/{id}/foto": {
    access: "cadastros:editar",
    target: "pessoa",
    request: async ({ place, make }) => ({ params: { id: (await make.pessoaComFoto(place)).id } }),
  },

  // Importing units and residents from a spreadsheet: owners and síndicos, into their tenant's condominiums.
  "GET /api/importacoes/modelo.xlsx": {
    access: "cadastros:editar",
    download: { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", signature: "PK" },
  },
  "GET /api/importacoes/modelo.csv": { access: "cadastros:editar", download: { contentType: "text/csv" } },
  "POST /api/importacoes/previa": {
    access: "cadastros:editar",
    target: "condominio",
    request: ({ place, make }) => ({ form: importUpload(place, make.unique()) }),
  },
  "POST /api/importacoes": {
    access: "cadastros:editar",
    target: "condominio",
    request: ({ place, make }) => ({ form: importUpload(place, make.unique()) }),
  },

  // Passes: a morador reads, creates and manages them only for their units.
  "GET /api/passes": {
    access: "passes:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "passe", ids: items }],
  },
  "POST /api/passes": {
    access: "passes:gerenciar",
    target: "unidade",
    request: ({ place }) => ({
      body: { condominio_id: place.unidade.condominioId, unidade_id: place.unidade.id, ...passeBody("Caso Passe") },
    }),
  },
  "GET /api/passes/{id}": {
    access: "passes:ler",
    target: "passe",
    request: ({ place }) => ({ params: { id: place.passe.id } }),
  },
  "PUT /api/passes/{id}": {
    access: "passes:gerenciar",
    target: "passe",
    request: async ({ place, make }) => ({
      params: { id: (await make.passe(place)).id },
      body: passeBody("Caso Passe Editado"),
    }),
  },
  // Each action on a fresh pass in the one status it starts from (revogar also takes a suspended one).
  "POST /api/passes/{id}/suspender": {
    access: "passes:gerenciar",
    target: "passe",
    request: async ({ place, make }) => ({ params: { id: (await make.passe(place, "ativo")).id } }),
  },
  "POST /api/passes/{id}/reativar": {
    access: "passes:gerenciar",
    target: "passe",
    request: async ({ place, make }) => ({ params: { id: (await make.passe(place, "suspenso")).id } }),
  },
  "POST /api/passes/{id}/foto": {
    access: "passes:gerenciar",
    target: "passe",
    request: async ({ place, make }) => ({
      params: { id: (await make.passe(place, "ativo")).id },
      bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" },
    }),
  },
  "POST /api/passes/{id}/revogar": {
    access: "passes:gerenciar",
    target: "passe",
    request: async ({ place, make }) => ({ params: { id: (await make.passe(place, "ativo")).id } }),
  },

  // The gate (Portaria screen): staff only; another tenant's condominium is a 404.
  // The PIN of a fresh active pass at its own condominium: the gate lets it in (a use is counted).
  "POST /api/portaria/validacoes": {
    access: "portaria:operar",
    target: "passe",
    request: async ({ place, make }) => ({
      body: { condominio_id: place.unidade.condominioId, pin: (await make.passe(place)).pin },
    }),
  },
  // The gate's log of the tenant, newest first (the fixture's attempts are the oldest: 200 is plenty).
  "GET /api/portaria/validacoes": {
    access: "portaria:operar",
    request: () => ({ query: { page_size: 200 } }),
    lists: [{ kind: "validacao", ids: items }],
  },
  "GET /api/portaria/aguardando": {
    access: "portaria:operar",
    target: "condominio",
    request: ({ place }) => ({ query: { condominio_id: place.condominio.id } }),
  },

  // The access log: everyone reads it (a morador only their units'), staff write it.
  "GET /api/acessos": {
    access: "acessos:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "acesso", ids: items }],
  },
  // The same scope in the download: the CSV has no ids, so each place's visit is found by its name.
  "GET /api/acessos/export.csv": {
    access: "acessos:ler",
    request: () => ({ query: { q: "matriz" } }),
    lists: [{ kind: "acesso", ids: (body) => csvColumn(body, "Nome"), key: (place) => place.acesso.nome }],
  },
  // A visitor let in by a resident of the unit (the place's person lives there).
  "POST /api/acessos": {
    access: "portaria:operar",
    target: "unidade",
    request: ({ place }) => ({
      body: {
        origem: "morador",
        unidade_id: place.unidade.id,
        autorizado_por_pessoa_id: place.pessoa.id,
        nome: "Caso Visitante",
      },
    }),
  },
  "POST /api/acessos/{id}/saida": {
    access: "portaria:operar",
    target: "acesso",
    request: async ({ place, make }) => ({ params: { id: (await make.acesso(place)).id } }),
  },
  "POST /api/acessos/{id}/nao-entrou": {
    access: "portaria:operar",
    target: "acesso",
    request: async ({ place, make }) => ({ params: { id: (await make.acesso(place)).id } }),
  },
  "POST /api/acessos/{id}/desfazer-saida": {
    access: "portaria:operar",
    target: "acesso",
    request: async ({ place, make }) => ({ params: { id: (await make.acessoSaido(place)).id } }),
  },

  // The audit trail: the whole tenant's, for admins; never another tenant's records.
  "GET /api/auditoria": {
    access: "auditoria:ler",
    request: () => ({ query: { ator_id: MATRIZ_AUDIT_ACTOR, page_size: 200 } }),
    lists: [{ kind: "auditoria", ids: items }],
  },
  "GET /api/auditoria/export.csv": {
    access: "auditoria:ler",
    request: () => ({ query: { ator_id: MATRIZ_AUDIT_ACTOR } }),
    lists: [{ kind: "auditoria", ids: (body) => csvColumn(body, "Resumo"), key: (place) => place.auditoria.resumo }],
  },
  // Who viewed a person's data: another tenant's person is a 404.
  "GET /api/auditoria/pessoas/{id}/acessos": {
    access: "auditoria:ler",
    target: "pessoa",
    request: ({ place }) => ({ params: { id: place.pessoa.id } }),
  },

  // Data subjects' requests (LGPD art. 18 and 19): admins only, the whole tenant's, never another's.
  // A name and no document: the search and the export reach only the fixture's rows ("Matriz …").
  "GET /api/titulares/busca": {
    access: "lgpd:gerenciar",
    request: ({ place }) => ({ query: { nome: place.solicitacao.nome } }),
  },
  "GET /api/titulares/pedidos": {
    access: "lgpd:gerenciar",
    request: () => ({ query: { page_size: 200 } }),
    lists: [{ kind: "pedido_titular", ids: items }],
  },
  // An export, never an anonymisation: the fixture's visitor stays as it is for the other cases.
  // The chosen record names its place: another tenant's request is a 404 and records nothing.
  "POST /api/titulares/pedidos": {
    access: "lgpd:gerenciar",
    target: "solicitacao",
    request: ({ place }) => ({
      body: {
        tipo: "exportacao",
        titular: { nome: place.solicitacao.nome, documento: null },
        registros: [{ tipo: "solicitacao", id: place.solicitacao.id }],
      },
    }),
  },
  // The export's ZIP: another tenant's request is a 404.
  "GET /api/titulares/pedidos/{id}/arquivo.zip": {
    access: "lgpd:gerenciar",
    target: "pedido_titular",
    request: ({ place }) => ({ params: { id: place.pedidoTitular.id } }),
    download: { contentType: "application/zip", signature: "PK\u0003\u0004" },
  },

  "GET /api/organizacao": { access: "member" },
  // The caller's own tenant: there is no other tenant's row to name.
  "PUT /api/organizacao": {
    access: "organizacao:editar",
    request: () => ({ body: { nome: "Administradora Matriz" } }),
  },

  "GET /api/equipe/membros": {
    access: "equipe:gerenciar",
    request: () => ({ query: { page_size: 200 } }),
    lists: [{ kind: "membro", ids: items }],
  },
  "PATCH /api/equipe/membros/{id}": {
    access: "equipe:gerenciar",
    target: "membro",
    request: async ({ place, make }) => ({ params: { id: (await make.membro(place)).id }, body: { papel: "sindico" } }),
  },
  // Where a porteiro works: the place's condominium (another tenant's member and condominium: 404).
  "PUT /api/equipe/membros/{id}/condominios": {
    access: "equipe:gerenciar",
    target: "membro",
    request: async ({ place, make }) => ({
      params: { id: (await make.membro(place)).id },
      body: { condominio_ids: [place.condominio.id] },
    }),
  },
  "DELETE /api/equipe/membros/{id}": {
    access: "equipe:gerenciar",
    target: "membro",
    request: async ({ place, make }) => ({ params: { id: (await make.membro(place)).id } }),
  },
  "GET /api/equipe/convites": {
    access: "equipe:gerenciar",
    request: () => ({ query: { page_size: 200 } }),
    lists: [{ kind: "convite", ids: items }],
  },
  // A morador's invitation names a person record: another tenant's person is a 404.
  "POST /api/equipe/convites": {
    access: "equipe:gerenciar",
    target: "pessoa",
    request: async ({ place, make }) => ({
      body: {
        email: `convite-${make.unique()}@teste.guarita.app`,
        papel: "morador",
        pessoa_id: (await make.pessoa(place)).id,
      },
    }),
  },
  "POST /api/equipe/convites/{id}/reenviar": {
    access: "equipe:gerenciar",
    target: "convite",
    request: async ({ place, make }) => ({ params: { id: (await make.convite(place)).id } }),
  },
  "DELETE /api/equipe/convites/{id}": {
    access: "equipe:gerenciar",
    target: "convite",
    request: async ({ place, make }) => ({ params: { id: (await make.convite(place)).id } }),
  },

  "GET /api/integracoes/chaves": { access: "integracoes:gerenciar" },
  "POST /api/integracoes/chaves": {
    access: "integracoes:gerenciar",
    request: () => ({ body: { nome: "Caso PABX", escopos: ["solicitacoes:ler"] } }),
  },
  "DELETE /api/integracoes/chaves/{id}": {
    access: "integracoes:gerenciar",
    target: "chave",
    request: async ({ place, make }) => ({ params: { id: (await make.chave(place)).id } }),
  },

  "GET /api/integracoes/webhooks": { access: "integracoes:gerenciar" },
  "POST /api/integracoes/webhooks": {
    access: "integracoes:gerenciar",
    request: () => ({ body: { url: "https://portao.example.com/guarita", eventos: ["portao.abrir"] } }),
  },
  "PATCH /api/integracoes/webhooks/{id}": {
    access: "integracoes:gerenciar",
    target: "webhook",
    request: async ({ place, make }) => ({ params: { id: (await make.webhook(place)).id }, body: { ativa: false } }),
  },
  "DELETE /api/integracoes/webhooks/{id}": {
    access: "integracoes:gerenciar",
    target: "webhook",
    request: async ({ place, make }) => ({ params: { id: (await make.webhook(place)).id } }),
  },
  "POST /api/integracoes/webhooks/{id}/segredo": {
    access: "integracoes:gerenciar",
    target: "webhook",
    request: async ({ place, make }) => ({ params: { id: (await make.webhook(place)).id } }),
  },
  "GET /api/integracoes/webhooks/{id}/entregas": {
    access: "integracoes:gerenciar",
    target: "webhook",
    request: async ({ place, make }) => ({ params: { id: (await make.webhook(place)).id } }),
  },
  "POST /api/integracoes/webhooks/{id}/entregas/{entregaId}/reenviar": {
    access: "integracoes:gerenciar",
    target: "webhook",
    request: async ({ place, make }) => {
      const webhook = await make.webhook(place);
      return { params: { id: webhook.id, entregaId: webhook.entregaId } };
    },
  },

  // The integration API: a key reaches its whole tenant (no unit scope), never another tenant.
  "GET /api/v1/solicitacoes/{id}": {
    access: { apiKey: "solicitacoes:ler" },
    target: "solicitacao",
    request: ({ place }) => ({ params: { id: place.solicitacao.id } }),
  },
  "POST /api/v1/solicitacoes": {
    access: { apiKey: "solicitacoes:escrever" },
    target: "unidade",
    request: ({ place }) => ({
      body: { condominio_id: place.unidade.condominioId, unidade_id: place.unidade.id, nome_visitante: "Visita da IA" },
    }),
  },
  "POST /api/v1/solicitacoes/{id}/foto": {
    access: { apiKey: "solicitacoes:escrever" },
    target: "solicitacao",
    request: async ({ place, make }) => ({
      params: { id: (await make.solicitacao(place)).id },
      bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" },
    }),
  },
  // The gate's latest pending visitor gets the camera's picture: a fresh one at the place's gate.
  "POST /api/v1/portoes/{id}/foto": {
    access: { apiKey: "portoes:foto" },
    target: "portao",
    request: async ({ place, make }) => {
      await make.solicitacao(place, null, place.portao.id);
      return { params: { id: place.portao.id }, bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" } };
    },
  },
  "GET /api/v1/condominios": { access: { apiKey: "diretorio:ler" } },
  "GET /api/v1/unidades": { access: { apiKey: "diretorio:ler" } },
  "GET /api/v1/portoes": { access: { apiKey: "diretorio:ler" } },
  "POST /api/v1/atendente/conversas": {
    access: { apiKey: "atendente:conversar" },
    target: "condominio",
    request: ({ place }) => ({ body: { condominio_id: place.condominio.id } }),
  },
  // A greeting: the turn answers, and nothing is created.
  "POST /api/v1/atendente/conversas/{id}/mensagens": {
    access: { apiKey: "atendente:conversar" },
    target: "conversa",
    request: async ({ place, make }) => ({ params: { id: (await make.conversa(place)).id }, body: { texto: "oi" } }),
  },
  "GET /api/v1/atendente/conversas/{id}": {
    access: { apiKey: "atendente:conversar" },
    target: "conversa",
    request: async ({ place, make }) => ({ params: { id: (await make.conversa(place)).id } }),
  },
  "GET /api/v1/eventos": { access: { apiKey: "eventos:ler" } },

  "GET /api/atendimentos": { access: "atendimentos:operar" },
  "GET /api/atendimentos/{id}": {
    access: "atendimentos:operar",
    target: "atendimento",
    request: async ({ place, make }) => ({ params: { id: (await make.atendimento(place)).id } }),
  },
  "POST /api/atendimentos/{id}/assumir": {
    access: "atendimentos:operar",
    target: "atendimento",
    request: async ({ place, make }) => ({ params: { id: (await make.atendimento(place)).id } }),
  },
  "POST /api/atendimentos/{id}/mensagens": {
    access: "atendimentos:operar",
    target: "atendimento",
    request: async ({ place, make }) => ({
      params: { id: (await make.atendimento(place)).id },
      body: { texto: "Boa noite, já vou atender" },
    }),
  },
  "POST /api/atendimentos/{id}/solicitacao": {
    access: "atendimentos:operar",
    target: "atendimento",
    request: async ({ place, make }) => ({
      params: { id: (await make.atendimento(place)).id },
      body: { unidade_id: place.unidade.id, nome_visitante: "Visita do atendimento", tipo: "visitante" },
    }),
  },
  "POST /api/atendimentos/{id}/encerrar": {
    access: "atendimentos:operar",
    target: "atendimento",
    request: async ({ place, make }) => ({ params: { id: (await make.atendimento(place)).id }, body: {} }),
  },

  "GET /api/atendimentos/simulacoes": { access: "atendimentos:operar" },
  "POST /api/atendimentos/simulacoes": {
    access: "atendimentos:operar",
    target: "portao",
    demoOnly: true,
    request: ({ place }) => ({ body: { canal: "telefone", portao_id: place.portao.id } }),
  },
  "POST /api/atendimentos/simulacoes/{id}/mensagens": {
    access: "atendimentos:operar",
    target: "atendimento",
    demoOnly: true,
    request: async ({ place, make }) => ({
      params: { id: (await make.atendimento(place)).id },
      body: { texto: "Vim ver a Ana do 101" },
    }),
  },
  "POST /api/solicitacoes/{id}/ligacoes/{notificacao_id}/tecla": {
    access: "solicitacoes:decidir",
    target: "solicitacao",
    demoOnly: true,
    request: async ({ place, make }) => ({
      params: { id: (await make.solicitacao(place)).id, notificacao_id: "00000000-0000-4000-8000-000000000001" },
      body: { tecla: "1" },
    }),
  },

  "GET /api/totens": { access: "totens:gerenciar" },
  "POST /api/totens": {
    access: "totens:gerenciar",
    target: "portao",
    request: ({ place }) => ({
      body: { nome: "Caso Totem", condominio_id: place.unidade.condominioId, portao_id: place.portao.id },
    }),
  },
  "POST /api/totens/{id}/pareamento": {
    access: "totens:gerenciar",
    target: "totem",
    request: async ({ place, make }) => ({ params: { id: (await make.totem(place)).id } }),
  },
  "POST /api/totens/{id}/revogar": {
    access: "totens:gerenciar",
    target: "totem",
    request: async ({ place, make }) => ({ params: { id: (await make.totem(place)).id } }),
  },

  // An unknown code: refused for what it is (400), not for who sends it.
  "POST /api/totem/parear": { access: { public: "reachable" }, request: () => ({ body: { codigo: "desconhecido" } }) },
  "GET /api/totem": { access: { totem: true } },
  "GET /api/totem/eventos": { access: { totem: true }, stream: true },
  "POST /api/totem/conversas": { access: { totem: true } },
  "POST /api/totem/conversas/{id}/mensagens": {
    access: { totem: true },
    target: "conversaTotem",
    request: async ({ place, make }) => ({
      params: { id: (await make.conversaTotem(place)).id },
      body: { texto: "oi" },
    }),
  },
  "GET /api/totem/conversas/{id}": {
    access: { totem: true },
    target: "conversaTotem",
    request: async ({ place, make }) => ({ params: { id: (await make.conversaTotem(place)).id } }),
  },
  "POST /api/totem/conversas/{id}/encerrar": {
    access: { totem: true },
    target: "conversaTotem",
    request: async ({ place, make }) => ({ params: { id: (await make.conversaTotem(place)).id } }),
  },
  // The kiosk's photo step: the image itself, or the visitor's refusal, on its own open conversation.
  "POST /api/totem/conversas/{id}/foto": {
    access: { totem: true },
    target: "conversaTotem",
    request: async ({ place, make }) => ({
      params: { id: (await make.conversaTotem(place)).id },
      bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" },
    }),
  },
  "POST /api/totem/conversas/{id}/foto/recusa": {
    access: { totem: true },
    target: "conversaTotem",
    request: async ({ place, make }) => ({ params: { id: (await make.conversaTotem(place)).id } }),
  },
  "POST /api/v1/chamadas": {
    access: { apiKey: "chamadas:escrever" },
    target: "solicitacao",
    request: async ({ place, make }) => ({
      body: { solicitacao_id: (await make.solicitacao(place)).id, ramal: "3101", provedor: "Asterisk" },
    }),
  },
  "GET /api/v1/chamadas/{id}": {
    access: { apiKey: "chamadas:escrever" },
    target: "chamada",
    request: ({ place }) => ({ params: { id: place.chamada.id } }),
  },
  "POST /api/v1/chamadas/{id}/status": {
    access: { apiKey: "chamadas:escrever" },
    target: "chamada",
    request: async ({ place, make }) => ({
      params: { id: (await make.chamadaAtendida(place)).id },
      body: { status: "concluida" },
    }),
  },
  "POST /api/v1/chamadas/{id}/resposta": {
    access: { apiKey: "chamadas:escrever" },
    target: "chamada",
    request: async ({ place, make }) => ({
      params: { id: (await make.chamadaAtendida(place)).id },
      body: { dtmf: "2" },
    }),
  },
  // A gate controller reading a fresh active pass's PIN at its condominium (the entry is registered too).
  "POST /api/v1/acessos/{id}/nao-entrou": {
    access: { apiKey: "acessos:registrar" },
    target: "acesso",
    request: async ({ place, make }) => ({ params: { id: (await make.acesso(place)).id } }),
  },
  "POST /api/v1/acessos/{id}/saida": {
    access: { apiKey: "acessos:registrar" },
    target: "acesso",
    request: async ({ place, make }) => ({ params: { id: (await make.acesso(place)).id } }),
  },
  "POST /api/v1/passes/validar": {
    access: { apiKey: "passes:validar" },
    target: "passe",
    request: async ({ place, make }) => ({
      body: {
        condominio_id: place.unidade.condominioId,
        pin: (await make.passe(place)).pin,
        portao_id: place.portao.id,
      },
    }),
  },
  // The operators' central (docs/decisions/042-operators-central.md).
  "GET /api/central": { access: "central:operar" },
  "POST /api/central/itens/{id}/assumir": {
    access: "central:operar",
    target: "central_item",
    request: async ({ place, make }) => ({ params: { id: (await make.centralItem(place)).id } }),
  },
  "POST /api/central/itens/{id}/liberar": {
    access: "central:operar",
    target: "central_item",
    request: async ({ place, make, caller }) => ({ params: { id: (await make.centralItem(place, caller.userId)).id } }),
  },
  "POST /api/central/itens/{id}/resolver": {
    access: "central:operar",
    target: "central_item",
    request: async ({ place, make, caller }) => ({
      params: { id: (await make.centralItem(place, caller.userId)).id },
      body: { desfecho: "resolvido", nota: "Conferido pela câmera" },
    }),
  },
  "POST /api/central/itens/{id}/reatribuir": {
    access: "central:supervisionar",
    target: "central_item",
    request: async ({ place, make, caller }) => ({
      params: { id: (await make.centralItem(place)).id },
      body: { user_id: caller.userId ?? "ninguem" },
    }),
  },
  "PUT /api/central/presenca": { access: "central:operar", request: () => ({ body: { status: "disponivel" } }) },
  "GET /api/central/sla": { access: "central:operar" },
  "PUT /api/central/sla/{id}": {
    access: "central:supervisionar",
    target: "condominio",
    request: ({ place }) => ({
      params: { id: place.condominio.id },
      body: { sla_assumir_segundos: 45, sla_resolver_segundos: 600 },
    }),
  },

  // Deliveries (docs/decisions/043-deliveries.md): staff receive and hand over; a morador reads their
  // units' packages, acknowledges them and names who may collect.
  "GET /api/encomendas": {
    access: "encomendas:ler",
    request: () => ({ query: MATRIZ }),
    lists: [{ kind: "encomenda", ids: items }],
  },
  "GET /api/encomendas/export.csv": {
    access: "encomendas:ler",
    request: () => ({ query: { q: "matriz" } }),
    lists: [
      { kind: "encomenda", ids: (body) => csvColumn(body, "Rastreio"), key: (place) => place.encomenda.rastreio },
    ],
  },
  "POST /api/encomendas": {
    access: "encomendas:operar",
    target: "unidade",
    request: ({ place }) => ({
      body: {
        condominio_id: place.unidade.condominioId,
        unidade_id: place.unidade.id,
        itens: [{ transportadora: "correios", rastreio: "Caso Encomenda", perecivel: false }],
      },
    }),
  },
  "GET /api/encomendas/{id}": {
    access: "encomendas:ler",
    target: "encomenda",
    request: ({ place }) => ({ params: { id: place.encomenda.id } }),
  },
  "POST /api/encomendas/{id}/confirmar": {
    access: "encomendas:operar",
    target: "encomenda",
    request: async ({ place, make }) => ({
      params: { id: (await make.encomenda(place, "a_confirmar")).id },
      body: { item: { transportadora: "amazon", perecivel: false } },
    }),
  },
  "POST /api/encomendas/{id}/devolver": {
    access: "encomendas:operar",
    target: "encomenda",
    request: async ({ place, make }) => ({
      params: { id: (await make.encomenda(place)).id },
      body: { motivo: "Registrada por engano" },
    }),
  },
  "POST /api/encomendas/{id}/foto": {
    access: "encomendas:operar",
    target: "encomenda",
    request: async ({ place, make }) => ({
      params: { id: (await make.encomenda(place)).id },
      bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" },
    }),
  },
  "POST /api/encomendas/{id}/ciente": {
    access: "encomendas:ler",
    target: "encomenda",
    request: async ({ place, make }) => ({ params: { id: (await make.encomenda(place)).id } }),
  },
  "POST /api/encomendas/retirada/consultar": {
    access: "encomendas:operar",
    target: "encomenda",
    request: async ({ place, make }) => ({
      body: { condominio_id: place.unidade.condominioId, codigo: (await make.encomenda(place)).codigo },
    }),
  },
  "POST /api/encomendas/retiradas": {
    access: "encomendas:operar",
    target: "encomenda",
    request: async ({ place, make }) => {
      const fresh = await make.encomenda(place);
      return {
        body: {
          condominio_id: place.unidade.condominioId,
          encomenda_ids: [fresh.id],
          metodo: "codigo",
          codigo: fresh.codigo,
          retirada_por: { nome: "Caso Retirada" },
        },
      };
    },
  },
  "GET /api/encomendas/autorizados": {
    access: "encomendas:ler",
    target: "unidade",
    request: ({ place }) => ({ query: { unidade_id: place.unidade.id } }),
  },
  "POST /api/encomendas/autorizados": {
    access: "encomendas:autorizar",
    target: "unidade",
    request: ({ place }) => ({ body: { unidade_id: place.unidade.id, nome: "Caso Diarista" } }),
  },
  "DELETE /api/encomendas/autorizados/{id}": {
    access: "encomendas:autorizar",
    target: "encomenda_autorizado",
    request: async ({ place, make }) => ({ params: { id: (await make.autorizado(place)).id } }),
  },

  // Relatórios: the síndico's figures of one condominium (another tenant's is a 404).
  "GET /api/relatorios": {
    access: "relatorios:ler",
    target: "condominio",
    request: ({ place }) => ({ query: { condominio_id: place.condominio.id, mes: "2026-11" } }),
  },
  "GET /api/relatorios/csv/{tabela}": {
    access: "relatorios:ler",
    target: "condominio",
    request: ({ place }) => ({
      params: { tabela: "por-dia" },
      query: { condominio_id: place.condominio.id, mes: "2026-11" },
    }),
  },
  "GET /api/relatorios/mensal.pdf": {
    access: "relatorios:ler",
    target: "condominio",
    request: ({ place }) => ({ query: { condominio_id: place.condominio.id, mes: "2026-11" } }),
  },

  // Áreas comuns (docs/decisions/044-common-area-bookings.md): everyone reads and books (a morador
  // in their condominiums and for their units); admins set the areas up and decide.
  "GET /api/areas": { access: "reservas:ler" },
  "POST /api/areas": {
    access: "areas:gerenciar",
    target: "condominio",
    request: ({ place, make }) => ({
      body: {
        condominio_id: place.condominio.id,
        nome: `Caso Área ${make.unique()}`,
        horarios: Array.from({ length: 7 }, () => ({ abre: "08:00", fecha: "22:00" })),
        modo: "dia",
      },
    }),
  },
  "GET /api/areas/{id}": {
    access: "reservas:ler",
    target: "area",
    request: async ({ place, make }) => ({ params: { id: (await make.area(place)).id } }),
  },
  "PATCH /api/areas/{id}": {
    access: "areas:gerenciar",
    target: "area",
    request: async ({ place, make }) => ({
      params: { id: (await make.area(place)).id },
      body: { nome: `Caso Área ${make.unique()}` },
    }),
  },
  "DELETE /api/areas/{id}": {
    access: "areas:gerenciar",
    target: "area",
    request: async ({ place, make }) => ({ params: { id: (await make.area(place)).id } }),
  },
  "POST /api/areas/{id}/foto": {
    access: "areas:gerenciar",
    target: "area",
    request: async ({ place, make }) => ({
      params: { id: (await make.area(place)).id },
      bytes: { data: MATRIZ_JPEG, contentType: "image/jpeg" },
    }),
  },
  "GET /api/areas/{id}/disponibilidade": {
    access: "reservas:ler",
    target: "area",
    request: async ({ place, make }) => ({
      params: { id: (await make.area(place)).id },
      query: { de: diaLocal(1), ate: diaLocal(7) },
    }),
  },
  "GET /api/reservas": {
    access: "reservas:ler",
    request: () => ({ query: { page_size: 200 } }),
    lists: [{ kind: "reserva", ids: items }],
  },
  "GET /api/reservas/export.csv": {
    access: "reservas:ler",
    download: { contentType: "text/csv" },
    lists: [{ kind: "reserva", ids: (body) => csvColumn(body, "Área"), key: (place) => place.reserva.area }],
  },
  "GET /api/reservas/calendario": {
    access: "reservas:ler",
    target: "condominio",
    request: ({ place }) => ({ query: { condominio_id: place.condominio.id, de: diaLocal(1), ate: diaLocal(30) } }),
  },
  "POST /api/reservas": {
    access: "reservas:criar",
    target: "unidade",
    request: async ({ place, make }) => ({
      body: {
        area_id: (await make.area(place, "unidade")).id,
        unidade_id: place.unidade.id,
        data: diaLocal(2),
        aceite_regras: true,
        convidados: [{ nome: "Caso Convidado" }],
      },
    }),
  },
  "GET /api/reservas/{id}": {
    access: "reservas:ler",
    target: "reserva",
    request: async ({ place, make }) => ({ params: { id: (await make.reserva(place)).id } }),
  },
  "PUT /api/reservas/{id}/convidados": {
    access: "reservas:criar",
    target: "reserva",
    request: async ({ place, make }) => ({
      params: { id: (await make.reserva(place)).id },
      body: { convidados: [{ nome: "Caso Convidado" }, { nome: "Caso Convidada" }] },
    }),
  },
  "POST /api/reservas/{id}/aprovar": {
    access: "reservas:aprovar",
    target: "reserva",
    request: async ({ place, make }) => ({ params: { id: (await make.reserva(place, "pendente")).id } }),
  },
  "POST /api/reservas/{id}/recusar": {
    access: "reservas:aprovar",
    target: "reserva",
    request: async ({ place, make }) => ({
      params: { id: (await make.reserva(place, "pendente")).id },
      body: { motivo: "Caso recusa" },
    }),
  },
  "POST /api/reservas/{id}/cancelar": {
    access: "reservas:criar",
    target: "reserva",
    request: async ({ place, make }) => ({
      params: { id: (await make.reserva(place)).id },
      body: { motivo: "Caso cancelamento" },
    }),
  },
  "GET /api/calendarios": { access: "reservas:ler" },
  "POST /api/calendarios": {
    access: "reservas:ler",
    target: "unidade",
    request: ({ place }) => ({ body: { condominio_id: place.unidade.condominioId, unidade_id: place.unidade.id } }),
  },
  "DELETE /api/calendarios/{id}": {
    access: "reservas:ler",
    target: "calendario_feed",
    request: async ({ target, place, caller, make }) => ({
      params: {
        id: (await make.calendarioFeed(place, target === "own" && caller.role !== "anon" ? caller : null)).id,
      },
    }),
  },
  // The Portaria's guest list of the day (a condominium's; porteiros at theirs).
  "GET /api/portaria/convidados": {
    access: "portaria:operar",
    target: "condominio",
    request: ({ place }) => ({ query: { condominio_id: place.condominio.id } }),
  },

  // Plano e faturamento (docs/decisions/045-plans-and-billing.md): the owner manages, the síndico reads.
  // Both matrix tenants have a demo Personalizado subscription, yearly, with one paid invoice; each
  // request below succeeds whatever the cases before it did to the subscription (the demo provider acts
  // on the state on record).
  "GET /api/faturamento": { access: "faturamento:ler" },
  "GET /api/faturamento/faturas": {
    access: "faturamento:ler",
    request: () => ({ query: { page_size: 100 } }),
    lists: [{ kind: "fatura", ids: items }],
  },
  "GET /api/faturamento/faturas/{id}/recibo.pdf": {
    access: "faturamento:ler",
    target: "fatura",
    request: ({ place }) => ({ params: { id: place.fatura!.id } }),
    download: { contentType: "application/pdf", signature: "%PDF" },
  },
  "POST /api/faturamento/plano": {
    access: "faturamento:gerenciar",
    // The same plan on the other cycle: scheduled for the period's end, and asked again, the same answer.
    request: () => ({ body: { plano: "personalizado", ciclo: "monthly" } }),
  },
  "POST /api/faturamento/cartao": { access: "faturamento:gerenciar", request: () => ({ body: { cartao: TEST_CARD } }) },
  // Asked twice, a cancellation answers the same; no body.
  "POST /api/faturamento/cancelar": { access: "faturamento:gerenciar" },
  "POST /api/faturamento/reativar": {
    access: "faturamento:gerenciar",
    request: async ({ place, make }) => {
      await make.cancelamentoAgendado(place);
      return {};
    },
  },
  "POST /api/faturamento/demo/simular": {
    access: "faturamento:gerenciar",
    // A renewal paid: the subscription stays in force (a failed payment past its grace period, or the
    // period's end, would leave the matrix tenant's console read-only).
    request: () => ({ body: { acao: "renovar" } }),
  },
};
