/**
 * The permission matrix (docs/decisions/015-roles-and-data-scope.md): every route of the
 * OpenAPI document × every caller (anonymous, owner, síndico, porteiro, morador of unit U1) × every
 * target (own row, another unit's row, another tenant's row; another member's row for what belongs
 * to one user) answers the status the rules predict:
 *
 * - anonymous → 401 (public routes: only that anonymous gets in);
 * - a role without the route's permission → 403, whatever the row (requirePermission runs first);
 * - another tenant's row, or another member's session → 404;
 * - a morador on another unit's row of a unit-scoped kind → 404 (existence is not revealed);
 * - otherwise the success status the document declares.
 *
 * A refused write must also leave the data as it was, audit trail included (a 404 answered after
 * the change is still a leak), and lists are checked for scope: staff see both units' rows, the
 * morador only U1's, nobody tenant B's (the CSV downloads too, by the visitors' names; the audit
 * trail, for admins only, is the whole tenant's). The event stream's scope has its own case at the end.
 *
 * The table (permission-matrix.routes.ts) must cover the document exactly: a documented route
 * without a row fails, and so does a row for a route the document does not have. The expected
 * roles come from src/shared/permissions.ts, which is itself pinned to decision 015 below, so
 * loosening a permission there fails here too.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { initialState } from "@/server/attendant/engine/policy";
import { newApiKeySecret } from "@/server/auth/api-key";
import {
  acessos,
  apiKeys,
  areasComuns,
  assinaturas,
  atendenteConversas,
  auditoria,
  calendarioFeeds,
  centralItens,
  chamadas,
  convites,
  encomendaAutorizados,
  encomendaLotes,
  encomendas,
  faturas,
  fotos,
  member,
  passes,
  passeValidacoes,
  pessoas,
  portoes,
  reservas,
  session,
  solicitacoesAcesso,
  titularPedidos,
  totens,
  unidadeMoradores,
  user,
  webhookAssinaturas,
  webhookEntregas,
} from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { isUniqueViolation } from "@/server/http/errors";
import { addMember } from "@/server/modules/tenants/tenants.service";
import { API_KEY_SCOPES, type ApiKeyScope, type PasseStatus } from "@/shared/domain";
import { can, PERMISSIONS, TENANT_WIDE_ROLES } from "@/shared/permissions";
import { darAssinatura } from "../support/billing";
import {
  addSignedInMember,
  addSignedInMorador,
  addUnidade,
  createCondominioWithUnidade,
  createTenantWithMember,
  createUser,
  uniqueIp,
} from "../support/factories";
import { type CallResult, client } from "../support/http";
import { isDomainEvent, openEventStream } from "../support/sse";
import { setupTestSystem } from "../support/system";
import {
  type Access,
  type BuiltRequest,
  type Caller,
  type Kind,
  type ListCheck,
  MATRIZ_AUDIT_ACTOR,
  MATRIZ_JPEG,
  type Makers,
  type Place,
  passeSchedule,
  ROUTES,
  type RouteRow,
  type TargetName,
  UNIT_BOUND,
  UNIT_SCOPED,
  USER_OWNED,
} from "./permission-matrix.routes";

const system = setupTestSystem();

const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];
type Operation = { responses?: Record<string, unknown>; security?: unknown[] };
type Document = { paths: Record<string, Partial<Record<HttpMethod, Operation>>> };

const CALLERS = ["anon", "owner", "sindico", "porteiro", "operador", "morador"] as const;
/** On API-key routes: a key of tenant A with every scope, one without the route's scope, a revoked one. */
const KEY_CALLERS = ["key", "keyWithoutScope", "revokedKey"] as const;
/** On the kiosk's routes: a paired kiosk of tenant A, and a revoked one. */
const TOTEM_CALLERS = ["totem", "revokedTotem"] as const;
type CallerName = (typeof CALLERS)[number] | (typeof KEY_CALLERS)[number] | (typeof TOTEM_CALLERS)[number];
type Role = Exclude<(typeof CALLERS)[number], "anon">;

const TARGET_LABELS: Record<TargetName, string> = {
  none: "the collection",
  own: "own row",
  otherUnit: "another unit's row",
  otherMember: "another member's row",
  otherTenant: "another tenant's row",
};

const isPublic = (access: Access): access is { public: "success" | "reachable" } =>
  typeof access === "object" && "public" in access;

const isRole = (name: CallerName): name is Role =>
  name !== "anon" && !([...KEY_CALLERS, ...TOTEM_CALLERS] as readonly string[]).includes(name);

const isApiKey = (access: Access): access is { apiKey: ApiKeyScope } =>
  typeof access === "object" && "apiKey" in access;

const isTotem = (access: Access): access is { totem: true } => typeof access === "object" && "totem" in access;

// -------------------------------------------------------------------------------------------------
// Fixture: tenant A (C1 with U1 and U2, C2 with U3; owner, síndico, porteiro, morador of U1) and
// tenant B (its own condominium, unit, rows and owner). Built once; writes make fresh rows.

interface Fixture {
  operations: Map<string, Operation>;
  callers: Record<(typeof CALLERS)[number] | "key" | "revokedKey" | (typeof TOTEM_CALLERS)[number], Caller>;
  /** A key of tenant A with every scope but one. */
  keyWithout(scope: ApiKeyScope): Promise<Caller>;
  places: Record<"own" | "otherUnit" | "otherTenant", Place>;
  tenantA: string;
  tenantB: { organizationId: string; cookie: string };
  make: Makers;
}

let fx: Fixture;
/** The key every "key" case uses: the conversations it opened are its own (make.conversa). */
let matrixKey: { id: string; organizationId: string } | undefined;
/** The kiosk every "totem" case uses: the conversations it holds are its own (make.conversaTotem). */
let matrixTotem: { id: string; organizationId: string } | undefined;

beforeAll(async () => {
  fx = await buildFixture();
});

async function buildFixture(): Promise<Fixture> {
  const sys = system();
  const db = sys.handle.db;
  // Imported once the app is built: its shared zod schemas need @hono/zod-openapi loaded first.
  const { newInvitationToken } = await import("@/server/modules/equipe/equipe.service");
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

  const doc = (await client(sys).get("/api/openapi.json")).body as Document;
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op) operations.set(`${method.toUpperCase()} /api${path}`, op);
    }
  }

  // Every fixture row is named "Matriz …" (lists filter on it); fresh rows for writes are "Caso …".
  const owner = await createTenantWithMember(sys, { role: "owner", name: "Administradora Matriz A" });
  const orgA = owner.org.id;
  const c1 = await createCondominioWithUnidade(sys, orgA, { nome: "Matriz Um", codigo: "101", torre: "Torre Matriz" });
  const u2 = await addUnidade(sys, orgA, c1.condominio.id, "102", "Torre Matriz");
  const c2 = await createCondominioWithUnidade(sys, orgA, {
    nome: "Matriz Dois",
    codigo: "201",
    torre: "Torre Matriz",
  });
  const sindico = await addSignedInMember(sys, orgA, "sindico");
  const porteiro = await addSignedInMember(sys, orgA, "porteiro");
  const operador = await addSignedInMember(sys, orgA, "operador");
  const morador = await addSignedInMorador(sys, orgA, c1.unidade, { nome: "Morador da 101" });

  const b = await createTenantWithMember(sys, { role: "owner", name: "Administradora Matriz B" });
  const orgB = b.org.id;
  const cb = await createCondominioWithUnidade(sys, orgB, { nome: "Matriz B", codigo: "101", torre: "Torre Matriz" });

  const memberId = async (organizationId: string, userId: string) => {
    const [row] = await db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)));
    return row!.id;
  };

  /**
   * A pass of the unit, valid now (passeSchedule). Its random PIN may be one a live pass of the
   * condominium already has (the API's passes draw theirs too): the unique index says so, draw again.
   */
  async function insertPasse(organizationId: string, unidade: Place["unidade"], nome: string, status: PasseStatus) {
    const s = passeSchedule();
    for (let attempt = 1; ; attempt++) {
      const pin = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
      try {
        const [row] = await db
          .insert(passes)
          .values({
            organizationId,
            condominioId: unidade.condominioId,
            unidadeId: unidade.id,
            tipo: "prestador",
            nome,
            modalidade: s.modalidade,
            dataInicio: s.data_inicio,
            dataFim: s.data_fim,
            diasSemana: s.dias_semana,
            horaInicio: s.hora_inicio,
            horaFim: s.hora_fim,
            status,
            pin,
            busca: buildSearchText([nome, unidade.codigo]),
          })
          .returning({ id: passes.id, pin: passes.pin });
        return row!;
      } catch (error) {
        if (attempt < 8 && isUniqueViolation(error, "passes_condominio_pin_uq")) continue;
        throw error;
      }
    }
  }

  /**
   * A package of the unit in its own batch, with a pickup code no other batch of the matrix holds (the
   * counter makes it unique, so a code never names another place's package).
   */
  let codes = 0;
  async function insertEncomenda(
    organizationId: string,
    unidade: Place["unidade"],
    rastreio: string,
    status: "aguardando" | "a_confirmar",
  ) {
    const codigo = String(100_000 + ++codes);
    const [lote] = await db
      .insert(encomendaLotes)
      .values({ organizationId, condominioId: unidade.condominioId, unidadeId: unidade.id, codigoRetirada: codigo })
      .returning({ id: encomendaLotes.id });
    const [row] = await db
      .insert(encomendas)
      .values({
        organizationId,
        loteId: lote!.id,
        condominioId: unidade.condominioId,
        unidadeId: unidade.id,
        transportadora: "correios",
        rastreio,
        status,
        busca: buildSearchText([rastreio, unidade.codigo]),
      })
      .returning({ id: encomendas.id });
    return { id: row!.id, codigo };
  }

  /**
   * A common area open all day every day, booked by the day, with no notice, approval or cancellation
   * deadline, so every case's booking passes the rules and only who asks decides the answer.
   */
  async function insertArea(organizationId: string, condominioId: string, nome: string) {
    const [row] = await db
      .insert(areasComuns)
      .values({
        organizationId,
        condominioId,
        nome,
        horarios: Array.from({ length: 7 }, () => ({ abre: "00:00", fecha: "24:00" })),
        modo: "dia",
        antecedenciaMinimaHoras: 0,
        antecedenciaMaximaDias: 730,
        cancelamentoHoras: 0,
        requerAprovacao: false,
      })
      .returning({ id: areasComuns.id, condominioId: areasComuns.condominioId });
    return row!;
  }

  /** A booking of the unit in a new area, 20:00 to 23:00 (UTC) `daysAhead` days from now. */
  async function insertReserva(
    organizationId: string,
    unidade: Place["unidade"],
    area: string,
    status: "pendente" | "confirmada",
    daysAhead: number,
  ) {
    const { id: areaId } = await insertArea(organizationId, unidade.condominioId, area);
    const day = new Date(Date.now() + daysAhead * 86_400_000);
    const inicio = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 20));
    const fim = new Date(inicio.getTime() + 3 * 3_600_000);
    const [row] = await db
      .insert(reservas)
      .values({
        organizationId,
        condominioId: unidade.condominioId,
        areaId,
        unidadeId: unidade.id,
        inicio,
        fim,
        bloqueioFim: fim,
        data: inicio.toISOString().slice(0, 10),
        status,
        regrasAceitasEm: new Date(),
      })
      .returning({ id: reservas.id });
    return row!;
  }

  /** A visit to the unit, let in by `pessoaId` (a resident of it), still inside. */
  async function insertAcesso(organizationId: string, unidade: Place["unidade"], nome: string, pessoaId: string) {
    const [row] = await db
      .insert(acessos)
      .values({
        organizationId,
        condominioId: unidade.condominioId,
        unidadeId: unidade.id,
        nome,
        tipo: "visitante",
        origem: "morador",
        autorizadoPorPessoaId: pessoaId,
        autorizadoPorNome: "Matriz Morador",
        entradaPorNome: "Matriz Porteiro",
        busca: buildSearchText([nome, unidade.codigo]),
      })
      .returning({ id: acessos.id });
    return row!;
  }

  const make: Makers = {
    unique,
    async solicitacao(place, criadoPor = null, portaoId) {
      const [row] = await db
        .insert(solicitacoesAcesso)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          unidadeId: place.unidade.id,
          nomeVisitante: "Caso Visitante",
          criadoPorUserId: criadoPor,
          portaoId: portaoId ?? null,
          busca: buildSearchText(["Caso Visitante", place.unidade.codigo]),
        })
        .returning({ id: solicitacoesAcesso.id });
      return row!;
    },
    async pessoa(place) {
      const [row] = await db
        .insert(pessoas)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          nome: "Caso Pessoa",
          busca: buildSearchText(["Caso Pessoa"]),
        })
        .returning({ id: pessoas.id, condominioId: pessoas.condominioId });
      return row!;
    },
    async pessoaComFoto(place) {
      const pessoa = await make.pessoa(place);
      const fotoId = randomUUID();
      const blob = await system().store.put(MATRIZ_JPEG, { namespace: fotoId, contentType: "image/jpeg" });
      await db.insert(fotos).values({
        id: fotoId,
        organizationId: place.organizationId,
        condominioId: pessoa.condominioId,
        pessoaId: pessoa.id,
        origem: "porteiro",
        chave: blob.key,
        chaveMiniatura: blob.key,
      });
      return pessoa;
    },
    async morador(place) {
      const pessoa = await make.pessoa(place);
      await db.insert(unidadeMoradores).values({
        organizationId: place.organizationId,
        condominioId: place.unidade.condominioId,
        unidadeId: place.unidade.id,
        pessoaId: pessoa.id,
      });
      return { unidadeId: place.unidade.id, pessoaId: pessoa.id };
    },
    async membro(place) {
      // A user row is enough for a membership; no password hashing, so fresh members are cheap.
      const id = randomUUID();
      await db.insert(user).values({ id, name: "Caso Membro", email: `membro-${unique()}@teste.guarita.app` });
      await addMember(db, { organizationId: place.organizationId, userId: id, role: "porteiro" });
      return { id: await memberId(place.organizationId, id) };
    },
    async convite(place) {
      const { token, hash } = newInvitationToken();
      const [row] = await db
        .insert(convites)
        .values({
          organizationId: place.organizationId,
          email: `convidado-${unique()}@teste.guarita.app`,
          papel: "porteiro",
          tokenHash: hash,
          expiraEm: new Date(Date.now() + 7 * 24 * 3600_000),
        })
        .returning({ id: convites.id });
      return { id: row!.id, token };
    },
    async sessao(place, owner) {
      // A session row as a sign-in writes it, without hashing a password for every case.
      let userId = owner?.userId;
      if (!userId) {
        userId = randomUUID();
        await db
          .insert(user)
          .values({ id: userId, name: "Caso Sessão", email: `sessao-${unique()}@teste.guarita.app` });
        await addMember(db, { organizationId: place.organizationId, userId, role: "porteiro" });
      }
      const [row] = await db
        .insert(session)
        .values({
          id: randomUUID(),
          token: randomUUID(),
          userId,
          expiresAt: new Date(Date.now() + 24 * 3600_000),
          activeOrganizationId: place.organizationId,
        })
        .returning({ id: session.id });
      return row!;
    },
    async chave(place) {
      return (await apiKey(place.organizationId, [...API_KEY_SCOPES])).row;
    },
    async chamadaAtendida(place) {
      const solicitacao = await make.solicitacao(place);
      const [row] = await db
        .insert(chamadas)
        .values({
          organizationId: place.organizationId,
          solicitacaoId: solicitacao.id,
          pessoaId: place.pessoa.id,
          status: "atendida",
          ramalDiscado: "3101",
          provedor: "Asterisk",
        })
        .returning({ id: chamadas.id });
      return row!;
    },
    async passe(place, status = "ativo") {
      return insertPasse(place.organizationId, place.unidade, "Caso Passe", status);
    },
    async acesso(place) {
      return insertAcesso(place.organizationId, place.unidade, "Caso Acesso", place.pessoa.id);
    },
    async conversa(place) {
      const [row] = await db
        .insert(atendenteConversas)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          canal: "api",
          estado: initialState(),
          criadoPorApiKeyId: place.organizationId === matrixKey?.organizationId ? matrixKey.id : null,
        })
        .returning({ id: atendenteConversas.id });
      return row!;
    },
    async atendimento(place) {
      const [row] = await db
        .insert(atendenteConversas)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          canal: "api",
          estado: initialState(),
        })
        .returning({ id: atendenteConversas.id });
      return row!;
    },
    async centralItem(place, holder) {
      const [row] = await db
        .insert(centralItens)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          tipo: "pin_bloqueado",
          origem: `pin:${randomUUID()}`,
          ...(holder ? { status: "assumido", assumidoPorUserId: holder, assumidoEm: new Date() } : {}),
        })
        .returning({ id: centralItens.id });
      return row!;
    },
    async totem(place) {
      return (await insertTotem(place)).row;
    },
    async encomenda(place, status = "aguardando") {
      return insertEncomenda(place.organizationId, place.unidade, "Caso Encomenda", status);
    },
    async autorizado(place) {
      const [row] = await db
        .insert(encomendaAutorizados)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          unidadeId: place.unidade.id,
          nome: "Caso Autorizado",
        })
        .returning({ id: encomendaAutorizados.id });
      return row!;
    },
    async area(place, where = "condominio") {
      const condominioId = where === "unidade" ? place.unidade.condominioId : place.condominio.id;
      return insertArea(place.organizationId, condominioId, `Caso Área ${unique()}`);
    },
    async reserva(place, status = "confirmada") {
      return insertReserva(place.organizationId, place.unidade, `Caso Área ${unique()}`, status, 3);
    },
    async calendarioFeed(place, owner) {
      const [row] = await db
        .insert(calendarioFeeds)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          unidadeId: place.unidade.id,
          tokenHash: createHash("sha256").update(`caso-${unique()}`).digest("hex"),
          criadoPorUserId: owner?.userId ?? null,
        })
        .returning({ id: calendarioFeeds.id });
      return row!;
    },
    async conversaTotem(place) {
      const [row] = await db
        .insert(atendenteConversas)
        .values({
          organizationId: place.organizationId,
          condominioId: place.unidade.condominioId,
          canal: "totem",
          estado: initialState(),
          totemId: place.organizationId === matrixTotem?.organizationId ? matrixTotem.id : null,
        })
        .returning({ id: atendenteConversas.id });
      return row!;
    },
    async acessoSaido(place) {
      const row = await insertAcesso(place.organizationId, place.unidade, "Caso Acesso", place.pessoa.id);
      await db
        .update(acessos)
        .set({ saidaEm: sql`now()`, saidaPorNome: "Matriz Porteiro" })
        .where(eq(acessos.id, row.id));
      return row;
    },
    async pedidoTitular(place) {
      const now = new Date();
      const nome = place.solicitacao.nome;
      const [row] = await db
        .insert(titularPedidos)
        .values({
          organizationId: place.organizationId,
          tipo: "exportacao",
          titularNome: nome,
          criadoPorNome: "Matriz Síndico",
          recebidoEm: now,
          prazoEm: new Date(now.getTime() + 15 * 24 * 3600_000),
          concluidoEm: now,
          // As the service writes an export's result: the counts, and the ids the archive is built from.
          resultado: {
            contagens: { pessoas: 1, solicitacoes: 1, chamadas: 1, passes: 1, acessos: 1 },
            ids: {
              pessoas: [place.pessoa.id],
              solicitacoes: [place.solicitacao.id],
              passes: [place.passe.id],
              acessos: [place.acesso.id],
            },
          },
        })
        .returning({ id: titularPedidos.id });
      return row!;
    },
    async webhook(place) {
      const [hook] = await db
        .insert(webhookAssinaturas)
        .values({
          organizationId: place.organizationId,
          url: "https://portao.example.com/guarita",
          eventos: ["portao.abrir"],
          segredo: "whsec_caso",
        })
        .returning({ id: webhookAssinaturas.id });
      const [entrega] = await db
        .insert(webhookEntregas)
        .values({
          organizationId: place.organizationId,
          assinaturaId: hook!.id,
          eventoId: 1,
          tipo: "portao.abrir",
          solicitacaoId: place.solicitacao.id,
          corpo: "{}",
          status: "falhou",
          tentarAte: new Date(),
        })
        .returning({ id: webhookEntregas.id });
      return { id: hook!.id, entregaId: entrega!.id };
    },
    async cancelamentoAgendado(place) {
      await db
        .update(assinaturas)
        .set({ status: "ativa", falhaEm: null, cancelaEm: sql`${assinaturas.periodoFim}` })
        .where(eq(assinaturas.organizationId, place.organizationId));
    },
    async unverify(userId) {
      await db.update(user).set({ emailVerified: false }).where(eq(user.id, userId));
    },
    async user() {
      const { email, password } = await createUser(sys);
      return { email, password };
    },
  };

  /** A kiosk at the place's gate, paired: its credential as a caller. */
  async function insertTotem(place: Pick<Place, "organizationId" | "condominio" | "portao">, revoked = false) {
    const credencial = `gt_${randomUUID()}`;
    const [row] = await db
      .insert(totens)
      .values({
        organizationId: place.organizationId,
        condominioId: place.condominio.id,
        portaoId: place.portao.id,
        nome: `Caso Totem ${unique()}`,
        credencialHash: createHash("sha256").update(credencial).digest("hex"),
        pareadoEm: new Date(),
        revogadoEm: revoked ? new Date() : null,
      })
      .returning({ id: totens.id });
    const caller: Caller = { role: "totem", userId: null, cookie: `guarita_totem=${credencial}` };
    return { row: row!, caller };
  }

  async function apiKey(organizationId: string, escopos: ApiKeyScope[], revoked = false) {
    const { secret, prefix, hash } = newApiKeySecret();
    const [row] = await db
      .insert(apiKeys)
      .values({
        organizationId,
        nome: `Caso Chave ${unique()}`,
        prefixo: prefix,
        hash,
        escopos,
        revogadoEm: revoked ? new Date() : null,
      })
      .returning({ id: apiKeys.id });
    const caller: Caller = { role: "key", userId: null, authorization: `Bearer ${secret}` };
    return { row: row!, caller };
  }

  /**
   * The shared rows of a place: a resident of its unit, a request of it and a call of that request;
   * an active pass of the unit, one attempt at the gate with it and a visit to the unit, not left yet.
   */
  async function placeRows(organizationId: string, unidade: Place["unidade"], label: string) {
    const [pessoa] = await db
      .insert(pessoas)
      .values({
        organizationId,
        condominioId: unidade.condominioId,
        nome: `Matriz Pessoa ${label}`,
        busca: buildSearchText([`Matriz Pessoa ${label}`]),
      })
      .returning({ id: pessoas.id, condominioId: pessoas.condominioId });
    await db.insert(unidadeMoradores).values({
      organizationId,
      condominioId: unidade.condominioId,
      unidadeId: unidade.id,
      pessoaId: pessoa!.id,
    });
    const [solicitacao] = await db
      .insert(solicitacoesAcesso)
      .values({
        organizationId,
        condominioId: unidade.condominioId,
        unidadeId: unidade.id,
        nomeVisitante: `Matriz Visita ${label}`,
        busca: buildSearchText([`Matriz Visita ${label}`, unidade.codigo, unidade.torre]),
      })
      .returning({ id: solicitacoesAcesso.id, nome: solicitacoesAcesso.nomeVisitante });
    const [chamada] = await db
      .insert(chamadas)
      .values({
        organizationId,
        solicitacaoId: solicitacao!.id,
        pessoaId: pessoa!.id,
        status: "atendida",
        busca: buildSearchText([`Matriz Pessoa ${label}`, `Matriz Visita ${label}`]),
      })
      .returning({ id: chamadas.id });
    const [portao] = await db
      .insert(portoes)
      .values({ organizationId, condominioId: unidade.condominioId, nome: `Matriz Portão ${label}` })
      .returning({ id: portoes.id, nome: portoes.nome });
    const passe = await insertPasse(organizationId, unidade, `Matriz Passe ${label}`, "ativo");
    // A refusal that counts toward nothing (a wrong PIN would count toward the gate's limit).
    const [validacao] = await db
      .insert(passeValidacoes)
      .values({
        organizationId,
        condominioId: unidade.condominioId,
        passeId: passe.id,
        metodo: "pin",
        resultado: "antipassback",
        mensagem: `Passe de Matriz Passe ${label} acabou de ser usado.`,
        validadoPorNome: "Matriz Porteiro",
      })
      .returning({ id: passeValidacoes.id });
    const acessoNome = `Matriz Acesso ${label}`;
    const acesso = await insertAcesso(organizationId, unidade, acessoNome, pessoa!.id);
    const resumo = `Matriz Auditoria ${label}`;
    const [registro] = await db
      .insert(auditoria)
      .values({
        organizationId,
        atorTipo: "usuario",
        atorId: MATRIZ_AUDIT_ACTOR,
        atorNome: "Matriz Síndico",
        acao: "alterar",
        entidade: "pessoa",
        entidadeId: pessoa!.id,
        resumo,
      })
      .returning({ id: auditoria.id });
    // A photo of the request, with its blob in the store the photo route reads.
    const fotoId = randomUUID();
    const blob = await system().store.put(MATRIZ_JPEG, { namespace: fotoId, contentType: "image/jpeg" });
    await db.insert(fotos).values({
      id: fotoId,
      organizationId,
      condominioId: unidade.condominioId,
      solicitacaoId: solicitacao!.id,
      origem: "porteiro",
      chave: blob.key,
      chaveMiniatura: blob.key,
    });
    const encomenda = await insertEncomenda(organizationId, unidade, `Matriz Encomenda ${label}`, "aguardando");
    const reservaArea = `Matriz Área ${label}`;
    const reserva = await insertReserva(organizationId, unidade, reservaArea, "confirmada", 600);
    const rows = {
      reserva: { id: reserva.id, area: reservaArea },
      foto: { id: fotoId },
      encomenda: { id: encomenda.id, rastreio: `Matriz Encomenda ${label}` },
      pessoa: pessoa!,
      solicitacao: solicitacao!,
      chamada: chamada!,
      portao: portao!,
      passe,
      validacao: validacao!,
      acesso: { id: acesso.id, nome: acessoNome },
      auditoria: { id: registro!.id, resumo },
    };
    return { ...rows, pedidoTitular: await make.pedidoTitular({ organizationId, ...rows }) };
  }

  /**
   * A demo Personalizado subscription (no plan limit gets in any case's way) with one paid invoice:
   * what "Plano e faturamento" shows and its receipt is made from.
   */
  async function subscriptionWithInvoice(organizationId: string, label: string) {
    const assinatura = await darAssinatura(sys, organizationId, { plano: "personalizado", valorCentavos: 150_000 });
    const [fatura] = await db
      .insert(faturas)
      .values({
        assinaturaId: assinatura.id,
        invoiceRef: `demo_in_matriz_${unique()}`,
        status: "paga",
        descricao: `Matriz Fatura ${label}`,
        valorCentavos: 150_000,
        itens: [{ descricao: `Matriz Fatura ${label}`, valor_centavos: 150_000 }],
        periodoInicio: new Date(),
        periodoFim: new Date(Date.now() + 30 * 24 * 3600_000),
        pagaEm: new Date(),
      })
      .returning({ id: faturas.id });
    return fatura!;
  }

  const placeA = { organizationId: orgA } as Place;
  const own: Place = {
    organizationId: orgA,
    condominio: c1.condominio,
    unidade: c1.unidade,
    ...(await placeRows(orgA, c1.unidade, "A 101")),
    membro: { id: await memberId(orgA, porteiro.user.id) },
    convite: await make.convite(placeA),
    fatura: await subscriptionWithInvoice(orgA, "A"),
  };
  const otherUnit: Place = {
    organizationId: orgA,
    condominio: c2.condominio,
    unidade: u2,
    ...(await placeRows(orgA, u2, "A 102")),
  };
  const placeB = { organizationId: orgB } as Place;
  const otherTenant: Place = {
    organizationId: orgB,
    condominio: cb.condominio,
    unidade: cb.unidade,
    ...(await placeRows(orgB, cb.unidade, "B 101")),
    membro: await make.membro(placeB),
    convite: await make.convite(placeB),
    fatura: await subscriptionWithInvoice(orgB, "B"),
  };

  const caller = (role: Role, m: { user: { id: string }; cookie: string; email: string; password: string }) => ({
    role,
    userId: m.user.id,
    cookie: m.cookie,
    email: m.email,
    password: m.password,
  });
  return {
    operations,
    callers: {
      anon: { role: "anon", userId: null },
      owner: caller("owner", owner),
      sindico: caller("sindico", sindico),
      porteiro: caller("porteiro", porteiro),
      operador: caller("operador", operador),
      morador: caller("morador", morador),
      key: await (async () => {
        const { row, caller: keyCaller } = await apiKey(orgA, [...API_KEY_SCOPES]);
        matrixKey = { id: row.id, organizationId: orgA };
        return keyCaller;
      })(),
      revokedKey: (await apiKey(orgA, [...API_KEY_SCOPES], true)).caller,
      totem: await (async () => {
        const { row, caller: totemCaller } = await insertTotem(own);
        matrixTotem = { id: row.id, organizationId: orgA };
        return totemCaller;
      })(),
      revokedTotem: (await insertTotem(own, true)).caller,
    },
    keyWithout: async (scope) =>
      (
        await apiKey(
          orgA,
          API_KEY_SCOPES.filter((s) => s !== scope),
        )
      ).caller,
    places: { own, otherUnit, otherTenant },
    tenantA: orgA,
    tenantB: { organizationId: orgB, cookie: b.cookie },
    make,
  };
}

/** A member of tenant A signed in just for one case (its session or password is about to change). */
async function freshCaller(role: Role): Promise<Caller> {
  const m =
    role === "morador"
      ? await addSignedInMorador(system(), fx.tenantA, fx.places.own.unidade)
      : await addSignedInMember(system(), fx.tenantA, role);
  return { role, userId: m.user.id, cookie: m.cookie, email: m.email, password: m.password };
}

// -------------------------------------------------------------------------------------------------
// Expectations

/** The one 2xx the document declares for the route: the matrix never hard-codes success codes. */
function successStatus(key: string, op: Operation): number {
  const declared = Object.keys(op.responses ?? {});
  const ok = declared.filter((c) => /^2\d\d$/.test(c));
  // A link that only redirects (the reset link) succeeds with its one 3xx.
  const codes = ok.length > 0 ? ok : declared.filter((c) => /^3\d\d$/.test(c));
  if (codes.length !== 1) throw new Error(`${key}: the document declares ${codes.length} success statuses`);
  return Number(codes[0]);
}

function targetsOf(row: RouteRow): TargetName[] {
  if (!row.target) return ["none"];
  if (UNIT_BOUND.has(row.target)) return ["own", "otherUnit", "otherTenant"];
  if (USER_OWNED.has(row.target)) return ["own", "otherMember", "otherTenant"];
  return ["own", "otherTenant"];
}

function callersOf(row: RouteRow): readonly CallerName[] {
  if (isPublic(row.access)) return ["anon"];
  if (isTotem(row.access)) return [...CALLERS, "key", ...TOTEM_CALLERS];
  return isApiKey(row.access) ? [...CALLERS, ...KEY_CALLERS] : CALLERS;
}

type Expected = number | "reachable";

/** The rules of decision 015, in the order the server applies them. */
function expectedStatus(row: RouteRow, success: number, caller: CallerName, target: TargetName): Expected {
  if (isPublic(row.access)) return row.access.public === "success" ? success : "reachable";
  if (isTotem(row.access)) {
    // Only a live kiosk's credential; it reaches its own conversations and nothing of another tenant.
    if (caller !== "totem") return 401;
    return target === "otherTenant" ? 404 : success;
  }
  if (caller === "totem" || caller === "revokedTotem") return 401;
  if (isApiKey(row.access)) {
    // A session cookie is not a key; a key acts on its whole tenant and nothing else.
    if (caller !== "key" && caller !== "keyWithoutScope") return 401;
    if (caller === "keyWithoutScope") return 403;
    return target === "otherTenant" ? 404 : success;
  }
  if (caller === "anon") return 401;
  if (caller === "key" || caller === "keyWithoutScope" || caller === "revokedKey") return 401;
  if (row.access !== "session" && row.access !== "member" && !can(caller, row.access)) return 403;
  // Outside a demonstration the demonstration's routes refuse before looking at any row.
  if (row.demoOnly) return 403;
  if (target === "otherTenant" || target === "otherMember") return 404;
  if (target === "otherUnit" && !sees(caller, row.target!)) return 404;
  return success;
}

/** Whether a member of this role reaches another unit's rows of this kind (staff: the whole tenant). */
function sees(role: Role, kind: Kind): boolean {
  return TENANT_WIDE_ROLES.includes(role) || !UNIT_SCOPED.has(kind);
}

const meets = (status: number, want: Expected) =>
  want === "reachable" ? status !== 401 && status !== 403 && status < 500 : status === want;

function placeId(place: Place, kind: Kind): string | undefined {
  switch (kind) {
    case "solicitacao":
      return place.solicitacao.id;
    case "chamada":
      return place.chamada.id;
    case "unidade":
      return place.unidade.id;
    case "condominio":
      return place.condominio.id;
    case "portao":
      return place.portao.id;
    case "pessoa":
      return place.pessoa.id;
    case "membro":
      return place.membro?.id;
    case "convite":
      return place.convite?.id;
    case "passe":
      return place.passe.id;
    case "validacao":
      return place.validacao.id;
    case "acesso":
      return place.acesso.id;
    case "auditoria":
      return place.auditoria.id;
    case "pedido_titular":
      return place.pedidoTitular.id;
    case "foto":
      return place.foto.id;
    case "encomenda":
      return place.encomenda.id;
    case "encomenda_autorizado":
      return undefined;
    case "reserva":
      return place.reserva.id;
    case "area":
    case "calendario_feed":
      return undefined;
    case "conversa":
    case "atendimento":
    case "totem":
    case "conversaTotem":
      return undefined;
    case "sessao":
    case "chave":
    case "webhook":
      return undefined;
    case "fatura":
      return place.fatura?.id;
  }
}

/** What a list shows this caller: own rows yes, another unit's as the scope says, another tenant's never. */
function listFailures(what: string, role: Role, checks: ListCheck[], body: unknown): string[] {
  const failures: string[] = [];
  for (const check of checks) {
    const got = new Set(check.ids(body));
    if (check.permission && !can(role, check.permission)) {
      if (got.size > 0) failures.push(`${what}: lists ${check.kind} rows without ${check.permission}`);
      continue;
    }
    const wanted: ["own" | "otherUnit" | "otherTenant", boolean][] = [
      ["own", true],
      ["otherUnit", sees(role, check.kind)],
      ["otherTenant", false],
    ];
    for (const [target, visible] of wanted) {
      const place = fx.places[target];
      const id = check.key ? check.key(place) : placeId(place, check.kind);
      if (id === undefined || got.has(id) === visible) continue;
      failures.push(
        `${what}: the ${check.kind} of ${TARGET_LABELS[target]} is ${visible ? "missing from" : "leaked into"} the list`,
      );
    }
  }
  return failures;
}

/**
 * A digest of every row a request could change on purpose (business tables, memberships, accounts,
 * which sessions exist, which events, e-mails and audit records were written, data subjects'
 * requests). A refused write must leave it as it was: a 404 or 403 answered after the change was
 * made (a check after the write, or a tenant filter on the read-back only) is still a leak. Counters the app keeps for limits, and columns the
 * background jobs update (e-mail delivery state), are left out.
 */
async function dataDigest(): Promise<string> {
  const result = await system().handle.db.execute<{ digest: string }>(sql`
    select md5(coalesce(string_agg(r, '|' order by r), '')) as digest from (
      select 'o' || to_jsonb(t)::text as r from organization t
      union all select 'm' || to_jsonb(t)::text from member t
      union all select 'u' || to_jsonb(t)::text from "user" t
      union all select 'a' || to_jsonb(t)::text from account t
      union all select 's' || t.id || t.user_id from session t
      union all select 'c' || to_jsonb(t)::text from condominios t
      union all select 'n' || to_jsonb(t)::text from unidades t
      union all select 'p' || to_jsonb(t)::text from pessoas t
      union all select 'l' || to_jsonb(t)::text from unidade_moradores t
      union all select 'r' || to_jsonb(t)::text from solicitacoes_acesso t
      union all select 'h' || to_jsonb(t)::text from chamadas t
      union all select 'v' || to_jsonb(t)::text from convites t
      union all select 'e' || t.id::text from eventos t
      union all select 'x' || t.id::text from mail_outbox t
      union all select 'k' || t.id::text || coalesce(t.revogado_em::text, '') from api_keys t
      union all select 'q' || to_jsonb(t)::text from passes t
      union all select 'g' || to_jsonb(t)::text from passe_validacoes t
      union all select 'y' || to_jsonb(t)::text from acessos t
      union all select 'w' || t.id::text from auditoria t
      union all select 't' || to_jsonb(t)::text from titular_pedidos t
      union all select 'z' || to_jsonb(t)::text from atendente_conversas t
      union all select 'b' || (to_jsonb(t) - 'ultimo_contato_em')::text from totens t
      union all select 'ac' || to_jsonb(t)::text from areas_comuns t
      union all select 'rs' || to_jsonb(t)::text from reservas t
      union all select 'rc' || to_jsonb(t)::text from reserva_convidados t
      union all select 'cf' || (to_jsonb(t) - 'ultimo_acesso_em')::text from calendario_feeds t
      union all select 'as' || to_jsonb(t)::text from assinaturas t
      union all select 'ft' || to_jsonb(t)::text from faturas t
    ) q`);
  const rows =
    (result as unknown as { rows?: { digest: string }[] }).rows ?? (result as unknown as { digest: string }[]);
  return rows[0]!.digest;
}

// -------------------------------------------------------------------------------------------------
// One case: build the request for the target, send it as the caller, compare.

function urlOf(key: string, req: BuiltRequest): string {
  const template = key.slice(key.indexOf(" ") + 1);
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`${key}: the row's request gives no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(Object.entries(req.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${path}?${query}` : path;
}

async function runCase(key: string, row: RouteRow, success: number, name: CallerName, target: TargetName) {
  const what = `${key} as ${name} on ${TARGET_LABELS[target]}`;
  const caller =
    name === "keyWithoutScope" && isApiKey(row.access)
      ? await fx.keyWithout(row.access.apiKey)
      : row.freshCaller && isRole(name)
        ? await freshCaller(name)
        : fx.callers[name as keyof Fixture["callers"]];
  // Another member's row lives in the caller's own tenant.
  const place = fx.places[target === "otherTenant" || target === "otherUnit" ? target : "own"];
  const req = (await row.request?.({ target, place, caller, make: fx.make })) ?? {};
  const want = expectedStatus(row, success, name, target);
  const mismatch = (status: number, body?: unknown) =>
    `${what}: expected ${want === "reachable" ? "no 401/403/5xx" : want}, got ${status}` +
    (body === undefined ? "" : ` ${JSON.stringify(body).slice(0, 160)}`);

  if (row.stream) {
    const stream = await openEventStream(system(), caller.cookie, { path: urlOf(key, req) });
    await stream.messages?.close();
    return meets(stream.response.status, want) ? [] : [mismatch(stream.response.status)];
  }

  const method = key.slice(0, key.indexOf(" ")).toLowerCase() as HttpMethod;
  const refusedWrite = method !== "get" && typeof want === "number" && want >= 400;
  // A photo accepted by an earlier case is rendered in the background and records an event
  // (docs/decisions/040): settled first, so only this request can change the digest.
  if (refusedWrite) await system().fotoRenderer.settled();
  const before = refusedWrite ? await dataDigest() : null;
  const api = client(system(), {
    cookie: caller.cookie,
    ip: uniqueIp(),
    headers: caller.authorization ? { authorization: caller.authorization } : undefined,
  });
  const res: CallResult = await api[method](
    urlOf(key, req),
    method === "get"
      ? {}
      : req.form
        ? { form: req.form }
        : req.bytes
          ? { bytes: req.bytes.data, headers: { "content-type": req.bytes.contentType } }
          : req.body === undefined
            ? {}
            : { json: req.body },
  );
  if (!meets(res.status, want)) return [mismatch(res.status, res.body)];
  if (row.download && res.status < 300) {
    const type = res.headers.get("content-type") ?? "";
    if (!type.startsWith(row.download.contentType))
      return [`${what}: a download of ${type}, not ${row.download.contentType}`];
    const { signature } = row.download;
    if (signature && !(typeof res.body === "string" && res.body.startsWith(signature)))
      return [`${what}: the download does not start with the ${row.download.contentType} signature`];
  }
  if (before !== null && (await dataDigest()) !== before) return [`${what}: answered ${res.status} but changed data`];
  if (row.lists && isRole(name) && res.status < 300) return listFailures(what, name, row.lists, res.body);
  return [];
}

// -------------------------------------------------------------------------------------------------

describe("permission matrix", () => {
  it("has a row for every route of the OpenAPI document, and none for a route it does not document", () => {
    const documented = [...fx.operations.keys()];
    const missing = documented.filter((k) => !(k in ROUTES));
    const undocumented = Object.keys(ROUTES).filter((k) => !fx.operations.has(k));
    // Guarita's own routes say in the document whether they need the session cookie; the table must agree.
    const securityMismatch = Object.entries(ROUTES)
      .filter(([k]) => fx.operations.has(k) && !k.startsWith("GET /api/auth/") && !k.startsWith("POST /api/auth/"))
      .filter(([k, row]) => isPublic(row.access) === (fx.operations.get(k)!.security?.length ?? 0) > 0)
      .map(
        ([k, row]) => `${k}: the table says ${isPublic(row.access) ? "public" : "signed in"}, the document disagrees`,
      );
    expect({ missing, undocumented, securityMismatch }).toEqual({
      missing: [],
      undocumented: [],
      securityMismatch: [],
    });
  });

  it("checks roles against decision 015's table (loosening permissions.ts must fail here too)", () => {
    const everyone = ["owner", "sindico", "porteiro", "operador", "morador"];
    const staff = ["owner", "sindico", "porteiro", "operador"];
    const admins = ["owner", "sindico"];
    expect(PERMISSIONS).toEqual({
      "unidades:ler": everyone,
      "pessoas:ler": staff,
      "cadastros:editar": admins,
      "solicitacoes:ler": everyone,
      "solicitacoes:criar": everyone,
      // A morador decides their units' requests "pelo aplicativo" (the data scope keeps them there).
      "solicitacoes:decidir": everyone,
      "chamadas:ler": everyone,
      "passes:ler": everyone,
      "passes:gerenciar": everyone,
      "portaria:operar": staff,
      "atendimentos:operar": staff,
      "totens:gerenciar": admins,
      "acessos:ler": everyone,
      "auditoria:ler": admins,
      "lgpd:gerenciar": admins,
      "equipe:gerenciar": admins,
      "organizacao:editar": admins,
      "integracoes:gerenciar": admins,
      "central:operar": staff,
      "central:supervisionar": admins,
      "relatorios:ler": admins,
      // A morador reads their units' packages and names who may collect them; staff receive and hand over.
      "encomendas:ler": everyone,
      "encomendas:autorizar": everyone,
      "encomendas:operar": staff,
      // Everyone reads the areas' calendars and books (a morador for their units); admins set areas up and decide.
      "reservas:ler": everyone,
      "reservas:criar": everyone,
      "reservas:aprovar": admins,
      "areas:gerenciar": admins,
      // The síndico reads the plan, its usage and the invoices; only the owner changes or cancels it.
      "faturamento:ler": admins,
      "faturamento:gerenciar": ["owner"],
    });
    expect(TENANT_WIDE_ROLES).toEqual(staff);
  });

  for (const [key, row] of Object.entries(ROUTES)) {
    it(key, async () => {
      const op = fx.operations.get(key);
      if (!op) throw new Error(`${key} is in the matrix but not in the OpenAPI document`);
      const success = successStatus(key, op);
      const failures: string[] = [];
      for (const caller of callersOf(row)) {
        for (const target of targetsOf(row)) failures.push(...(await runCase(key, row, success, caller, target)));
      }
      expect(failures).toEqual([]);
    });
  }

  it("GET /api/events: a morador's stream carries U1's events and not U2's; staff get both; tenant B none of A's", async () => {
    const sys = system();
    const open = async (cookie: string | undefined) => {
      const stream = await openEventStream(sys, cookie);
      expect(stream.response.status).toBe(200);
      await stream.messages!.next((m) => m.event === "ready");
      return stream.messages!;
    };
    const morador = await open(fx.callers.morador.cookie);
    const porteiro = await open(fx.callers.porteiro.cookie);
    const tenantB = await open(fx.tenantB.cookie);
    try {
      const create = async (cookie: string | undefined, place: Place) => {
        const res = await client(sys, { cookie }).post("/api/solicitacoes", {
          json: {
            condominio_id: place.unidade.condominioId,
            unidade_id: place.unidade.id,
            tipo: "visitante",
            nome_visitante: "Caso Tempo Real",
          },
        });
        expect(res.status).toBe(201);
        return res.body.id as string;
      };
      // Another unit's first: were it leaked, it would reach the morador before their own.
      const ofU2 = await create(fx.callers.porteiro.cookie, fx.places.otherUnit);
      const ofU1 = await create(fx.callers.porteiro.cookie, fx.places.own);
      const ofB = await create(fx.tenantB.cookie, fx.places.otherTenant);
      const idOf = (m: { data?: string } | null) => (m?.data ? (JSON.parse(m.data).solicitacao_id as string) : null);

      expect(idOf(await morador.next(isDomainEvent)), "the morador's first event").toBe(ofU1);
      expect(idOf(await porteiro.next(isDomainEvent)), "the porteiro's first event").toBe(ofU2);
      expect(idOf(await porteiro.next(isDomainEvent)), "the porteiro's second event").toBe(ofU1);
      expect(idOf(await tenantB.next(isDomainEvent)), "tenant B's first event").toBe(ofB);
      // Nothing else arrives: neither U2's for the morador nor tenant B's for tenant A.
      const late = await Promise.all([morador, porteiro, tenantB].map((s) => s.next(isDomainEvent, 300)));
      expect(late.map(idOf)).toEqual([null, null, null]);
    } finally {
      await Promise.all([morador.close(), porteiro.close(), tenantB.close()]);
    }
  });
});
