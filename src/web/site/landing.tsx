import { ArrowRight, Clock, ShieldCheck, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { SiteFooter, SiteHeader } from "@/web/site/public-page";
import type { Route } from "./+types/landing";

export const meta: Route.MetaFunction = () => [
  { title: "Guarita — Sistema de Portaria Inteligente" },
  {
    name: "description",
    content:
      "Portaria remota para condomínios com atendente de voz e chat por IA 24 horas: visitantes, prestadores e entregas sob controle, com conformidade LGPD.",
  },
];

const HIGHLIGHTS = [
  {
    icon: Clock,
    title: "Atendimento 24 horas",
    description: "Atendente de voz e chat por IA que recebe moradores, visitantes e entregadores a qualquer hora.",
  },
  {
    icon: UserCheck,
    title: "Acesso sob controle",
    description: "Solicitações de acesso autorizadas pelo morador, com registro de entradas e saídas para auditoria.",
  },
  {
    icon: ShieldCheck,
    title: "Seguro e em conformidade",
    description: "Dados protegidos com criptografia e processos alinhados à LGPD.",
  },
];

/** Placeholder landing page (SPEC.md section 2.12); a later issue builds the full page. */
export default function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader>
        <Button asChild>
          <Link to="/app">Entrar</Link>
        </Button>
      </SiteHeader>
      <main className="flex-1">
        <section className="mx-auto flex w-full max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
          <p className="rounded-full border px-3 py-1 text-muted-foreground text-sm">
            Portaria remota com inteligência artificial
          </p>
          <h1 className="max-w-3xl text-balance font-bold text-4xl tracking-tight md:text-6xl">
            Sistema de Portaria Inteligente
          </h1>
          <p className="max-w-2xl text-balance text-lg text-muted-foreground">
            A Guarita atende o seu condomínio 24 horas por dia: recebe visitantes e prestadores de serviço, avisa os
            moradores e libera o acesso com segurança.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/checkout">
                Começar agora
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/contato">Fale conosco</Link>
            </Button>
          </div>
        </section>
        <section aria-labelledby="destaques" className="mx-auto w-full max-w-6xl px-4 pb-16 md:pb-24">
          <h2 id="destaques" className="sr-only">
            Destaques
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {HIGHLIGHTS.map((item) => (
              <li key={item.title}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <item.icon className="size-5" aria-hidden="true" />
                    </span>
                    <CardTitle asChild>
                      <h3>{item.title}</h3>
                    </CardTitle>
                    <CardDescription>{item.description}</CardDescription>
                  </CardHeader>
                  <CardContent />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <SiteFooter full />
    </div>
  );
}
