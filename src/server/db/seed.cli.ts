// `npm run db:seed -- --demo`: creates the demo tenant and its logins, unless a tenant already exists.
import { demoGuardRefusal } from "../demo-guard";
import { openSystemFromEnv } from "./cli";
import { DEMO_LOGINS, DEMO_PASSWORD, hasAnyTenant, seedDemo } from "./seed/demo";

if (!process.argv.includes("--demo")) {
  console.error("Uso: npm run db:seed -- --demo");
  process.exit(2);
}
const { env, system } = await openSystemFromEnv();
try {
  const seedsDemoTenant = !(await hasAnyTenant(system.handle.db));
  const refusal = demoGuardRefusal({
    publicUrl: env.PUBLIC_URL,
    publicUrlExplicit: env.PUBLIC_URL_EXPLICIT,
    allowDemo: env.GUARITA_DEMO,
    seedsDemoTenant,
    demoPayments: false, // Seeding runs no checkout.
  });
  if (refusal) {
    console.error(refusal);
    process.exitCode = 1;
  } else if (!seedsDemoTenant) {
    console.info("O banco já tem clientes; nada foi semeado.");
  } else {
    const summary = await seedDemo(system.handle.db, system.auth);
    console.info("Cliente de demonstração criado:", summary);
    for (const l of DEMO_LOGINS) console.info(`  ${l.role.padEnd(9)} ${l.email} / ${DEMO_PASSWORD}`);
  }
} finally {
  await system.close();
}
