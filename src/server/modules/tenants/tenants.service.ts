import { randomUUID } from "node:crypto";
import type { MemberRole } from "../../../shared/domain";
import type { Executor } from "../../db/client";
import { member, organization } from "../../db/schema";

/** A URL-safe slug; the random suffix keeps it unique without a lookup. */
export function slugify(name: string): string {
  const base = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "")
    .slice(0, 40);
  return `${base || "cliente"}-${randomUUID().slice(0, 8)}`;
}

/** A tenant (better-auth organization) with its first member (the owner, unless another role is given). */
export async function createTenant(
  db: Executor,
  input: { name: string; ownerUserId: string; ownerRole?: MemberRole; slug?: string },
) {
  const id = randomUUID();
  const [org] = await db
    .insert(organization)
    .values({ id, name: input.name, slug: input.slug ?? slugify(input.name) })
    .returning();
  await addMember(db, { organizationId: id, userId: input.ownerUserId, role: input.ownerRole ?? "owner" });
  return org!;
}

export async function addMember(db: Executor, input: { organizationId: string; userId: string; role: MemberRole }) {
  await db.insert(member).values({ id: randomUUID(), ...input });
}
