import { ChevronDownIcon } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { FAQ } from "./faq-data";
import { LandingSection } from "./section";
import { WhatsAppDemoLink } from "./whatsapp-link";

export function CallToAction() {
  return (
    <section aria-labelledby="cta-titulo" className="px-4 py-16 md:py-24">
      <div className="mx-auto flex w-full max-w-4xl flex-col items-center gap-6 rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground md:px-12">
        <h2 id="cta-titulo" className="text-balance font-bold text-3xl tracking-tight md:text-4xl">
          Modernize a portaria do seu condomínio
        </h2>
        <p className="max-w-2xl text-balance text-lg">
          Mais de 100 condomínios já contam com a Guarita. Implantação em 2 a 4 semanas, 99,9% de disponibilidade e uma
          equipe pronta para ajudar o síndico em cada etapa.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <WhatsAppDemoLink variant="secondary">Agendar demonstração</WhatsAppDemoLink>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground dark:bg-transparent"
          >
            <a href="#planos">Ver planos</a>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function FaqSection() {
  return (
    <LandingSection
      id="faq"
      eyebrow="FAQ"
      title="Perguntas frequentes"
      description="O que síndicos e administradoras mais perguntam antes de contratar a Guarita."
      className="bg-muted/40"
    >
      {/* Native disclosures: they open without a script; `name` keeps one answer open at a time. */}
      <div className="mx-auto max-w-3xl divide-y rounded-xl border bg-card px-6">
        {FAQ.map((entry) => (
          <details key={entry.id} name="faq" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium text-base outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden">
              <h3>{entry.question}</h3>
              <ChevronDownIcon
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="pb-4 text-muted-foreground leading-relaxed">{entry.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-center text-muted-foreground">
        Ainda tem dúvidas?{" "}
        <a
          href="/contato"
          className="rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          Fale com a nossa equipe
        </a>
        .
      </p>
    </LandingSection>
  );
}
