// `npm run test:chaos`: the chaos suite (tests/chaos). Each file starts a PostgreSQL server of its
// own (the machine's binaries; the shared server at TEST_DATABASE_URL is never touched) and runs
// Guarita as separate processes on it: kill -9 of an instance during a burst of creates, and
// PostgreSQL stopped and restarted under load. Extra arguments go to vitest (a file name, -t ...).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Where pg_ctl and initdb are, as tests/support/postgres-server.ts looks for them. */
function postgresBinDir() {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  } catch {
    // no pg_config: look where Debian installs the server
  }
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const version = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(root, version, "bin") : null;
}

const bin = postgresBinDir();
if (!bin) {
  console.error(
    "Suíte de caos: servidor PostgreSQL não encontrado (pg_ctl, initdb). Instale-o, por exemplo com " +
      "`apt-get install -y postgresql`, e rode de novo `npm run test:chaos`.",
  );
  process.exit(1);
}
// initdb refuses to run as root: the tests then run the server as the `postgres` OS user.
if (process.getuid?.() === 0 && spawnSync("id", ["-u", "postgres"], { stdio: "ignore" }).status !== 0) {
  console.error(
    "Suíte de caos: rodando como root, é preciso o usuário do sistema `postgres` (criado pelo pacote postgresql).",
  );
  process.exit(1);
}

console.info(`Suíte de caos com o PostgreSQL de ${bin}`);
const result = spawnSync("npx", ["vitest", "run", "--project", "chaos", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, GUARITA_CHAOS: "1" },
});
process.exit(result.status ?? 1);
