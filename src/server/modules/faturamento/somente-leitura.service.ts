/**
 * Staff's console goes read-only once a failed payment's grace period is over or the subscription
 * ended (docs/decisions/045-plans-and-billing.md): nothing is deleted and everything can still be read
 * and exported, but staff's changes stop until the account is paid again. The gate never stops:
 * what a building needs to let people in and hand packages over, and the legal duties, go on.
 *
 * Installed in `tenantRouter` (app.ts) after `requireTenant`, so it sees every tenant-scoped route
 * and nothing else: the resident's `/r/` link, the pass page `/p/`, the kiosk (`/api/totem`), the
 * phone and WhatsApp webhooks and the integrations' `/api/v1` are outside it and never affected.
 */
import type { MiddlewareHandler } from "hono";
import type { MemberRole } from "../../../shared/domain";
import { PLANO_PATH, SOMENTE_LEITURA_ENCERRADA, SOMENTE_LEITURA_INADIMPLENTE } from "../../../shared/faturamento";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { accountReadOnly } from "../../http/errors";
import { estadoCobranca } from "./assinatura.service";

/** Methods that only read: never refused, and the subscription is not even looked up for them. */
const LEITURA = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The writes staff may still make while the console is read-only: the gate's duties and what
 * restores the account. Matched against the request's path (`/api/...`); everything else that
 * writes under `tenantRouter` is refused with 402 ACCOUNT_READ_ONLY.
 *
 * Refused, on purpose: the registry (condomínios, unidades and their moradores, pessoas, importações,
 * portões), equipe, organização, integrações, totens' and áreas' configuration, reservas' approvals,
 * calendar feeds, creating or editing passes, the units' authorized package pickers, retention runs.
 */
export const ESCRITAS_SEMPRE_PERMITIDAS: readonly { caminho: RegExp; metodo?: string; porque: string }[] = [
  { caminho: /^\/api\/faturamento(?:\/|$)/, porque: "Plano e faturamento: paying (or reactivating) restores at once" },
  { caminho: /^\/api\/portaria(?:\/|$)/, porque: "Portaria: validating a pass's PIN or QR Code at the gate" },
  { caminho: /^\/api\/acessos(?:\/|$)/, porque: "registering entries and exits (and undoing a mistaken exit)" },
  {
    caminho: /^\/api\/solicitacoes(?:\/|$)/,
    porque: "access requests: created at the gate, corrected while pending, decided, the visitor's photo",
  },
  { caminho: /^\/api\/chamadas(?:\/|$)/, porque: "calls to residents placed from the gate" },
  {
    caminho: /^\/api\/encomendas(?:$|\/(?!autorizados(?:\/|$)))/,
    porque: "packages received, handed over, returned, acknowledged (not the units' authorized pickers: registry)",
  },
  {
    caminho: /^\/api\/passes\/[^/]+\/(?:revogar|suspender)$/,
    porque: "taking a pass's access away (a lost or misused pass) is a safety action at the gate",
  },
  {
    caminho: /^\/api\/atendimentos(?:\/|$)/,
    porque: "the attendant's screens: taking over and running a conversation",
  },
  { caminho: /^\/api\/central(?:\/|$)/, porque: "the operators' central: the queue of gates waiting for a person" },
  { caminho: /^\/api\/titulares(?:\/|$)/, porque: "LGPD data-subject requests: a legal duty with deadlines" },
  { caminho: /^\/api\/perfil(?:\/|$)/, porque: "the user's own profile, password and sessions" },
  { caminho: /^\/api\/events(?:\/|$)/, porque: "realtime updates" },
  // Taking access away is security, not administration: a dismissed employee, a stolen kiosk tablet or
  // a leaked API key must be cut off at once, paid or not.
  {
    metodo: "DELETE",
    caminho: /^\/api\/equipe\/(?:membros|convites)\/[^/]+$/,
    porque: "removing a member or withdrawing an invitation",
  },
  { metodo: "POST", caminho: /^\/api\/totens\/[^/]+\/revogar$/, porque: "revoking a kiosk (a lost or stolen tablet)" },
  { metodo: "DELETE", caminho: /^\/api\/integracoes\/chaves\/[^/]+$/, porque: "revoking an API key (a leaked key)" },
];

/**
 * Staff: whose writes stop, and who see the billing banner (/api/me). A morador's never do: a
 * resident's flows never stop, and their screens never change with the subscription.
 */
export const PAPEIS_DA_EQUIPE: ReadonlySet<MemberRole> = new Set(["owner", "sindico", "porteiro", "operador"]);

export function escritaSemprePermitida(path: string, method = "POST"): boolean {
  return ESCRITAS_SEMPRE_PERMITIDAS.some((p) => (!p.metodo || p.metodo === method) && p.caminho.test(path));
}

export function somenteLeituraGuard(db: Database): MiddlewareHandler<AppEnv> {
  // Named: the test that proves which routes it guards (and which it never reaches) finds it by name.
  return async function somenteLeitura(c, next) {
    if (!LEITURA.has(c.req.method)) {
      const tenant = c.get("tenant");
      // Cheap first: reads, residents and the gate's routes never reach the database here; the rest
      // costs one lookup by the subscription's unique organization index.
      if (PAPEIS_DA_EQUIPE.has(tenant.role) && !escritaSemprePermitida(c.req.path, c.req.method)) {
        const estado = await estadoCobranca(db, tenant.organizationId);
        if (estado.somenteLeitura) {
          throw accountReadOnly(
            estado.status === "cancelada" ? SOMENTE_LEITURA_ENCERRADA : SOMENTE_LEITURA_INADIMPLENTE,
            PLANO_PATH,
          );
        }
      }
    }
    await next();
  };
}
