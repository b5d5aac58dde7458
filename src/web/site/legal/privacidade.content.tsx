/**
 * The Privacy Policy (docs/product.md, "Legal pages"): twelve sections, in the order listed there. Figures
 * follow docs/product.md, "Marketing figures": access data kept up to 5 years, data-subject requests answered
 * within 15 business days, incidents notified within 72 hours, minimum age 18.
 */
import { Link } from "react-router";
import { COMPANY } from "@/shared/company";
import {
  CompanyIdentification,
  companyAddress,
  companySiteHost,
  LEGAL_UPDATED_AT,
  LEGAL_UPDATED_AT_ISO,
  MailLink,
} from "@/web/site/legal/company-contact";
import type { LegalDocumentContent } from "@/web/site/legal-document";

export const PRIVACIDADE: LegalDocumentContent = {
  updatedAt: LEGAL_UPDATED_AT,
  updatedAtIso: LEGAL_UPDATED_AT_ISO,
  sections: [
    {
      id: "introducao",
      title: "Introdução",
      content: (
        <>
          <p>
            Esta Política de Privacidade explica como a <CompanyIdentification />, trata dados pessoais no site{" "}
            {companySiteHost()}, na plataforma de portaria remota e nos canais de atendimento, em conformidade com a Lei
            nº 13.709/2018 — Lei Geral de Proteção de Dados Pessoais (LGPD).
          </p>
          <p>A Guarita atua em dois papéis distintos, e é importante diferenciá-los:</p>
          <ul>
            <li>
              <strong>Como operadora</strong>, em nome do condomínio contratante, que é o <strong>controlador</strong>:
              dados de moradores, visitantes, prestadores de serviço e funcionários cadastrados no console, registros de
              entrada e saída, fotos, solicitações de acesso e registros e gravações de chamadas. Nesses casos, tratamos
              os dados apenas conforme as instruções do condomínio e o contrato firmado com ele. Pedidos sobre esses
              dados devem ser dirigidos, de preferência, ao condomínio; os que chegarem até nós serão encaminhados a
              ele, e apoiaremos a resposta.
            </li>
            <li>
              <strong>Como controladora</strong>: dados dos nossos próprios clientes e usuários (cadastro de conta,
              contratação, faturamento e suporte), de quem visita o nosso site, de quem entra em contato conosco e de
              candidatos às nossas vagas.
            </li>
          </ul>
          <p>
            Ao utilizar os nossos serviços, você declara ter lido esta Política. Recomendamos a leitura em conjunto com
            os nossos <Link to="/termos">Termos de Uso</Link> e a nossa página sobre a <Link to="/lgpd">LGPD</Link>.
          </p>
        </>
      ),
    },
    {
      id: "dados-coletados",
      title: "Dados coletados",
      content: (
        <>
          <h3>Dados tratados na portaria remota (em nome do condomínio)</h3>
          <ul>
            <li>
              <strong>Identificação:</strong> nome, número de documento (como RG ou CPF), unidade, vínculo com o
              condomínio e, para prestadores, a empresa representada.
            </li>
            <li>
              <strong>Contato:</strong> telefone, e-mail e ramal da unidade.
            </li>
            <li>
              <strong>Imagem:</strong> foto registrada no pré-cadastro de visitantes e imagens das câmeras integradas,
              quando o condomínio habilitar essa integração.
            </li>
            <li>
              <strong>Registros de acesso:</strong> solicitações de acesso, autorizações e negativas, data e hora de
              entrada e saída, e quem autorizou cada acesso.
            </li>
            <li>
              <strong>Chamadas e mensagens:</strong> registros das ligações e conversas com o atendente virtual e com as
              unidades (origem, destino, data, hora e duração) e, quando o condomínio habilitar, as gravações e
              transcrições correspondentes.
            </li>
            <li>
              <strong>Reservas de áreas comuns:</strong> unidade, data, horário e responsável pela reserva.
            </li>
          </ul>
          <h3>Dados dos nossos clientes e usuários</h3>
          <ul>
            <li>
              <strong>Conta:</strong> nome, e-mail, senha (armazenada apenas na forma de hash), perfil de acesso e
              condomínio vinculado.
            </li>
            <li>
              <strong>Contratação e faturamento:</strong> razão social ou nome do condomínio, CNPJ, endereço, nome e
              contato do responsável, plano contratado e histórico de pagamentos. Os dados do cartão de crédito são
              informados diretamente à instituição de pagamento parceira; não armazenamos o número completo do cartão.
            </li>
            <li>
              <strong>Suporte e contato:</strong> o conteúdo das mensagens que você nos envia pelo formulário de
              contato, WhatsApp ou e-mail.
            </li>
            <li>
              <strong>Candidaturas:</strong> os dados e o currículo enviados por quem se candidata às nossas vagas.
            </li>
          </ul>
          <h3>Dados coletados automaticamente</h3>
          <ul>
            <li>
              Endereço IP, data e hora de acesso, tipo de navegador e dispositivo, e registros de uso da plataforma,
              necessários para a segurança e o funcionamento do serviço.
            </li>
            <li>Cookies e tecnologias semelhantes, conforme a seção “Cookies” desta Política.</li>
          </ul>
        </>
      ),
    },
    {
      id: "finalidades",
      title: "Finalidades do tratamento",
      content: (
        <>
          <p>Tratamos dados pessoais somente para finalidades legítimas, específicas e informadas ao titular:</p>
          <ul>
            <li>
              identificar visitantes e prestadores, consultar os moradores e autorizar ou negar o acesso conforme as
              regras definidas pelo condomínio;
            </li>
            <li>manter o histórico de entradas, saídas e chamadas para segurança e auditoria do condomínio;</li>
            <li>operar o atendente virtual de voz e chat, disponível 24 horas por dia;</li>
            <li>gerenciar reservas de áreas comuns e as integrações contratadas pelo condomínio;</li>
            <li>criar e administrar contas de usuário, autenticar acessos e prevenir fraudes;</li>
            <li>processar a contratação, a cobrança e a emissão de documentos fiscais;</li>
            <li>prestar suporte, responder a contatos e enviar comunicações sobre o serviço;</li>
            <li>avaliar candidaturas às nossas vagas;</li>
            <li>
              cumprir obrigações legais e regulatórias e exercer direitos em processos judiciais, administrativos ou
              arbitrais.
            </li>
          </ul>
          <p>
            O atendente virtual utiliza inteligência artificial para compreender a fala ou a mensagem do visitante e
            encaminhar a solicitação. A liberação do acesso segue as regras configuradas pelo condomínio e, quando
            necessário, a confirmação de um morador ou da equipe. Você pode solicitar a revisão de decisões tomadas
            unicamente com base em tratamento automatizado, nos termos do art. 20 da LGPD.
          </p>
          <p>Não vendemos dados pessoais nem os utilizamos para publicidade de terceiros.</p>
        </>
      ),
    },
    {
      id: "base-legal",
      title: "Base legal",
      content: (
        <>
          <p>Cada tratamento se apoia em uma das hipóteses previstas nos arts. 7º e 11 da LGPD:</p>
          <ul>
            <li>
              <strong>Execução de contrato</strong> (art. 7º, V): prestação dos serviços contratados, gestão da conta,
              cobrança e suporte.
            </li>
            <li>
              <strong>Legítimo interesse</strong> (art. 7º, IX): segurança do condomínio e de seus moradores, controle
              de acesso, prevenção a fraudes e melhoria do serviço, sempre respeitadas as legítimas expectativas e os
              direitos fundamentais dos titulares.
            </li>
            <li>
              <strong>Cumprimento de obrigação legal ou regulatória</strong> (art. 7º, II): guarda de registros de
              acesso a aplicações e de documentos fiscais.
            </li>
            <li>
              <strong>Exercício regular de direitos</strong> (art. 7º, VI): conservação de registros que possam ser
              necessários em processos judiciais, administrativos ou arbitrais.
            </li>
            <li>
              <strong>Consentimento</strong> (art. 7º, I): apenas quando nenhuma outra base for aplicável, como no envio
              de comunicações opcionais. O consentimento pode ser revogado a qualquer momento.
            </li>
          </ul>
          <p>
            Caso o condomínio contrate recursos de identificação biométrica, os dados biométricos, por serem dados
            pessoais sensíveis, serão tratados com base no art. 11, II, “g”, da LGPD (prevenção à fraude e segurança do
            titular em processos de identificação), com medidas de proteção reforçadas.
          </p>
          <p>
            Nos tratamentos em que a Guarita atua como operadora, a definição da base legal cabe ao condomínio, na
            qualidade de controlador.
          </p>
        </>
      ),
    },
    {
      id: "compartilhamento",
      title: "Compartilhamento de dados",
      content: (
        <>
          <p>
            Compartilhamos dados pessoais apenas na medida necessária para prestar o serviço, sempre com obrigações
            contratuais de confidencialidade e segurança:
          </p>
          <ul>
            <li>
              <strong>Com o condomínio</strong> (síndico, administradora e equipe autorizada), conforme o perfil de
              acesso de cada usuário;
            </li>
            <li>
              <strong>Com fornecedores que atuam em nosso nome</strong>: hospedagem em nuvem, telefonia, envio de
              mensagens e e-mails, processamento de pagamentos e ferramentas de suporte;
            </li>
            <li>
              <strong>Com integrações habilitadas pelo condomínio</strong>, como câmeras, interfones, fechaduras,
              portões, mensageria, agenda, e-mail e CRM;
            </li>
            <li>
              <strong>Com autoridades públicas</strong>, quando houver obrigação legal, ordem judicial ou requisição de
              autoridade competente;
            </li>
            <li>
              <strong>Em operações societárias</strong>, como fusão ou aquisição, hipótese em que o sucessor ficará
              obrigado a respeitar esta Política.
            </li>
          </ul>
          <p>
            Quando algum fornecedor tratar dados fora do Brasil, a transferência internacional observará o art. 33 da
            LGPD, conforme descrito na nossa página sobre a <Link to="/lgpd">LGPD</Link>.
          </p>
        </>
      ),
    },
    {
      id: "seguranca",
      title: "Segurança",
      content: (
        <>
          <p>Adotamos medidas técnicas e administrativas para proteger os dados pessoais, entre elas:</p>
          <ul>
            <li>criptografia AES-256 dos dados armazenados e TLS 1.3 nas comunicações;</li>
            <li>controle de acesso por perfil, com o mínimo de privilégios necessário para cada função;</li>
            <li>autenticação multifator para acessos administrativos;</li>
            <li>registros de auditoria das ações realizadas na plataforma;</li>
            <li>cópias de segurança periódicas e monitoramento contínuo da infraestrutura;</li>
            <li>
              auditorias internas trimestrais e auditorias externas anuais, além de treinamento e termos de
              confidencialidade para a nossa equipe.
            </li>
          </ul>
          <p>
            Nenhum sistema é totalmente imune a riscos. Se ocorrer um incidente de segurança que possa acarretar risco
            ou dano relevante aos titulares, a Autoridade Nacional de Proteção de Dados (ANPD) e os titulares afetados
            serão comunicados em até 72 horas contadas da ciência do incidente. Quando atuamos como operadora, avisamos
            o condomínio sem demora e apoiamos essa comunicação.
          </p>
        </>
      ),
    },
    {
      id: "direitos",
      title: "Direitos dos titulares",
      content: (
        <>
          <p>Nos termos do art. 18 da LGPD, você pode solicitar, a qualquer momento:</p>
          <ul>
            <li>a confirmação da existência de tratamento e o acesso aos seus dados;</li>
            <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
            <li>
              a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em
              desconformidade com a LGPD;
            </li>
            <li>a portabilidade dos dados a outro fornecedor, observada a regulamentação da ANPD;</li>
            <li>a eliminação dos dados tratados com base no seu consentimento;</li>
            <li>a informação sobre as entidades com as quais compartilhamos os seus dados;</li>
            <li>
              a informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa;
            </li>
            <li>a revogação do consentimento;</li>
            <li>a oposição a tratamento realizado em desconformidade com a LGPD;</li>
            <li>a revisão de decisões tomadas unicamente com base em tratamento automatizado.</li>
          </ul>
          <p>
            Para exercer esses direitos, escreva para <MailLink email={COMPANY.privacyEmail} /> ou procure a
            administração do seu condomínio, que registra o pedido no Guarita. Poderemos pedir informações para
            confirmar a sua identidade, a fim de proteger os seus dados. Respondemos em até 15 dias contados do pedido
            (art. 19 da LGPD): cada pedido fica registrado com a data em que foi recebido, o prazo e a data em que foi
            atendido. A seu pedido, o condomínio exporta uma cópia de tudo o que o Guarita guarda sobre você, inclusive
            quem consultou esses dados, ou anonimiza os seus dados de visitante.
          </p>
          <p>Você também pode apresentar reclamação à ANPD.</p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      content: (
        <>
          <p>
            Cookies são pequenos arquivos gravados no seu navegador. Utilizamos apenas cookies e tecnologias semelhantes
            necessários ao funcionamento do site e da plataforma:
          </p>
          <ul>
            <li>
              <strong>Essenciais:</strong> mantêm a sua sessão autenticada e protegem a conta contra acessos indevidos.
              Sem eles, não é possível entrar no console.
            </li>
            <li>
              <strong>De preferência:</strong> lembram escolhas como o estado da barra lateral do console (por 7 dias) e
              o tema claro ou escuro, guardado no armazenamento local do navegador.
            </li>
          </ul>
          <p>
            Não utilizamos cookies de publicidade. O vídeo de demonstração do site só é carregado do YouTube, em modo de
            privacidade aprimorada, depois que você clica para assisti-lo; a partir daí, aplicam-se as políticas do
            Google. Você pode apagar ou bloquear cookies nas configurações do navegador, ciente de que os cookies
            essenciais são necessários para usar o console.
          </p>
        </>
      ),
    },
    {
      id: "retencao",
      title: "Retenção de dados",
      content: (
        <>
          <p>Mantemos os dados pessoais apenas pelo tempo necessário às finalidades que justificaram a coleta:</p>
          <ul>
            <li>
              <strong>Dados de visitantes</strong> (solicitações, chamadas, passes e registros de entrada e saída): pelo
              prazo definido por cada condomínio, de 30 dias a 5 anos (1.825 dias), e 90 dias se ele não escolher outro.
              Vencido o prazo, nome, documento e telefone do visitante são anonimizados automaticamente; as contagens e
              estatísticas continuam. Cadastros de moradores e da equipe são mantidos enquanto estiverem ativos;
            </li>
            <li>
              <strong>Fotos de visitantes</strong> (tiradas na portaria, no totem ou pela câmera do portão, para o
              morador ver quem está chegando antes de decidir): pelo prazo de fotos de cada condomínio, 30 dias se ele
              não escolher outro e nunca mais que o prazo dos dados de visitantes. Vencido o prazo, a foto é apagada do
              armazenamento, e não apenas ocultada; o pedido do titular para anonimizar seus dados também a apaga. As
              imagens nunca são públicas: só a equipe do condomínio e os moradores da unidade visitada as veem, e cada
              visualização pela equipe fica registrada;
            </li>
            <li>
              <strong>Trilha de auditoria</strong> (quem entrou no sistema, alterou, consultou ou exportou dados, com
              endereço IP, data e hora): mantida por pelo menos 6 meses, como exige o art. 15 do Marco Civil da Internet
              (Lei nº 12.965/2014), sem que a aplicação possa alterá-la ou apagá-la; nela, os documentos aparecem
              mascarados;
            </li>
            <li>
              <strong>Dados de conta e faturamento</strong>: durante a vigência do contrato e, depois dela, pelos prazos
              legais, como os 5 anos aplicáveis a documentos fiscais;
            </li>
            <li>
              <strong>Candidaturas</strong>: até a conclusão do processo seletivo ou, com a sua autorização, para
              oportunidades futuras.
            </li>
          </ul>
          <p>
            Ao fim do prazo, os dados são eliminados ou anonimizados de forma segura, salvo quando a lei autorizar ou
            exigir a sua conservação.
          </p>
        </>
      ),
    },
    {
      id: "menores",
      title: "Menores de idade",
      content: (
        <>
          <p>
            Os nossos serviços são destinados a pessoas com 18 anos ou mais. Não criamos contas para menores de idade
            nem coletamos intencionalmente os seus dados para fins próprios.
          </p>
          <p>
            O condomínio pode registrar dados de crianças e adolescentes que residam ou circulem nele, como moradores ou
            visitantes. Esse tratamento é de responsabilidade do condomínio e deve atender ao melhor interesse da
            criança e do adolescente, nos termos do art. 14 da LGPD, com a ciência dos pais ou responsáveis legais. Se
            você souber de dados de menores tratados de forma indevida, escreva para{" "}
            <MailLink email={COMPANY.privacyEmail} />.
          </p>
        </>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações desta política",
      content: (
        <p>
          Podemos atualizar esta Política para refletir mudanças nos serviços ou na legislação. A data da versão em
          vigor aparece no início desta página. Alterações relevantes serão comunicadas com antecedência por e-mail ou
          por aviso na plataforma e, quando o tratamento depender de consentimento, pediremos um novo consentimento.
        </p>
      ),
    },
    {
      id: "contato",
      title: "Contato",
      content: (
        <>
          <p>Em caso de dúvidas sobre esta Política ou sobre o tratamento dos seus dados, fale conosco:</p>
          <ul>
            <li>
              Privacidade e direitos dos titulares: <MailLink email={COMPANY.privacyEmail} />
            </li>
            <li>
              Encarregado pelo tratamento de dados pessoais (DPO): <MailLink email={COMPANY.dpoEmail} />
            </li>
            <li>
              Atendimento geral: <MailLink email={COMPANY.email} />
            </li>
            <li>
              Correspondência: {COMPANY.legalName}, {companyAddress()}
            </li>
          </ul>
        </>
      ),
    },
  ],
};
