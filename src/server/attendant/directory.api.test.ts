/**
 * The attendant's directory of a condominium: the units that receive visitors, each with its active
 * residents in calling order, and nothing of another condominium or tenant.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { condominios, pessoas, unidadeMoradores, unidades } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { addUnidade, createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { setupTestSystem } from "../../../tests/support/system";
import { loadDirectory } from "./directory";

const system = setupTestSystem();
const db = () => system().handle.db;

async function addResident(
  organizationId: string,
  unidade: { id: string; condominioId: string },
  nome: string,
  opts: { responsavel?: boolean; ativo?: boolean; linkAtivo?: boolean; since?: Date } = {},
) {
  const [p] = await db()
    .insert(pessoas)
    .values({
      organizationId,
      condominioId: unidade.condominioId,
      nome,
      ativo: opts.ativo ?? true,
      busca: buildSearchText([nome]),
    })
    .returning();
  await db()
    .insert(unidadeMoradores)
    .values({
      organizationId,
      condominioId: unidade.condominioId,
      unidadeId: unidade.id,
      pessoaId: p!.id,
      isResponsavel: opts.responsavel ?? false,
      ativo: opts.linkAtivo ?? true,
      createdAt: opts.since ?? new Date(),
    });
  return p!;
}

describe("loadDirectory", () => {
  it("lists the active units with their active residents, the responsável first, then by when they moved in", async () => {
    const { org } = await createTenantWithMember(system());
    const { condominio, unidade: a101 } = await createCondominioWithUnidade(system(), org.id, {
      codigo: "101",
      torre: "Torre A",
    });
    const b101 = await addUnidade(system(), org.id, condominio.id, "101", "Torre B");
    const vazia = await addUnidade(system(), org.id, condominio.id, "102", "Torre A");
    const inativa = await addUnidade(system(), org.id, condominio.id, "201", "Torre A");
    await db().update(unidades).set({ enabled: false }).where(eq(unidades.id, inativa.id));
    await addResident(org.id, inativa, "Olga Inativa", { responsavel: true });

    const early = new Date("2024-01-01T12:00:00Z");
    const late = new Date("2024-06-01T12:00:00Z");
    const bruno = await addResident(org.id, a101, "Bruno Lima", { since: early });
    const ana = await addResident(org.id, a101, "Ana Souza", { responsavel: true, since: late });
    const carla = await addResident(org.id, a101, "Carla Dias", { since: late });
    await addResident(org.id, a101, "Davi Saiu", { linkAtivo: false, since: early });
    await addResident(org.id, a101, "Elisa Desativada", { ativo: false, since: early });
    const fabio = await addResident(org.id, b101, "Fábio Torres", { responsavel: true });

    const directory = await loadDirectory(db(), org.id, condominio.id);

    expect(directory).toEqual({
      condominioId: condominio.id,
      units: [
        {
          id: a101.id,
          codigo: "101",
          torre: "Torre A",
          moradores: [
            { pessoaId: ana.id, nome: "Ana Souza" },
            { pessoaId: bruno.id, nome: "Bruno Lima" },
            { pessoaId: carla.id, nome: "Carla Dias" },
          ],
        },
        { id: vazia.id, codigo: "102", torre: "Torre A", moradores: [] },
        { id: b101.id, codigo: "101", torre: "Torre B", moradores: [{ pessoaId: fabio.id, nome: "Fábio Torres" }] },
      ],
    });
  });

  it("keeps to the condominium and tenant asked for, and is empty for an inactive condominium", async () => {
    const { org } = await createTenantWithMember(system());
    const { org: other } = await createTenantWithMember(system());
    const here = await createCondominioWithUnidade(system(), org.id, { codigo: "1", torre: null, nome: "Aqui" });
    const there = await createCondominioWithUnidade(system(), org.id, { codigo: "2", torre: null, nome: "Ali" });
    const foreign = await createCondominioWithUnidade(system(), other.id, { codigo: "3", torre: null });
    await addResident(org.id, here.unidade, "Gil Aqui", { responsavel: true });
    await addResident(org.id, there.unidade, "Hugo Ali", { responsavel: true });

    const directory = await loadDirectory(db(), org.id, here.condominio.id);
    expect(directory.units.map((u) => [u.codigo, u.torre, u.moradores.map((m) => m.nome)])).toEqual([
      ["1", null, ["Gil Aqui"]],
    ]);
    expect((await loadDirectory(db(), org.id, foreign.condominio.id)).units).toEqual([]);

    await db().update(condominios).set({ enabled: false }).where(eq(condominios.id, here.condominio.id));
    expect(await loadDirectory(db(), org.id, here.condominio.id)).toEqual({
      condominioId: here.condominio.id,
      units: [],
    });
  });
  it("is kept between turns, and every change to the units, residents or people shows on the next call", async () => {
    const { org } = await createTenantWithMember(system());
    const { condominio, unidade } = await createCondominioWithUnidade(system(), org.id, { codigo: "11", torre: null });
    const ana = await addResident(org.id, unidade, "Ana Lima", { responsavel: true });
    const names = async () =>
      (await loadDirectory(db(), org.id, condominio.id)).units.map((u) => [u.codigo, u.moradores.map((m) => m.nome)]);

    // Turns at once share one read; a later turn with nothing changed gets the same directory.
    const together = await Promise.all(Array.from({ length: 5 }, () => loadDirectory(db(), org.id, condominio.id)));
    expect(new Set(together).size).toBe(1);
    expect(await loadDirectory(db(), org.id, condominio.id)).toBe(together[0]);

    const bia = await addResident(org.id, unidade, "Bia Nova");
    expect(await names()).toEqual([["11", ["Ana Lima", "Bia Nova"]]]);
    await db().update(pessoas).set({ nome: "Ana Lima Souza" }).where(eq(pessoas.id, ana.id));
    expect(await names()).toEqual([["11", ["Ana Lima Souza", "Bia Nova"]]]);
    await db().update(unidadeMoradores).set({ ativo: false }).where(eq(unidadeMoradores.pessoaId, bia.id));
    expect(await names()).toEqual([["11", ["Ana Lima Souza"]]]);
    const doze = await addUnidade(system(), org.id, condominio.id, "12");
    expect(await names()).toEqual([
      ["11", ["Ana Lima Souza"]],
      ["12", []],
    ]);
    await db().update(unidades).set({ enabled: false }).where(eq(unidades.id, doze.id));
    expect(await names()).toEqual([["11", ["Ana Lima Souza"]]]);
    await db().delete(unidadeMoradores).where(eq(unidadeMoradores.pessoaId, ana.id));
    expect(await names()).toEqual([["11", []]]);
  });
});
