/**
 * The Terms of Use (docs/product.md, "Legal pages"): fifteen sections, permitted and prohibited use counted
 * as two. Figures follow docs/product.md, "Marketing figures": minimum age 18, 99,9% availability (under 8,76
 * hours of downtime a year) and a 2-hour support response.
 */
import { Link } from "react-router";
import { COMPANY } from "@/shared/company";
import {
  CompanyIdentification,
  companyForum,
  companySiteHost,
  LEGAL_UPDATED_AT,
  LEGAL_UPDATED_AT_ISO,
  MailLink,
} from "@/web/site/legal/company-contact";
import type { LegalDocumentContent } from "@/web/site/legal-document";

export const TERMOS: LegalDocumentContent = {
  updatedAt: LEGAL_UPDATED_AT,
  updatedAtIso: LEGAL_UPDATED_AT_ISO,
  sections: [
    {
      id: "aceitacao",
      title: "Aceitação dos termos",
      content: (
        <>
          <p>
            Estes Termos de Uso regulam o acesso e o uso do site {companySiteHost()} e da plataforma de portaria remota
            oferecidos pela <CompanyIdentification />.
          </p>
          <p>
            Ao criar uma conta, contratar um plano ou utilizar os serviços, você declara que leu, compreendeu e aceita
            estes Termos e a nossa <Link to="/privacidade">Política de Privacidade</Link>. Se não concordar com eles,
            não utilize os serviços. Condições comerciais específicas previstas em proposta ou contrato assinado com o
            condomínio prevalecem sobre estes Termos naquilo em que forem diferentes.
          </p>
        </>
      ),
    },
    {
      id: "servicos",
      title: "Descrição dos serviços",
      content: (
        <>
          <p>
            A Guarita oferece um sistema de portaria remota para condomínios residenciais, operado por um atendente
            virtual de voz e chat com inteligência artificial, disponível 24 horas por dia. Conforme o plano contratado,
            os serviços incluem:
          </p>
          <ul>
            <li>atendimento a moradores, visitantes e entregadores;</li>
            <li>pré-cadastro de visitantes e prestadores de serviço, com registro fotográfico;</li>
            <li>solicitações de acesso, com autorização ou negativa pelos moradores ou pela equipe;</li>
            <li>registro das chamadas feitas às unidades e histórico de entradas e saídas para auditoria;</li>
            <li>reserva de áreas comuns;</li>
            <li>integração com câmeras, interfones, fechaduras, portões, mensageria, agenda, e-mail e CRM;</li>
            <li>um console on-line para a gestão de condomínios, unidades, pessoas e solicitações.</li>
          </ul>
          <p>
            Os planos, os preços e os limites de uso, como o número de atendimentos mensais, são os divulgados no site
            ou na proposta comercial no momento da contratação. A Guarita não presta serviços de vigilância patrimonial
            nem de segurança armada, e não substitui as medidas de segurança física adotadas pelo condomínio.
          </p>
        </>
      ),
    },
    {
      id: "elegibilidade",
      title: "Elegibilidade",
      content: (
        <>
          <p>Para utilizar os serviços, você deve:</p>
          <ul>
            <li>ter 18 anos ou mais e plena capacidade civil;</li>
            <li>
              ao contratar em nome de um condomínio, ser o seu representante legal (síndico) ou estar devidamente
              autorizado por ele, como a administradora com poderes para tanto;
            </li>
            <li>
              ao usar o console como porteiro, funcionário ou morador, ter sido cadastrado ou convidado pelo condomínio
              contratante.
            </li>
          </ul>
          <p>
            Quem aceita estes Termos em nome do condomínio declara ter poderes para obrigá-lo, e o condomínio responde
            pelo uso feito pelos usuários que cadastrar.
          </p>
        </>
      ),
    },
    {
      id: "uso-permitido",
      title: "Uso permitido",
      content: (
        <>
          <p>
            Concedemos ao condomínio contratante e aos usuários por ele autorizados uma licença limitada, não exclusiva,
            intransferível e revogável para usar a plataforma durante a vigência do contrato, com a finalidade exclusiva
            de gerir a portaria e os acessos do condomínio. No uso dos serviços, você se compromete a:
          </p>
          <ul>
            <li>fornecer informações verdadeiras, exatas e atualizadas;</li>
            <li>
              cadastrar e tratar dados de moradores, visitantes e prestadores somente para o controle de acesso e a
              segurança do condomínio, em conformidade com a LGPD;
            </li>
            <li>
              informar moradores, funcionários e visitantes sobre o uso da portaria remota, das câmeras e da gravação de
              chamadas, quando habilitadas;
            </li>
            <li>respeitar a legislação aplicável, a convenção e o regimento interno do condomínio.</li>
          </ul>
        </>
      ),
    },
    {
      id: "uso-proibido",
      title: "Uso proibido",
      content: (
        <>
          <p>É proibido:</p>
          <ul>
            <li>usar os serviços para fins ilícitos, fraudulentos ou que violem direitos de terceiros;</li>
            <li>
              cadastrar dados de pessoas sem finalidade legítima ou utilizá-los para monitorar, perseguir ou discriminar
              qualquer pessoa;
            </li>
            <li>compartilhar credenciais de acesso ou permitir o uso da conta por pessoas não autorizadas;</li>
            <li>
              tentar acessar áreas, dados ou contas sem autorização, ou contornar mecanismos de segurança e de limitação
              de uso;
            </li>
            <li>
              copiar, modificar, descompilar ou fazer engenharia reversa da plataforma, salvo nos limites permitidos por
              lei;
            </li>
            <li>sobrecarregar a infraestrutura, inclusive por meio de acessos automatizados não autorizados;</li>
            <li>enviar vírus, códigos maliciosos ou conteúdo ofensivo, ilegal ou que viole a intimidade alheia;</li>
            <li>revender, sublicenciar ou disponibilizar os serviços a terceiros sem autorização por escrito.</li>
          </ul>
          <p>
            O descumprimento destas regras pode levar à suspensão ou ao cancelamento do acesso, sem prejuízo das medidas
            legais cabíveis.
          </p>
        </>
      ),
    },
    {
      id: "conta-e-seguranca",
      title: "Conta e segurança",
      content: (
        <>
          <p>
            Cada usuário acessa a plataforma com e-mail e senha pessoais. Você é responsável por manter as suas
            credenciais em sigilo e por toda atividade realizada na sua conta.
          </p>
          <ul>
            <li>Use uma senha forte e exclusiva e ative a autenticação multifator quando disponível.</li>
            <li>
              O condomínio deve manter atualizados os perfis de acesso da sua equipe e remover imediatamente os usuários
              que deixarem de ter vínculo com ele.
            </li>
            <li>
              Comunique sem demora qualquer uso não autorizado ou suspeita de incidente pelo e-mail{" "}
              <MailLink email={COMPANY.securityEmail} />.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "propriedade-intelectual",
      title: "Propriedade intelectual",
      content: (
        <>
          <p>
            A plataforma, o software, a marca Guarita, os logotipos, os textos, o design e os demais elementos dos
            serviços pertencem à {COMPANY.legalName} ou aos seus licenciantes e são protegidos pela legislação de
            propriedade intelectual. Estes Termos não transferem nenhum desses direitos a você.
          </p>
          <p>
            Os dados inseridos na plataforma pelo condomínio continuam sendo do condomínio e dos respectivos titulares.
            A Guarita pode usar informações agregadas e anonimizadas, que não identifiquem pessoas nem condomínios, para
            manter e aprimorar os serviços.
          </p>
        </>
      ),
    },
    {
      id: "privacidade",
      title: "Privacidade e proteção de dados",
      content: (
        <>
          <p>
            O tratamento de dados pessoais segue a nossa <Link to="/privacidade">Política de Privacidade</Link> e a Lei
            nº 13.709/2018 (LGPD). Nos dados tratados no console, o condomínio é o controlador e a Guarita, a operadora,
            que trata os dados conforme as instruções do condomínio. Nos dados de conta, contratação e faturamento dos
            nossos clientes, a Guarita é a controladora.
          </p>
          <p>
            O condomínio é responsável por ter base legal para os dados que cadastra e por informar os titulares. Saiba
            mais na nossa página sobre a <Link to="/lgpd">LGPD</Link>.
          </p>
        </>
      ),
    },
    {
      id: "disponibilidade",
      title: "Disponibilidade do serviço",
      content: (
        <>
          <p>
            Trabalhamos com a meta de disponibilidade de 99,9% da plataforma, o que corresponde a menos de 8,76 horas de
            indisponibilidade por ano, e com a meta de primeira resposta de até 2 horas para os chamados de suporte.
          </p>
          <p>Não são consideradas no cálculo da disponibilidade as interrupções decorrentes de:</p>
          <ul>
            <li>manutenções programadas, avisadas com antecedência;</li>
            <li>
              falhas de internet, energia elétrica, telefonia ou equipamentos do condomínio, como câmeras, interfones,
              fechaduras e portões;
            </li>
            <li>falhas de serviços de terceiros fora do controle da Guarita;</li>
            <li>caso fortuito ou força maior, nos termos do art. 393 do Código Civil;</li>
            <li>suspensão motivada por descumprimento destes Termos ou por inadimplência.</li>
          </ul>
          <p>
            Recomendamos que o condomínio mantenha um procedimento de contingência para as situações em que a portaria
            remota não estiver disponível.
          </p>
        </>
      ),
    },
    {
      id: "responsabilidade",
      title: "Limitação de responsabilidade",
      content: (
        <>
          <p>
            A Guarita responde pelos serviços que presta, nos termos da lei e do contrato. Não responde, porém, por:
          </p>
          <ul>
            <li>
              acessos autorizados por moradores, pela equipe do condomínio ou de acordo com as regras configuradas pelo
              próprio condomínio;
            </li>
            <li>informações falsas ou incorretas fornecidas por usuários, visitantes ou prestadores;</li>
            <li>atos de terceiros, furtos, roubos ou outros crimes praticados no condomínio;</li>
            <li>
              falhas de equipamentos, redes ou serviços de terceiros e as demais situações descritas na seção
              “Disponibilidade do serviço”;
            </li>
            <li>lucros cessantes e danos indiretos.</li>
          </ul>
          <p>
            Na máxima extensão permitida pela lei, a responsabilidade total da Guarita fica limitada ao valor pago pelo
            condomínio nos 12 meses anteriores ao evento que lhe deu causa. Essa limitação não se aplica aos casos de
            dolo ou culpa grave, nem às hipóteses em que a lei não admita limitação de responsabilidade.
          </p>
        </>
      ),
    },
    {
      id: "indenizacao",
      title: "Indenização",
      content: (
        <p>
          O usuário e o condomínio contratante se comprometem a indenizar a Guarita por perdas, danos, multas e despesas
          razoáveis, inclusive honorários advocatícios, decorrentes do descumprimento destes Termos, da violação de
          direitos de terceiros ou do tratamento de dados pessoais sem base legal, na medida da sua responsabilidade. A
          Guarita comunicará prontamente qualquer reclamação que possa dar origem a essa obrigação e permitirá que a
          parte responsável participe da sua defesa.
        </p>
      ),
    },
    {
      id: "rescisao",
      title: "Rescisão",
      content: (
        <>
          <p>
            O condomínio pode cancelar a contratação a qualquer momento, observadas as condições do plano e do período
            de cobrança contratados. A Guarita pode suspender ou encerrar o acesso em caso de descumprimento destes
            Termos, inadimplência, uso que ofereça risco à segurança da plataforma ou determinação legal, avisando o
            condomínio sempre que possível.
          </p>
          <p>
            Encerrado o contrato, o condomínio poderá solicitar a exportação dos seus dados e, na sequência, a Guarita
            os eliminará, ressalvados os dados cuja conservação seja exigida ou autorizada por lei. As obrigações que,
            por sua natureza, devam subsistir ao término, como confidencialidade, propriedade intelectual e limitação de
            responsabilidade, continuam em vigor.
          </p>
        </>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações dos termos",
      content: (
        <p>
          Podemos alterar estes Termos para refletir mudanças nos serviços, na legislação ou nas nossas práticas. A data
          da versão em vigor aparece no início desta página. Alterações relevantes serão comunicadas com antecedência
          por e-mail ou por aviso na plataforma. O uso continuado dos serviços após a entrada em vigor da nova versão
          significa a sua aceitação; se não concordar, você poderá cancelar a contratação.
        </p>
      ),
    },
    {
      id: "lei-aplicavel",
      title: "Lei aplicável e foro",
      content: (
        <p>
          Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da Comarca de{" "}
          {companyForum()} para dirimir quaisquer controvérsias deles decorrentes, com renúncia a qualquer outro, por
          mais privilegiado que seja, ressalvado o direito do consumidor de propor ação no foro do seu domicílio.
        </p>
      ),
    },
    {
      id: "disposicoes-gerais",
      title: "Disposições gerais",
      content: (
        <>
          <ul>
            <li>
              A tolerância de qualquer das partes quanto ao descumprimento de uma obrigação não significa renúncia ao
              direito de exigi-la.
            </li>
            <li>
              Se alguma disposição destes Termos for considerada inválida, as demais continuarão válidas e eficazes.
            </li>
            <li>
              O condomínio não pode ceder os direitos e obrigações destes Termos sem a concordância prévia da Guarita.
            </li>
            <li>
              As comunicações serão feitas preferencialmente por meio eletrônico, para o e-mail cadastrado na conta.
            </li>
          </ul>
          <p>
            Dúvidas sobre estes Termos podem ser enviadas para <MailLink email={COMPANY.email} />.
          </p>
        </>
      ),
    },
  ],
};
