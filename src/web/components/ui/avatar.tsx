import * as React from "react";
import { cn } from "@/web/lib/utils";

/*
 * Radix's Avatar without Radix (docs/decisions/026: the header's avatar is on every console screen):
 * the image is shown once it has loaded, the fallback until then and when it fails or is missing.
 */
type ImageStatus = "idle" | "loading" | "loaded" | "error";

const AvatarContext = React.createContext<{
  status: ImageStatus;
  setStatus: (status: ImageStatus) => void;
} | null>(null);

function useAvatar() {
  const context = React.useContext(AvatarContext);
  if (!context) throw new Error("AvatarImage e AvatarFallback ficam dentro de Avatar");
  return context;
}

export function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  const [status, setStatus] = React.useState<ImageStatus>("idle");
  const value = React.useMemo(() => ({ status, setStatus }), [status]);
  return (
    <AvatarContext.Provider value={value}>
      <span
        data-slot="avatar"
        className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
        {...props}
      />
    </AvatarContext.Provider>
  );
}

function statusOf(image: HTMLImageElement): ImageStatus {
  if (!image.complete) return "loading";
  return image.naturalWidth > 0 ? "loaded" : "error";
}

export function AvatarImage({
  className,
  src,
  alt,
  referrerPolicy,
  crossOrigin,
  ...props
}: Omit<React.ComponentProps<"img">, "src" | "alt"> & { src?: string; alt: string }) {
  const { status, setStatus } = useAvatar();
  // Loaded off-screen first, so a broken or slow image never replaces the fallback.
  React.useLayoutEffect(() => {
    if (!src) {
      setStatus("error");
      return;
    }
    const image = new window.Image();
    const onLoad = () => setStatus(statusOf(image));
    const onError = () => setStatus("error");
    image.addEventListener("load", onLoad);
    image.addEventListener("error", onError);
    if (referrerPolicy) image.referrerPolicy = referrerPolicy;
    image.crossOrigin = crossOrigin ?? null;
    image.src = src;
    setStatus(statusOf(image));
    return () => {
      image.removeEventListener("load", onLoad);
      image.removeEventListener("error", onError);
      setStatus("idle");
    };
  }, [src, referrerPolicy, crossOrigin, setStatus]);
  if (status !== "loaded") return null;
  return (
    <img
      data-slot="avatar-image"
      className={cn("aspect-square size-full", className)}
      src={src}
      alt={alt}
      referrerPolicy={referrerPolicy}
      crossOrigin={crossOrigin}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  const { status } = useAvatar();
  if (status === "loaded") return null;
  return (
    <span
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-primary font-medium text-primary-foreground text-sm",
        className,
      )}
      {...props}
    />
  );
}
