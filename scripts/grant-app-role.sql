-- The rights of the role Guarita runs as when it does not own the tables (README, "Run on
-- PostgreSQL", "An app role that does not own the tables"). Only the owner of a table may disable,
-- drop or alter its triggers, so under this role the audit trail's append-only trigger stays on.
--
-- Run it as the owner (the role that runs `npm run db:migrate`), after the migrations, and again
-- after any migration that adds a table (the default privileges below cover those created by this
-- same owner; running it again is harmless):
--
--   psql "postgres://guarita_owner@db.example.com/guarita" -v app=guarita_app -f scripts/grant-app-role.sql

-- Rows of every table: read and write, nothing else (no TRUNCATE, no REFERENCES, no TRIGGER).
GRANT USAGE ON SCHEMA public TO :"app";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app";

-- The audit trail is append-only: the app reads it and appends to it.
REVOKE UPDATE, DELETE, TRUNCATE ON auditoria FROM :"app";

-- Tables and sequences that later migrations (run by this owner) create.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO :"app";

-- MIGRATE_ON_START=false: at start the app checks, read-only, that no migration is pending.
GRANT USAGE ON SCHEMA drizzle TO :"app";
GRANT SELECT ON drizzle.__drizzle_migrations TO :"app";
