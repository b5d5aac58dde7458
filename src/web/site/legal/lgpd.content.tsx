/**
 * The LGPD page (docs/product.md, "Legal pages"): its nine topics, in that order. Figures follow
 * docs/product.md, "Marketing figures": 15 business days for data-subject requests, up to 5 years of access
 * data, 72-hour incident notice, quarterly internal and annual external audits.
 */
import { Link } from "react-router";
import { COMPANY } from "@/shared/company";
import { companyAddress, LEGAL_UPDATED_AT, LEGAL_UPDATED_AT_ISO, MailLink } from "@/web/site/legal/company-contact";
import type { LegalDocumentContent } from "@/web/site/legal-document";

export const LGPD: LegalDocumentContent = {
  updatedAt: LEGAL_UPDATED_AT,
  updatedAtIso: LEGAL_UPDATED_AT_ISO,
  intro: (
    <>
      <p>
        A Lei nº 13.709/2018, Lei Geral de Proteção de Dados Pessoais (LGPD), estabelece regras para o tratamento de
        dados pessoais no Brasil. Uma portaria lida todos os dias com nomes, documentos, telefones, fotos e registros de
        entrada e saída de moradores, visitantes e prestadores de serviço; por isso, a proteção desses dados está no
        centro do nosso produto.
      </p>
      <p>
        Nos dados tratados no console, o condomínio é o <strong>controlador</strong> e a {COMPANY.legalName} atua como{" "}
        <strong>operadora</strong>, seguindo as instruções do condomínio. Nos dados de conta, contratação e faturamento
        dos nossos clientes, a Guarita é a controladora. Os detalhes estão na nossa{" "}
        <Link to="/privacidade">Política de Privacidade</Link>.
      </p>
    </>
  ),
  sections: [
    {
      id: "principios",
      title: "Princípios",
      content: (
        <>
          <p>Todo tratamento que realizamos observa a boa-fé e os princípios do art. 6º da LGPD:</p>
          <ul>
            <li>
              <strong>Finalidade:</strong> tratamos dados para propósitos legítimos, específicos e informados, como o
              controle de acesso ao condomínio.
            </li>
            <li>
              <strong>Adequação:</strong> o tratamento é compatível com as finalidades informadas ao titular.
            </li>
            <li>
              <strong>Necessidade:</strong> coletamos apenas os dados estritamente necessários para cada finalidade.
            </li>
            <li>
              <strong>Livre acesso:</strong> o titular pode consultar, de forma facilitada e gratuita, como os seus
              dados são tratados.
            </li>
            <li>
              <strong>Qualidade dos dados:</strong> buscamos manter os dados exatos, claros e atualizados.
            </li>
            <li>
              <strong>Transparência:</strong> informamos de maneira clara como os dados são tratados e com quem são
              compartilhados.
            </li>
            <li>
              <strong>Segurança:</strong> usamos medidas técnicas e administrativas para proteger os dados contra
              acessos não autorizados e incidentes.
            </li>
            <li>
              <strong>Prevenção:</strong> adotamos medidas para evitar danos, desde a concepção de cada funcionalidade.
            </li>
            <li>
              <strong>Não discriminação:</strong> os dados nunca são usados para fins discriminatórios, ilícitos ou
              abusivos.
            </li>
            <li>
              <strong>Responsabilização e prestação de contas:</strong> mantemos registros e evidências das medidas que
              comprovam o cumprimento da lei.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "bases-legais",
      title: "Bases legais",
      content: (
        <>
          <p>Cada tratamento se apoia em uma das hipóteses dos arts. 7º e 11 da LGPD. As mais frequentes são:</p>
          <ul>
            <li>
              <strong>Execução de contrato</strong> (art. 7º, V): prestar os serviços contratados e administrar a conta
              do cliente.
            </li>
            <li>
              <strong>Legítimo interesse</strong> (art. 7º, IX): garantir a segurança do condomínio, controlar os
              acessos e prevenir fraudes, após avaliação do equilíbrio entre esse interesse e os direitos dos titulares.
            </li>
            <li>
              <strong>Cumprimento de obrigação legal ou regulatória</strong> (art. 7º, II): guardar registros de acesso
              à aplicação e documentos fiscais.
            </li>
            <li>
              <strong>Exercício regular de direitos</strong> (art. 7º, VI): conservar registros que possam servir de
              prova em processos judiciais, administrativos ou arbitrais.
            </li>
            <li>
              <strong>Consentimento</strong> (art. 7º, I): usado apenas quando nenhuma outra base se aplica, e revogável
              a qualquer momento.
            </li>
          </ul>
          <p>
            Dados pessoais sensíveis, como os biométricos, só são tratados nas hipóteses do art. 11 da LGPD e com
            proteção reforçada. Quando atuamos como operadora, a definição da base legal cabe ao condomínio.
          </p>
        </>
      ),
    },
    {
      id: "direitos",
      title: "Direitos dos titulares",
      content: (
        <>
          <p>O art. 18 da LGPD garante a você, titular dos dados, o direito de obter:</p>
          <ul>
            <li>confirmação da existência de tratamento;</li>
            <li>acesso aos dados;</li>
            <li>correção de dados incompletos, inexatos ou desatualizados;</li>
            <li>
              anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade
              com a lei;
            </li>
            <li>portabilidade dos dados a outro fornecedor;</li>
            <li>eliminação dos dados tratados com consentimento;</li>
            <li>informação sobre as entidades com as quais os dados foram compartilhados;</li>
            <li>informação sobre a possibilidade de não consentir e as consequências da negativa;</li>
            <li>revogação do consentimento.</li>
          </ul>
          <p>
            Você também pode se opor a tratamento irregular e pedir a revisão de decisões tomadas unicamente com base em
            tratamento automatizado (art. 20).
          </p>
          <h3>Como exercer os seus direitos</h3>
          <ol>
            <li>
              Envie o seu pedido para <MailLink email={COMPANY.privacyEmail} />, informando o seu nome e o direito que
              deseja exercer, ou procure a administração do seu condomínio, que registra o pedido no Guarita.
            </li>
            <li>Poderemos pedir informações adicionais para confirmar a sua identidade e proteger os seus dados.</li>
            <li>
              Respondemos em até 15 dias contados do pedido (art. 19): o pedido fica registrado com a data de
              recebimento, o prazo e a conclusão. O condomínio pode exportar uma cópia de todos os seus dados, inclusive
              de quem os consultou, ou anonimizar os seus dados de visitante.
            </li>
          </ol>
          <p>O atendimento é gratuito. Você também pode apresentar reclamação à ANPD.</p>
        </>
      ),
    },
    {
      id: "seguranca",
      title: "Medidas de segurança",
      content: (
        <>
          <p>Protegemos os dados com medidas técnicas e administrativas proporcionais aos riscos, entre elas:</p>
          <ul>
            <li>criptografia AES-256 dos dados armazenados e TLS 1.3 em todas as comunicações;</li>
            <li>autorização baseada em perfis e princípio do menor privilégio;</li>
            <li>autenticação multifator para acessos administrativos;</li>
            <li>registros de auditoria das ações realizadas na plataforma;</li>
            <li>cópias de segurança periódicas e monitoramento contínuo;</li>
            <li>privacidade desde a concepção e por padrão em cada nova funcionalidade;</li>
            <li>treinamento da equipe e compromissos de confidencialidade com colaboradores e fornecedores.</li>
          </ul>
          <p>
            Saiba mais na nossa página de <Link to="/seguranca">Segurança</Link>.
          </p>
        </>
      ),
    },
    {
      id: "encarregado",
      title: "Encarregado de dados (DPO)",
      content: (
        <>
          <p>
            O encarregado pelo tratamento de dados pessoais (Data Protection Officer, DPO), previsto no art. 41 da LGPD,
            é o canal de comunicação entre a Guarita, os titulares e a Autoridade Nacional de Proteção de Dados (ANPD).
            Ele recebe reclamações e comunicações, presta esclarecimentos e orienta a nossa equipe sobre as práticas de
            proteção de dados.
          </p>
          <ul>
            <li>
              E-mail do encarregado: <MailLink email={COMPANY.dpoEmail} />
            </li>
            <li>
              Correspondência: {COMPANY.legalName}, aos cuidados do Encarregado de Dados, {companyAddress()}
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "transferencia-internacional",
      title: "Transferência internacional",
      content: (
        <>
          <p>
            Priorizamos o armazenamento dos dados no Brasil. Alguns fornecedores de infraestrutura e comunicação podem,
            porém, tratar dados em outros países. Nesses casos, a transferência ocorre somente nas hipóteses do art. 33
            da LGPD, como:
          </p>
          <ul>
            <li>para países ou organismos com grau de proteção de dados adequado, reconhecido pela ANPD;</li>
            <li>mediante cláusulas-padrão contratuais aprovadas pela ANPD ou outras garantias previstas na lei;</li>
            <li>quando necessária para a execução do contrato com o titular ou a seu pedido.</li>
          </ul>
          <p>Em todos os casos, exigimos do fornecedor um nível de proteção compatível com o da LGPD.</p>
        </>
      ),
    },
    {
      id: "retencao",
      title: "Retenção",
      content: (
        <>
          <p>Os dados são mantidos apenas pelo tempo necessário:</p>
          <ul>
            <li>
              dados de visitantes (solicitações, chamadas, passes e registros de entrada e saída): pelo prazo que cada
              condomínio define, de 30 dias a 5 anos, e 90 dias se ele não escolher outro; vencido o prazo, nome,
              documento e telefone são anonimizados automaticamente, e as contagens e estatísticas continuam;
            </li>
            <li>cadastros de moradores e da equipe: enquanto estiverem ativos;</li>
            <li>
              trilha de auditoria (entradas no sistema, alterações, consultas e exportações de dados, com IP, data e
              hora): no mínimo 6 meses, conforme o Marco Civil da Internet (Lei nº 12.965/2014), sem que a aplicação
              possa alterá-la ou apagá-la;
            </li>
            <li>
              dados de conta e faturamento: durante o contrato e pelos prazos legais posteriores, como os 5 anos
              aplicáveis a documentos fiscais.
            </li>
          </ul>
          <p>
            Vencidos esses prazos, os dados são eliminados ou anonimizados com segurança, salvo as hipóteses de
            conservação do art. 16 da LGPD.
          </p>
        </>
      ),
    },
    {
      id: "incidentes",
      title: "Incidentes de segurança",
      content: (
        <>
          <p>Mantemos um plano de resposta a incidentes, testado periodicamente. Diante de um incidente:</p>
          <ol>
            <li>contemos o incidente e avaliamos a sua extensão e os riscos aos titulares;</li>
            <li>
              quando somos a controladora e o incidente puder acarretar risco ou dano relevante, comunicamos a ANPD e os
              titulares afetados em até 72 horas contadas da ciência do incidente, informando a natureza dos dados, os
              riscos e as medidas adotadas;
            </li>
            <li>
              quando atuamos como operadora, avisamos o condomínio controlador sem demora e apoiamos a comunicação à
              ANPD e aos titulares dentro do mesmo prazo;
            </li>
            <li>registramos o incidente e as lições aprendidas para evitar que se repita.</li>
          </ol>
          <p>
            Se suspeitar de um incidente envolvendo dados tratados pela Guarita, escreva para{" "}
            <MailLink email={COMPANY.securityEmail} /> ou para o encarregado, em <MailLink email={COMPANY.dpoEmail} />.
          </p>
        </>
      ),
    },
    {
      id: "auditorias",
      title: "Auditorias",
      content: (
        <>
          <p>Verificamos de forma contínua se as nossas práticas cumprem a LGPD:</p>
          <ul>
            <li>
              <strong>Auditorias internas trimestrais</strong>, que revisam os controles de acesso, os registros de
              auditoria, os fornecedores e o atendimento aos titulares;
            </li>
            <li>
              <strong>Auditorias externas anuais</strong>, realizadas por empresa independente, sobre a segurança da
              informação e a proteção de dados.
            </li>
          </ul>
          <p>Os condomínios clientes podem solicitar informações sobre as medidas adotadas, nos termos do contrato.</p>
        </>
      ),
    },
  ],
};
