import { PageSection } from "@/web/site/company/page-section";
import { ContactData, DirectChannels, OfficeHours } from "@/web/site/contato/contact-details";
import { ContactFaq } from "@/web/site/contato/contact-faq";
import { ContactForm } from "@/web/site/contato/contact-form";
import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/contato";

const DESCRIPTION =
  "Fale com a Guarita: tire dúvidas, peça uma demonstração ou conheça os planos. Atendimento por WhatsApp, e-mail e telefone.";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/contato", title: "Contato", description: DESCRIPTION });

export default function ContatoPage() {
  return (
    <PublicPage title="Contato" description={DESCRIPTION} className="max-w-6xl">
      <div className="space-y-14">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <PageSection
            id="formulario"
            title="Envie uma mensagem"
            className="self-start rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
            intro={
              <p>Preencha os campos e enviaremos a sua mensagem pelo WhatsApp, já preenchida, para a nossa equipe.</p>
            }
          >
            <ContactForm labelledBy="formulario-titulo" />
          </PageSection>

          <div className="space-y-10">
            <PageSection id="canais-diretos" title="Canais diretos">
              <DirectChannels />
            </PageSection>
            <PageSection id="dados-de-contato" title="Dados de contato">
              <ContactData />
            </PageSection>
            <PageSection id="horario-de-atendimento" title="Horário de atendimento">
              <OfficeHours />
            </PageSection>
          </div>
        </div>

        <PageSection id="perguntas-frequentes" title="Perguntas frequentes">
          <ContactFaq />
        </PageSection>
      </div>
    </PublicPage>
  );
}
