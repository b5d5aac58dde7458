/**
 * JSON-LD of the landing page (schema.org Organization and FAQPage), emitted through React Router's
 * `{ "script:ld+json": … }` meta descriptor so it is part of the pre-rendered HTML.
 */
import { COMPANY } from "@/shared/company";
import type { FaqEntry } from "./faq-data";

/** "(11) 4002-8922" → "+55-11-4002-8922": the international form schema.org expects. */
function internationalPhone(display: string): string {
  const digits = display.replace(/\D/g, "");
  return `+55-${digits.slice(0, 2)}-${digits.slice(2, -4)}-${digits.slice(-4)}`;
}

export function organizationJsonLd() {
  const { address } = COMPANY;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    url: COMPANY.siteUrl,
    logo: new URL("/favicon.svg", COMPANY.siteUrl).toString(),
    description: `${COMPANY.tagline}: portaria remota para condomínios com atendimento por IA 24 horas.`,
    foundingDate: String(COMPANY.foundedYear),
    email: COMPANY.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        telephone: `+${COMPANY.whatsappNumber}`,
        email: COMPANY.email,
        areaServed: "BR",
        availableLanguage: "Portuguese",
      },
      {
        "@type": "ContactPoint",
        contactType: "customer support",
        telephone: internationalPhone(COMPANY.phoneDisplay),
        email: COMPANY.email,
        areaServed: "BR",
        availableLanguage: "Portuguese",
      },
    ],
  };
}

export function faqPageJsonLd(entries: readonly FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}
