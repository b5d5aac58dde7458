import { Link } from "react-router";
import { COMPANY } from "@/shared/company";
import { InfoCardList, KeyFigures, PageSection, textLinkClass } from "@/web/site/company/page-section";
import {
  ACCESS_CONTROL_ITEMS,
  AUDIT_ITEMS,
  AVAILABILITY_ITEMS,
  COMPLIANCE_ITEMS,
  ENCRYPTION_ITEMS,
  INCIDENT_STEPS,
  PRIVACY_BY_DESIGN_POINTS,
} from "@/web/site/company/security-content";
import { PublicPage } from "@/web/site/public-page";
import { publicMeta } from "@/web/site/seo";
import type { Route } from "./+types/seguranca";

const DESCRIPTION =
  "Como a Guarita protege os dados e os acessos do seu condomínio: criptografia, auditoria, autenticação forte e disponibilidade de 99,9%.";

export const meta: Route.MetaFunction = () =>
  publicMeta({ path: "/seguranca", title: "Segurança", description: DESCRIPTION });

export default function SegurancaPage() {
  return (
    <PublicPage title="Segurança" description={DESCRIPTION}>
      <div className="space-y-14">
        <PageSection
          id="conformidade"
          title="Conformidade e certificações"
          intro={
            <p>
              Seguimos práticas alinhadas à norma ISO/IEC 27001 e às exigências da LGPD. Ainda não possuímos
              certificação formal ISO/IEC 27001; quando a obtivermos, ela será publicada aqui, com o escopo e o
              organismo certificador.
            </p>
          }
        >
          <InfoCardList items={COMPLIANCE_ITEMS} className="lg:grid-cols-3 sm:grid-cols-1" />
        </PageSection>

        <PageSection
          id="criptografia"
          title="Criptografia em repouso e em trânsito"
          intro={<p>Os dados do seu condomínio ficam protegidos tanto armazenados quanto em trânsito.</p>}
        >
          <InfoCardList items={ENCRYPTION_ITEMS} />
        </PageSection>

        <PageSection
          id="disponibilidade"
          title="Disponibilidade garantida em contrato (SLA)"
          intro={
            <p>
              A portaria não pode parar. Nosso acordo de nível de serviço garante 99,9% de disponibilidade, o que
              significa menos de 8,76 horas de indisponibilidade por ano.
            </p>
          }
        >
          <KeyFigures
            figures={[
              { value: "99,9%", label: "de disponibilidade" },
              { value: "< 8,76 h", label: "de indisponibilidade por ano" },
              { value: "24 h", label: "de monitoramento por dia" },
              { value: "2 h", label: "para a primeira resposta do suporte" },
            ]}
          />
          <InfoCardList items={AVAILABILITY_ITEMS} />
        </PageSection>

        <PageSection
          id="auditoria"
          title="Registros de auditoria"
          intro={<p>Quem entrou, quando, por decisão de quem: tudo fica registrado e pode ser consultado.</p>}
        >
          <InfoCardList items={AUDIT_ITEMS} />
        </PageSection>

        <PageSection
          id="controle-de-acesso"
          title="Autenticação multifator e autorização por perfil"
          intro={
            <p>
              Cada pessoa vê e faz apenas o que o seu papel permite. As permissões são verificadas no servidor a cada
              operação, não apenas na tela.
            </p>
          }
        >
          <InfoCardList items={ACCESS_CONTROL_ITEMS} />
        </PageSection>

        <PageSection
          id="privacidade-desde-a-concepcao"
          title="Privacidade desde a concepção"
          intro={
            <p>
              A proteção de dados faz parte do projeto de cada funcionalidade, não é um ajuste feito depois. Saiba mais
              na nossa{" "}
              <Link to="/privacidade" className={textLinkClass}>
                Política de Privacidade
              </Link>{" "}
              e na página sobre a{" "}
              <Link to="/lgpd" className={textLinkClass}>
                LGPD
              </Link>
              .
            </p>
          }
        >
          <ul className="list-disc space-y-2 pl-5 leading-relaxed marker:text-primary">
            {PRIVACY_BY_DESIGN_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </PageSection>

        <PageSection
          id="resposta-a-incidentes"
          title="Resposta a incidentes"
          intro={<p>Se algo der errado, você fica sabendo por nós, com transparência e dentro do prazo legal.</p>}
        >
          <ol className="grid gap-4 sm:grid-cols-2">
            {INCIDENT_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
                <span
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 space-y-1">
                  <h3 className="font-semibold leading-snug">{step.title}</h3>
                  <p className="text-muted-foreground text-sm leading-relaxed">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </PageSection>

        <PageSection
          id="contato-de-seguranca"
          title="Fale com a equipe de segurança"
          intro={
            <p>
              Encontrou uma vulnerabilidade ou tem dúvidas sobre os nossos controles? Escreva para{" "}
              <a href={`mailto:${COMPANY.securityEmail}`} className={textLinkClass}>
                {COMPANY.securityEmail}
              </a>
              . Tratamos cada relato com sigilo, respondemos em até 24 horas e pedimos que a falha não seja divulgada
              antes da correção. Para assuntos de dados pessoais, fale com o nosso encarregado em{" "}
              <a href={`mailto:${COMPANY.dpoEmail}`} className={textLinkClass}>
                {COMPANY.dpoEmail}
              </a>
              .
            </p>
          }
        />
      </div>
    </PublicPage>
  );
}
