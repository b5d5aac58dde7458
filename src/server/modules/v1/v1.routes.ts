/**
 * /api/v1: the integration API for the PBX, the AI attendant and the gate controller, authenticated
 * by API keys (auth/api-key.ts, docs/decisions/019-api-keys.md). Every handler reads the tenant from
 * `c.var.apiKey`, never from input, so a key reaches its own tenant's rows only (another tenant's
 * id is a 404, as in the console). Every POST honours `Idempotency-Key` (http/idempotency.ts).
 */

import { createRoute, z } from "@hono/zod-openapi";
import type { ApiKeyScope } from "../../../shared/domain";
import { acessoSchema } from "../../../shared/schemas/acessos";
import {
  conversaCreateSchema,
  conversaSchema,
  mensagemInputSchema,
  turnoRespostaSchema,
} from "../../../shared/schemas/atendente";
import { uuidParam } from "../../../shared/schemas/common";
import { domainEventSchema } from "../../../shared/schemas/events";
import { fotoSchema } from "../../../shared/schemas/fotos";
import { v1ValidarPasseSchema, validacaoResultadoSchema } from "../../../shared/schemas/passes";
import { solicitacaoDetailIntegracaoSchema, solicitacaoSchema } from "../../../shared/schemas/solicitacoes";
import {
  v1ChamadaCreateSchema,
  v1ChamadaRespostaResultSchema,
  v1ChamadaRespostaSchema,
  v1ChamadaSchema,
  v1ChamadaStatusSchema,
  v1CondominioListQuerySchema,
  v1CondominioPageSchema,
  v1EventosQuerySchema,
  v1PortaoListQuerySchema,
  v1PortaoPageSchema,
  v1SolicitacaoCreateSchema,
  v1UnidadeDiretorioPageSchema,
  v1UnidadeListQuerySchema,
} from "../../../shared/schemas/v1";
import { type ApiKeyContext, requireApiKey } from "../../auth/api-key";
import { IDEMPOTENCY_HEADER, idempotent } from "../../http/idempotency";
import { fotoUploadBody, fotoUploadRefusals, readFotoBody } from "../../http/image-upload";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi";
import { apiRouter } from "../../http/routes";
import type { EventBus } from "../../realtime/event-bus";
import { markNaoEntrou, registerExit } from "../acessos/acessos.service";
import * as atendente from "../atendente/atendente.service";
import * as fotos from "../fotos/fotos.service";
import { validarPasse } from "../portaria/validacao.service";
import * as solicitacoes from "../solicitacoes/solicitacoes.service";
import { answerChamada, getChamada, moveChamada, startChamada } from "./chamadas-v1.service";
import { listCondominios, listPortoes, listUnidades } from "./diretorio.service";
import { latestEventId } from "./eventos.service";

/** The security requirement of every /api/v1 route (the scheme is declared in http/openapi.ts). */
const API_KEY_AUTH = [{ apiKeyAuth: [] }];
const TAG = "Integração (v1)";

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .max(255)
    .optional()
    .openapi({
      description:
        "Opcional e recomendado: um valor único por operação (um UUID). Repetir a requisição com a mesma chave " +
        "devolve a primeira resposta (com `Idempotent-Replayed: true`) em vez de repetir a operação; a mesma " +
        "chave com outro corpo recebe 422. Vale por 24 horas.",
    }),
});
const Chamada = v1ChamadaSchema.openapi("ChamadaIntegracao");
const AcessoV1 = acessoSchema.openapi("AcessoIntegracao");

export function v1Routes(deps: fotos.FotoDeps & { bus: EventBus }) {
  const { db, bus } = deps;
  const key = (scope: ApiKeyScope) => requireApiKey(db, scope);
  const once = idempotent(db);
  const routes = {
    solicitacao: createRoute({
      method: "get",
      path: "/solicitacoes/{id}",
      operationId: "v1ConsultarSolicitacao",
      tags: [TAG],
      summary: "Estado de uma solicitação, com suas chamadas (para o atendente informar o visitante)",
      description:
        "Escopo `solicitacoes:ler`. As mensagens aos moradores vêm sem destino nem texto, e os comandos do portão " +
        "só com a descrição e a origem do webhook.",
      security: API_KEY_AUTH,
      middleware: key("solicitacoes:ler"),
      request: { params: uuidParam },
      responses: {
        200: jsonResponse(solicitacaoDetailIntegracaoSchema.openapi("SolicitacaoDetalheIntegracao"), "Solicitação"),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    criarSolicitacao: createRoute({
      method: "post",
      path: "/solicitacoes",
      operationId: "v1CriarSolicitacao",
      tags: [TAG],
      summary: "Registra a chegada de um visitante (o atendente, humano ou IA)",
      description: "Escopo `solicitacoes:escrever`. A solicitação nasce pendente e fica atribuída à chave.",
      security: API_KEY_AUTH,
      middleware: [key("solicitacoes:escrever"), once] as const,
      request: { headers: idempotencyHeaders, ...jsonBody(v1SolicitacaoCreateSchema) },
      responses: {
        201: jsonResponse(solicitacaoSchema, "Solicitação criada"),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
      },
    }),
    fotoSolicitacao: createRoute({
      method: "post",
      path: "/solicitacoes/{id}/foto",
      operationId: "v1AdicionarFotoSolicitacao",
      tags: [TAG],
      summary: "Anexa a foto do visitante a uma solicitação (interfones que tiram a própria foto)",
      description:
        "Escopo `solicitacoes:escrever`. O corpo é a própria imagem (JPEG, PNG ou WebP, até 10 MB); ela é relida e " +
        "regravada sem metadados (EXIF, GPS). A resposta não traz endereço da imagem: só o console a mostra.",
      security: API_KEY_AUTH,
      middleware: key("solicitacoes:escrever"),
      request: { params: uuidParam, ...fotoUploadBody },
      responses: {
        201: jsonResponse(fotoSchema.openapi("FotoIntegracao"), "Foto anexada"),
        ...errorResponses(400, 401, 403, 404, 409, 429),
        ...fotoUploadRefusals,
      },
    }),
    fotoPortao: createRoute({
      method: "post",
      path: "/portoes/{id}/foto",
      operationId: "v1EnviarFotoPortao",
      tags: [TAG],
      summary: "Uma câmera ou agente no local envia a foto de quem está no portão",
      description:
        "Escopo `portoes:foto`. Anexa a imagem à solicitação pendente mais recente desse portão (dos últimos 10 " +
        "minutos); sem visitante aguardando, 409 e nada é gravado. O corpo é a própria imagem, como acima.",
      security: API_KEY_AUTH,
      middleware: key("portoes:foto"),
      request: { params: uuidParam, ...fotoUploadBody },
      responses: {
        201: jsonResponse(fotoSchema.openapi("FotoIntegracao"), "Foto anexada"),
        ...errorResponses(400, 401, 403, 404, 409, 429),
        ...fotoUploadRefusals,
      },
    }),
    condominios: createRoute({
      method: "get",
      path: "/condominios",
      operationId: "v1ListarCondominios",
      tags: [TAG],
      summary: "Condomínios do cliente (diretório do plano de discagem)",
      description: "Escopo `diretorio:ler`.",
      security: API_KEY_AUTH,
      middleware: key("diretorio:ler"),
      request: { query: v1CondominioListQuerySchema },
      responses: {
        200: jsonResponse(v1CondominioPageSchema.openapi("PaginaCondominiosIntegracao"), "Página"),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    unidades: createRoute({
      method: "get",
      path: "/unidades",
      operationId: "v1ListarUnidades",
      tags: [TAG],
      summary: "Unidades com ramal e moradores ativos em ordem de chamada (responsável primeiro)",
      description:
        "Escopo `diretorio:ler`. Filtre por `condominio_id` ou pelo `ramal` discado. Por padrão (`status=ativa`) " +
        "lista só as unidades que recebem visitantes: ativas (`enabled`) de condomínios ativos " +
        "(`condominio_enabled`); uma solicitação para as outras é recusada (400). `status=todas` inclui as inativas.",
      security: API_KEY_AUTH,
      middleware: key("diretorio:ler"),
      request: { query: v1UnidadeListQuerySchema },
      responses: {
        200: jsonResponse(v1UnidadeDiretorioPageSchema.openapi("PaginaDiretorioUnidades"), "Página"),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    iniciarConversa: createRoute({
      method: "post",
      path: "/atendente/conversas",
      operationId: "v1IniciarConversa",
      tags: [TAG],
      summary: "Abre uma conversa do atendente virtual com um visitante no portão",
      description:
        "Escopo `atendente:conversar`. Responde a saudação do atendente (que se apresenta como automático e " +
        "avisa que a conversa é gravada) e o `estado`. A chave lê e conduz só as conversas que abriu. Quando os " +
        "atendimentos do mês do plano acabaram, responde 403 `PLAN_LIMIT` com a mensagem a dizer ao visitante.",
      security: API_KEY_AUTH,
      middleware: [key("atendente:conversar"), once] as const,
      request: { headers: idempotencyHeaders, ...jsonBody(conversaCreateSchema) },
      responses: {
        201: jsonResponse(turnoRespostaSchema.openapi("TurnoAtendente"), "Conversa aberta"),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
      },
    }),
    mensagemConversa: createRoute({
      method: "post",
      path: "/atendente/conversas/{id}/mensagens",
      operationId: "v1EnviarMensagemConversa",
      tags: [TAG],
      summary: "O que o visitante disse; responde só as novas falas do atendente e o `estado`",
      description:
        "Escopo `atendente:conversar`. Um texto vazio é um silêncio. O atendente confirma antes de criar a " +
        'solicitação (atribuída ao "Atendente virtual"), valida um PIN pelas regras da portaria e passa ao ' +
        "porteiro quando preciso. Uma mensagem enquanto a anterior é respondida, ou numa conversa encerrada: 409.",
      security: API_KEY_AUTH,
      middleware: [key("atendente:conversar"), once] as const,
      request: { headers: idempotencyHeaders, params: uuidParam, ...jsonBody(mensagemInputSchema) },
      responses: {
        200: jsonResponse(turnoRespostaSchema.openapi("TurnoAtendente"), "Respostas"),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
      },
    }),
    consultarConversa: createRoute({
      method: "get",
      path: "/atendente/conversas/{id}",
      operationId: "v1ConsultarConversa",
      tags: [TAG],
      summary: "A conversa inteira (transcrição) e o `estado`",
      description:
        "Escopo `atendente:conversar`. Quando um morador decide, a conversa recebe a resposta do atendente " +
        '("Entrada autorizada. Pode entrar!") e `estado.resultado`; consulte-a ou acompanhe `GET /api/v1/eventos`.',
      security: API_KEY_AUTH,
      middleware: key("atendente:conversar"),
      request: { params: uuidParam },
      responses: {
        200: jsonResponse(conversaSchema.openapi("ConversaAtendente"), "Conversa"),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    portoes: createRoute({
      method: "get",
      path: "/portoes",
      operationId: "v1ListarPortoes",
      tags: [TAG],
      summary: "Portões dos condomínios (os que uma solicitação ou validação pode nomear)",
      description:
        "Escopo `diretorio:ler`. Filtre por `condominio_id`. Uma solicitação ou validação nomeia o portão por " +
        "`portao_id` (ou pelo nome em `portao`); só portões ativos (`ativo`) são aceitos.",
      security: API_KEY_AUTH,
      middleware: key("diretorio:ler"),
      request: { query: v1PortaoListQuerySchema },
      responses: {
        200: jsonResponse(v1PortaoPageSchema.openapi("PaginaPortoes"), "Página"),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    iniciarChamada: createRoute({
      method: "post",
      path: "/chamadas",
      operationId: "v1IniciarChamada",
      tags: [TAG],
      summary: "Inicia uma chamada da solicitação para uma pessoa ou ramal (status `criada`)",
      description:
        "Escopo `chamadas:escrever`. Sem `pessoa_id` nem `ramal`, disca o ramal da unidade. A solicitação precisa " +
        "estar pendente.",
      security: API_KEY_AUTH,
      middleware: [key("chamadas:escrever"), once] as const,
      request: { headers: idempotencyHeaders, ...jsonBody(v1ChamadaCreateSchema) },
      responses: {
        201: jsonResponse(Chamada, "Chamada iniciada"),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
      },
    }),
    consultarChamada: createRoute({
      method: "get",
      path: "/chamadas/{id}",
      operationId: "v1ConsultarChamada",
      tags: [TAG],
      summary: "Estado de uma chamada",
      description: "Escopo `chamadas:escrever`.",
      security: API_KEY_AUTH,
      middleware: key("chamadas:escrever"),
      request: { params: uuidParam },
      responses: { 200: jsonResponse(Chamada, "Chamada"), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    statusChamada: createRoute({
      method: "post",
      path: "/chamadas/{id}/status",
      operationId: "v1AlterarStatusChamada",
      tags: [TAG],
      summary: "Move a chamada para o próximo status (discando, atendida, sem_resposta, falhou, concluida)",
      description:
        "Escopo `chamadas:escrever`. Transições possíveis: criada → discando, atendida, sem_resposta ou falhou; " +
        "discando → atendida, sem_resposta ou falhou; atendida → concluida ou falhou. Qualquer outra é 409. " +
        "Repetir o status atual não muda nada. Os três últimos encerram a chamada (`finalizado_em`).",
      security: API_KEY_AUTH,
      middleware: [key("chamadas:escrever"), once] as const,
      request: { params: uuidParam, headers: idempotencyHeaders, ...jsonBody(v1ChamadaStatusSchema) },
      responses: { 200: jsonResponse(Chamada, "Chamada"), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
    }),
    respostaChamada: createRoute({
      method: "post",
      path: "/chamadas/{id}/resposta",
      operationId: "v1RegistrarRespostaChamada",
      tags: [TAG],
      summary: "Registra a resposta do morador (DTMF 1 = autorizar, 2 = negar), que decide a solicitação",
      description:
        "Escopo `chamadas:escrever`. A chamada precisa estar `atendida` e ter sido feita para um morador ativo da " +
        "unidade; a decisão fica atribuída a ele. Se a solicitação já foi decidida (ou expirou), 409.",
      security: API_KEY_AUTH,
      middleware: [key("chamadas:escrever"), once] as const,
      request: { params: uuidParam, headers: idempotencyHeaders, ...jsonBody(v1ChamadaRespostaSchema) },
      responses: {
        200: jsonResponse(v1ChamadaRespostaResultSchema.openapi("RespostaChamada"), "Resposta registrada"),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
      },
    }),
    validarPasse: createRoute({
      method: "post",
      path: "/passes/validar",
      operationId: "v1ValidarPasse",
      tags: [TAG],
      summary: "Valida um passe lido no portão (QR Code ou PIN) e registra a entrada",
      description:
        "Escopo `passes:validar`. Para controladores que leem o QR Code. Toda tentativa é registrada; uma recusa " +
        "também é 200 com `liberado: false` e o motivo em `resultado`. Liberado conta um uso (antipassback), " +
        "registra a entrada (`acesso_id`, salvo `registrar_entrada: false`) e envia o webhook `portao.abrir` " +
        "com o `portao` informado. PINs errados demais no condomínio: 429.",
      security: API_KEY_AUTH,
      middleware: [key("passes:validar"), once] as const,
      request: { headers: idempotencyHeaders, ...jsonBody(v1ValidarPasseSchema) },
      responses: {
        200: jsonResponse(validacaoResultadoSchema.openapi("ResultadoValidacaoIntegracao"), "Resultado"),
        ...errorResponses(400, 401, 403, 404, 422, 429),
      },
    }),
    naoEntrou: createRoute({
      method: "post",
      path: "/acessos/{id}/nao-entrou",
      operationId: "v1RegistrarNaoEntrou",
      tags: [TAG],
      summary: "Informa que ninguém passou pelo portão aberto: a entrada fica marcada como “não entrou”",
      description:
        "Escopo `acessos:registrar`. O portão aberto (passe liberado ou solicitação autorizada) já registra a " +
        "entrada; o `acesso_id` vem na resposta da validação e no webhook `portao.abrir`. Até 10 minutos depois da " +
        "entrada e antes da saída; depois, 409. Um passe recupera o uso.",
      security: API_KEY_AUTH,
      middleware: [key("acessos:registrar"), once] as const,
      request: { params: uuidParam, headers: idempotencyHeaders },
      responses: {
        200: jsonResponse(AcessoV1, "Entrada marcada"),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
      },
    }),
    saida: createRoute({
      method: "post",
      path: "/acessos/{id}/saida",
      operationId: "v1RegistrarSaida",
      tags: [TAG],
      summary: "Registra a saída de quem está no condomínio (leitura no portão de saída)",
      description: "Escopo `acessos:registrar`. Uma saída já registrada ou uma entrada marcada “não entrou”: 409.",
      security: API_KEY_AUTH,
      middleware: [key("acessos:registrar"), once] as const,
      request: { params: uuidParam, headers: idempotencyHeaders },
      responses: {
        200: jsonResponse(AcessoV1, "Saída registrada"),
        ...errorResponses(400, 401, 403, 404, 409, 422, 429),
      },
    }),
    eventos: createRoute({
      method: "get",
      path: "/eventos",
      operationId: "v1ListarEventos",
      tags: [TAG],
      summary: "Eventos do cliente depois de um id (para quem não recebe webhooks)",
      description:
        "Escopo `eventos:ler`. Os mesmos eventos do tempo real, em ordem, guardados por 7 dias. Chame de novo com " +
        "`depois_de` igual ao `ultimo_id` recebido. Para começar a acompanhar sem repetir eventos antigos (um " +
        "controlador de portão ao ligar), peça `desde=agora`: vem só o `ultimo_id` atual, sem eventos.",
      security: API_KEY_AUTH,
      middleware: key("eventos:ler"),
      request: { query: v1EventosQuerySchema },
      responses: {
        200: jsonResponse(
          z.object({ items: z.array(domainEventSchema), ultimo_id: z.number().int() }).openapi("EventosIntegracao"),
          "Eventos",
        ),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
  };

  /** The gate controller, as the log names who registered: its key. */
  const gateOf = (apiKey: { organizationId: string; id: string; nome: string }) => ({
    organizationId: apiKey.organizationId,
    userId: null,
    apiKeyId: apiKey.id,
    nome: apiKey.nome,
  });
  const tenantOf = (c: { get: (k: "apiKey") => { organizationId: string } }) => c.get("apiKey").organizationId;
  /** The key holding a conversation of the attendant: it reads only those it opened. */
  const callerOf = (c: {
    get(k: "apiKey"): { organizationId: string; id: string; nome: string };
    get(k: "clientIp"): string | undefined;
  }) => {
    const apiKey = c.get("apiKey");
    return {
      organizationId: apiKey.organizationId,
      via: { tipo: "chave" as const, id: apiKey.id, nome: apiKey.nome },
      ip: c.get("clientIp") ?? null,
    };
  };

  /** An integration adding a photo: the key is the author, named in the audit trail. */
  const fotoAuthorOf = (c: { get(k: "apiKey"): ApiKeyContext; get(k: "clientIp"): string | null | undefined }) => {
    const apiKey = c.get("apiKey");
    return {
      organizationId: apiKey.organizationId,
      scope: null,
      userId: null,
      apiKeyId: apiKey.id,
      actor: { tipo: "chave_api" as const, id: apiKey.id, nome: apiKey.nome, ip: c.get("clientIp") ?? null },
    };
  };

  return apiRouter()
    .openapi(routes.solicitacao, async (c) => {
      const reader = { organizationId: tenantOf(c), scope: null };
      return c.json(await solicitacoes.getForIntegration(db, reader, c.req.valid("param").id, deps), 200);
    })
    .openapi(routes.fotoSolicitacao, async (c) => {
      const body = readFotoBody(c);
      const foto = await fotos.attachToSolicitacao(deps, fotoAuthorOf(c), c.req.valid("param").id, body, "api");
      return c.json(foto, 201);
    })
    .openapi(routes.fotoPortao, async (c) => {
      const body = readFotoBody(c);
      const foto = await fotos.attachToPortao(deps, fotoAuthorOf(c), c.req.valid("param").id, body);
      return c.json(foto, 201);
    })
    .openapi(routes.criarSolicitacao, async (c) => {
      const apiKey = c.get("apiKey");
      const writer = {
        organizationId: apiKey.organizationId,
        scope: null,
        userId: null,
        apiKeyId: apiKey.id,
        apiKeyNome: apiKey.nome,
        ip: c.get("clientIp") ?? null,
      };
      return c.json(await solicitacoes.create(db, writer, c.req.valid("json")), 201);
    })
    .openapi(routes.condominios, async (c) =>
      c.json(await listCondominios(db, c.get("apiKey"), c.req.valid("query")), 200),
    )
    .openapi(routes.unidades, async (c) => c.json(await listUnidades(db, c.get("apiKey"), c.req.valid("query")), 200))
    .openapi(routes.iniciarConversa, async (c) =>
      c.json(await atendente.startConversa(deps, callerOf(c), c.req.valid("json")), 201),
    )
    .openapi(routes.mensagemConversa, async (c) =>
      c.json(await atendente.sendMensagem(deps, callerOf(c), c.req.valid("param").id, c.req.valid("json").texto), 200),
    )
    .openapi(routes.consultarConversa, async (c) =>
      c.json(await atendente.getConversa(db, callerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(routes.portoes, async (c) => c.json(await listPortoes(db, c.get("apiKey"), c.req.valid("query")), 200))
    .openapi(routes.iniciarChamada, async (c) =>
      c.json(await startChamada(db, c.get("apiKey"), c.req.valid("json")), 201),
    )
    .openapi(routes.consultarChamada, async (c) =>
      c.json(await getChamada(db, c.get("apiKey"), c.req.valid("param").id), 200),
    )
    .openapi(routes.statusChamada, async (c) =>
      c.json(await moveChamada(db, c.get("apiKey"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.respostaChamada, async (c) =>
      c.json(await answerChamada(db, c.get("apiKey"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routes.validarPasse, async (c) => {
      const apiKey = c.get("apiKey");
      const { registrar_entrada, ...input } = c.req.valid("json");
      const result = await validarPasse(db, gateOf(apiKey), input, {
        secret: deps.secret,
        registrarEntrada: registrar_entrada,
      });
      return c.json(result, 200);
    })
    .openapi(routes.naoEntrou, async (c) =>
      c.json(await markNaoEntrou(db, gateOf(c.get("apiKey")), c.req.valid("param").id), 200),
    )
    .openapi(routes.saida, async (c) =>
      c.json(await registerExit(db, gateOf(c.get("apiKey")), c.req.valid("param").id), 200),
    )
    .openapi(routes.eventos, async (c) => {
      const { depois_de, limite, desde } = c.req.valid("query");
      if (desde === "agora") return c.json({ items: [], ultimo_id: await latestEventId(db, tenantOf(c)) }, 200);
      const items = await bus.since(tenantOf(c), depois_de, limite);
      return c.json({ items, ultimo_id: items.at(-1)?.id ?? depois_de }, 200);
    });
}
