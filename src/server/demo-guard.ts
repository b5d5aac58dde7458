/**
 * Demo defaults never reach a real deployment (docs/product.md, "Demo data"; README, "Demo guard"). The embedded
 * demo (a tenant whose logins use "demo1234", payments that charge nothing) is the default for
 * `npm install && npm start`; on a public https:// PUBLIC_URL it needs GUARITA_DEMO=true. main.ts
 * and `npm run db:seed -- --demo` both ask this one function.
 */
import ipaddr from "ipaddr.js";

/** The demo tenant's slug: what tells the demo (its labelled demo channel and panel) from a real tenant. */
export const DEMO_TENANT_SLUG = "demo-guarita";

export interface DemoGuardInput {
  /** Effective public URL and whether PUBLIC_URL was set. */
  publicUrl: string;
  publicUrlExplicit: boolean;
  /** GUARITA_DEMO=true: a deliberate public demonstration. */
  allowDemo: boolean;
  /** The demo tenant is about to be created. */
  seedsDemoTenant: boolean;
  /** Checkout would run in demo mode (no Stripe keys). */
  demoPayments: boolean;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}

/** A PUBLIC_URL that real people reach: https:// on a host other than this machine. */
export function isPublicDeployment(publicUrl: string, publicUrlExplicit: boolean): boolean {
  if (!publicUrlExplicit) return false;
  const url = new URL(publicUrl);
  return url.protocol === "https:" && !isLoopbackHost(url.hostname);
}

/** Null when start-up may go on; otherwise the one pt-BR line that explains the refusal. */
export function demoGuardRefusal(input: DemoGuardInput): string | null {
  if (input.allowDemo || !isPublicDeployment(input.publicUrl, input.publicUrlExplicit)) return null;
  const what = [
    input.seedsDemoTenant ? "o cliente de demonstração (senha demo1234)" : null,
    input.demoPayments ? "os pagamentos de demonstração (sem chaves do Stripe)" : null,
  ].filter(Boolean);
  if (what.length === 0) return null;
  const fixes = [
    input.seedsDemoTenant ? "SEED_DEMO=false" : null,
    input.demoPayments ? "STRIPE_SECRET_KEY e STRIPE_PUBLISHABLE_KEY" : null,
  ].filter(Boolean);
  return (
    `Recusado: PUBLIC_URL (${new URL(input.publicUrl).origin}) é um endereço público e ${what.join(" e ")} ` +
    `não ${input.demoPayments ? "podem" : "pode"} ir ao ar. Defina ${fixes.join(" e ")}, ou GUARITA_DEMO=true para uma demonstração pública.`
  );
}
