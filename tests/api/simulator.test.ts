/**
 * The simulator's chain against the real app (issue 12, "Done when"): it signs in, creates its key
 * and webhook, registers a visitor, calls the residents in order, the resident authorises by DTMF,
 * and the signed `portao.abrir` reaches its loopback listener, which verifies the signature.
 */
import { afterAll, describe, expect, it } from "vitest";
import { pessoas, unidadeMoradores } from "@/server/db/schema";
import { buildSearchText } from "@/server/db/search";
import { createSimulator, type Outcome } from "../../scripts/simulator/simulator";
import { createCondominioWithUnidade, createTenantWithMember } from "../support/factories";
import { setupTestSystem, TEST_ORIGIN } from "../support/system";

const system = setupTestSystem();
let delivering: ReturnType<typeof setInterval> | undefined;
afterAll(() => clearInterval(delivering));

describe("npm run simulate", () => {
  it("plays attendant, PBX and gate: busy first resident, the second authorises, the gate opens on a signed webhook", async () => {
    const sindico = await createTenantWithMember(system(), { role: "sindico" });
    const { unidade } = await createCondominioWithUnidade(system(), sindico.org.id);
    const db = system().handle.db;
    for (const [nome, responsavel] of [
      ["Ana Souza", true],
      ["Bruno Lima", false],
    ] as const) {
      const [p] = await db
        .insert(pessoas)
        .values({
          organizationId: sindico.org.id,
          condominioId: unidade.condominioId,
          nome,
          busca: buildSearchText([nome]),
        })
        .returning();
      await db.insert(unidadeMoradores).values({
        organizationId: sindico.org.id,
        condominioId: unidade.condominioId,
        unidadeId: unidade.id,
        pessoaId: p!.id,
        isResponsavel: responsavel,
      });
    }
    // The app's delivery job, as the scheduler would run it.
    delivering = setInterval(() => void system().webhooks.deliverDue(), 100);

    const lines: string[] = [];
    const outcomes: Outcome[] = ["ocupado", "autoriza"];
    const simulator = createSimulator({
      baseUrl: TEST_ORIGIN,
      auth: { demo: { email: sindico.email, password: sindico.password } },
      fetch: async (url, init) => system().app.request(url, init),
      log: (line) => lines.push(line),
      outcome: (attempt) => outcomes[attempt]!,
      ringMs: 10,
    });
    await simulator.setup();
    expect(simulator.receivesWebhooks).toBe(true);
    const result = await simulator.runChain(unidade.id);
    await simulator.teardown();

    expect(result).toMatchObject({ status: "autorizado", calls: 2, gateOpened: true });
    expect(lines.join("\n")).toMatch(/ligando para Ana Souza[\s\S]*Ana Souza: ocupado[\s\S]*ligando para Bruno Lima/);
    expect(lines.some((l) => l.includes("abrindo (webhook assinado: "))).toBe(true);

    const detail = await sindico.api.get(`/api/solicitacoes/${result.solicitacaoId}`);
    expect(detail.body).toMatchObject({ status: "autorizado", decidido_por_nome: "Bruno Lima" });
    expect(detail.body.chamadas.map((c: { status: string }) => c.status).sort()).toEqual(["concluida", "falhou"]);
    // Teardown removed the simulator's key and webhook.
    expect((await sindico.api.get("/api/integracoes/webhooks")).body.items).toEqual([]);
    const keys = await sindico.api.get("/api/integracoes/chaves?status=ativa");
    expect(keys.body.items).toEqual([]);
  });
});
