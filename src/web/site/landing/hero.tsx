import { Play } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { HERO_STATS } from "./content";
import { WhatsAppDemoLink } from "./whatsapp-link";

/** A sample attendance, drawn with HTML so the hero needs no image. Decorative. */
function AttendancePreview() {
  return (
    <div aria-hidden="true" className="hidden rounded-2xl border bg-card p-5 shadow-lg lg:block">
      <div className="flex items-center justify-between border-b pb-3">
        <span className="font-semibold text-sm">Portaria · Residencial Jardim das Flores</span>
        <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <span className="size-2 rounded-full bg-emerald-500" />
          Ao vivo
        </span>
      </div>
      <div className="space-y-3 py-4 text-sm">
        <p className="mr-10 rounded-lg rounded-tl-none bg-muted p-3">
          Boa tarde! Vim entregar uma encomenda para o apartamento 42 da torre B.
        </p>
        <p className="ml-10 rounded-lg rounded-tr-none bg-primary p-3 text-primary-foreground">
          Boa tarde! Vou confirmar com o morador pelo ramal da unidade. Um instante, por favor.
        </p>
        <p className="mr-10 rounded-lg rounded-tl-none bg-muted p-3">Tudo bem, eu aguardo.</p>
      </div>
      <div className="flex items-center justify-between rounded-lg border p-3 text-sm">
        <span>
          <span className="block font-medium">Entrega autorizada pelo morador</span>
          <span className="text-muted-foreground text-xs">Portão liberado · entrada registrada às 14:32</span>
        </span>
        <span className="rounded-md bg-secondary px-2 py-1 font-medium text-secondary-foreground text-xs">
          Liberado
        </span>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-titulo" className="border-b bg-gradient-to-b from-primary/5 to-background">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 py-16 md:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div className="space-y-6 text-center lg:text-left">
          <p className="inline-block rounded-full border bg-background px-3 py-1 text-muted-foreground text-sm">
            Portaria remota com inteligência artificial
          </p>
          <h1 id="hero-titulo" className="text-balance font-bold text-4xl tracking-tight sm:text-5xl md:text-6xl">
            Sistema de Portaria Inteligente
          </h1>
          <p className="mx-auto max-w-2xl text-balance text-lg text-muted-foreground lg:mx-0">
            A Guarita atende o seu condomínio 24 horas por dia, por voz e chat: recebe visitantes, prestadores e
            entregadores, confirma com o morador e libera o acesso com segurança, tudo registrado para auditoria.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <a href="#demo">
                <Play aria-hidden="true" />
                Ver em Ação
              </a>
            </Button>
            <WhatsAppDemoLink>Falar com especialista</WhatsAppDemoLink>
          </div>
        </div>
        <AttendancePreview />
      </div>
      <div className="mx-auto w-full max-w-6xl px-4 pb-16 md:pb-20">
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {HERO_STATS.map((stat) => (
            <li key={stat.value} className="rounded-xl border bg-card p-3 text-center sm:p-4">
              <span className="block font-bold text-primary text-xl tracking-tight sm:text-2xl">{stat.value}</span>
              <span className="mt-1 block text-muted-foreground text-sm">{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
