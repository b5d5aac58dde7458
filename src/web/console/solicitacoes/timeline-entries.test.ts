import { describe, expect, it } from "vitest";
import type { SolicitacaoDetail } from "@/shared/schemas/solicitacoes";
import {
  buildTimeline,
  type ChamadaDaSolicitacao,
  canalTexto,
  criadaPorTexto,
  decididaPorTexto,
  decisaoPorTexto,
  decisaoViaSufixo,
  type Foto,
  formatInZone,
  fotoAusenteTexto,
  fotoExibicao,
  fotoOrigemTexto,
  fotoPorTexto,
  fotoTitulo,
  motivoNegacaoTexto,
  type Notificacao,
  naoConfiguradoTexto,
  notificacaoEstado,
  notificacaoFalhaTexto,
  notificacaoPassos,
  notificacaoTitulo,
  ordemTexto,
  registradaPorTexto,
  respostaTexto,
  semRespostaTexto,
  tentativasTexto,
} from "./timeline-entries";

const ID = "00000000-0000-4000-8000-000000000001";

function chamada(over: Partial<ChamadaDaSolicitacao> = {}): ChamadaDaSolicitacao {
  return {
    id: "00000000-0000-4000-8000-0000000000c1",
    status: "concluida",
    ramal_discado: "1203",
    iniciado_em: "2025-03-12T17:32:07.000Z",
    finalizado_em: "2025-03-12T17:33:12.000Z",
    duracao_segundos: 65,
    provedor: "PABX Asterisk",
    pessoa: { id: "00000000-0000-4000-8000-0000000000a1", nome: "Maria Silva", pbx_ramal: "1203" },
    resposta: null,
    respondido_em: null,
    criado_por: null,
    ...over,
  };
}

function notificacao(over: Partial<Notificacao> = {}): Notificacao {
  return {
    id: "00000000-0000-4000-8000-0000000000d1",
    pessoa_id: "00000000-0000-4000-8000-0000000000a1",
    pessoa_nome: "Ana Souza",
    ordem: 0,
    canal: "whatsapp",
    destino: "+5511999998888",
    status: "enviada",
    demo: true,
    nao_configurado: false,
    mensagem: "Olá, Ana! [Responder] http://localhost:3000/r/abc",
    ultimo_erro: null,
    created_at: "2025-03-12T17:32:05.000Z",
    enviada_em: "2025-03-12T17:32:06.000Z",
    entregue_em: null,
    aberta_em: null,
    decidida_em: null,
    ...over,
  };
}

function foto(over: Partial<Foto> = {}): Foto {
  return {
    id: "00000000-0000-4000-8000-0000000000f1",
    origem: "porteiro",
    status: "disponivel",
    motivo: null,
    portao: null,
    autor: "José Carlos Pereira",
    largura: 1280,
    altura: 960,
    url: "/api/fotos/00000000-0000-4000-8000-0000000000f1/exibicao?exp=1&sig=x",
    miniatura_url: "/api/fotos/00000000-0000-4000-8000-0000000000f1/miniatura?exp=1&sig=x",
    created_at: "2025-03-12T17:32:05.000Z",
    ...over,
  };
}

function detail(over: Partial<SolicitacaoDetail> = {}): SolicitacaoDetail {
  return {
    id: ID,
    condominio_id: ID,
    unidade_id: ID,
    tipo: "visitante",
    nome_visitante: "João",
    doc_visitante: null,
    telefone_visitante: null,
    motivo: null,
    expiracao_em: null,
    status: "pendente",
    decidido_em: null,
    decidido_por_pessoa_id: null,
    decidido_por_nome: null,
    observacoes: null,
    created_at: "2025-03-12T17:32:05.000Z",
    updated_at: "2025-03-12T17:32:05.000Z",
    unidade: { codigo: "101", torre: null },
    condominio: { id: ID, nome: "Acácias", timezone: "America/Sao_Paulo" },
    fotos: [],
    portao_id: null,
    portao: null,
    criado_por: null,
    decidido_via_chave: null,
    decidido_via: null,
    motivo_negacao: null,
    sem_resposta_moradores_em: null,
    criado_pelo_atendente: false,
    chamadas: [],
    comandos_portao: [],
    notificacoes: [],
    ...over,
  };
}

describe("buildTimeline", () => {
  it("orders the whole chain oldest first: created, calls, decision, gate command", () => {
    const entries = buildTimeline(
      detail({
        status: "autorizado",
        decidido_em: "2025-03-12T17:32:40.000Z",
        decidido_por_nome: "Maria Silva",
        decidido_via_chave: "Atendente IA",
        // The API lists calls in any order; the timeline sorts them.
        chamadas: [
          chamada({ id: "00000000-0000-4000-8000-0000000000c2", iniciado_em: "2025-03-12T17:32:30.000Z" }),
          chamada({ id: "00000000-0000-4000-8000-0000000000c1", iniciado_em: "2025-03-12T17:32:07.000Z" }),
        ],
        comandos_portao: [
          {
            entrega_id: "00000000-0000-4000-8000-0000000000e1",
            webhook: { descricao: "Portão social", origem: "https://portao.example" },
            status: "entregue",
            tentativas: 1,
            ultimo_status_http: 200,
            // Same instant as the decision: the command still comes after it.
            created_at: "2025-03-12T17:32:40.000Z",
            entregue_em: "2025-03-12T17:32:41.000Z",
          },
        ],
      }),
    );
    expect(entries.map((e) => e.kind)).toEqual(["criada", "chamada", "chamada", "decisao", "comando"]);
    expect(entries[1]?.kind === "chamada" && entries[1].chamada.id).toBe("00000000-0000-4000-8000-0000000000c1");
  });

  it("ends a pending request with the untimed 'Aguardando decisão' item", () => {
    const entries = buildTimeline(detail({ expiracao_em: "2025-03-12T23:00:00.000Z" }));
    expect(entries.map((e) => e.kind)).toEqual(["criada", "aguardando"]);
    expect(entries[1]).toMatchObject({ at: null, expiracaoEm: "2025-03-12T23:00:00.000Z" });
  });

  it("shows the expiry at expiracao_em, and a cancellation, with no decision entry", () => {
    expect(
      buildTimeline(detail({ status: "expirado", expiracao_em: "2025-03-12T18:32:05.000Z" })).map((e) => [
        e.kind,
        e.at,
      ]),
    ).toEqual([
      ["criada", "2025-03-12T17:32:05.000Z"],
      ["expirada", "2025-03-12T18:32:05.000Z"],
    ]);
    expect(
      buildTimeline(detail({ status: "cancelado", updated_at: "2025-03-12T17:40:00.000Z" })).map((e) => e.kind),
    ).toEqual(["criada", "cancelada"]);
  });
});

describe("buildTimeline with the residents' messages", () => {
  it("puts each message in order with the calls, then 'Sem resposta dos moradores' before the wait", () => {
    const entries = buildTimeline(
      detail({
        sem_resposta_moradores_em: "2025-03-12T17:34:05.000Z",
        notificacoes: [
          // Same instant as the creation: the message still comes after it.
          notificacao(),
          notificacao({
            id: "00000000-0000-4000-8000-0000000000d2",
            pessoa_nome: "Bruno Lima",
            ordem: 1,
            canal: "sms",
            created_at: "2025-03-12T17:33:05.000Z",
          }),
        ],
        chamadas: [chamada({ iniciado_em: "2025-03-12T17:34:30.000Z" })],
      }),
    );
    expect(entries.map((e) => e.kind)).toEqual([
      "criada",
      "notificacao",
      "notificacao",
      "sem_resposta",
      "chamada",
      "aguardando",
    ]);
    expect(entries[2]?.kind === "notificacao" && entries[2].notificacao.pessoa_nome).toBe("Bruno Lima");
    expect(entries[3]).toMatchObject({ kind: "sem_resposta", semMensagens: false, pendente: true });
  });

  it("keeps 'Sem resposta dos moradores' as history after a later decision through the link", () => {
    const entries = buildTimeline(
      detail({
        status: "autorizado",
        decidido_em: "2025-03-12T17:40:00.000Z",
        decidido_por_nome: "Ana Souza",
        decidido_via: "link",
        sem_resposta_moradores_em: "2025-03-12T17:34:05.000Z",
        notificacoes: [notificacao({ decidida_em: "2025-03-12T17:40:00.000Z" })],
      }),
    );
    expect(entries.map((e) => e.kind)).toEqual(["criada", "notificacao", "sem_resposta", "decisao"]);
    expect(entries[2]).toMatchObject({ pendente: false });
    expect(entries[3]).toMatchObject({ kind: "decisao", por: "Ana Souza", via: "link" });
  });

  it("marks a request nobody could be reached about", () => {
    const entries = buildTimeline(detail({ sem_resposta_moradores_em: "2025-03-12T17:32:05.000Z" }));
    expect(entries.map((e) => e.kind)).toEqual(["criada", "sem_resposta", "aguardando"]);
    expect(entries[1]).toMatchObject({ semMensagens: true });
  });

  it("says which channel is not configured when no message could be sent", () => {
    const off = notificacao({
      status: "falhou",
      enviada_em: null,
      nao_configurado: true,
      mensagem: null,
      ultimo_erro: "WhatsApp não configurado",
    });
    const entries = buildTimeline(
      detail({ sem_resposta_moradores_em: "2025-03-12T17:32:06.000Z", notificacoes: [off] }),
    );
    expect(entries[2]).toMatchObject({ kind: "sem_resposta", semMensagens: false, naoConfigurados: ["WhatsApp"] });
    expect(notificacaoEstado(off).label).toBe("Não configurado");
    expect(notificacaoFalhaTexto(off)).toBe(
      "WhatsApp não configurado neste servidor: a mensagem não foi enviada por este canal.",
    );
    expect(semRespostaTexto(false, true, ["WhatsApp", "SMS"])).toBe(
      "Nenhuma mensagem foi enviada: WhatsApp e SMS não configurados. Ligue para a unidade.",
    );
  });
});

describe("buildTimeline with the visitor's photos", () => {
  it("puts each photo at its time, after the creation and before the messages at the same instant", () => {
    const semImagem = foto({
      id: "00000000-0000-4000-8000-0000000000f2",
      origem: "camera",
      status: "indisponivel",
      motivo: "a câmera não respondeu",
      autor: null,
      url: null,
      miniatura_url: null,
      portao: { id: ID, nome: "Social" },
      created_at: "2025-03-12T17:32:05.000Z",
    });
    const entries = buildTimeline(
      detail({
        notificacoes: [notificacao()],
        // Taken a minute later, while the residents were being told.
        fotos: [semImagem, foto({ created_at: "2025-03-12T17:33:05.000Z" })],
      }),
    );
    expect(entries.map((e) => [e.kind, e.at])).toEqual([
      ["criada", "2025-03-12T17:32:05.000Z"],
      ["foto", "2025-03-12T17:32:05.000Z"],
      ["notificacao", "2025-03-12T17:32:05.000Z"],
      ["foto", "2025-03-12T17:33:05.000Z"],
      ["aguardando", null],
    ]);
    expect(entries[1]?.kind === "foto" && fotoTitulo(entries[1].foto)).toBe(
      "Câmera do portão sem imagem: a câmera não respondeu",
    );
    expect(entries[3]?.kind === "foto" && fotoTitulo(entries[3].foto)).toBe("Foto tirada na portaria");
  });

  it("keeps the photos on a decided request, before the decision", () => {
    const entries = buildTimeline(
      detail({
        status: "autorizado",
        decidido_em: "2025-03-12T17:32:05.000Z",
        fotos: [foto({ created_at: "2025-03-12T17:32:05.000Z" })],
      }),
    );
    expect(entries.map((e) => e.kind)).toEqual(["criada", "foto", "decisao"]);
  });
});

describe("photo texts", () => {
  it("titles a photo by where it came from, or says why there is none", () => {
    expect(fotoTitulo(foto())).toBe("Foto tirada na portaria");
    expect(fotoTitulo(foto({ origem: "totem" }))).toBe("Foto tirada no totem do portão");
    expect(fotoTitulo(foto({ origem: "camera" }))).toBe("Foto da câmera do portão");
    expect(fotoTitulo(foto({ origem: "api" }))).toBe("Foto enviada pela integração");
    expect(fotoTitulo(foto({ origem: "camera", status: "indisponivel", motivo: " tempo esgotado " }))).toBe(
      "Câmera do portão sem imagem: tempo esgotado",
    );
    expect(fotoTitulo(foto({ origem: "camera", status: "indisponivel", motivo: null }))).toBe(
      "Câmera do portão sem imagem",
    );
    expect(fotoTitulo(foto({ origem: "totem", status: "indisponivel", motivo: "sem câmera" }))).toBe(
      "Totem do portão sem foto: sem câmera",
    );
    expect(fotoTitulo(foto({ origem: "totem", status: "recusada" }))).toBe("O visitante não quis tirar foto");
  });

  it("says in the detail why a photo is missing", () => {
    expect(fotoAusenteTexto(foto())).toBeNull();
    expect(fotoAusenteTexto(foto({ status: "indisponivel", motivo: "a câmera não respondeu" }))).toBe(
      "Sem foto: a câmera não respondeu",
    );
    expect(fotoAusenteTexto(foto({ status: "indisponivel", motivo: "  " }))).toBe("Sem foto: motivo não informado");
    expect(fotoAusenteTexto(foto({ status: "recusada" }))).toBe("O visitante não quis tirar foto");
  });

  it("shows a photo still being processed as such, neither an image nor a missing one", () => {
    const processando = foto({ status: "processando", url: null, miniatura_url: null, largura: null, altura: null });
    expect(fotoExibicao(processando)).toBe("processando");
    expect(fotoTitulo(processando)).toBe("Foto tirada na portaria");
    expect(fotoAusenteTexto(processando)).toBeNull();
    expect(fotoExibicao(foto())).toBe("imagem");
    expect(fotoExibicao(foto({ status: "indisponivel", motivo: "o arquivo não é uma imagem", url: null }))).toBe(
      "ausente",
    );
    expect(fotoExibicao(foto({ status: "recusada", url: null }))).toBe("ausente");
  });

  it("titles a file that did not decode with the server's reason", () => {
    const falhou = foto({
      status: "indisponivel",
      motivo: "o arquivo não pôde ser lido",
      url: null,
      miniatura_url: null,
    });
    expect(fotoTitulo(falhou)).toBe("Sem foto: o arquivo não pôde ser lido");
    expect(fotoAusenteTexto(falhou)).toBe("Sem foto: o arquivo não pôde ser lido");
  });

  it("names the origin and who took it", () => {
    expect(fotoOrigemTexto(foto())).toBe("Tirada na portaria");
    expect(fotoOrigemTexto(foto({ origem: "camera" }))).toBe("Câmera do portão");
    expect(fotoPorTexto(foto())).toBe("Por José Carlos Pereira");
    expect(fotoPorTexto(foto({ origem: "api", autor: "Interfone" }))).toBe(
      "Pela integração “Interfone” (chave de API)",
    );
    expect(fotoPorTexto(foto({ origem: "camera", autor: null }))).toBeNull();
  });
});

describe("message texts", () => {
  it("names the resident, the channel and the place in the calling order", () => {
    expect(notificacaoTitulo(notificacao())).toBe("Mensagem para Ana Souza");
    expect(canalTexto({ canal: "whatsapp", demo: true })).toBe("WhatsApp (demonstração)");
    expect(canalTexto({ canal: "sms", demo: false })).toBe("SMS");
    expect(canalTexto({ canal: "email", demo: false })).toBe("E-mail");
    expect(ordemTexto(0)).toBe("1º");
    expect(ordemTexto(1)).toBe("2º");
  });

  it("lists the steps that happened, in order", () => {
    expect(notificacaoPassos(notificacao({ status: "pendente", enviada_em: null }))).toEqual([]);
    expect(
      notificacaoPassos(
        notificacao({
          status: "entregue",
          entregue_em: "2025-03-12T17:32:08.000Z",
          aberta_em: "2025-03-12T17:32:30.000Z",
          decidida_em: "2025-03-12T17:32:40.000Z",
        }),
      ).map((p) => p.label),
    ).toEqual(["Enviada", "Entregue", "Aberta", "Decidiu pelo link"]);
    // A provider that never reports delivery: no "Entregue".
    expect(notificacaoPassos(notificacao({ aberta_em: "2025-03-12T17:32:30.000Z" })).map((p) => p.label)).toEqual([
      "Enviada",
      "Aberta",
    ]);
  });

  it("badges the furthest step", () => {
    expect(notificacaoEstado(notificacao({ status: "pendente", enviada_em: null })).label).toBe("Aguardando envio");
    expect(notificacaoEstado(notificacao({ status: "pendente", enviada_em: null, ultimo_erro: "timeout" })).label).toBe(
      "Nova tentativa",
    );
    expect(notificacaoEstado(notificacao()).label).toBe("Enviada");
    expect(notificacaoEstado(notificacao({ status: "entregue", entregue_em: "2025-03-12T17:32:08.000Z" }))).toEqual({
      label: "Entregue",
      tone: "blue",
    });
    expect(notificacaoEstado(notificacao({ aberta_em: "2025-03-12T17:32:30.000Z" })).label).toBe("Aberta");
    expect(notificacaoEstado(notificacao({ decidida_em: "2025-03-12T17:32:40.000Z" })).label).toBe("Decidiu pelo link");
    expect(notificacaoEstado(notificacao({ status: "falhou", enviada_em: null })).tone).toBe("red");
  });

  it("names a call to the resident as a call, with its own steps", () => {
    const ligacao = (over: Partial<Notificacao> = {}) => notificacao({ canal: "ligacao", demo: true, ...over });
    expect(notificacaoTitulo(ligacao())).toBe("Ligação para Ana Souza");
    expect(canalTexto({ canal: "ligacao", demo: true })).toBe("Ligação (demonstração)");
    expect(notificacaoEstado(ligacao()).label).toBe("Ligação feita");
    expect(notificacaoEstado(ligacao({ aberta_em: "2025-03-12T17:32:30.000Z" })).label).toBe("Atendida");
    expect(notificacaoEstado(ligacao({ decidida_em: "2025-03-12T17:32:40.000Z" }))).toEqual({
      label: "Respondeu na ligação",
      tone: "green",
    });
    expect(
      notificacaoPassos(
        ligacao({ aberta_em: "2025-03-12T17:32:30.000Z", decidida_em: "2025-03-12T17:32:40.000Z" }),
      ).map((p) => p.label),
    ).toEqual(["Ligação feita", "Atendida", "Respondeu na ligação"]);
    const off = ligacao({ status: "falhou", enviada_em: null, nao_configurado: true, mensagem: null });
    expect(notificacaoFalhaTexto(off)).toBe("Ligação não configurada neste servidor: a ligação não foi feita.");
    expect(naoConfiguradoTexto(["WhatsApp", "Ligação"])).toBe("WhatsApp e Ligação não configurados");
  });

  it("tells a failure with its error, and a retry", () => {
    expect(notificacaoFalhaTexto(notificacao())).toBeNull();
    expect(
      notificacaoFalhaTexto(notificacao({ status: "falhou", enviada_em: null, ultimo_erro: "Número inválido" })),
    ).toBe("Falhou: Número inválido");
    expect(notificacaoFalhaTexto(notificacao({ status: "falhou", enviada_em: null }))).toBe(
      "Falhou: erro não informado",
    );
    expect(notificacaoFalhaTexto(notificacao({ status: "pendente", enviada_em: null, ultimo_erro: "HTTP 503" }))).toBe(
      "Não enviada ainda: HTTP 503. Nova tentativa agendada.",
    );
  });

  it("explains 'Sem resposta dos moradores'", () => {
    expect(semRespostaTexto(false, true)).toBe("Nenhum morador respondeu às mensagens. Ligue para a unidade.");
    expect(semRespostaTexto(true, true)).toBe(
      "Nenhum morador da unidade tem telefone ou e-mail para receber o aviso. Ligue para a unidade.",
    );
    expect(semRespostaTexto(false, false)).toBe("Nenhum morador respondeu às mensagens a tempo.");
  });
});

describe("texts", () => {
  it("says who created the request or registered the call", () => {
    expect(criadaPorTexto({ tipo: "usuario", nome: "Ana" })).toBe("Criada por Ana");
    expect(criadaPorTexto({ tipo: "chave_api", nome: "Atendente IA" })).toBe(
      "Criada pela integração “Atendente IA” (chave de API)",
    );
    expect(criadaPorTexto({ tipo: "atendente", nome: "Atendente virtual" })).toBe("Criada pelo Atendente virtual");
    expect(criadaPorTexto(null)).toBeNull();
    expect(registradaPorTexto({ tipo: "chave_api", nome: "PABX" })).toBe(
      "Registrada pela integração “PABX” (chave de API)",
    );
  });

  it("says how the request was decided", () => {
    expect(decisaoPorTexto("Ana", null)).toBe("Por Ana");
    expect(decisaoPorTexto("Maria Silva", "Atendente IA")).toBe(
      "Por Maria Silva, pelo telefone, via integração “Atendente IA”",
    );
    expect(decisaoPorTexto(null, "Atendente IA")).toBe("Pelo telefone, via integração “Atendente IA”");
    expect(decisaoPorTexto(null, null)).toBeNull();
    expect(decisaoPorTexto("Ana Souza", null, "link")).toBe("Por Ana Souza, pelo link");
    expect(decisaoPorTexto(null, null, "link")).toBe("Pelo link");
    expect(decisaoPorTexto("Ana", null, "console")).toBe("Por Ana");
    expect(decisaoPorTexto("Maria Silva", "Atendente IA", "telefone")).toBe(
      "Por Maria Silva, pelo telefone, via integração “Atendente IA”",
    );
    expect(decisaoPorTexto("Ana Souza", null, "aplicativo")).toBe("Por Ana Souza, pelo aplicativo");
  });

  it("names who decided in the detail, with the path", () => {
    expect(decididaPorTexto("Ana", null, "console")).toBe("Ana");
    expect(decididaPorTexto("Ana Souza", null, "aplicativo")).toBe("Ana Souza, pelo aplicativo");
    expect(decididaPorTexto("Ana Souza", null, "link")).toBe("Ana Souza, pelo link enviado ao morador");
    expect(decididaPorTexto(null, "Atendente IA", "telefone")).toBe("pelo telefone, via integração “Atendente IA”");
    expect(decididaPorTexto(null, null, null)).toBeNull();
  });

  it("puts a denial's reason on the timeline, and only a denial's", () => {
    expect(motivoNegacaoTexto(" Não estou esperando ninguém. ")).toBe("Motivo: Não estou esperando ninguém.");
    expect(motivoNegacaoTexto("   ")).toBeNull();
    expect(motivoNegacaoTexto(null)).toBeNull();
    const denied = buildTimeline(
      detail({
        status: "negado",
        decidido_em: "2025-03-12T17:33:00.000Z",
        decidido_por_nome: "Ana Souza",
        decidido_via: "aplicativo",
        motivo_negacao: "Não conheço",
      }),
    ).find((e) => e.kind === "decisao");
    expect(denied).toMatchObject({ status: "negado", via: "aplicativo", por: "Ana Souza", motivo: "Não conheço" });
  });

  it("names the decision's path in the header", () => {
    expect(decisaoViaSufixo("Atendente IA", "telefone")).toBe(" pelo telefone");
    expect(decisaoViaSufixo(null, "link")).toBe(" pelo link");
    expect(decisaoViaSufixo(null, "aplicativo")).toBe(" pelo aplicativo");
    expect(decisaoViaSufixo(null, "console")).toBe("");
    expect(decisaoViaSufixo(null, null)).toBe("");
  });

  it("tells the resident's answer on the phone", () => {
    expect(respostaTexto(chamada({ resposta: "autorizado" }))).toBe("Maria Silva autorizou pelo telefone (DTMF)");
    expect(respostaTexto(chamada({ resposta: "negado", pessoa: null }))).toBe("O morador negou pelo telefone (DTMF)");
    expect(respostaTexto(chamada())).toBeNull();
  });

  it("counts attempts", () => {
    expect([0, 1, 3].map(tentativasTexto)).toEqual(["Nenhuma tentativa ainda", "1 tentativa", "3 tentativas"]);
  });
});

describe("formatInZone", () => {
  it("shows the condominium's wall-clock time", () => {
    const at = "2025-03-12T17:32:05.000Z";
    expect(formatInZone(at, "America/Sao_Paulo")).toBe("12/03/2025 14:32");
    expect(formatInZone(at, "America/Manaus", { seconds: true })).toBe("12/03/2025 13:32:05");
    expect(formatInZone("2025-03-13T02:59:00.000Z", "America/Sao_Paulo")).toBe("12/03/2025 23:59");
    expect(formatInZone("2025-03-12T03:00:00.000Z", "America/Sao_Paulo")).toBe("12/03/2025 00:00");
  });

  it("falls back to the browser's zone for an unknown zone name", () => {
    expect(formatInZone("2025-03-12T17:32:05.000Z", "Nowhere/Land")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });
});
