import type { Logger } from "pino";
import type { MemberRole } from "../../shared/domain";
import type { ApiKeyContext } from "../auth/api-key";
import type { DataScope } from "../auth/scope";

/** What a request of a gate's kiosk carries once its credential is checked (docs/product.md, "Totem"). */
export interface TotemDevice {
  id: string;
  organizationId: string;
  condominioId: string;
  portaoId: string;
  nome: string;
}

/** What a signed-in request carries once the tenant middleware has run. */
export interface TenantContext {
  organizationId: string;
  /** The tenant's name and slug, read with the session (the console's header shows them). */
  organization: { id: string; name: string; slug: string };
  userId: string;
  role: MemberRole;
  user: { id: string; name: string; email: string; image: string | null };
  sessionId: string;
  /** Which rows of the tenant the caller reaches: null = all (staff), else a morador's units (auth/scope.ts). */
  scope: DataScope;
  /** The caller's IP (client-ip.ts), for the audit trail; null when unknown. */
  ip: string | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    tenant: TenantContext;
    /** On /api/v1: the API key that authenticated the request (auth/api-key.ts). */
    apiKey: ApiKeyContext;
    /** On /api/totem: the gate kiosk that authenticated the request (modules/totens). */
    totem: TotemDevice;
    /** The caller's IP (client-ip.ts), null when unknown. */
    clientIp: string | null;
  };
}
