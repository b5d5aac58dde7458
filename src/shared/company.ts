/**
 * The company's public contact data, in one place: the landing page's WhatsApp buttons, the
 * contact and careers pages, the structured data and the footer read it. These are build-time
 * constants (the public pages are pre-rendered); change them here and rebuild. README.md lists them.
 */

export const COMPANY = {
  name: "Guarita",
  legalName: "Guarita Tecnologia Ltda.",
  tagline: "Sistema de Portaria Inteligente",
  foundedYear: 2025,
  /** WhatsApp number in E.164 without "+", as wa.me expects. */
  whatsappNumber: "5511940028922",
  whatsappDisplay: "(11) 94002-8922",
  phoneDisplay: "(11) 4002-8922",
  email: "contato@guarita.app",
  careersEmail: "carreiras@guarita.app",
  privacyEmail: "privacidade@guarita.app",
  dpoEmail: "dpo@guarita.app",
  securityEmail: "seguranca@guarita.app",
  address: {
    street: "Av. Paulista, 1000, conj. 101",
    district: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    postalCode: "01310-100",
    country: "BR",
  },
  /** Public site origin, used for canonical links, Open Graph and the sitemap. */
  siteUrl: "https://guarita.app",
  /** The product demo video, embedded only after the visitor clicks the placeholder. */
  // Placeholder id: set the real video before launch.
  demoVideoEmbedUrl: "https://www.youtube-nocookie.com/embed/GUARITADEMO?autoplay=1&rel=0",
  officeHours: {
    weekdays: "Segunda a sexta, das 9h às 18h",
    saturday: "Sábado, das 9h às 12h",
    emailReply: "Respondemos e-mails em até 24 horas",
  },
} as const;

/** Opens a WhatsApp chat with the company, with `text` prefilled (wa.me link). */
export function whatsappUrl(text: string): string {
  return `https://wa.me/${COMPANY.whatsappNumber}?text=${encodeURIComponent(text)}`;
}

/** The prefilled message of the "Falar com especialista", "Agendar demonstração" and "Falar com vendas" buttons. */
export const DEMO_REQUEST_MESSAGE =
  "Olá! Gostaria de agendar uma demonstração da Guarita, o sistema de portaria inteligente, para o meu condomínio.";
