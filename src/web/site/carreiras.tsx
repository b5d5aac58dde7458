import { ApplicationDialog } from "@/web/site/carreiras/application-dialog";
import { AREAS, BENEFITS, SELECTION_STEPS } from "@/web/site/carreiras/careers-content";
import { InfoCardList, PageSection, textLinkClass } from "@/web/site/company/page-section";
import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/carreiras";

const DESCRIPTION =
  "Venha construir a portaria do futuro com a gente. Conheça os benefícios, as áreas e o processo seletivo da Guarita.";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/carreiras", title: "Carreiras", description: DESCRIPTION });

export default function CarreirasPage() {
  return (
    <PublicPage title="Carreiras" description={DESCRIPTION}>
      <div className="space-y-14">
        <p className="text-lg leading-relaxed">
          Na Guarita, tecnologia e cuidado com as pessoas andam juntos. Procuramos gente curiosa, responsável e com
          vontade de resolver problemas reais de milhares de moradores. Não encontrou a vaga ideal? Envie a sua
          candidatura mesmo assim: guardamos todos os perfis para as próximas oportunidades.{" "}
          <a href="#candidate-se" className={textLinkClass}>
            Ir para a candidatura
          </a>
        </p>

        <PageSection id="beneficios" title="Benefícios">
          <InfoCardList items={BENEFITS} />
        </PageSection>

        <PageSection
          id="areas"
          title="Áreas de atuação"
          intro={<p>Times pequenos, com autonomia e impacto direto no dia a dia dos condomínios.</p>}
        >
          <InfoCardList items={AREAS} />
        </PageSection>

        <PageSection
          id="processo-seletivo"
          title="Processo seletivo"
          intro={<p>Quatro etapas simples, com retorno em todas elas.</p>}
        >
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {SELECTION_STEPS.map((step, index) => (
              <li key={step.title} className="space-y-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
                <span
                  className="flex size-8 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="font-semibold">
                  <span className="sr-only">Etapa {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="text-muted-foreground text-sm leading-relaxed">{step.text}</p>
              </li>
            ))}
          </ol>
        </PageSection>

        <PageSection
          id="candidate-se"
          title="Candidate-se"
          className="rounded-xl border bg-muted/50 p-6"
          intro={
            <p>
              Preencha o formulário e abriremos um e-mail pronto para envio, com os seus dados. O currículo é opcional e
              deve estar em PDF.
            </p>
          }
        >
          <ApplicationDialog />
        </PageSection>
      </div>
    </PublicPage>
  );
}
