/**
 * A refusal that says where to fix it (a plan's limit, a read-only account: docs/decisions/045-plans-and-billing.md)
 * keeps its link on the ApiError and by message, where the error toasts find it; a link off this app is dropped.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, linkForMessage } from "./api";

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })),
  );
}

async function refusal(): Promise<ApiError> {
  try {
    await apiFetch("/api/condominios", { method: "POST", json: {} });
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error("expected an ApiError");
}

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch's error links", () => {
  it("keeps a refusal's link on the error and by its message", async () => {
    const message = "O plano Avançado inclui 1 condomínio. Para cadastrar outro, mude de plano em Plano e faturamento.";
    answer(403, { error: { code: "PLAN_LIMIT", message, link: "/app/configuracoes/plano" } });
    const error = await refusal();
    expect(error).toMatchObject({ status: 403, code: "PLAN_LIMIT", link: "/app/configuracoes/plano", message });
    expect(linkForMessage(message)).toEqual({ link: "/app/configuracoes/plano", code: "PLAN_LIMIT" });
  });

  it("drops a link that leaves the app, and knows no link for other messages", async () => {
    for (const link of ["https://example.com/planos", "//example.com/planos", "/\\example.com"]) {
      const message = `Recusado ${link}`;
      answer(402, { error: { code: "ACCOUNT_READ_ONLY", message, link } });
      expect((await refusal()).link).toBeUndefined();
      expect(linkForMessage(message)).toBeUndefined();
    }
    answer(400, { error: { code: "VALIDATION_ERROR", message: "Dados inválidos" } });
    expect((await refusal()).link).toBeUndefined();
    expect(linkForMessage("Dados inválidos")).toBeUndefined();
    expect(linkForMessage(undefined)).toBeUndefined();
  });
});
