import { COMPANY } from "@/shared/company";
import { MAIN_CONTENT_ID, SiteFooter } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/landing";
import { CallToAction, FaqSection } from "./landing/closing";
import { DemoSection } from "./landing/demo-video";
import { FAQ } from "./landing/faq-data";
import { FeaturesSection, HowItWorksSection, IntegrationsSection } from "./landing/features";
import { Hero } from "./landing/hero";
import { LandingHeader } from "./landing/landing-header";
import { PlansSection } from "./landing/plans";
import { faqPageJsonLd, organizationJsonLd } from "./landing/structured-data";

export const meta: Route.MetaFunction = () => [
  ...publicMeta({
    path: "/",
    title: `${COMPANY.name} — ${COMPANY.tagline}`,
    description:
      "Portaria remota para condomínios com atendente de voz e chat por IA 24 horas: visitantes, prestadores e entregas sob controle, 99,9% de disponibilidade e conformidade com a LGPD.",
    fullTitle: true,
  }),
  { "script:ld+json": organizationJsonLd() },
  { "script:ld+json": faqPageJsonLd(FAQ) },
];

/** The public landing page (docs/product.md, "Landing page"), pre-rendered; sections in the order listed there. */
export default function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col">
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <DemoSection />
        <FeaturesSection />
        <HowItWorksSection />
        <PlansSection />
        <IntegrationsSection />
        <CallToAction />
        <FaqSection />
      </main>
      <SiteFooter full />
    </div>
  );
}
