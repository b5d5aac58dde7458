import { Link } from "react-router";
import { ABOUT_FIGURES, HISTORY, TEAM, TECHNOLOGY, VALUES } from "@/web/site/company/about-content";
import { InfoCardList, KeyFigures, PageSection, textLinkClass } from "@/web/site/company/page-section";
import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/sobre";

const DESCRIPTION =
  "Conheça a Guarita: portaria remota com atendimento por inteligência artificial 24 horas, criada em 2025 para tornar os condomínios mais seguros.";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/sobre", title: "Sobre a Guarita", description: DESCRIPTION });

export default function SobrePage() {
  return (
    <PublicPage title="Sobre a Guarita" description={DESCRIPTION}>
      <div className="space-y-14">
        <KeyFigures figures={ABOUT_FIGURES} />

        <PageSection id="missao" title="Missão">
          <p className="text-lg leading-relaxed">
            Tornar a portaria de cada condomínio mais segura, acessível e eficiente, combinando inteligência artificial
            e atendimento humano para que moradores, visitantes e funcionários sejam recebidos com agilidade e respeito,
            a qualquer hora.
          </p>
        </PageSection>

        <PageSection id="visao" title="Visão">
          <p className="text-lg leading-relaxed">
            Ser a referência brasileira em portaria inteligente, reconhecida pela confiança dos síndicos, pela proteção
            dos dados dos moradores e por um serviço que simplesmente funciona.
          </p>
        </PageSection>

        <PageSection id="valores" title="Valores">
          <InfoCardList items={VALUES} />
        </PageSection>

        <PageSection id="historia" title="Nossa história">
          <ol className="space-y-6 border-primary/40 border-l-2 pl-6">
            {HISTORY.map((milestone) => (
              <li key={milestone.period} className="relative space-y-1">
                <span
                  className="absolute top-1.5 -left-[31px] size-3 rounded-full border-2 border-background bg-primary"
                  aria-hidden="true"
                />
                <h3 className="font-semibold">{milestone.period}</h3>
                <p className="text-muted-foreground leading-relaxed">{milestone.text}</p>
              </li>
            ))}
          </ol>
        </PageSection>

        <PageSection
          id="equipe"
          title="Equipe"
          intro={
            <p>
              Somos um time multidisciplinar que une tecnologia, segurança e atendimento. Quer fazer parte?{" "}
              <Link to="/carreiras" className={textLinkClass}>
                Conheça as nossas vagas
              </Link>
              .
            </p>
          }
        >
          <InfoCardList items={TEAM} />
        </PageSection>

        <PageSection
          id="tecnologia"
          title="Tecnologia"
          intro={
            <p>
              A Guarita é implantada em 2 a 4 semanas e funciona com a infraestrutura que o condomínio já possui. Veja
              como protegemos os dados na página de{" "}
              <Link to="/seguranca" className={textLinkClass}>
                Segurança
              </Link>
              .
            </p>
          }
        >
          <InfoCardList items={TECHNOLOGY} />
        </PageSection>
      </div>
    </PublicPage>
  );
}
