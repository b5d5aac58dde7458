import { Play } from "lucide-react";
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
 * Click-to-load video: the placeholder is a link to the video, and the third-party iframe is created
 * only after the click, so the page makes no request to the video host until the visitor asks for
 * it. Without JavaScript the link opens the video in a new tab; the enhancement script
 * (enhance/video.ts) swaps in the player instead, in the same aspect-ratio box (nothing moves).
 */
function VideoEmbed() {
  return (
    <div className="relative mx-auto aspect-video w-full max-w-4xl overflow-hidden rounded-2xl border bg-muted shadow-lg">
      <a
        href={COMPANY.demoVideoEmbedUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-video-embed
        data-video-title="Vídeo de demonstração da Guarita"
        className="group absolute inset-0 flex size-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-primary/15 via-muted to-muted p-6 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform group-hover:scale-105 sm:size-20">
          <Play aria-hidden="true" className="ml-1 size-7 sm:size-8" />
        </span>
        <span className="font-semibold text-base sm:text-lg">Assistir à demonstração</span>
        <span className="max-w-sm text-muted-foreground text-xs sm:text-sm">
          O vídeo é carregado do {videoProvider(COMPANY.demoVideoEmbedUrl)} somente depois do clique.
        </span>
      </a>
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
