/**
 * Closed sets of values of the domain. The database CHECK constraints, the zod schemas
 * and the UI all read them from here, so a new value is added in one place.
 */

export const SOLICITACAO_STATUSES = ["pendente", "autorizado", "negado", "expirado", "cancelado"] as const;
export type SolicitacaoStatus = (typeof SOLICITACAO_STATUSES)[number];

/** Why a visitor is at the gate; deliveries came with the virtual attendant (docs/product.md, "Atendente virtual"). */
export const SOLICITACAO_TIPOS = ["visitante", "prestador", "entregador"] as const;
export type SolicitacaoTipo = (typeof SOLICITACAO_TIPOS)[number];

export const CHAMADA_STATUSES = [
  "criada",
  "discando",
  "atendida",
  "ocupada",
  "sem_resposta",
  "falhou",
  "concluida",
] as const;
export type ChamadaStatus = (typeof CHAMADA_STATUSES)[number];

/**
 * The moves a real call makes (docs/product.md, "Chamadas"): registered (`criada`), ringing (`discando`), answered,
 * busy or not answered, then hung up. A PBX that reports only the answer may skip `discando`. The
 * last four are final: the call has ended (`finalizado_em` is set) and nothing moves it again.
 * Twilio's call statuses map onto these (docs/decisions/037-phone-line-and-whatsapp.md).
 */
export const CHAMADA_TRANSICOES: Record<ChamadaStatus, readonly ChamadaStatus[]> = {
  criada: ["discando", "atendida", "ocupada", "sem_resposta", "falhou"],
  discando: ["atendida", "ocupada", "sem_resposta", "falhou"],
  atendida: ["concluida", "falhou"],
  ocupada: [],
  sem_resposta: [],
  falhou: [],
  concluida: [],
};
export const CHAMADA_FINAIS: readonly ChamadaStatus[] = ["ocupada", "sem_resposta", "falhou", "concluida"];

/** A resident's answer on a call: DTMF 1 authorises, 2 denies. */
export const CHAMADA_RESPOSTAS = ["autorizado", "negado"] as const;
export type ChamadaResposta = (typeof CHAMADA_RESPOSTAS)[number];

/** Roles of a member inside a tenant (organization). */
/** operador: a remote-doorman company's staff in the central (docs/decisions/042-operators-central.md). */
export const MEMBER_ROLES = ["owner", "sindico", "porteiro", "operador", "morador"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Roles an invitation or a role change can give: owner is only the account's creator. */
export const INVITABLE_ROLES = ["sindico", "porteiro", "operador", "morador"] as const satisfies readonly MemberRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * What an API key may do on /api/v1 (docs/product.md, "Integrações"): read requests, create them, report calls and the
 * residents' answers, read the directory for the PBX dial plan, receive events.
 */
export const API_KEY_SCOPES = [
  "solicitacoes:ler",
  "solicitacoes:escrever",
  "chamadas:escrever",
  "diretorio:ler",
  "eventos:ler",
  "passes:validar",
  "acessos:registrar",
  "atendente:conversar",
  "portoes:foto",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * What an outbound webhook can subscribe to (docs/decisions/020-webhooks.md).
 * `portao.abrir` is the gate-open command, sent when a request is authorised.
 */
export const WEBHOOK_EVENTOS = [
  "solicitacao.criada",
  "solicitacao.autorizada",
  "solicitacao.negada",
  "solicitacao.expirada",
  "chamada.status_alterado",
  "portao.abrir",
  "encomenda.recebida",
  "encomenda.retirada",
  "reserva.criada",
  "reserva.confirmada",
  "reserva.recusada",
  "reserva.cancelada",
] as const;
export type WebhookEvento = (typeof WEBHOOK_EVENTOS)[number];

/** pendente: due (or being sent); entregue: a 2xx answer; falhou: 24 hours of attempts without one. */
export const WEBHOOK_ENTREGA_STATUSES = ["pendente", "entregue", "falhou"] as const;
export type WebhookEntregaStatus = (typeof WEBHOOK_ENTREGA_STATUSES)[number];

/**
 * How a resident is reached when a visitor arrives (docs/product.md, "Resident link"): a message
 * with the decision link, or a phone call placed by Guarita ("Tecle 1 para autorizar").
 */
export const CANAIS_NOTIFICACAO = ["whatsapp", "sms", "email", "ligacao"] as const;
export type CanalNotificacao = (typeof CANAIS_NOTIFICACAO)[number];

/** The channels a person may prefer for messages (a call is the condominium's choice, CONTATO_MORADOR). */
export const CANAIS_PREFERIDOS = ["whatsapp", "sms", "email"] as const satisfies readonly CanalNotificacao[];
export type CanalPreferido = (typeof CANAIS_PREFERIDOS)[number];

/**
 * The order in which a condominium reaches each resident (docs/product.md, "Resident link"): the
 * resident's message channel, a phone call, or one then the other, `espera_morador_segundos` apart.
 */
export const CONTATO_MORADOR = ["mensagem", "mensagem_e_ligacao", "ligacao_e_mensagem", "ligacao"] as const;
export type ContatoMorador = (typeof CONTATO_MORADOR)[number];

/**
 * A notification's delivery: pendente (due or being sent), enviada (the provider took it),
 * entregue (the provider says it reached the phone), falhou (given up).
 */
export const NOTIFICACAO_STATUSES = ["pendente", "enviada", "entregue", "falhou"] as const;
export type NotificacaoStatus = (typeof NOTIFICACAO_STATUSES)[number];

/**
 * Through what a request was decided: the console (staff), a call answered on the phone, a resident's
 * link, or a signed-in resident in the console ("pelo aplicativo").
 */
export const DECISAO_VIAS = ["console", "telefone", "link", "aplicativo"] as const;
export type DecisaoVia = (typeof DECISAO_VIAS)[number];

/** Where a visitor talks to the virtual attendant (docs/product.md, "Atendente virtual"). */
export const ATENDENTE_CANAIS = ["totem", "api", "telefone", "whatsapp"] as const;
export type AtendenteCanal = (typeof ATENDENTE_CANAIS)[number];

/** Where a conversation is (the text API's `estado.etapa`). */
export const ATENDENTE_ETAPAS = [
  "identificando",
  "confirmando",
  "aguardando_morador",
  "com_porteiro",
  "concluida",
  "encerrada",
] as const;
export type AtendenteEtapa = (typeof ATENDENTE_ETAPAS)[number];

/**
 * How a conversation ended for the visitor, when it did; `encomenda_registrada`: a delivery person was
 * told where to leave a package, recorded for the porteiro to confirm (docs/decisions/043-deliveries.md);
 * `convidado_liberado`: a guest found on a confirmed booking's list was let in
 * (docs/decisions/044-common-area-bookings.md).
 */
export const ATENDENTE_RESULTADOS = [
  "autorizado",
  "negado",
  "sem_resposta",
  "passe_liberado",
  "encomenda_registrada",
  "convidado_liberado",
] as const;
export type AtendenteResultado = (typeof ATENDENTE_RESULTADOS)[number];

/** Who wrote a line of a conversation's transcript. */
export const ATENDENTE_AUTORES = ["visitante", "atendente", "porteiro"] as const;
export type AtendenteAutor = (typeof ATENDENTE_AUTORES)[number];

/** What passes through a gate (docs/product.md, "Portões"). */
export const PORTAO_TIPOS = ["pedestres", "veiculos"] as const;
export type PortaoTipo = (typeof PORTAO_TIPOS)[number];

/** Who a pass or an access record is for (docs/product.md, "Passes"): the request types plus deliveries. */
export const VISITA_TIPOS = ["visitante", "prestador", "entregador"] as const;
export type VisitaTipo = (typeof VISITA_TIPOS)[number];

/** A pass is valid in one window (a date, hours that may cross midnight) or every chosen weekday. */
export const PASSE_MODALIDADES = ["unica", "recorrente"] as const;
export type PasseModalidade = (typeof PASSE_MODALIDADES)[number];

/** ativo: usable; suspenso: paused, can be reactivated; revogado: final. */
export const PASSE_STATUSES = ["ativo", "suspenso", "revogado"] as const;
export type PasseStatus = (typeof PASSE_STATUSES)[number];

/** How a pass was presented at the gate. */
export const VALIDACAO_METODOS = ["pin", "qr"] as const;
export type ValidacaoMetodo = (typeof VALIDACAO_METODOS)[number];

/**
 * The outcome of a validation attempt; every attempt is logged with one (docs/product.md, "Portaria"). Only
 * `liberado` opens the gate; the others say why not.
 */
export const VALIDACAO_RESULTADOS = [
  "liberado",
  "pin_invalido",
  "qr_invalido",
  "outro_condominio",
  "suspenso",
  "revogado",
  "nao_iniciado",
  "expirado",
  "fora_do_horario",
  "antipassback",
  "unidade_inativa",
] as const;
export type ValidacaoResultado = (typeof VALIDACAO_RESULTADOS)[number];

/** Through what someone came in: an authorised request, a pass, or a resident at the gate. */
export const ACESSO_ORIGENS = ["solicitacao", "passe", "morador", "reserva"] as const;
export type AcessoOrigem = (typeof ACESSO_ORIGENS)[number];

/** Who an audit record names as the actor (docs/product.md, "Auditoria"). */
export const AUDITORIA_ATORES = ["usuario", "chave_api", "link_morador", "sistema", "anonimo"] as const;
export type AuditoriaAtor = (typeof AUDITORIA_ATORES)[number];

/** A data subject's request (LGPD art. 18): a copy of their data, or its anonymisation. */
export const TITULAR_PEDIDO_TIPOS = ["exportacao", "anonimizacao"] as const;
export type TitularPedidoTipo = (typeof TITULAR_PEDIDO_TIPOS)[number];

/** Days a condominium keeps visitor data (docs/product.md, "Personal data and retention"): default and bounds. */
export const RETENCAO_PADRAO_DIAS = 90;
export const RETENCAO_MIN_DIAS = 30;
export const RETENCAO_MAX_DIAS = 1825;

/**
 * Minutes a pending request waits for a decision before it expires (docs/product.md, "Condomínios"):
 * each condominium's default for new requests, and its bounds.
 */
export const EXPIRACAO_SOLICITACAO_PADRAO_MINUTOS = 30;
export const EXPIRACAO_SOLICITACAO_MIN_MINUTOS = 5;
export const EXPIRACAO_SOLICITACAO_MAX_MINUTOS = 1440;

/** An invitation's stored status; "expirado" is derived from its expiry at read time. */
export const CONVITE_STATUSES = ["pendente", "aceito", "revogado"] as const;
export type ConviteStatus = (typeof CONVITE_STATUSES)[number];

/** Timezones a condominium may use (docs/product.md, "Constants and limits"); the first is the default. */
export const TIMEZONES = [
  "America/Sao_Paulo",
  "America/Manaus",
  "America/Cuiaba",
  "America/Campo_Grande",
  "America/Recife",
  "America/Bahia",
  "America/Fortaleza",
  "America/Noronha",
] as const;
export type Timezone = (typeof TIMEZONES)[number];
export const DEFAULT_TIMEZONE: Timezone = "America/Sao_Paulo";

/** Payment providers: Stripe when its keys are set, else the labelled demo mode (docs/product.md, "Checkout"). */
export const PAYMENT_MODES = ["stripe", "demo"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * pendente: waiting for the card; pago: confirmed; falhou: declined (a new attempt starts a new
 * session); sem_cobranca: Personalizado, nothing to charge; concluido: an account was created with it.
 */
export const CHECKOUT_STATUSES = ["pendente", "pago", "falhou", "sem_cobranca", "concluido"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/**
 * Deliveries (docs/product.md, "Encomendas"). a_confirmar: recorded by the virtual attendant from what
 * a delivery person said, until a porteiro confirms it; aguardando: at the gate, the residents told;
 * retirada: handed over (once); devolvida: returned to the sender or registered by mistake.
 */
export const ENCOMENDA_STATUSES = ["a_confirmar", "aguardando", "retirada", "devolvida"] as const;
export type EncomendaStatus = (typeof ENCOMENDA_STATUSES)[number];

/** The carriers a porteiro picks from (the common Brazilian ones), and "Outra" with a name typed. */
export const TRANSPORTADORAS = [
  "correios",
  "mercado_livre",
  "amazon",
  "shopee",
  "magalu",
  "americanas",
  "shein",
  "aliexpress",
  "jadlog",
  "loggi",
  "total_express",
  "ifood",
  "rappi",
  "outra",
] as const;
export type Transportadora = (typeof TRANSPORTADORAS)[number];

/** How a package left the gate: the pickup code typed, the resident's QR read, or without the code (a reason). */
export const RETIRADA_METODOS = ["codigo", "qr", "sem_codigo"] as const;
export type RetiradaMetodo = (typeof RETIRADA_METODOS)[number];

/** Why a resident was told about a package: it arrived, a perishable still waits, it has waited N days. */
export const AVISO_ENCOMENDA_MOTIVOS = ["chegada", "perecivel", "lembrete"] as const;
export type AvisoEncomendaMotivo = (typeof AVISO_ENCOMENDA_MOTIVOS)[number];

/**
 * Common areas' bookings (docs/decisions/044-common-area-bookings.md): pendente waits for the síndico
 * (areas that need approval), confirmada holds the time, recusada and cancelada free it.
 */
export const RESERVA_STATUSES = ["pendente", "confirmada", "recusada", "cancelada"] as const;
export type ReservaStatus = (typeof RESERVA_STATUSES)[number];
/** The statuses that hold the area's time (the exclusion constraint covers these only). */
export const RESERVA_STATUSES_ATIVOS = ["pendente", "confirmada"] as const;

/** How an area is booked: the whole day (its opening hours), or one or more consecutive blocks of N hours. */
export const AREA_MODOS = ["dia", "blocos"] as const;
export type AreaModo = (typeof AREA_MODOS)[number];

/** Why a resident is told about a booking. */
export const AVISO_RESERVA_MOTIVOS = ["confirmada", "recusada", "cancelada", "lembrete"] as const;
export type AvisoReservaMotivo = (typeof AVISO_RESERVA_MOTIVOS)[number];
