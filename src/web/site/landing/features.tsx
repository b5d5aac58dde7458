import { FEATURES, INTEGRATIONS, STEPS } from "./content";
import { LandingSection } from "./section";

export function FeaturesSection() {
  return (
    <LandingSection
      id="recursos"
      eyebrow="Recursos"
      title="Tudo o que a portaria do seu condomínio precisa"
      description="Atendimento, controle de acesso e registros em um só sistema, do interfone ao painel do síndico."
      className="bg-muted/40"
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
            <span className="mb-4 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <feature.icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="font-semibold text-lg">{feature.title}</h3>
            <p className="mt-2 text-muted-foreground text-sm">{feature.description}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

export function HowItWorksSection() {
  return (
    <LandingSection
      id="como-funciona"
      eyebrow="Como funciona"
      title="Do interfone ao portão em três passos"
      description="Cada visita segue o mesmo caminho, com a decisão sempre nas mãos do morador."
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-xl border bg-card p-6 text-card-foreground">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold text-xl">{step.title}</h3>
            <p className="mt-2 text-muted-foreground">{step.description}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

export function IntegrationsSection() {
  return (
    <LandingSection
      id="integracoes"
      eyebrow="Integrações"
      title="Conecta com o que o seu condomínio já usa"
      description="A Guarita trabalha com os equipamentos e as ferramentas do dia a dia da portaria e da administração."
      className="bg-muted/40"
    >
      <ul className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {INTEGRATIONS.map((item) => (
          <li key={item.title} className="flex items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground">
            <item.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="text-muted-foreground text-sm">{item.description}</p>
            </span>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
