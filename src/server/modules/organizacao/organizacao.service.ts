import { eq } from "drizzle-orm";
import { storedPhone } from "../../../shared/phone";
import type { Organizacao, OrganizacaoInput } from "../../../shared/schemas/organizacao";
import { actorOf, changes, recordAudit } from "../../audit/audit";
import type { Database, Executor } from "../../db/client";
import { organization } from "../../db/schema";
import type { TenantContext } from "../../http/context";
import { notFound } from "../../http/errors";

const columns = {
  id: organization.id,
  nome: organization.name,
  cnpj: organization.cnpj,
  telefone: organization.telefone,
  email: organization.emailContato,
};

/** The tenant's own data; e-mails about the tenant (invitations) sign with it. */
export async function getOrganizacao(db: Executor, organizationId: string): Promise<Organizacao> {
  const [row] = await db.select(columns).from(organization).where(eq(organization.id, organizationId));
  if (!row) throw notFound("Organização não encontrada.");
  return { ...row, telefone: storedPhone(row.telefone) };
}

export async function updateOrganizacao(
  db: Database,
  tenant: TenantContext,
  input: Required<{ [K in keyof OrganizacaoInput]: Exclude<OrganizacaoInput[K], undefined> }>,
): Promise<Organizacao> {
  return db.transaction(async (tx) => {
    const before = await getOrganizacao(tx, tenant.organizationId);
    const [row] = await tx
      .update(organization)
      .set({ name: input.nome, cnpj: input.cnpj, telefone: input.telefone, emailContato: input.email })
      .where(eq(organization.id, tenant.organizationId))
      .returning(columns);
    if (!row) throw notFound("Organização não encontrada.");
    const diff = changes(before, row, ["nome", "cnpj", "telefone", "email"]);
    if (diff) {
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "alterar",
        entidade: "organizacao",
        entidadeId: tenant.organizationId,
        resumo: "Alterou os dados da organização",
        ...diff,
      });
    }
    return row;
  });
}
