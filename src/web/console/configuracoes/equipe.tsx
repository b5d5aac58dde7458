/**
 * Configurações → Equipe (docs/decisions/017-team-and-invitations.md): the members, with their roles and
 * actions, and the pending invitations. The layout has already checked `equipe:gerenciar`, so both lists may
 * load.
 */
import { consoleTitle } from "@/web/console/placeholder-page";
import type { Route } from "./+types/equipe";
import { ConvitesCard } from "./convites";
import { MembrosCard } from "./membros";

export const meta: Route.MetaFunction = () => consoleTitle("Equipe");

export default function EquipePage() {
  return (
    <div className="flex flex-col gap-6">
      <MembrosCard />
      <ConvitesCard />
    </div>
  );
}
