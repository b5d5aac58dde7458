/**
 * "Editar área" (docs/decisions/044-common-area-bookings.md): the area's rules, its photo (what the
 * moradores see on the area's card) and its removal. Removing keeps the past bookings (and their
 * history) and is refused while the area has bookings to come: the server says so, and so does the toast.
 */
import { useQuery } from "@tanstack/react-query";
import { Camera, Trash2 } from "lucide-react";
import { useId } from "react";
import { useNavigate, useParams } from "react-router";
import type { Area } from "@/shared/schemas/reservas";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { FotoProcessando } from "@/web/components/foto-processando";
import { PhotoCapture } from "@/web/components/photo-capture";
import { RecordScreen } from "@/web/components/record-screen";
import { RequirePermission } from "@/web/components/require-permission";
import { SectionCard } from "@/web/components/section-card";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { consoleTitle } from "@/web/console/placeholder-page";
import { errorMessage } from "@/web/lib/api";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";
import { toast } from "@/web/lib/toast";
import type { Route } from "./+types/area-edit";
import { EditarAreaForm } from "./area-form";
import { AREA_LABELS } from "./area-labels";
import { areaDetailOptions, useAreaFoto, useRemoveArea, useUpdateArea } from "./areas.queries";
import { AREAS } from "./reserva-ui";

const TITLE = CONSOLE_SCREENS.areas.edit!;

export const meta: Route.MetaFunction = () => consoleTitle(TITLE);

export default function EditarAreaPage() {
  return (
    <RequirePermission permission="areas:gerenciar">
      <EditarAreaScreen />
    </RequirePermission>
  );
}

function EditarAreaScreen() {
  const { id = "" } = useParams();
  const query = useQuery(areaDetailOptions(id));
  return (
    <RecordScreen
      query={query}
      labels={AREA_LABELS}
      width="max-w-3xl"
      backTo={AREAS}
      title={TITLE}
      description={query.data ? `${query.data.nome} · ${query.data.condominio.nome}` : "Altere as regras da área."}
    >
      {(area) => (
        <div className="flex flex-col gap-6">
          <FormArea area={area} />
          <FotoCard area={area} />
          <RemoverCard area={area} />
        </div>
      )}
    </RecordScreen>
  );
}

function FormArea({ area }: { area: Area }) {
  const update = useUpdateArea(area.id);
  return <EditarAreaForm key={area.id} area={area} save={update.mutateAsync} />;
}

/** The area's photo: taken or chosen here, shown on the moradores' card of the area. */
function FotoCard({ area }: { area: Area }) {
  const hintId = useId();
  const enviar = useAreaFoto(area.id);
  const foto = area.foto;
  const src = foto?.status === "disponivel" ? (foto.url ?? foto.miniatura_url) : null;

  async function onPhoto(blob: Blob) {
    try {
      await enviar.mutateAsync(blob);
      toast.success("Foto enviada", { description: area.nome });
    } catch (error) {
      toast.error("Não foi possível enviar a foto", { description: errorMessage(error) });
    }
  }

  return (
    <SectionCard icon={Camera} title="Foto da área" className="gap-4">
      <div className="flex flex-wrap items-start gap-4">
        {foto?.status === "processando" ? (
          <FotoProcessando className="size-40" />
        ) : src ? (
          <img
            src={src}
            alt={`Foto da área ${area.nome}`}
            width={160}
            height={160}
            decoding="async"
            className="size-40 rounded-md bg-muted object-cover"
            data-testid="area-foto"
          />
        ) : (
          <p className="text-muted-foreground text-sm">Sem foto.</p>
        )}
        <div className="grid min-w-0 flex-1 gap-2">
          <PhotoCapture
            takeLabel={foto ? "Trocar foto" : "Tirar foto"}
            describedBy={hintId}
            disabled={enviar.isPending}
            onPhoto={(blob) => void onPhoto(blob)}
            dialog={{ title: "Foto da área", description: "Enquadre o espaço e toque em Capturar." }}
          />
          <p id={hintId} className="text-muted-foreground text-sm">
            Aparece para os moradores na lista de áreas. A imagem é gravada sem metadados.
          </p>
          <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
            {enviar.isPending && (
              <>
                <Spinner />
                Enviando a foto...
              </>
            )}
          </p>
        </div>
      </div>
    </SectionCard>
  );
}

function RemoverCard({ area }: { area: Area }) {
  const remover = useRemoveArea(area.id);
  const navigate = useNavigate();
  return (
    <SectionCard
      icon={Trash2}
      title="Remover área"
      description="A área some da lista e não aceita novas reservas. As reservas passadas continuam no histórico. Não é possível remover uma área com reservas futuras: cancele-as antes."
      className="gap-4"
    >
      <ConfirmDialog
        trigger={
          <Button variant="destructive">
            <Trash2 aria-hidden="true" />
            Remover área
          </Button>
        }
        title={`Remover ${area.nome}?`}
        description="Os moradores deixam de ver a área e não será possível reservá-la. Esta ação não pode ser desfeita."
        confirmLabel="Remover área"
        pendingLabel="Removendo..."
        confirmVariant="destructive"
        onConfirm={async () => {
          try {
            await remover.mutateAsync();
            toast.success("Área removida", { description: area.nome });
            navigate(`${AREAS}?condominio_id=${area.condominio_id}`);
          } catch (error) {
            toast.error("Não foi possível remover a área", { description: errorMessage(error) });
          }
        }}
      />
    </SectionCard>
  );
}
