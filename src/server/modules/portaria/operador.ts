import type { Executor } from "../../db/client";
import { findPessoaOfUser } from "../../db/tenant-lookups";
import type { TenantContext } from "../../http/context";
import type { Registrar } from "../acessos/acessos.service";

/** The porteiro at the console, named as their person record (else their login) on the log. */
export async function operadorOf(db: Executor, tenant: TenantContext): Promise<Registrar> {
  const pessoa = await findPessoaOfUser(db, tenant.organizationId, tenant.userId);
  return {
    organizationId: tenant.organizationId,
    userId: tenant.userId,
    apiKeyId: null,
    nome: pessoa?.nome ?? tenant.user.name,
    ip: tenant.ip,
    // A porteiro assigned to condominiums operates only their gates (docs/product.md, "Equipe").
    scope: tenant.scope,
  };
}
