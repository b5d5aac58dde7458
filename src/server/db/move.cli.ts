/**
 * `npm run db:move -- --to postgres://… [--from <DATA_DIR>]`: the embedded database into an empty
 * PostgreSQL server database (move.ts, docs/decisions/025). `--files-to-s3`: the photos of
 * DATA_DIR/files into the bucket of STORAGE_S3_* (storage/copy-blobs.ts, docs/decisions/038), alone
 * or after the database. Exit 0 when copied and checked, 1 when refused or failed (the database move
 * leaves nothing on the server; the files copy keeps what it copied, and a new run goes on from
 * there), 2 on wrong arguments.
 */
import "../../shared/zod-config";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Env, loadEnv } from "../env";
import { copyBlobs } from "../storage/copy-blobs";
import { createFileStore, fileStorePath } from "../storage/file-store";
import { createBlobStore, FILES_DIR } from "../storage/index";
import { MoveFailedError, MoveRefusedError, moveToPostgres, type TableProgress } from "./move";

const USAGE = [
  "Uso: npm run db:move -- --to postgres://usuário:senha@servidor:5432/banco [--from <DATA_DIR>]",
  "     npm run db:move -- --files-to-s3 [--from <DATA_DIR>]",
  "  --to           copia o banco embutido para um banco vazio no PostgreSQL",
  "  --files-to-s3  copia as fotos de DATA_DIR/files para o bucket de STORAGE_S3_* (ambiente ou .env)",
  "  Os dois juntos: primeiro o banco, depois as fotos.",
].join("\n");

interface Args {
  to: string | undefined;
  filesToS3: boolean;
  /** --from, resolved; else DATA_DIR as `npm start` reads it. */
  from: string | undefined;
}

function parse(): Args {
  let values: { to?: string; from?: string; "files-to-s3"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        to: { type: "string" },
        from: { type: "string" },
        "files-to-s3": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
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
  if (!values.to && !values["files-to-s3"]) {
    console.error(`Informe o banco de destino com --to, ou --files-to-s3 para copiar as fotos.\n${USAGE}`);
    process.exit(2);
  }
  return {
    to: values.to,
    filesToS3: values["files-to-s3"] ?? false,
    from: values.from ? path.resolve(values.from) : undefined,
  };
}

let settings: Env | undefined;
/** The configuration `npm start` would read: it reads a local .env too (real environment variables win). */
function loadSettings(): Env {
  if (settings) return settings;
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  try {
    settings = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  return settings;
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

/** The database part, its output unchanged; false when refused or failed. */
async function moveDatabase(to: string, from: string): Promise<boolean> {
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
    return false;
  }
  return true;
}

/** `guarita-fotos (http://minio:9000)`, `guarita-fotos (AWS S3, sa-east-1)`: no credentials in the output. */
function describeBucket(env: Env): string {
  const where = env.STORAGE_S3_ENDPOINT
    ? new URL(env.STORAGE_S3_ENDPOINT).origin
    : `AWS S3, ${env.STORAGE_S3_REGION ?? "us-east-1"}`;
  return `${env.STORAGE_S3_BUCKET} (${where})`;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const parts = [
    error.name !== "Error" ? error.name : "",
    error.message,
    code && !error.message.includes(code) ? code : "",
  ];
  return parts.filter(Boolean).join(": ") || "erro desconhecido";
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${number(bytes)} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} ${units[unit]}`;
}

const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A prefix no blob key has (a namespace starts with a letter or digit): listing it only proves access. */
const ACCESS_CHECK_PREFIX = ".guarita-db-move/";
const FILES_PROGRESS_EVERY = 500;

/** The files part; false when refused or when any file was not copied. Never deletes a local file. */
async function moveFiles(dataDir: string, env: Env): Promise<boolean> {
  if (!env.STORAGE_S3_BUCKET) {
    console.error(
      "Defina o bucket de destino em STORAGE_S3_BUCKET, com STORAGE_S3_ENDPOINT, STORAGE_S3_REGION e as chaves como o Guarita vai usá-los (no ambiente ou no .env), para copiar as fotos. Nada foi copiado.",
    );
    return false;
  }
  if (!fs.existsSync(dataDir)) {
    console.error(`O diretório de dados ${dataDir} não existe: confira --from (ou DATA_DIR). Nada foi copiado.`);
    return false;
  }
  const filesDir = path.join(dataDir, FILES_DIR);
  const bucket = describeBucket(env);
  const source = createFileStore(filesDir);
  const target = createBlobStore(env);
  try {
    // A missing bucket or wrong keys would otherwise fail every file, one by one.
    try {
      for await (const _ of target.list(ACCESS_CHECK_PREFIX)) break;
    } catch (error) {
      console.error(
        `Não foi possível acessar o bucket ${bucket}: ${describeError(error)}. Confira STORAGE_S3_* (o bucket precisa existir). Nada foi copiado.`,
      );
      return false;
    }
    let total = 0;
    for await (const _ of source.list("")) total++;
    if (total === 0) {
      console.info(`Não há fotos em ${filesDir}: nada a copiar para o bucket ${bucket}.`);
      return true;
    }
    console.info(`Copiando ${plural(total, "arquivo", "arquivos")} de ${filesDir} para o bucket ${bucket}…`);
    const summary = await copyBlobs(source, target, {
      onBlob: (result, sofar) => {
        if (result.outcome === "failed")
          console.error(`  com erro: ${fileStorePath(filesDir, result.key)}: ${result.error}`);
        if (sofar.seen % FILES_PROGRESS_EVERY === 0)
          console.info(`  ${number(sofar.seen)} de ${number(total)} conferidos…`);
      },
    });
    const corrupt = summary.failed.filter((f) => f.corrupt).length;
    console.info(
      `Arquivos conferidos: ${plural(summary.copied, "copiado", "copiados")} (${formatBytes(summary.bytes)}), ` +
        `${plural(summary.present, "já presente", "já presentes")} no bucket, ${number(summary.failed.length)} com erro` +
        (summary.vanished > 0 ? `, ${plural(summary.vanished, "apagado", "apagados")} durante a cópia` : "") +
        ` em ${(summary.ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s.`,
    );
    const intact = `Nenhum arquivo local foi apagado: ${filesDir} ficou intacto.`;
    if (summary.interrupted || summary.failed.length > 0) {
      if (summary.interrupted) console.error(`A cópia parou antes do fim: ${summary.interrupted}.`);
      if (corrupt > 0) {
        console.error(
          `${plural(corrupt, "arquivo está corrompido", "arquivos estão corrompidos")} (o conteúdo não confere com o nome) e não ${corrupt === 1 ? "foi copiado: restaure-o" : "foram copiados: restaure-os"} de uma cópia de segurança de ${filesDir}, se houver.`,
        );
      }
      console.error(`Rode de novo depois de corrigir: o que já está no bucket não é copiado outra vez. ${intact}`);
      return false;
    }
    console.info(
      `\nPronto. Inicie o Guarita com as mesmas variáveis STORAGE_S3_* (STORAGE_S3_BUCKET=${env.STORAGE_S3_BUCKET}): as fotos passam a ser lidas e gravadas no bucket.`,
    );
    console.info(
      "Se o Guarita gravou fotos em DATA_DIR/files durante a cópia, rode este comando de novo com ele parado, antes de trocar: só o que falta é copiado.",
    );
    console.info(
      `${intact} Depois de conferir as fotos no Guarita e de rodar este comando de novo (deve copiar 0), pode apagar a pasta:\n  rm -rf ${shellQuote(filesDir)}`,
    );
    return true;
  } finally {
    source.close();
    target.close();
  }
}

const args = parse();
// DATA_DIR as `npm start` reads it unless --from names it; the files also need STORAGE_S3_*.
const env = args.filesToS3 || !args.from ? loadSettings() : undefined;
const dataDir = args.from ?? env!.DATA_DIR;
let ok = true;
if (args.to) ok = await moveDatabase(args.to, dataDir);
if (ok && args.filesToS3) {
  if (args.to) console.info("");
  ok = await moveFiles(dataDir, env!);
}
if (!ok) process.exitCode = 1;
