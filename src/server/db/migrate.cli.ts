// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database) and exits.
import { openSystemFromEnv } from "./cli";

const { system } = await openSystemFromEnv();
console.info(`Migrações aplicadas (${system.handle.kind}).`);
await system.close();
