/**
 * `npm run db:move -- --to postgres://… [--from <DATA_DIR>]`: the embedded database into an empty
 * PostgreSQL server database (move.ts, docs/decisions/025). Exit 0 when copied and checked, 1 when
 * refused or failed (nothing stays on the server), 2 on wrong arguments.
 */
import "../../shared/zod-config";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "../env";
import { MoveFailedError, MoveRefusedError, moveToPostgres, type TableProgress } from "./move";

const USAGE = "Uso: npm run db:move -- --to postgres://usuário:senha@servidor:5432/banco [--from <DATA_DIR>]";

function parse(): { to: string; from: string } {
  let values: { to?: string; from?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { to: { type: "string" }, from: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`Argumentos inválidos (${(error as Error).message}).\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  if (!values.to) {
    console.error(`Informe o banco de destino com --to.\n${USAGE}`);
    process.exit(2);
  }
  if (values.from) return { to: values.to, from: path.resolve(values.from) };
  // The DATA_DIR `npm start` uses: it reads a local .env too (real environment variables win).
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  return { to: values.to, from: loadEnv().DATA_DIR };
}

const number = (n: number) => n.toLocaleString("pt-BR");
/** Big tables also report along the way; small ones only when done. */
const PROGRESS_EVERY = 50_000;
let reported = { table: "", mark: 0 };

function printProgress({ table, copied, total }: TableProgress) {
  if (copied === total) {
    console.info(`  ${table}: ${number(total)} ${total === 1 ? "linha" : "linhas"}`);
    return;
  }
  if (reported.table !== table) reported = { table, mark: 0 };
  const mark = Math.floor(copied / PROGRESS_EVERY);
  if (mark > reported.mark) {
    reported.mark = mark;
    console.info(`  ${table}: ${number(copied)} de ${number(total)}…`);
  }
}

/** The URL to put in DATABASE_URL, without echoing its password into the terminal's history. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "SENHA";
  return parsed.toString();
}

const { to, from } = parse();
try {
  const report = await moveToPostgres({
    dataDir: from,
    targetUrl: to,
    onStep: (message) => console.info(message),
    onProgress: printProgress,
  });
  console.info(
    `Contagens conferidas em ${report.tables.length} tabelas: ${number(report.rows)} linhas copiadas ` +
      `(${report.migrations} migrações, ${report.sequences} ${report.sequences === 1 ? "sequência" : "sequências"}) em ${(report.ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s.`,
  );
  console.info("\nPronto. Inicie o Guarita no servidor com DATABASE_URL apontando para esse banco:");
  // Sessions and the passes' QR codes are signed with this secret: the server must keep using it.
  const secretFile = path.join(from, "auth-secret");
  const secret = fs.existsSync(secretFile) ? ` BETTER_AUTH_SECRET="$(cat ${secretFile})"` : "";
  console.info(`  DATABASE_URL='${withoutPassword(to)}'${secret} npm start`);
  if (secret) {
    console.info(
      "Use sempre o mesmo BETTER_AUTH_SECRET (em todas as instâncias): com outro, as sessões abertas e os QR codes dos passes deixam de valer.",
    );
  }
  console.info(`O banco embutido em ${path.join(from, "pglite")} ficou intacto; guarde-o como cópia de segurança.`);
} catch (error) {
  if (error instanceof MoveRefusedError) {
    console.error(error.message);
  } else if (error instanceof MoveFailedError) {
    console.error(`A mudança falhou e foi desfeita; nada ficou no servidor. ${error.message}`);
  } else {
    console.error("A mudança falhou:", error);
  }
  process.exitCode = 1;
}
