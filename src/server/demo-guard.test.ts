import { describe, expect, it } from "vitest";
import { type DemoGuardInput, demoGuardRefusal, isPublicDeployment } from "./demo-guard";

const input = (overrides: Partial<DemoGuardInput>): DemoGuardInput => ({
  publicUrl: "https://portaria.exemplo.com.br",
  publicUrlExplicit: true,
  allowDemo: false,
  seedsDemoTenant: true,
  demoPayments: true,
  ...overrides,
});

describe("demo guard", () => {
  it("treats only an https:// PUBLIC_URL on another machine as a public deployment", () => {
    expect(isPublicDeployment("https://portaria.exemplo.com.br", true)).toBe(true);
    expect(isPublicDeployment("https://192.168.0.20:3000", true)).toBe(true);
    expect(isPublicDeployment("http://portaria.exemplo.com.br", true)).toBe(false);
    expect(isPublicDeployment("https://localhost:3000", true)).toBe(false);
    expect(isPublicDeployment("https://guarita.localhost", true)).toBe(false);
    expect(isPublicDeployment("https://127.0.0.2", true)).toBe(false);
    expect(isPublicDeployment("https://[::1]:8443", true)).toBe(false);
    expect(isPublicDeployment("http://localhost:3000", false)).toBe(false);
  });

  it("keeps the embedded demo as the default of npm start", () => {
    expect(demoGuardRefusal(input({ publicUrl: "http://localhost:3000", publicUrlExplicit: false }))).toBeNull();
    expect(demoGuardRefusal(input({ publicUrl: "http://192.168.0.20:3000" }))).toBeNull();
  });

  it("refuses the demo tenant and demo payments on a public address, in one pt-BR line", () => {
    const both = demoGuardRefusal(input({}));
    expect(both).toBe(
      "Recusado: PUBLIC_URL (https://portaria.exemplo.com.br) é um endereço público e o cliente de demonstração " +
        "(senha demo1234) e os pagamentos de demonstração (sem chaves do Stripe) não podem ir ao ar. Defina " +
        "SEED_DEMO=false e STRIPE_SECRET_KEY e STRIPE_PUBLISHABLE_KEY, ou GUARITA_DEMO=true para uma demonstração pública.",
    );
    expect(both).not.toContain("\n");
    expect(demoGuardRefusal(input({ demoPayments: false }))).toMatch(/o cliente de demonstração .* não pode ir ao ar/);
    expect(demoGuardRefusal(input({ seedsDemoTenant: false }))).toMatch(
      /e os pagamentos de demonstração \(sem chaves do Stripe\) não podem ir ao ar/,
    );
  });

  it("lets a real deployment (Stripe, no demo tenant) and a deliberate public demo start", () => {
    expect(demoGuardRefusal(input({ seedsDemoTenant: false, demoPayments: false }))).toBeNull();
    expect(demoGuardRefusal(input({ allowDemo: true }))).toBeNull();
  });
});
