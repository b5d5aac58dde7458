/**
 * createApp(): middleware, auth, module routers and the web app, wired once. Everything the app
 * needs comes in through `AppDeps`, so tests build the same app on an in-memory database.
 */

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { Logger } from "pino";
import { COMPANY } from "../shared/company";
import type { Auth } from "./auth/auth";
import { createAuthRoutes } from "./auth/auth.routes";
import { exposedAuthPaths } from "./auth/auth-endpoints";
import type { LoginThrottle } from "./auth/login-throttle";
import type { SessionResolver } from "./auth/session-resolver";
import { requireTenant } from "./auth/tenant.middleware";
import type { DatabaseHandle } from "./db/client";
import { clientIpMiddleware, type TrustProxy } from "./http/client-ip";
import type { AppEnv } from "./http/context";
import { AppError, errorBody, handleError } from "./http/errors";
import { isFotoUploadPath } from "./http/image-upload";
import { requestLogger } from "./http/logger";
import { docsRoutes } from "./http/openapi";
import { type OriginPolicy, originGuard } from "./http/origin-policy";
import { apiRouter } from "./http/routes";
import { type CspExtra, STRIPE_CSP, securityHeaders } from "./http/security";
import { rejectUnstorableText } from "./http/text-guard";
import { createWebApp } from "./http/web";
import { acessosRoutes } from "./modules/acessos/acessos.routes";
import { areasRoutes } from "./modules/areas/areas.routes";
import { atendimentosRoutes } from "./modules/atendente/atendimentos.routes";
import { auditoriaRoutes, recordViewsOf } from "./modules/auditoria/auditoria.routes";
import { buscaRoutes } from "./modules/busca/busca.routes";
import { cadastroRoutes } from "./modules/cadastro/cadastro.routes";
import { calendarioFeedRoutes, calendariosRoutes } from "./modules/calendario/calendario.routes";
import { centralRoutes } from "./modules/central/central.routes";
import { chamadasRoutes } from "./modules/chamadas/chamadas.routes";
import { checkoutRoutes } from "./modules/checkout/checkout.routes";
import { stripeWebhookRoutes } from "./modules/checkout/stripe-webhook.routes";
import { condominiosRoutes } from "./modules/condominios/condominios.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { encomendasRoutes } from "./modules/encomendas/encomendas.routes";
import { convitesRoutes } from "./modules/equipe/convites.routes";
import { equipeRoutes } from "./modules/equipe/equipe.routes";
import { faturamentoRoutes } from "./modules/faturamento/faturamento.routes";
import { somenteLeituraGuard } from "./modules/faturamento/somente-leitura.service";
import type { FotoRenderer } from "./modules/fotos/foto-render.service";
import {
  fotosAreaRoutes,
  fotosEncomendaRoutes,
  fotosPasseRoutes,
  fotosPessoaRoutes,
  fotosRoutes,
  fotosSolicitacaoRoutes,
} from "./modules/fotos/fotos.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { importacaoRoutes } from "./modules/importacao/importacao.routes";
import { integracoesRoutes } from "./modules/integracoes/integracoes.routes";
import { webhooksRoutes } from "./modules/integracoes/webhooks.routes";
import { meRoutes } from "./modules/me/me.routes";
import { organizacaoRoutes } from "./modules/organizacao/organizacao.routes";
import { passPageRoutes } from "./modules/passes/pass-page.routes";
import { passesRoutes } from "./modules/passes/passes.routes";
import { perfilRoutes } from "./modules/perfil/perfil.routes";
import { pessoasRoutes } from "./modules/pessoas/pessoas.routes";
import { portariaRoutes } from "./modules/portaria/portaria.routes";
import { portoesRoutes } from "./modules/portoes/portoes.routes";
import { relatoriosRoutes } from "./modules/relatorios/relatorios.routes";
import { disponibilidadeRoutes, reservasRoutes } from "./modules/reservas/reservas.routes";
import { solicitacoesRoutes } from "./modules/solicitacoes/solicitacoes.routes";
import { ligacaoDemoRoutes, simulacoesRoutes } from "./modules/telefonia/simulacoes.routes";
import { twilioWebhookRoutes } from "./modules/telefonia/telefonia.routes";
import { titularesRoutes } from "./modules/titulares/titulares.routes";
import { totemDeviceRoutes } from "./modules/totens/totem-device.routes";
import { totensRoutes } from "./modules/totens/totens.routes";
import { unidadesRoutes } from "./modules/unidades/unidades.routes";
import { v1Routes } from "./modules/v1/v1.routes";
import type { NfseProvider } from "./nfse/nfse-provider";
import { type ReceiptsConfig, receiptsRoutes } from "./notifications/receipts.routes";
import type { Payments } from "./payments/payments";
import type { EventBus } from "./realtime/event-bus";
import { eventsRoutes } from "./realtime/events.routes";
import { residentLinkRoutes } from "./resident-link/resident-link.routes";
import type { BlobStore } from "./storage";
import { registerWebhookDocs } from "./webhooks/openapi-docs";

export interface AppDeps {
  handle: DatabaseHandle;
  auth: Auth;
  /** Who is calling: session, user and tenant in one lookup, remembered briefly (decision 027). */
  sessions: SessionResolver;
  throttle: LoginThrottle;
  logger: Logger;
  bus: EventBus;
  payments: Payments;
  /** Issues the NFS-e of paid invoices; null = not issued automatically (docs/decisions/045). */
  nfse: NfseProvider | null;
  /** Signs the checkout cookie (the auth secret). */
  secret: string;
  publicUrl: string;
  /** Origin of links in e-mails sent on a signed-in user's request (invitations). */
  linkBase: (request: Request) => string;
  originPolicy: OriginPolicy;
  trustProxy: TrustProxy;
  /** SSE heartbeat interval (default 20 s). */
  sseHeartbeatMs?: number;
  /** What verifies the providers' delivery receipts (WhatsApp, Twilio); omitted = no receipts. */
  receipts?: Omit<ReceiptsConfig, "publicUrl">;
  /** GUARITA_DEMO=true: every tenant is a demonstration (the console's simulations of the phone line). */
  demoForEveryTenant?: boolean;
  /** TWILIO_AUTH_TOKEN: verifies Twilio's requests to the phone line's webhooks; omitted = no phone line. */
  twilio?: { authToken: string };
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may point to loopback and private addresses. */
  webhooksAllowPrivate?: boolean;
  /** Directory of the built web client; omitted in API-only tests. */
  webClientDir?: string;
  /** Where photos are kept: files under DATA_DIR or an S3-compatible bucket (docs/decisions/038). */
  store: BlobStore;
  /** Makes an accepted upload's renditions in the background (docs/decisions/040). */
  fotoRenderer: Pick<FotoRenderer, "kick" | "receiving">;
}

/**
 * A router for the tenant-scoped API: every route under it requires a session and a tenant, and
 * staff's changes stop while the subscription is unpaid past its grace period (docs/decisions/045).
 */
export function tenantRouter(deps: Pick<AppDeps, "sessions" | "handle">) {
  const router = apiRouter();
  router.use("*", requireTenant(deps.sessions));
  router.use("*", somenteLeituraGuard(deps.handle.db));
  return router;
}

export function createApp(deps: AppDeps) {
  const { handle, auth, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(clientIpMiddleware(deps.trustProxy));
  app.use(requestLogger(logger));
  app.use(securityHeaders({ https: deps.publicUrl.startsWith("https://") }));
  // gzip for HTML, JS, CSS and JSON; event streams must stay unbuffered.
  // One instance, and only when the client can take gzip: the middleware reads the finished
  // response's headers, which turns @hono/node-server's light response into a full Response
  // object (about a sixth of /api/me's time when no client asked for compression).
  const gzip = compress();
  app.use(async (c, next) =>
    c.req.path === "/api/events" || c.req.path === "/api/totem/eventos" || !c.req.header("accept-encoding")
      ? next()
      : gzip(c, next),
  );
  app.onError(handleError);

  const limitBody = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new AppError(413, "PAYLOAD_TOO_LARGE", "Conteúdo grande demais (máximo de 1 MB).");
    },
  });
  // GET and HEAD carry no body. Asking for it (the middleware reads c.req.raw.body) would build
  // @hono/node-server's full Request object, with its AbortSignal, on every read (decision 028).
  // The spreadsheet import sets its own limit (2 MB and the multipart envelope: modules/importacao).
  // Photo uploads stream into the image pipeline, which stops at its own 10 MB (modules/fotos).
  const ownLimit = (path: string) =>
    path === "/api/importacoes" || path.startsWith("/api/importacoes/") || isFotoUploadPath(path);
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" || ownLimit(c.req.path) ? next() : limitBody(c, next),
  );
  app.use("/api/*", originGuard(deps.originPolicy));
  // NUL and lone surrogates in any query, path or JSON string: 400 before any route or database.
  app.use("/api/*", rejectUnstorableText());

  app.route("/api/auth", createAuthRoutes({ auth, throttle: deps.throttle, db: handle.db, sessions: deps.sessions }));

  const secureCookies = deps.publicUrl.startsWith("https://");
  const api = apiRouter();
  api.route("/", healthRoutes(handle));
  api.route(
    "/checkout",
    checkoutRoutes({
      db: handle.db,
      payments: deps.payments,
      secret: deps.secret,
      secureCookies,
      nfseAtiva: !!deps.nfse,
      publicUrl: deps.publicUrl,
    }),
  );
  api.route("/cadastro", cadastroRoutes({ db: handle.db, auth, secret: deps.secret, secureCookies }));
  api.route(
    "/webhooks",
    stripeWebhookRoutes(handle.db, deps.payments.webhook, { nfseAtiva: !!deps.nfse, publicUrl: deps.publicUrl }),
  );
  api.route(
    "/webhooks",
    receiptsRoutes(handle.db, { ...deps.receipts, publicUrl: deps.publicUrl, secret: deps.secret }),
  );
  api.route(
    "/webhooks/twilio",
    twilioWebhookRoutes(handle.db, {
      authToken: deps.twilio?.authToken,
      publicUrl: deps.publicUrl,
      secret: deps.secret,
    }),
  );
  api.route("/me", tenantRouter(deps).route("/", meRoutes(handle.db)));
  // Opening a person's or a request's detail is recorded (docs/product.md, "Auditoria"): who viewed personal data.
  api.use("/pessoas/:id", recordViewsOf(handle.db, "pessoa"));
  api.use("/solicitacoes/:id", recordViewsOf(handle.db, "solicitacao"));
  // The demonstration's phone line and resident calls (docs/decisions/037-phone-line-and-whatsapp.md).
  const simulacoes = {
    db: handle.db,
    secret: deps.secret,
    demoForEveryTenant: deps.demoForEveryTenant ?? false,
  };
  const fotoDeps = { db: handle.db, store: deps.store, secret: deps.secret, renderer: deps.fotoRenderer };
  api.route(
    "/solicitacoes",
    tenantRouter(deps)
      .route("/", solicitacoesRoutes(handle.db, fotoDeps))
      .route("/", ligacaoDemoRoutes(simulacoes))
      .route("/", fotosSolicitacaoRoutes(fotoDeps)),
  );
  api.route("/fotos", tenantRouter(deps).route("/", fotosRoutes(fotoDeps)));
  api.route("/dashboard", tenantRouter(deps).route("/", dashboardRoutes(handle.db, fotoDeps)));
  api.route("/condominios", tenantRouter(deps).route("/", condominiosRoutes(handle.db, { store: deps.store })));
  api.route("/unidades", tenantRouter(deps).route("/", unidadesRoutes(handle.db)));
  api.route(
    "/portoes",
    tenantRouter(deps).route("/", portoesRoutes(handle.db, { linkBase: deps.linkBase, secret: deps.secret })),
  );
  api.route(
    "/pessoas",
    tenantRouter(deps)
      .route("/", pessoasRoutes(handle.db, { secret: deps.secret }))
      .route("/", fotosPessoaRoutes(fotoDeps)),
  );
  api.route("/importacoes", tenantRouter(deps).route("/", importacaoRoutes(handle.db)));
  api.route("/auditoria", tenantRouter(deps).route("/", auditoriaRoutes(handle.db)));
  api.route("/chamadas", tenantRouter(deps).route("/", chamadasRoutes(handle.db)));
  api.route("/busca", tenantRouter(deps).route("/", buscaRoutes(handle.db)));
  api.route("/perfil", tenantRouter(deps).route("/", perfilRoutes(handle.db)));
  api.route("/organizacao", tenantRouter(deps).route("/", organizacaoRoutes(handle.db)));
  api.route("/equipe", tenantRouter(deps).route("/", equipeRoutes({ db: handle.db, linkBase: deps.linkBase })));
  api.route("/convites", convitesRoutes({ db: handle.db, auth }));
  api.route(
    "/integracoes",
    tenantRouter(deps)
      .route("/", integracoesRoutes(handle.db))
      .route("/", webhooksRoutes(handle.db, { allowPrivate: deps.webhooksAllowPrivate ?? false })),
  );
  api.route(
    "/passes",
    tenantRouter(deps)
      .route("/", passesRoutes(handle.db, { secret: deps.secret, linkBase: deps.linkBase }))
      .route("/", fotosPasseRoutes(fotoDeps)),
  );
  api.route("/portaria", tenantRouter(deps).route("/", portariaRoutes(handle.db, { secret: deps.secret })));
  api.route("/acessos", tenantRouter(deps).route("/", acessosRoutes(handle.db, fotoDeps)));
  api.route("/relatorios", tenantRouter(deps).route("/", relatoriosRoutes(handle.db)));
  api.route("/titulares", tenantRouter(deps).route("/", titularesRoutes(handle.db, { store: deps.store })));
  // One tenant router per prefix: its session check runs once per request.
  api.route(
    "/atendimentos",
    tenantRouter(deps).route("/", simulacoesRoutes(simulacoes)).route("/", atendimentosRoutes(handle.db)),
  );
  api.route("/totens", tenantRouter(deps).route("/", totensRoutes(handle.db, deps.linkBase)));
  api.route("/central", tenantRouter(deps).route("/", centralRoutes({ db: handle.db, secret: deps.secret })));
  // Deliveries (docs/decisions/043-deliveries.md).
  api.route(
    "/encomendas",
    tenantRouter(deps)
      .route("/", encomendasRoutes(handle.db, { secret: deps.secret }))
      .route("/", fotosEncomendaRoutes(fotoDeps)),
  );
  // Common areas and their calendar feeds (docs/decisions/044-common-area-bookings.md).
  api.route(
    "/areas",
    tenantRouter(deps)
      .route("/", areasRoutes(handle.db, { secret: deps.secret }))
      .route("/", fotosAreaRoutes(fotoDeps))
      .route("/", disponibilidadeRoutes(handle.db)),
  );
  api.route("/reservas", tenantRouter(deps).route("/", reservasRoutes(handle.db)));
  // Plans and billing (docs/decisions/045-plans-and-billing.md).
  api.route(
    "/faturamento",
    tenantRouter(deps).route(
      "/",
      faturamentoRoutes({ db: handle.db, payments: deps.payments, nfse: deps.nfse, publicUrl: deps.publicUrl }),
    ),
  );
  api.route("/calendarios", tenantRouter(deps).route("/", calendariosRoutes(handle.db, { linkBase: deps.linkBase })));
  // The feed itself: no session (calendar apps poll it); the secret token in the address is the credential.
  api.route("/calendario", calendarioFeedRoutes(handle.db));
  api.route(
    "/totem",
    totemDeviceRoutes({
      db: handle.db,
      bus: deps.bus,
      secret: deps.secret,
      store: deps.store,
      renderer: deps.fotoRenderer,
      secureCookies,
      heartbeatMs: deps.sseHeartbeatMs,
    }),
  );
  api.route(
    "/v1",
    v1Routes({ db: handle.db, bus: deps.bus, secret: deps.secret, store: deps.store, renderer: deps.fotoRenderer }),
  );
  registerWebhookDocs(api);
  const events = eventsRoutes(deps.bus, { db: handle.db, listen: handle.listen, heartbeatMs: deps.sseHeartbeatMs });
  api.route("/events", tenantRouter(deps).route("/", events.router));

  app.route("/api", api);
  app.route(
    "/api",
    docsRoutes({
      api,
      authDocument: async () => {
        const document = await auth.api.generateOpenAPISchema();
        return { ...document, paths: exposedAuthPaths(document.paths as Record<string, Record<string, unknown>>) };
      },
    }),
  );
  app.all("/api/*", (c) =>
    c.json(errorBody(new AppError(404, "NOT_FOUND", "Rota da API não encontrada."), c.get("requestId")), 404),
  );

  // The residents' decision links: plain HTML outside /api (docs/product.md, "Resident link").
  app.route("/r", residentLinkRoutes(handle.db, { store: deps.store }));
  // The visitor's pass (its QR Code and PIN), opened from the shared message (docs/product.md, "Visitor pass page").
  app.route("/p", passPageRoutes(handle.db, { secret: deps.secret }));

  if (deps.webClientDir) {
    // The landing's demo video (embedded after a click) and, in Stripe mode, Stripe.js and its frames.
    const stripe = deps.payments.provider.mode === "stripe" ? STRIPE_CSP : {};
    const cspExtra: CspExtra = {
      scriptSrc: stripe.scriptSrc ?? [],
      frameSrc: [new URL(COMPANY.demoVideoEmbedUrl).origin, ...(stripe.frameSrc ?? [])],
      connectSrc: stripe.connectSrc ?? [],
    };
    app.route("/", createWebApp({ clientDir: deps.webClientDir, cspExtra }));
  }
  return { app, closeStreams: events.closeAll };
}

export type App = ReturnType<typeof createApp>["app"];
export type Api = Hono<AppEnv>;
