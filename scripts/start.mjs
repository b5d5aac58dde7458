// `npm start`: build when the sources changed since the last build, then run the server
// (which applies migrations and, on an empty embedded database, seeds the demo tenant).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildIsCurrent } from "./build-stamp.mjs";

// A local .env (see .env.example) is optional; real environment variables win.
if (existsSync(".env")) process.loadEnvFile(".env");

if (!buildIsCurrent()) {
  console.info("Compilando o Guarita (primeira execução ou código alterado)...");
  const result = spawnSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../build/server/main.js");
