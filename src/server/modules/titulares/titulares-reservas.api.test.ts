/**
 * A data subject on a common-area booking's guest list (docs/decisions/024-audit-and-lgpd.md;
 * docs/decisions/044-common-area-bookings.md): the search finds the guest record by document, the
 * export holds it with the booking's area and time, and anonymising it clears the name, document and
 * phone, and the entry the gate recorded for them through the list. Another guest stays.
 */
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../../tests/support/factories";
import { setupTestSystem, TEST_ORIGIN } from "../../../../tests/support/system";
import { acessos, areasComuns, reservaConvidados, reservas } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { ANONYMISED_NAME } from "../../jobs/retention";

const system = setupTestSystem();
const db = () => system().handle.db;

const NOME = "Carla Convidada Dias";
const DOC = "852.741.963-11";
const PHONE = "+5511977776666";
const HOUR = 3_600_000;

let a: Awaited<ReturnType<typeof createTenantWithMember>>;
let convidadaId: string;
let outroId: string;
let acessoId: string;

beforeAll(async () => {
  a = await createTenantWithMember(system(), { role: "owner" });
  const place = await createCondominioWithUnidade(system(), a.org.id, { nome: "Residencial Festa" });
  const [area] = await db()
    .insert(areasComuns)
    .values({
      organizationId: a.org.id,
      condominioId: place.condominio.id,
      nome: "Salão de festas",
      horarios: Array.from({ length: 7 }, () => ({ abre: "08:00", fecha: "23:00" })),
    })
    .returning();
  const inicio = new Date(Date.now() - 2 * HOUR);
  const fim = new Date(Date.now() + 2 * HOUR);
  const [reserva] = await db()
    .insert(reservas)
    .values({
      organizationId: a.org.id,
      condominioId: place.condominio.id,
      areaId: area!.id,
      unidadeId: place.unidade.id,
      inicio,
      fim,
      bloqueioFim: fim,
      data: inicio.toISOString().slice(0, 10),
      status: "confirmada",
      regrasAceitasEm: new Date(),
    })
    .returning();
  const guests = await db()
    .insert(reservaConvidados)
    .values(
      [
        { nome: NOME, documento: DOC, telefone: PHONE },
        { nome: "Otávio Outro Convidado", documento: "123.123.123-12", telefone: null },
      ].map((g) => ({
        organizationId: a.org.id,
        condominioId: place.condominio.id,
        reservaId: reserva!.id,
        ...g,
        busca: buildSearchText([g.nome, g.documento]),
      })),
    )
    .returning();
  convidadaId = guests[0]!.id;
  outroId = guests[1]!.id;
  const [entrada] = await db()
    .insert(acessos)
    .values({
      organizationId: a.org.id,
      condominioId: place.condominio.id,
      unidadeId: place.unidade.id,
      nome: NOME,
      documento: DOC,
      tipo: "visitante",
      origem: "reserva",
      reservaConvidadoId: convidadaId,
      busca: buildSearchText([NOME, DOC, "101"]),
    })
    .returning();
  acessoId = entrada!.id;
});

describe("a data subject on a booking's guest list", () => {
  it("is found by document as a 'Convidado de reserva' record", async () => {
    const res = await a.api.get(`/api/titulares/busca?documento=${encodeURIComponent(DOC)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const registros = res.body.candidatos.flatMap((c: { registros: { tipo: string; id: string }[] }) => c.registros);
    expect(registros).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tipo: "convidado", id: convidadaId, unidade: "101 Torre A" }),
        expect.objectContaining({ tipo: "acesso", id: acessoId }),
      ]),
    );
    expect(JSON.stringify(res.body)).not.toContain(outroId);
  });

  it("the export holds the guest entry with the booking's area and the entry it led to", async () => {
    const res = await a.api.post("/api/titulares/pedidos", {
      json: {
        tipo: "exportacao",
        titular: { nome: NOME, documento: DOC },
        registros: [{ tipo: "convidado", id: convidadaId }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.contagens).toMatchObject({ convidados: 1, acessos: 1 });
    const zip = await system().app.request(res.body.arquivo_url, {
      headers: { cookie: a.cookie, origin: TEST_ORIGIN },
    });
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const dados = JSON.parse(strFromU8(files["dados.json"]!));
    expect(dados.convidados_reservas).toEqual([
      expect.objectContaining({
        id: convidadaId,
        nome: NOME,
        documento: DOC,
        telefone: PHONE,
        area: "Salão de festas",
      }),
    ]);
    expect(dados.acessos).toEqual([expect.objectContaining({ id: acessoId, origem: "reserva" })]);
    expect(strFromU8(files["convidados-reservas.csv"]!)).toContain(PHONE);
    expect(JSON.stringify(dados)).not.toContain("Otávio");
  });

  it("a record with another document cannot be chosen as hers", async () => {
    const res = await a.api.post("/api/titulares/pedidos", {
      json: {
        tipo: "anonimizacao",
        titular: { nome: NOME, documento: DOC },
        registros: [
          { tipo: "convidado", id: convidadaId },
          { tipo: "convidado", id: outroId },
        ],
      },
    });
    expect(res.status).toBe(400);
    const [still] = await db().select().from(reservaConvidados).where(eq(reservaConvidados.id, convidadaId));
    expect(still!.nome).toBe(NOME);
  });

  it("anonymising clears her on the list and on the entry; the other guest stays", async () => {
    const res = await a.api.post("/api/titulares/pedidos", {
      json: {
        tipo: "anonimizacao",
        titular: { nome: NOME, documento: DOC },
        registros: [{ tipo: "convidado", id: convidadaId }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [guest] = await db().select().from(reservaConvidados).where(eq(reservaConvidados.id, convidadaId));
    expect(guest).toMatchObject({ nome: ANONYMISED_NAME, documento: null, telefone: null });
    expect(guest!.anonimizadoEm).not.toBeNull();
    expect(guest!.busca).not.toContain("carla");
    const [entry] = await db().select().from(acessos).where(eq(acessos.id, acessoId));
    expect(entry).toMatchObject({ nome: ANONYMISED_NAME, documento: null });
    const [other] = await db().select().from(reservaConvidados).where(eq(reservaConvidados.id, outroId));
    expect(other!.nome).toBe("Otávio Outro Convidado");
    const again = await a.api.get(`/api/titulares/busca?documento=${encodeURIComponent(DOC)}`);
    expect(again.body.candidatos).toEqual([]);
  });
});
