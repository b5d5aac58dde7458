import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Failed sign-ins of the former per-e-mail lockout. No longer written: sign-in throttling counts per
 * (e-mail, IP) and per IP in `rate_limit` (docs/decisions/011); housekeeping prunes old rows, and a
 * later migration may drop the table.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("login_failures_email_created_idx").on(t.email, t.createdAt)],
);
