import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Failed sign-ins per e-mail. better-auth's limiter counts per IP; this counts per account, so a
 * password-guessing run spread over many IPs is stopped too.
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
