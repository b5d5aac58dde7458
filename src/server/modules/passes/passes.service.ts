/**
 * Passes (pre-authorisations, docs/product.md, "Passes"): a morador (for their units) or staff let a visitor in
 * without a call, in one window or on a weekly schedule. Each pass has a 6-digit PIN, unique among
 * the condominium's live passes, and a signed QR token (qr-token.ts). Every change writes a
 * `passe.atualizado` event in its transaction.
 */

import { randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type {
  PasseModalidade,
  PasseStatus,
  ValidacaoMetodo,
  ValidacaoResultado,
  VisitaTipo,
} from "../../../shared/domain";
import { maskDocument } from "../../../shared/mask";
import { describeSchedule, type PassSchedule } from "../../../shared/pass-schedule";
import { parsePhone, storedPhone } from "../../../shared/phone";
import type { Passe, PasseCreate, PasseDetail, PasseUpdate, Validacao } from "../../../shared/schemas/passes";
import { PASSE_STATUS_LABELS } from "../../../shared/schemas/passes";
import { actorOf, changes, NOME_DO_REGISTRO, recordAudit } from "../../audit/audit";
import type { Reader } from "../../auth/scope";
import { assertSeesCondominio, assertSeesUnidade, seesUnidade } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { toPage } from "../../db/pagination";
import { passes as p, passeValidacoes } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { findCondominioInTenant, findUnidadeInTenant } from "../../db/tenant-lookups";
import type { TenantContext } from "../../http/context";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";
import { iso } from "../../http/serialize";
import { recordEvent } from "../../realtime/events";
import { fotoOfPasse } from "../fotos/fotos.service";
import { findPasse, listPasses, type PasseFilters, type PasseRow, validacaoColumns } from "./passes.queries";
import { signPassToken } from "./qr-token";

/** What other modules may use of this module's queries (docs/architecture.md, "Boundaries (server)"). */
export { listValidacoes } from "./passes.queries";

export const PASSE_NOT_FOUND = "Passe não encontrado";
const PIN_ATTEMPTS = 8;
const RECENT_VALIDATIONS = 20;

/** What building links and tokens needs: the server's secret and the public origin of links. */
export interface PassLinks {
  secret: string;
  linkBase: string;
}

export function toPasse(r: PasseRow): Passe {
  const x = r.row;
  return {
    id: x.id,
    condominio_id: x.condominioId,
    unidade_id: x.unidadeId,
    tipo: x.tipo as VisitaTipo,
    nome: x.nome,
    descricao: x.descricao,
    documento: x.documento,
    telefone: storedPhone(x.telefone),
    modalidade: x.modalidade as PasseModalidade,
    data_inicio: x.dataInicio,
    data_fim: x.dataFim,
    dias_semana: x.diasSemana,
    hora_inicio: x.horaInicio,
    hora_fim: x.horaFim,
    intervalo_minimo_segundos: x.intervaloMinimoSegundos,
    status: x.status as PasseStatus,
    pin: x.pin,
    usos: x.usos,
    ultimo_uso_em: iso(x.ultimoUsoEm),
    created_at: iso(x.createdAt),
    updated_at: iso(x.updatedAt),
    unidade: r.unidade,
    condominio: r.condominio,
    criado_por_nome: r.criadoPorNome,
  };
}

export function toValidacao(r: {
  id: string;
  condominioId: string;
  passeId: string | null;
  metodo: string;
  resultado: string;
  mensagem: string;
  validadoPorNome: string | null;
  createdAt: Date;
}): Validacao {
  return {
    id: r.id,
    condominio_id: r.condominioId,
    passe_id: r.passeId,
    metodo: r.metodo as ValidacaoMetodo,
    resultado: r.resultado as ValidacaoResultado,
    liberado: r.resultado === "liberado",
    mensagem: r.mensagem,
    validado_por: r.validadoPorNome,
    created_at: iso(r.createdAt),
  };
}

export async function list(db: Database, tenant: Reader, f: PasseFilters, page: number, pageSize: number) {
  const { rows, counted } = await listPasses(db, tenant, f, page, pageSize);
  // The list shows documents masked (LGPD); the detail (toPasse alone) has them in full.
  return toPage(
    rows.map((r) => ({ ...toPasse(r), documento: maskDocument(r.row.documento) })),
    counted,
    page,
    pageSize,
  );
}

/** A stored pass's schedule, as src/shared/pass-schedule.ts reads it. */
export function scheduleOfRow(row: typeof p.$inferSelect): PassSchedule {
  return {
    modalidade: row.modalidade as PasseModalidade,
    data_inicio: row.dataInicio,
    data_fim: row.dataFim,
    dias_semana: row.diasSemana,
    hora_inicio: row.horaInicio,
    hora_fim: row.horaFim,
  };
}

/** "apto 42 (Torre B)": how the gate names a unit. */
export function unitLabel(u: { codigo: string; torre: string | null }): string {
  const codigo = /^\d/.test(u.codigo) ? `apto ${u.codigo}` : u.codigo;
  return u.torre ? `${codigo} (${u.torre})` : codigo;
}

/** The short message the morador sends the visitor ("Compartilhar no WhatsApp"). */
export function shareMessage(passe: Passe, link: string): string {
  const firstName = passe.nome.split(" ")[0];
  return [
    `Olá, ${firstName}! Sua entrada no ${passe.condominio.nome} (${unitLabel(passe.unidade)}) está liberada:`,
    `${describeSchedule(passe)}.`,
    `Na portaria, informe o PIN ${passe.pin} ou mostre o QR Code: ${link}`,
  ].join(" ");
}

/**
 * wa.me to the visitor's phone when it has one (E.164 without the "+"; a pass saved before phones were
 * stored in E.164 is read the same way), else to a contact chosen in WhatsApp.
 */
export function whatsappUrl(telefone: string | null, text: string): string {
  const to = parsePhone(telefone)?.slice(1) ?? "";
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

export async function get(
  db: Database,
  tenant: Reader & { userId?: string },
  id: string,
  links: PassLinks,
): Promise<PasseDetail> {
  const row = await findPasse(db, tenant, id);
  if (!row) throw notFound(PASSE_NOT_FOUND);
  const passe = toPasse(row);
  const token = signPassToken(links.secret, tenant.organizationId, id);
  const link = `${links.linkBase}/p/${token}`;
  const [validacoes, foto] = await Promise.all([
    db
      .select(validacaoColumns)
      .from(passeValidacoes)
      .where(and(eq(passeValidacoes.organizationId, tenant.organizationId), eq(passeValidacoes.passeId, id)))
      .orderBy(desc(passeValidacoes.createdAt), desc(passeValidacoes.id))
      .limit(RECENT_VALIDATIONS),
    fotoOfPasse(
      { db, secret: links.secret },
      { organizationId: tenant.organizationId, userId: tenant.userId ?? null },
      id,
    ),
  ]);
  return {
    ...passe,
    qr_token: token,
    link,
    whatsapp_url: whatsappUrl(passe.telefone, shareMessage(passe, link)),
    validacoes: validacoes.map(toValidacao),
    foto,
  };
}

function randomPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

function scheduleColumns(input: PasseCreate | PasseUpdate) {
  return {
    tipo: input.tipo,
    nome: input.nome,
    descricao: input.descricao,
    documento: input.documento,
    telefone: input.telefone,
    modalidade: input.modalidade,
    dataInicio: input.data_inicio,
    dataFim: input.data_fim,
    diasSemana: input.dias_semana,
    horaInicio: input.hora_inicio,
    horaFim: input.hora_fim,
    intervaloMinimoSegundos: input.intervalo_minimo_segundos,
  };
}

function searchText(
  input: { nome: string; documento: string | null; descricao: string | null },
  u: { codigo: string; torre: string | null },
) {
  return buildSearchText([input.nome, input.documento, input.descricao, u.codigo, u.torre]);
}

export async function create(
  db: Database,
  tenant: TenantContext,
  input: PasseCreate,
  links: PassLinks,
): Promise<PasseDetail> {
  const org = tenant.organizationId;
  // A morador creates passes only for the units they live in, a porteiro assigned to condominiums
  // only there; anything else is "not found" (the unit's own condominium is checked once read).
  assertSeesCondominio(tenant, input.condominio_id, "Condomínio não encontrado");
  assertSeesUnidade(
    tenant,
    { unidadeId: input.unidade_id, condominioId: input.condominio_id },
    "Unidade não encontrada",
  );
  const condominio = await findCondominioInTenant(db, org, input.condominio_id);
  if (!condominio) throw notFound("Condomínio não encontrado");
  const unidade = await findUnidadeInTenant(db, org, input.unidade_id);
  if (!unidade || !seesUnidade(tenant, { unidadeId: unidade.id, condominioId: unidade.condominioId }))
    throw notFound("Unidade não encontrada");
  if (unidade.condominioId !== condominio.id) {
    throw badRequest("A unidade não pertence ao condomínio selecionado", [
      { path: "unidade_id", message: "A unidade não pertence ao condomínio selecionado" },
    ]);
  }
  if (!condominio.enabled)
    throw badRequest("Condomínio inativo", [{ path: "condominio_id", message: "Condomínio inativo" }]);
  if (!unidade.enabled) throw badRequest("Unidade inativa", [{ path: "unidade_id", message: "Unidade inativa" }]);

  // A random PIN may collide with a live pass of the condominium (the unique index says so): draw again.
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(p)
          .values({
            organizationId: org,
            condominioId: condominio.id,
            unidadeId: unidade.id,
            ...scheduleColumns(input),
            pin: randomPin(),
            criadoPorUserId: tenant.userId,
            busca: searchText(input, unidade),
          })
          .returning({ id: p.id });
        await recordPassEvent(tx, org, row!.id, unidade.id, input.nome);
        await recordAudit(tx, org, actorOf(tenant), {
          acao: "criar",
          entidade: "passe",
          entidadeId: row!.id,
          resumo: `Criou um passe para ${NOME_DO_REGISTRO}`,
          depois: { ...scheduleColumns(input), unidade_id: unidade.id },
        });
        return row!.id;
      });
      return get(db, tenant, id, links);
    } catch (error) {
      if (attempt < PIN_ATTEMPTS && isUniqueViolation(error, "passes_condominio_pin_uq")) continue;
      throw error;
    }
  }
}

async function recordPassEvent(tx: Executor, organizationId: string, id: string, unidadeId: string, nome: string) {
  await recordEvent(tx, organizationId, {
    type: "passe.atualizado",
    visita: { unidade_id: unidadeId, nome_visitante: nome },
    passe: { id },
  });
}

/** Locks the pass the caller may manage, or 404. */
async function lockForChange(tx: Executor, tenant: Reader, id: string) {
  const [current] = await tx
    .select()
    .from(p)
    .where(and(eq(p.organizationId, tenant.organizationId), eq(p.id, id)))
    .for("update");
  if (!current) throw notFound(PASSE_NOT_FOUND);
  assertSeesUnidade(tenant, current, PASSE_NOT_FOUND);
  return current;
}

export async function update(
  db: Database,
  tenant: TenantContext,
  id: string,
  input: PasseUpdate,
  links: PassLinks,
): Promise<PasseDetail> {
  await db.transaction(async (tx) => {
    const current = await lockForChange(tx, tenant, id);
    if (current.status === "revogado") throw conflict("Um passe revogado não pode ser alterado.");
    const unidade = await findUnidadeInTenant(tx, tenant.organizationId, current.unidadeId);
    await tx
      .update(p)
      .set({
        ...scheduleColumns(input),
        busca: searchText(input, unidade ?? { codigo: "", torre: null }),
        updatedAt: new Date(),
      })
      .where(eq(p.id, id));
    await recordPassEvent(tx, tenant.organizationId, id, current.unidadeId, input.nome);
    const diff = changes(
      current,
      scheduleColumns(input),
      Object.keys(scheduleColumns(input)) as (keyof typeof current & string)[],
    );
    if (diff) {
      await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
        acao: "alterar",
        entidade: "passe",
        entidadeId: id,
        resumo: `Alterou o passe de ${NOME_DO_REGISTRO}`,
        ...diff,
      });
    }
  });
  return get(db, tenant, id, links);
}

export type PasseAcao = "suspender" | "reativar" | "revogar";

/** Which status each action leaves, and from which statuses it may start. */
const ACOES: Record<PasseAcao, { from: readonly PasseStatus[]; to: PasseStatus; verbo: string }> = {
  suspender: { from: ["ativo"], to: "suspenso", verbo: "suspender" },
  reativar: { from: ["suspenso"], to: "ativo", verbo: "reativar" },
  revogar: { from: ["ativo", "suspenso"], to: "revogado", verbo: "revogar" },
};

export async function changeStatus(
  db: Database,
  tenant: TenantContext,
  id: string,
  acao: PasseAcao,
  links: PassLinks,
): Promise<PasseDetail> {
  const rule = ACOES[acao];
  await db.transaction(async (tx) => {
    const current = await lockForChange(tx, tenant, id);
    if (!rule.from.includes(current.status as PasseStatus)) {
      throw conflict(
        `Não é possível ${rule.verbo} este passe: ele está ${PASSE_STATUS_LABELS[current.status as PasseStatus].toLowerCase()}.`,
      );
    }
    await tx.update(p).set({ status: rule.to, updatedAt: new Date() }).where(eq(p.id, id));
    await recordPassEvent(tx, tenant.organizationId, id, current.unidadeId, current.nome);
    await recordAudit(tx, tenant.organizationId, actorOf(tenant), {
      acao: acao === "revogar" ? "revogar" : "alterar",
      entidade: "passe",
      entidadeId: id,
      resumo: `${{ suspender: "Suspendeu", reativar: "Reativou", revogar: "Revogou" }[acao]} o passe de ${NOME_DO_REGISTRO}`,
      antes: { status: current.status },
      depois: { status: rule.to },
    });
  });
  return get(db, tenant, id, links);
}
