import { eq } from "drizzle-orm";
import type { Organizacao, OrganizacaoInput } from "../../../shared/schemas/organizacao";
import type { Executor } from "../../db/client";
import { organization } from "../../db/schema";
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
  return row;
}

export async function updateOrganizacao(
  db: Executor,
  organizationId: string,
  input: Required<{ [K in keyof OrganizacaoInput]: Exclude<OrganizacaoInput[K], undefined> }>,
): Promise<Organizacao> {
  const [row] = await db
    .update(organization)
    .set({ name: input.nome, cnpj: input.cnpj, telefone: input.telefone, emailContato: input.email })
    .where(eq(organization.id, organizationId))
    .returning(columns);
  if (!row) throw notFound("Organização não encontrada.");
  return row;
}
