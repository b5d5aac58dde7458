import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { CONSOLE_SECTIONS } from "../shared/public-routes";

/**
 * Every URL of the web app (docs/product.md, "Addresses"). Route ids are the file paths without extension
 * (for example "console/pessoas/edit"), except the redirects of the unprefixed console URLs.
 */
export default [
  // Public pages, pre-rendered at build time (src/shared/public-routes.ts).
  index("site/landing.tsx"),
  route("login", "site/login.tsx"),
  // `:variante` is only for the build: each plan and billing choice is pre-rendered at
  // /checkout/<plan>-<billing>, served for /checkout?plan=…&billing=… (src/shared/plan-params.ts).
  route("checkout/:variante?", "site/checkout.tsx"),
  route("create-account", "site/create-account.tsx"),
  route("privacidade", "site/privacidade.tsx"),
  route("termos", "site/termos.tsx"),
  route("lgpd", "site/lgpd.tsx"),
  route("seguranca", "site/seguranca.tsx"),
  route("sobre", "site/sobre.tsx"),
  route("carreiras", "site/carreiras.tsx"),
  route("contato", "site/contato.tsx"),
  route("esqueci-a-senha", "site/esqueci-a-senha.tsx"),
  route("redefinir-senha", "site/redefinir-senha.tsx"),
  route("verificar-email", "site/verificar-email.tsx"),
  route("convite", "site/convite.tsx"),

  // The signed-in console, canonical under /app.
  route("app", "console/layout.tsx", [
    index("console/index-redirect.tsx"),
    route("dashboard", "console/dashboard/dashboard.tsx"),
    ...prefix("solicitacoes", [
      index("console/solicitacoes/list.tsx"),
      route("nova", "console/solicitacoes/new.tsx"),
      route(":id", "console/solicitacoes/detail.tsx"),
    ]),
    ...prefix("pessoas", [
      index("console/pessoas/list.tsx"),
      route("nova", "console/pessoas/new.tsx"),
      route(":id", "console/pessoas/detail.tsx"),
      route(":id/editar", "console/pessoas/edit.tsx"),
    ]),
    ...prefix("unidades", [
      index("console/unidades/list.tsx"),
      route("nova", "console/unidades/new.tsx"),
      route(":id", "console/unidades/detail.tsx"),
      route(":id/editar", "console/unidades/edit.tsx"),
    ]),
    ...prefix("condominios", [
      index("console/condominios/list.tsx"),
      route("novo", "console/condominios/new.tsx"),
      route(":id", "console/condominios/detail.tsx"),
      route(":id/editar", "console/condominios/edit.tsx"),
    ]),
    ...prefix("chamadas", [index("console/chamadas/list.tsx"), route(":id", "console/chamadas/detail.tsx")]),
    route("portaria", "console/portaria/portaria.tsx"),
    ...prefix("passes", [
      index("console/passes/list.tsx"),
      route("novo", "console/passes/new.tsx"),
      route(":id", "console/passes/detail.tsx"),
      route(":id/editar", "console/passes/edit.tsx"),
    ]),
    route("acessos", "console/acessos/list.tsx"),
    ...prefix("encomendas", [
      index("console/encomendas/list.tsx"),
      route("nova", "console/encomendas/new.tsx"),
      route(":id", "console/encomendas/detail.tsx"),
    ]),
    // Common areas and bookings (docs/decisions/044-common-area-bookings.md).
    ...prefix("areas", [
      index("console/areas/areas.tsx"),
      route("nova", "console/areas/area-new.tsx"),
      route("aprovacoes", "console/areas/aprovacoes.tsx"),
      route("calendario", "console/areas/calendario.tsx"),
      route("reservas", "console/areas/reservas-list.tsx"),
      route("reservas/:id", "console/areas/reserva-detail.tsx"),
      route(":id/reservar", "console/areas/reservar.tsx"),
      route(":id/editar", "console/areas/area-edit.tsx"),
    ]),
    route("perfil", "console/perfil/perfil.tsx"),
    route("configuracoes", "console/configuracoes/layout.tsx", [
      index("console/configuracoes/index-redirect.tsx"),
      route("equipe", "console/configuracoes/equipe.tsx"),
      route("organizacao", "console/configuracoes/organizacao.tsx"),
      route("integracoes", "console/configuracoes/integracoes.tsx"),
      route("plano", "console/configuracoes/plano.tsx"),
    ]),
    route("auditoria", "console/auditoria/list.tsx"),
    // Not "/app/lgpd": unprefixed console sections redirect into /app, and /lgpd is the public page.
    route("titulares", "console/titulares/titulares.tsx"),
    route("importacao", "console/importacao/importacao.tsx"),
    route("atendimentos", "console/atendimentos/atendimentos.tsx"),
    route("totens", "console/totens/totens.tsx"),
    route("central", "console/central/central.tsx"),
    route("relatorios", "console/relatorios/relatorios.tsx"),
  ]),

  // The gate's kiosk (docs/product.md, "Totem"): a paired tablet, no staff session.
  route("totem", "totem/kiosk.tsx"),
  route("totem/parear/:codigo", "totem/pair.tsx"),

  // Unprefixed console URLs (/dashboard, /solicitacoes/nova, ...) go to the same screens under /app.
  ...CONSOLE_SECTIONS.map((section) =>
    route(`${section}/*`, "console/legacy-redirect.tsx", { id: `legacy-redirect-${section}` }),
  ),

  route("*", "site/not-found.tsx"),
] satisfies RouteConfig;
