/**
 * Running Guarita under a role that does not own the tables (README, "Run on PostgreSQL"): the
 * owner migrates and grants with scripts/grant-app-role.sql, the app starts with
 * MIGRATE_ON_START=false. Only a table's owner may disable or drop its triggers, so under that role
 * the audit trail's append-only trigger (migration 0013, docs/decisions/024-audit-and-lgpd.md)
 * cannot be switched off.
 */
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createCondominioWithUnidade, createTenantWithMember } from "../../../tests/support/factories";
import { describeOnPostgres } from "../../../tests/support/postgres-only";
import { setupTestSystem, testSystemOptions } from "../../../tests/support/system";
import { createSystem } from "../bootstrap";
import { MIGRATIONS_FOLDER, pendingMigrations, refusePendingMigrations } from "./migrate";

const system = setupTestSystem();

const GRANTS = readFileSync(path.resolve(import.meta.dirname, "../../../scripts/grant-app-role.sql"), "utf8");

/** The script as psql runs it with `-v app=<role>`. */
const grantsFor = (role: string) => GRANTS.replaceAll(':"app"', `"${role}"`);

describeOnPostgres("an app role that does not own the tables", () => {
  it("cannot switch the audit trigger off, and the app works under it (a request is created and audited)", async () => {
    system(); // the shared system has migrated the database as its owner
    const ownerUrl = process.env.TEST_DATABASE_URL!;
    // Roles belong to the whole cluster: a unique name per run, dropped at the end.
    const role = `guarita_app_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const password = randomUUID();
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      await owner.query(`CREATE ROLE "${role}" LOGIN PASSWORD '${password}'`);
      await owner.query(grantsFor(role));
      const url = new URL(ownerUrl);
      url.username = role;
      url.password = password;

      const app = new pg.Client({ connectionString: url.toString() });
      await app.connect();
      try {
        for (const statement of [
          "ALTER TABLE auditoria DISABLE TRIGGER ALL",
          "ALTER TABLE auditoria DISABLE TRIGGER auditoria_sem_alteracao",
          "ALTER TABLE auditoria DISABLE TRIGGER auditoria_sem_truncate",
          "DROP TRIGGER auditoria_sem_alteracao ON auditoria",
          "DROP FUNCTION auditoria_somente_insercao() CASCADE",
          // Replica mode skips ordinary triggers; only a superuser may set it.
          "SET session_replication_role = replica",
          "UPDATE auditoria SET resumo = 'apagado'",
          "DELETE FROM auditoria",
          "TRUNCATE auditoria",
        ]) {
          await expect(app.query(statement), statement).rejects.toMatchObject({ code: "42501" });
        }
        const { rows } = await app.query(
          "select tgenabled from pg_trigger where tgrelid = 'auditoria'::regclass and not tgisinternal",
        );
        // Both triggers of migration 0013 are still there and enabled ("O": origin and local).
        expect(rows.length).toBeGreaterThanOrEqual(2);
        expect(rows.every((r) => r.tgenabled === "O")).toBe(true);
      } finally {
        await app.end();
      }

      // Migrations at start need rights this role does not have: MIGRATE_ON_START=false is required.
      const options = { ...testSystemOptions(), database: { url: url.toString(), poolMax: 2 } };
      await expect(createSystem({ ...options, migrate: true })).rejects.toMatchObject({
        cause: { code: "42501", message: expect.stringMatching(/permission denied/) },
      });

      const appSystem = await createSystem({ ...options, migrate: false });
      try {
        const { api, org } = await createTenantWithMember(appSystem, { role: "sindico" });
        const { condominio, unidade } = await createCondominioWithUnidade(appSystem, org.id);
        const created = await api.post("/api/solicitacoes", {
          json: { condominio_id: condominio.id, unidade_id: unidade.id, nome_visitante: "Visitante do Papel" },
        });
        expect(created.status).toBe(201);
        const trail = await api.get(`/api/auditoria?entidade=solicitacao`);
        expect(trail.status).toBe(200);
        const audited = await owner.query(
          "select acao, entidade, entidade_id from auditoria where organization_id = $1 and entidade = 'solicitacao'",
          [org.id],
        );
        expect(audited.rows).toEqual([{ acao: "criar", entidade: "solicitacao", entidade_id: created.body.id }]);
      } finally {
        await appSystem.close();
      }
    } finally {
      await owner.query(`DROP OWNED BY "${role}"`).catch(() => {});
      await owner.query(`DROP ROLE IF EXISTS "${role}"`);
      await owner.end();
    }
  });
});

describe("MIGRATE_ON_START=false", () => {
  it("starts on a migrated database, and refuses in pt-BR while a migration is pending", async () => {
    const { handle } = system();
    await expect(refusePendingMigrations(handle)).resolves.toBeUndefined();
    // The same migrations plus one the database has not seen (a newer release's).
    const folder = mkdtempSync(path.join(tmpdir(), "guarita-migrations-"));
    try {
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; when: number }[] };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_pendente" } as never);
      writeFileSync(journalPath, JSON.stringify(journal));
      writeFileSync(path.join(folder, "9999_pendente.sql"), "SELECT 1;");
      expect(await pendingMigrations(handle, folder)).toBe(1);
      await expect(refusePendingMigrations(handle, folder)).rejects.toThrow(
        "1 migração(ões) pendente(s) e MIGRATE_ON_START=false: aplique-as com `npm run db:migrate` usando a DATABASE_URL do dono das tabelas e inicie de novo",
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
