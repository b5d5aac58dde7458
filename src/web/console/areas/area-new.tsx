/**
 * "Nova área comum" (docs/decisions/044-common-area-bookings.md): the síndico (or the owner) registers
 * an area and its rules; moradores of that condominium can book it as soon as it is active.
 */
import { NewScreen } from "@/web/components/record-screen";
import { useCondominioParam } from "@/web/components/registry";
import { RequirePermission } from "@/web/components/require-permission";
import { consoleTitle } from "@/web/console/placeholder-page";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import type { Route } from "./+types/area-new";
import { NovaAreaForm } from "./area-form";
import { AREA_LABELS } from "./area-labels";
import { useCreateArea } from "./areas.queries";

const TITLE = CONSOLE_SCREENS.areas.create!.title;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

export default function NovaAreaPage() {
  return (
    <RequirePermission permission="areas:gerenciar">
      <NovaAreaScreen />
    </RequirePermission>
  );
}

function NovaAreaScreen() {
  const condominioId = useCondominioParam();
  const create = useCreateArea();
  return (
    <NewScreen
      labels={AREA_LABELS}
      title={TITLE}
      description="Cadastre o espaço, o horário de funcionamento e as regras de reserva."
    >
      <NovaAreaForm condominioId={condominioId} save={create.mutateAsync} />
    </NewScreen>
  );
}
