import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { COMPANY } from "@/shared/company";
import { LandingSection } from "./section";

/** "YouTube" for youtube(-nocookie).com, otherwise the host: named in the privacy note. */
function videoProvider(url: string): string {
  const host = new URL(url).hostname.replace(/^www\./, "");
  if (host.includes("youtube")) return "YouTube";
  if (host.includes("vimeo")) return "Vimeo";
  return host;
}

/**
 * Click-to-load video: the placeholder is a button, and the third-party iframe is created only
 * after the click, so the page makes no request to the video host until the visitor asks for it.
 * Both states share one aspect-ratio box: swapping them does not move the page.
 */
function VideoEmbed() {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // The button the keyboard user pressed disappears; move focus to the player that replaced it.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <div className="relative mx-auto aspect-video w-full max-w-4xl overflow-hidden rounded-2xl border bg-muted shadow-lg">
      {playing ? (
        <iframe
          ref={frameRef}
          src={COMPANY.demoVideoEmbedUrl}
          title="Vídeo de demonstração da Guarita"
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex size-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-primary/15 via-muted to-muted p-6 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform group-hover:scale-105 sm:size-20">
            <Play aria-hidden="true" className="ml-1 size-7 sm:size-8" />
          </span>
          <span className="font-semibold text-base sm:text-lg">Assistir à demonstração</span>
          <span className="max-w-sm text-muted-foreground text-xs sm:text-sm">
            O vídeo é carregado do {videoProvider(COMPANY.demoVideoEmbedUrl)} somente depois do clique.
          </span>
        </button>
      )}
    </div>
  );
}

export function DemoSection() {
  return (
    <LandingSection
      id="demo"
      eyebrow="Demonstração"
      title="Veja a Guarita em ação"
      description="Acompanhe um atendimento completo: a chegada do visitante, a confirmação com o morador e a liberação do portão."
    >
      <VideoEmbed />
    </LandingSection>
  );
}
