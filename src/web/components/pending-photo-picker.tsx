/**
 * The visitor's photo before the request exists (docs/product.md, "Fotos"): taken (the tablet's rear
 * camera) or chosen, previewed with "Remover", and sent by the caller once the request is created.
 * The new-request form and Portaria's "Novo visitante" show it with their own title and hint.
 */
import { Trash2 } from "lucide-react";
import { useRef } from "react";
import { PhotoCapture, useObjectUrl } from "@/web/components/photo-capture";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";

export function PendingPhotoPicker({
  foto,
  onFoto,
  disabled,
  describedBy,
  readyText,
  compact = false,
}: {
  foto: Blob | null;
  onFoto: (foto: Blob | null) => void;
  disabled: boolean;
  /** The hint's id (what the photo is for, how long it is kept). */
  describedBy: string;
  /** Said once a photo is ready: when it will be sent. */
  readyText: string;
  /** A smaller preview (a dialog). */
  compact?: boolean;
}) {
  const preview = useObjectUrl(foto);
  const controls = useRef<HTMLDivElement>(null);
  return (
    <div className={cn("flex min-w-0 flex-col sm:flex-row sm:items-start", compact ? "gap-3" : "gap-4")}>
      {foto && preview && (
        <div className="flex flex-col items-start gap-2">
          <img
            src={preview}
            alt="Foto do visitante, ainda não enviada"
            className={cn("w-auto max-w-full rounded-md border bg-muted object-contain", compact ? "h-24" : "h-32")}
            data-testid="foto-preview"
          />
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onFoto(null);
              // "Remover" goes with the photo: the focus moves to taking another.
              controls.current?.querySelector<HTMLButtonElement>("button")?.focus();
            }}
          >
            <Trash2 aria-hidden="true" />
            Remover
          </Button>
        </div>
      )}
      <div ref={controls} className="grid min-w-0 gap-2">
        <PhotoCapture
          onPhoto={onFoto}
          disabled={disabled}
          takeLabel={foto ? "Tirar outra" : "Tirar foto"}
          describedBy={describedBy}
        />
        <p role="status" className="text-muted-foreground text-sm">
          {foto ? readyText : ""}
        </p>
      </div>
    </div>
  );
}
