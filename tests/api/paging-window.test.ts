/**
 * Lists page through the first 10,000 matches (TOTAL_CAP) and no further: a page that starts past
 * them is a 400 on `page` with a pt-BR message, never a slow OFFSET scan or a 500. Every GET of the
 * OpenAPI document with `page` and `page_size` is covered.
 */
import { describe, expect, it } from "vitest";
import { PAGE_BEYOND_WINDOW } from "@/shared/schemas/common";
import { clientForPath, createApiKeyClient, createTenantWithMember } from "../support/factories";
import { client } from "../support/http";
import { setupTestSystem } from "../support/system";

const system = setupTestSystem();

async function pagedLists(): Promise<string[]> {
  const doc = (await client(system()).get("/api/openapi.json")).body as {
    paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
  };
  return Object.entries(doc.paths)
    .filter(([, item]) => {
      const names = (item.get?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      return names.includes("page") && names.includes("page_size");
    })
    .map(([path]) => `/api${path}`);
}

describe("paging stops at the 10,000-row window", () => {
  it("finds every paged list in the document (sanity check of this test)", async () => {
    expect(await pagedLists()).toEqual(
      expect.arrayContaining([
        "/api/solicitacoes",
        "/api/chamadas",
        "/api/pessoas",
        "/api/unidades",
        "/api/condominios",
      ]),
    );
  });

  it("serves the last page inside the window and refuses the first one past it", async () => {
    const { cookie, api: session } = await createTenantWithMember(system(), { role: "sindico" });
    const { key } = await createApiKeyClient(system(), cookie);
    // Lists under a parent (a webhook's deliveries) page that parent's rows.
    const webhook = await session.post("/api/integracoes/webhooks", {
      json: { url: "https://gate.example.com/hook", eventos: ["portao.abrir"] },
    });
    const failures: string[] = [];
    for (const template of await pagedLists()) {
      const list = template.replace("{id}", webhook.body.id);
      const api = clientForPath(system(), list, cookie, key.segredo);
      const inside = [
        { page: 200, page_size: 50 },
        { page: 50, page_size: 200 },
        // 30 does not divide 10,000: the page holding rows 9,991–10,000 is still reachable.
        { page: 334, page_size: 30 },
      ];
      for (const q of inside) {
        const res = await api.get(`${list}?page=${q.page}&page_size=${q.page_size}`);
        if (res.status !== 200 || res.body.page !== q.page)
          failures.push(`${list} ${JSON.stringify(q)} → ${res.status}`);
      }
      const past = [
        { page: 201, page_size: 50 },
        { page: 51, page_size: 200 },
        { page: 335, page_size: 30 },
        { page: 10_001, page_size: 1 },
        { page: 9_007_199_254_740, page_size: 200 },
      ];
      for (const q of past) {
        const res = await api.get(`${list}?page=${q.page}&page_size=${q.page_size}`);
        const ok =
          res.status === 400 &&
          res.body.error.message === PAGE_BEYOND_WINDOW &&
          JSON.stringify(res.body.error.fields) === JSON.stringify([{ path: "page", message: PAGE_BEYOND_WINDOW }]);
        if (!ok)
          failures.push(`${list} ${JSON.stringify(q)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("keeps reporting other page errors on their own", async () => {
    const { api } = await createTenantWithMember(system(), { role: "sindico" });
    const res = await api.get("/api/solicitacoes?page=0&page_size=500");
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual(
      expect.arrayContaining([
        { path: "page", message: "Página inválida" },
        { path: "page_size", message: "No máximo 200 itens por página" },
      ]),
    );
  });
});
