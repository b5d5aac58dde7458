/**
 * "Ler QR Code": the camera in a dialog. The reader mounts with the dialog's content and unmounts
 * with it, so closing (Esc, "Cancelar", the ×) always releases the camera.
 */
import { CameraOff, RefreshCw, ScanQrCode } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useQrScanner } from "./use-qr-scanner";

export function QrScannerDialog({
  disabled,
  onRead,
  onCloseAutoFocus,
}: {
  disabled: boolean;
  /** The QR Code's text, once; the dialog has closed by then. */
  onRead: (text: string) => void;
  /** Where the focus goes after closing (the PIN box, ready for the next visitor). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="lg" className="h-14 text-base" disabled={disabled}>
          <ScanQrCode className="size-6" aria-hidden="true" />
          Ler QR Code
        </Button>
      </DialogTrigger>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Ler QR Code do passe</DialogTitle>
          <DialogDescription>Aponte a câmera para o QR Code que o visitante mostra no celular.</DialogDescription>
        </DialogHeader>
        <Reader
          onRead={(text) => {
            setOpen(false);
            onRead(text);
          }}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              Cancelar
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Tentar novamente" remounts the camera view, which asks for the camera again. */
function Reader({ onRead }: { onRead: (text: string) => void }) {
  const [attempt, setAttempt] = useState(0);
  return <CameraView key={attempt} onRead={onRead} onRetry={() => setAttempt((n) => n + 1)} />;
}

function CameraView({ onRead, onRetry }: { onRead: (text: string) => void; onRetry: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const state = useQrScanner(videoRef, onRead);

  return (
    <div className="grid gap-3">
      <div className="relative aspect-square w-full overflow-hidden rounded-lg bg-black sm:aspect-video">
        <video
          ref={videoRef}
          className="size-full object-cover"
          muted
          playsInline
          autoPlay
          aria-label="Imagem da câmera"
          data-testid="qr-video"
        />
        {state.status === "scanning" && (
          // The frame to aim at; decorative.
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]"
          />
        )}
        {state.status === "error" && (
          <div className="absolute inset-0 flex items-center justify-center text-white/70">
            <CameraOff className="size-12" aria-hidden="true" />
          </div>
        )}
      </div>

      {state.status === "error" ? (
        <div
          role="alert"
          className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm dark:text-red-200"
        >
          <p>{state.message}</p>
          <Button variant="outline" className="w-fit text-foreground" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          {state.status === "starting" ? (
            <>
              <Spinner />
              Abrindo a câmera...
            </>
          ) : (
            "Procurando QR Code... Mantenha o código dentro do quadro."
          )}
        </p>
      )}
    </div>
  );
}
