/**
 * The world the evaluation runs in: the real system on an in-memory PGlite with the demo tenant
 * (src/server/db/seed/demo.ts), the attendant's directory of each of its condominiums
 * (src/server/attendant/directory.ts), and one pass valid now per unit with residents, made through the
 * API as the demo síndico, whose PIN fills `{pin}`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { loadDirectory } from "../../src/server/attendant/directory";
import type { Directory } from "../../src/server/attendant/engine/types";
import { createSystem } from "../../src/server/bootstrap";
import { condominios, organization } from "../../src/server/db/schema";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../../src/server/db/seed/demo";
import { DEMO_TENANT_SLUG } from "../../src/server/demo-guard";
import { createFileStore } from "../../src/server/storage/file-store";
import { addDays, localClock } from "../../src/shared/pass-schedule";

const ORIGIN = "http://localhost:3000";
/** The visitor of every evaluation pass, as the gate would read it back. */
export const EVAL_PASS_NAME = "Convidado da Avaliação";
/**
 * The guest list of a party today at the unit each conversation draws (Salão de festas, open now):
 * the corpus's party guests say these names, or names that are not on it.
 */
export const EVAL_PARTY_AREA = "Salão de festas";
export const EVAL_PARTY_GUESTS = [
  "Ana Paula Souza",
  "Marcos Vinícius de Oliveira",
  "Júlia Fernandes Costa",
  "Júlia Ramos",
  "Pedro Henrique Alves",
  "Luiz Carlos Mendes",
  "Fátima Regina Nogueira",
  "João Pedro Sant'Ana",
];

export interface DemoWorld {
  directories: Directory[];
  /** Unit id → the PIN of its pass. */
  pinByUnit: Map<string, string>;
  /** Condominium id → its passes' PINs → the visitor's name (what the gate would validate). */
  passesByCondominio: Map<string, Map<string, string>>;
  close(): Promise<void>;
}

export async function openDemoWorld(): Promise<DemoWorld> {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "guarita-eval-mail-"));
  const system = await createSystem({
    logger: pino({ level: "silent" }),
    database: { dataDir: null },
    authSecret: "attendant-eval-secret-attendant-eval",
    publicUrl: ORIGIN,
    mailDir,
    storage: createFileStore(fs.mkdtempSync(path.join(os.tmpdir(), "guarita-eval-files-"))),
  });
  const close = async () => {
    await system.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
  try {
    const db = system.handle.db;
    await seedDemo(db, system.auth);
    const [org] = await db.select().from(organization).where(eq(organization.slug, DEMO_TENANT_SLUG));
    if (!org) throw new Error("o cliente de demonstração não foi criado");
    const condos = await db
      .select()
      .from(condominios)
      .where(eq(condominios.organizationId, org.id))
      .orderBy(asc(condominios.nome));

    const call = async (method: string, url: string, json: unknown, cookie?: string) => {
      const response = await system.app.request(`${ORIGIN}${url}`, {
        method,
        headers: { origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(json),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response;
    };
    const sindico = DEMO_LOGINS.find((l) => l.role === "sindico")!;
    const signIn = await call("POST", "/api/auth/sign-in/email", { email: sindico.email, password: DEMO_PASSWORD });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const directories: Directory[] = [];
    const pinByUnit = new Map<string, string>();
    const passesByCondominio = new Map<string, Map<string, string>>();
    for (const condo of condos) {
      const directory = await loadDirectory(db, org.id, condo.id);
      directories.push(directory);
      const passes = new Map<string, string>();
      passesByCondominio.set(condo.id, passes);
      const today = localClock(new Date(), condo.timezone).date;
      for (const unit of directory.units.filter((u) => u.moradores.length > 0)) {
        const res = await call(
          "POST",
          "/api/passes",
          {
            condominio_id: condo.id,
            unidade_id: unit.id,
            tipo: "visitante",
            nome: EVAL_PASS_NAME,
            modalidade: "recorrente",
            data_inicio: addDays(today, -1),
            data_fim: addDays(today, 30),
            dias_semana: [0, 1, 2, 3, 4, 5, 6],
            hora_inicio: "00:00",
            hora_fim: "23:59",
          },
          cookie,
        );
        const { pin } = (await res.json()) as { pin: string };
        pinByUnit.set(unit.id, pin);
        passes.set(pin, EVAL_PASS_NAME);
      }
    }
    return { directories, pinByUnit, passesByCondominio, close };
  } catch (error) {
    await close();
    throw error;
  }
}
