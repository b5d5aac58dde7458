/**
 * The demo tenant (docs/product.md, "Demo data"): two condominiums, a dozen units, about
 * twenty people, thirty access requests over today and earlier days, and their calls. Values come
 * from a seeded generator, so every fresh database looks the same. Three logins: a síndico, a
 * porteiro and a morador (one of the residents, so the console can be tried as each role).
 */
import { count } from "drizzle-orm";
import type { ChamadaStatus, SolicitacaoStatus, SolicitacaoTipo } from "../../../shared/domain";
import { TRANSPORTADORA_LABELS } from "../../../shared/schemas/encomendas";
import { minutesSinceMidnight } from "../../../shared/time";
import type { Auth } from "../../auth/auth";
import { createUserWithPassword } from "../../auth/users";
import { DEMO_TENANT_SLUG } from "../../demo-guard";
import { chamadaSearchText } from "../../modules/chamadas/chamadas.service";
import { pessoaSearchText } from "../../modules/pessoas/pessoas.service";
import { addMember, createTenant } from "../../modules/tenants/tenants.service";
import type { Database } from "../client";
import {
  chamadas,
  condominios,
  encomendaLotes,
  encomendas,
  organization,
  pessoas,
  portoes,
  solicitacoesAcesso,
  unidadeMoradores,
  unidades,
} from "../schema";
import { buildSearchText } from "../search";
import { seedDemoAreas } from "./demo-areas";
import { seedDemoBilling } from "./demo-billing";

export const DEMO_PASSWORD = "demo1234";
/** The demo tenant's fixed slug: /api/me flags it, so the console labels its data as demonstration. */
export const DEMO_LOGINS = [
  { email: "sindico@demo.guarita.app", name: "Marina Duarte", role: "sindico" },
  { email: "porteiro@demo.guarita.app", name: "José Carlos Pereira", role: "porteiro" },
  // A resident of Torre A - Unidade 101 (Residencial Jardim das Acácias): their person record below
  // carries this login (pessoas.user_id), which is what scopes a morador to their unit.
  { email: "morador@demo.guarita.app", name: "Ana Beatriz Souza", role: "morador" },
] as const;

/** mulberry32: small deterministic PRNG. */
function prng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** The gates of each demo condominium: the pedestrians' first, where the demo's visitors arrive. */
export const DEMO_PORTOES = ["Portaria principal", "Garagem"] as const;

const RESIDENTS = [
  "Ana Beatriz Souza",
  "Carlos Eduardo Lima",
  "Fernanda Oliveira",
  "João Pedro Almeida",
  "Luciana Ferreira",
  "Marcos Vinícius Rocha",
  "Patrícia Gomes",
  "Rafael Costa",
  "Sérgio Antunes",
  "Tatiane Ribeiro",
  "Vinícius Barbosa",
  "Juliana Martins",
  "Ricardo Nogueira",
  "Camila Azevedo",
  "André Luiz Cardoso",
  "Beatriz Moraes",
  "Gustavo Henrique Prado",
  "Helena Vasconcelos",
];
const VISITORS = [
  "Pedro Henrique Silva",
  "Gabriela Santos",
  "Lucas Mendes",
  "Aline Carvalho",
  "Thiago Araújo",
  "Renata Lopes",
  "Eduardo Pinto",
  "Mariana Teixeira",
  "Felipe Correia",
  "Larissa Monteiro",
  "Bruno Cavalcanti",
  "Daniela Freitas",
];
const PROVIDERS = [
  "Entregas Rápidas Ltda",
  "Eletricista — Paulo Serviços",
  "Net Fibra Instalações",
  "Dedetizadora Boa Vista",
  "Gás Fácil Distribuidora",
  "Encanador — Hidro Reparos",
];
const MOTIVOS_VISITA = ["Visita familiar", "Aniversário", "Reunião de trabalho", "Visita a amigo"];
const MOTIVOS_SERVICO = [
  "Entrega de encomenda",
  "Manutenção elétrica",
  "Instalação de internet",
  "Dedetização",
  "Reparo hidráulico",
];

type PessoaValues = { nome: string; documento?: string | null; email?: string | null; pbxRamal?: string | null };
const withBusca = <T extends PessoaValues>(v: T) => ({
  ...v,
  busca: pessoaSearchText({
    nome: v.nome,
    documento: v.documento ?? null,
    email: v.email ?? null,
    pbxRamal: v.pbxRamal ?? null,
  }),
});

/**
 * The demo condominiums' waits before an unanswered request expires: long enough for a visit to
 * the demo (and an end-to-end run) to find the pending requests still pending.
 */
const DEMO_EXPIRACAO_MINUTOS = { acacias: 120, amazonas: 90 } as const;
/** How long ago each of today's four pending requests came in. */
const PENDING_MINUTES_AGO = [3, 7, 12, 18] as const;

export async function hasAnyTenant(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organization);
  return (row?.n ?? 0) > 0;
}

export async function seedDemo(db: Database, auth: Auth, now = new Date()) {
  const rnd = prng(20250110);
  const users = [];
  const ctx = await auth.$context;
  for (const login of DEMO_LOGINS) {
    // A previous seed that failed half-way may have left the login behind: reuse it.
    const existing = await ctx.internalAdapter.findUserByEmail(login.email);
    users.push(
      existing?.user ??
        (await createUserWithPassword(auth, { email: login.email, name: login.name, password: DEMO_PASSWORD })),
    );
  }
  const [sindico, porteiro, morador] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];

  return db.transaction(async (tx) => {
    const org = await createTenant(tx, {
      name: "Administradora Demo Guarita",
      slug: DEMO_TENANT_SLUG,
      ownerUserId: sindico.id,
      ownerRole: "sindico",
    });
    await addMember(tx, { organizationId: org.id, userId: porteiro.id, role: "porteiro" });
    await addMember(tx, { organizationId: org.id, userId: morador.id, role: "morador" });
    const organizationId = org.id;

    const [acacias, amazonas] = await tx
      .insert(condominios)
      .values([
        {
          organizationId,
          nome: "Residencial Jardim das Acácias",
          timezone: "America/Sao_Paulo",
          expiracaoSolicitacaoMinutos: DEMO_EXPIRACAO_MINUTOS.acacias,
          busca: buildSearchText(["Residencial Jardim das Acácias", "America/Sao_Paulo"]),
        },
        {
          organizationId,
          nome: "Condomínio Parque Amazonas",
          timezone: "America/Manaus",
          expiracaoSolicitacaoMinutos: DEMO_EXPIRACAO_MINUTOS.amazonas,
          busca: buildSearchText(["Condomínio Parque Amazonas", "America/Manaus"]),
        },
      ])
      .returning();
    if (!acacias || !amazonas) throw new Error("seed: condomínios não criados");

    // Each condominium's gates (docs/product.md, "Portões"): visitors arrive at the pedestrian one.
    const gates = await tx
      .insert(portoes)
      .values(
        [acacias, amazonas].flatMap((condo) => [
          { organizationId, condominioId: condo.id, nome: DEMO_PORTOES[0], tipo: "pedestres" },
          { organizationId, condominioId: condo.id, nome: DEMO_PORTOES[1], tipo: "veiculos" },
        ]),
      )
      .returning();
    const mainGateOf = new Map(gates.filter((g) => g.nome === DEMO_PORTOES[0]).map((g) => [g.condominioId, g.id]));

    const unitSpecs = [
      ...["Torre A", "Torre B"].flatMap((torre) =>
        ["101", "102", "201", "202"].map((codigo) => ({ condo: acacias, torre, codigo })),
      ),
      ...["Bloco 1", "Bloco 2"].flatMap((torre) => ["11", "12"].map((codigo) => ({ condo: amazonas, torre, codigo }))),
    ];
    const units = await tx
      .insert(unidades)
      .values(
        unitSpecs.map((u, i) => {
          const pbxRamal = `${u.condo === acacias ? 2 : 3}${u.torre.slice(-1) === "A" || u.torre.endsWith("1") ? 1 : 2}${u.codigo.padStart(3, "0")}`;
          const observacoes =
            i === 0 ? "Unidade com pet; interfone na cozinha" : i === 5 ? "Proprietário mora no exterior" : null;
          return {
            organizationId,
            condominioId: u.condo.id,
            torre: u.torre,
            codigo: u.codigo,
            pbxRamal,
            observacoes,
            // What the unit list and the header search match, as the units service writes it.
            busca: buildSearchText([u.codigo, u.torre, pbxRamal, observacoes]),
            enabled: i !== 7,
          };
        }),
      )
      .returning();

    // Staff people linked to the logins, so a decision shows the person's name.
    const staff = await tx
      .insert(pessoas)
      .values(
        [
          {
            organizationId,
            condominioId: acacias.id,
            nome: sindico.name,
            email: sindico.email,
            telefoneE164: "+5511987650001",
            pbxRamal: "2000",
            userId: sindico.id,
          },
          {
            organizationId,
            condominioId: acacias.id,
            nome: porteiro.name,
            email: porteiro.email,
            telefoneE164: "+5511987650002",
            pbxRamal: "2001",
            documento: "123.456.789-09",
            userId: porteiro.id,
          },
        ].map(withBusca),
      )
      .returning();

    const residents = await tx
      .insert(pessoas)
      .values(
        RESIDENTS.map((nome, i) => {
          const unit = units[i % units.length]!;
          const first = nome
            .split(" ")[0]!
            .toLowerCase()
            .normalize("NFD")
            .replace(/[\u0300-\u036f]/g, "");
          // The morador login's own record: same name, the login's e-mail, linked by user_id.
          const isMorador = nome === DEMO_LOGINS[2].name;
          return withBusca({
            organizationId,
            condominioId: unit.condominioId,
            nome,
            documento: `${rnd.int(100, 999)}.${rnd.int(100, 999)}.${rnd.int(100, 999)}-${rnd.int(10, 99)}`,
            telefoneE164: `+55${unit.condominioId === acacias.id ? "11" : "92"}9${rnd.int(10000000, 99999999)}`,
            email: isMorador ? morador.email : `${first}.${i + 1}@exemplo.com.br`,
            pbxRamal: unit.pbxRamal,
            ativo: i !== 14,
            userId: isMorador ? morador.id : null,
          });
        }),
      )
      .returning();

    if (!residents.some((p) => p.userId === morador.id)) throw new Error("seed: morador de demonstração sem cadastro");

    // Two residents per unit for the first units, one for the rest; the first of each is responsável.
    const links = residents.map((p, i) => {
      const unit = units[i % units.length]!;
      return {
        organizationId,
        condominioId: unit.condominioId,
        unidadeId: unit.id,
        pessoaId: p.id,
        isResponsavel: i < units.length,
      };
    });
    await tx.insert(unidadeMoradores).values(links);

    const residentsByUnit = new Map<string, typeof residents>();
    for (const link of links) {
      const person = residents.find((p) => p.id === link.pessoaId)!;
      residentsByUnit.set(link.unidadeId, [...(residentsByUnit.get(link.unidadeId) ?? []), person]);
    }

    // 30 requests: 12 today (in each condominium's own day), 18 over the previous 45 days, so the
    // dashboard has last month to compare with. Only the newest few are still pending, each created
    // well inside its condominium's wait; an older one left unanswered has expired, as the expiry
    // job would have done (docs/product.md, "Condomínios").
    const statuses: SolicitacaoStatus[] = ["pendente", "autorizado", "negado", "expirado", "cancelado"];
    const requestRows = Array.from({ length: 30 }, (_, i) => {
      const unit = units[rnd.int(0, units.length - 1)]!;
      const condo = unit.condominioId === acacias.id ? acacias : amazonas;
      const tipo: SolicitacaoTipo = i % 3 === 0 ? "prestador" : "visitante";
      const today = i < 12;
      const sinceMidnight = minutesSinceMidnight(condo.timezone, now);
      const pending = today && i < 4;
      const minutesAgo = pending
        ? Math.max(1, Math.min(PENDING_MINUTES_AGO[i]!, sinceMidnight - 1))
        : today
          ? Math.max(1, Math.floor((Math.min(sinceMidnight, 10 * 60) - 1) * ((i + 1) / 13)))
          : rnd.int(1, 45) * 24 * 60 + rnd.int(0, 600);
      const createdAt = new Date(now.getTime() - minutesAgo * 60_000);
      const earlier = statuses[i % 5]!;
      const status: SolicitacaoStatus = pending
        ? "pendente"
        : today
          ? statuses[i % 3 === 0 ? 2 : 1]!
          : earlier === "pendente"
            ? "expirado"
            : earlier;
      const expiry = new Date(createdAt.getTime() + condo.expiracaoSolicitacaoMinutos * 60_000);
      const decided = status === "autorizado" || status === "negado";
      const decider = rnd.pick(staff);
      const nomeVisitante = tipo === "prestador" ? rnd.pick(PROVIDERS) : rnd.pick(VISITORS);
      const docVisitante =
        rnd.next() > 0.3 ? `${rnd.int(10, 99)}.${rnd.int(100, 999)}.${rnd.int(100, 999)}-${rnd.int(0, 9)}` : null;
      return {
        organizationId,
        condominioId: condo.id,
        unidadeId: unit.id,
        tipo,
        nomeVisitante,
        docVisitante,
        busca: buildSearchText([nomeVisitante, docVisitante, unit.codigo, unit.torre]),
        telefoneVisitante: rnd.next() > 0.4 ? `+5511${rnd.int(900000000, 999999999)}` : null,
        motivo: tipo === "prestador" ? rnd.pick(MOTIVOS_SERVICO) : rnd.pick(MOTIVOS_VISITA),
        // Every request got its condominium's wait when it was created.
        expiracaoEm: expiry,
        status,
        decididoEm: decided ? new Date(createdAt.getTime() + rnd.int(1, 15) * 60_000) : null,
        decididoPorPessoaId: decided ? decider.id : null,
        decididoPorUserId: decided ? decider.userId : null,
        decididoPorNome: decided ? decider.nome : null,
        observacoes: status === "cancelado" ? "Cancelada a pedido do morador" : null,
        criadoPorUserId: porteiro.id,
        portaoId: mainGateOf.get(condo.id) ?? null,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const requests = await tx.insert(solicitacoesAcesso).values(requestRows).returning();

    // Calls: each decided or expired request rang the unit; cycle through all six call statuses.
    const callStatuses: ChamadaStatus[] = ["concluida", "atendida", "sem_resposta", "falhou", "discando", "criada"];
    const callRows = requests
      .filter((r) => r.status !== "cancelado")
      .slice(0, 24)
      .map((r, i) => {
        const status = callStatuses[i % callStatuses.length]!;
        const person = rnd.pick(residentsByUnit.get(r.unidadeId) ?? residents);
        const iniciadoEm = new Date(r.createdAt.getTime() + rnd.int(5, 50) * 1000);
        const seconds =
          status === "concluida"
            ? rnd.int(25, 240)
            : status === "sem_resposta"
              ? rnd.int(30, 45)
              : status === "falhou"
                ? rnd.int(1, 5)
                : 0;
        const finished = status === "concluida" || status === "sem_resposta" || status === "falhou";
        const ramalDiscado = person.pbxRamal ?? units.find((u) => u.id === r.unidadeId)?.pbxRamal ?? null;
        const provedor = i % 4 === 0 ? "WhatsApp" : "PABX Asterisk";
        return {
          organizationId,
          solicitacaoId: r.id,
          pessoaId: person.id,
          status,
          ramalDiscado,
          iniciadoEm,
          finalizadoEm: finished ? new Date(iniciadoEm.getTime() + seconds * 1000) : null,
          provedor,
          busca: chamadaSearchText({ pessoaNome: person.nome, ramalDiscado, visitante: r.nomeVisitante, provedor }),
        };
      });
    await tx.insert(chamadas).values(callRows);

    // Packages at the gate (docs/product.md, "Encomendas"): a few waiting in the Acácias' units and
    // the last days' collected ones, none in the morador login's unit, whose screen starts empty so the
    // demo user sees a package arrive. Each batch has its own code, unique among those still waiting.
    const moradorUnit = links.find((l) => residents.find((p) => p.id === l.pessoaId)?.userId === morador.id)?.unidadeId;
    const packageUnits = units.filter((u) => u.condominioId === acacias.id && u.id !== moradorUnit);
    const carriers = ["correios", "mercado_livre", "amazon", "shopee", "magalu", "jadlog"] as const;
    const places = ["Armário 1", "Armário 2", "Sala de encomendas", "Prateleira da portaria"];
    for (let i = 0; i < 10; i++) {
      const unit = packageUnits[i % packageUnits.length]!;
      const waiting = i < 4;
      const recebidaEm = new Date(now.getTime() - (waiting ? rnd.int(1, 30) : rnd.int(30, 120)) * 3_600_000);
      const [lote] = await tx
        .insert(encomendaLotes)
        .values({
          organizationId,
          condominioId: unit.condominioId,
          unidadeId: unit.id,
          codigoRetirada: String(210_000 + i * 7_919),
          recebidoPorUserId: porteiro.id,
          createdAt: recebidaEm,
          lembreteEm: waiting ? null : recebidaEm,
        })
        .returning({ id: encomendaLotes.id });
      const transportadora = carriers[i % carriers.length]!;
      const rastreio = transportadora === "correios" ? `QB${String(100_000_000 + i * 13)}BR` : null;
      const collector = residentsByUnit.get(unit.id)?.[0];
      await tx.insert(encomendas).values({
        organizationId,
        loteId: lote!.id,
        condominioId: unit.condominioId,
        unidadeId: unit.id,
        transportadora,
        rastreio,
        local: rnd.pick(places),
        status: waiting ? "aguardando" : "retirada",
        recebidaEm,
        createdAt: recebidaEm,
        ...(waiting
          ? {}
          : {
              retiradaEm: new Date(recebidaEm.getTime() + rnd.int(2, 20) * 3_600_000),
              retiradaMetodo: "codigo",
              retiradaPessoaId: collector?.id ?? null,
              retiradaNome: collector?.nome ?? "Morador",
              entreguePorUserId: porteiro.id,
            }),
        busca: buildSearchText([TRANSPORTADORA_LABELS[transportadora], rastreio, unit.codigo, unit.torre]),
      });
    }

    await seedDemoBilling(tx, { organizationId, now });

    await seedDemoAreas(tx, {
      organizationId,
      acacias,
      amazonas,
      bookingUnits: packageUnits.slice(0, 2),
      now,
    });

    return {
      organizationId,
      condominios: 2,
      unidades: units.length,
      pessoas: staff.length + residents.length,
      solicitacoes: requests.length,
      chamadas: callRows.length,
    };
  });
}
