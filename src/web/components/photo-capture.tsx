/**
 * The visitor's photo, taken or chosen (docs/decisions/039-visitor-photos.md): "Tirar foto" opens the
 * camera in a dialog (photo-capture-dialog.tsx, downloaded when the button is approached or pressed,
 * docs/decisions/026, so a screen that only shows the buttons stays light), "Escolher arquivo" the
 * device's picker (a tablet may offer its own camera app there). Either way the caller gets one JPEG
 * of at most 1600 px (photo-capture-image.ts); what it does with it (preview, upload) is its own.
 */
import { Camera, FolderOpen } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/utils";
import { arquivoParaJpeg } from "./photo-capture-image";

const importDialog = () => import("./photo-capture-dialog");
const PhotoCaptureDialog = lazy(importDialog);

/** What the picker offers; the server takes the same types (FOTO_CONTENT_TYPES). */
const ACCEPT = "image/jpeg,image/png,image/webp";

export function PhotoCapture({
  onPhoto,
  disabled = false,
  takeLabel = "Tirar foto",
  describedBy,
  className,
  dialog,
}: {
  /** The photo as a JPEG Blob, once taken ("Usar foto") or once a chosen file was read. */
  onPhoto: (blob: Blob) => void;
  disabled?: boolean;
  /** The camera button's text: "Tirar foto", "Adicionar foto". */
  takeLabel?: string;
  /** The id of a text that explains the photo (why it is taken, how long it is kept). */
  describedBy?: string;
  className?: string;
  /** The camera dialog's title and description, when the photo is not a visitor's. */
  dialog?: { title: string; description: string };
}) {
  const [open, setOpen] = useState(false);
  // Once asked for, the dialog stays mounted: a closing dialog hands the focus back.
  const [wanted, setWanted] = useState(false);
  const [lendo, setLendo] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const take = useRef<HTMLButtonElement>(null);
  const choose = useRef<HTMLButtonElement>(null);
  const chooseFromDialog = useRef(false);

  const preload = () => void importDialog().catch(() => undefined);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setErro(null);
    setLendo(true);
    try {
      onPhoto(await arquivoParaJpeg(file));
    } catch (error) {
      setErro(error instanceof Error ? error.message : "Não foi possível ler esta imagem.");
    } finally {
      setLendo(false);
      // The same file may be chosen again (after "Remover").
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className={cn("grid min-w-0 gap-2", className)}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          ref={take}
          variant="outline"
          // Not disabled while a file is read: the focus may be on it (disabling would drop it).
          disabled={disabled}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-describedby={describedBy}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            if (lendo) return;
            setErro(null);
            setWanted(true);
            setOpen(true);
          }}
        >
          <Camera aria-hidden="true" />
          {takeLabel}
        </Button>
        <Button
          ref={choose}
          variant="outline"
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => {
            if (!lendo) input.current?.click();
          }}
        >
          {lendo ? <Spinner /> : <FolderOpen aria-hidden="true" />}
          {lendo ? "Lendo a imagem..." : "Escolher arquivo"}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          capture="environment"
          hidden
          tabIndex={-1}
          data-testid="foto-arquivo"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>
      {erro && (
        <p role="alert" className="text-destructive text-sm">
          {erro}
        </p>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <PhotoCaptureDialog
            open={open}
            onOpenChange={setOpen}
            onPhoto={onPhoto}
            {...dialog}
            onChooseFile={() => {
              chooseFromDialog.current = true;
              // Still inside the click that asked for it, so the browser opens the picker.
              input.current?.click();
            }}
            // The dialog has no Radix trigger (it is opened by a plain button, before its code is
            // loaded): focus goes back by hand, to "Escolher arquivo" when the picker was asked for.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              (chooseFromDialog.current ? choose : take).current?.focus();
              chooseFromDialog.current = false;
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** An object URL for a Blob while it is shown (a preview), revoked when it changes or unmounts. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
