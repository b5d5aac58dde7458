/** `/p/<token>`: the visitor's pass page (pass-page.tsx). Read-only; limited per IP like `/r`. */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import QRCode from "qrcode";
import { describeSchedule, localClock } from "../../../shared/pass-schedule";
import { PASSE_STATUS_LABELS } from "../../../shared/schemas/passes";
import type { Database } from "../../db/client";
import { condominios, passes, unidades } from "../../db/schema";
import { ipLimitKey } from "../../http/client-ip";
import type { AppEnv } from "../../http/context";
import { hitLimit } from "../../http/rate-limit";
import { renderPassPage } from "./pass-page";
import { scheduleOfRow, unitLabel } from "./passes.service";
import { passIdOf, verifyPassToken } from "./qr-token";

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'";
const VIEWS_PER_IP = { max: 120, windowMs: 60_000 };

export function passPageRoutes(db: Database, deps: { secret: string }) {
  const app = new Hono<AppEnv>();
  app.get("/:token", async (c) => {
    c.header("Content-Security-Policy", PAGE_CSP);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Robots-Tag", "noindex, nofollow");
    const ip = ipLimitKey(c.get("clientIp")) ?? "desconhecido";
    if (!(await hitLimit(db, `pass-view:${ip}`, VIEWS_PER_IP))) {
      c.header("Retry-After", "60");
      return c.text("Muitas tentativas. Aguarde um minuto.", 429);
    }
    const token = c.req.param("token");
    const id = passIdOf(token);
    const [row] = id
      ? await db
          .select({
            passe: passes,
            condominio: condominios.nome,
            timezone: condominios.timezone,
            codigo: unidades.codigo,
            torre: unidades.torre,
          })
          .from(passes)
          .innerJoin(condominios, eq(condominios.id, passes.condominioId))
          .innerJoin(unidades, eq(unidades.id, passes.unidadeId))
          .where(and(eq(passes.id, id)))
      : [];
    // The signature is checked with the pass's own tenant: a forged token finds nothing.
    if (!row || !verifyPassToken(deps.secret, row.passe.organizationId, token)) {
      const page = renderPassPage({ kind: "invalido" });
      return c.html(page.html, 404);
    }
    const p = row.passe;
    const today = localClock(new Date(), row.timezone).date;
    const aviso =
      p.status !== "ativo"
        ? PASSE_STATUS_LABELS[p.status as "suspenso" | "revogado"]
        : today > p.dataFim
          ? "Expirado"
          : null;
    const qrSvg = await QRCode.toString(token, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    const page = renderPassPage({
      kind: "passe",
      nome: p.nome,
      condominio: row.condominio,
      unidade: unitLabel({ codigo: row.codigo, torre: row.torre }),
      horario: describeSchedule(scheduleOfRow(p)),
      pin: p.pin,
      qrSvg,
      aviso,
    });
    return c.html(page.html, 200);
  });
  return app;
}
