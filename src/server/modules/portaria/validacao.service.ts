/**
 * A pass presented at the gate (docs/product.md, "Portaria"), from the Portaria screen or a gate controller on
 * /api/v1. One transaction decides, counts the use, logs the attempt (refused ones too) and writes
 * the `passe.validado` event, whose `portao.abrir` webhook opens the gate when the pass is good.
 *
 * The schedule is read in the condominium's timezone at `now` (injectable, so tests control the
 * clock). Anti-passback is a conditional UPDATE: of two gates reading the same pass at once, one
 * counts the use and the other finds it used. A typed PIN is counted against the guess limit and
 * admitted or refused in one step before it is looked up (pin-throttle.ts), so parallel guesses
 * can't all slip past the limit.
 */
import { and, eq, sql } from "drizzle-orm";
import type { ValidacaoMetodo, ValidacaoResultado, VisitaTipo } from "../../../shared/domain";
import { describeSchedule, evaluateSchedule, formatLocalDate } from "../../../shared/pass-schedule";
import { type ValidacaoResultadoResponse, type ValidarPasse, VISITA_TIPO_LABELS } from "../../../shared/schemas/passes";
import { seesCondominio } from "../../auth/scope";
import type { Database, Executor } from "../../db/client";
import { condominios, passes, passeValidacoes, unidades } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { recordEvent } from "../../realtime/events";
import { type Registrar, registerEntryInTx } from "../acessos/acessos.service";
import { reportPinLockout } from "../central/central.service";
import { scheduleOfRow, toValidacao, unitLabel } from "../passes/passes.service";
import { verifyPassToken } from "../passes/qr-token";
import { resolvePortao } from "../portoes/portoes.service";
import { admitPinAttempt, forgivePinAttempt } from "./pin-throttle";

export { PIN_GUESS_LIMIT } from "./pin-throttle";

/** Who presents the pass to the system: a porteiro's login or an integration's key. */
export type Validator = Registrar;

export interface ValidationOptions {
  secret: string;
  now?: Date;
  /**
   * The gate opening is the entry (docs/decisions/033-gate-opening-is-entry.md): recorded in the same
   * transaction unless a gate controller says it reports the passage itself (`registrar_entrada: false`).
   */
  registrarEntrada?: boolean;
}

type PasseRecord = typeof passes.$inferSelect;
type Unidade = { codigo: string; torre: string | null; enabled: boolean };

function verdictMessage(
  resultado: ValidacaoResultado,
  passe: PasseRecord | null,
  unidade: Unidade | null,
  extra: { outroCondominio?: string; esperaSegundos?: number },
): string {
  const nome = passe?.nome ?? "";
  switch (resultado) {
    case "liberado": {
      const papel = passe?.descricao ?? VISITA_TIPO_LABELS[passe!.tipo as VisitaTipo].toLowerCase();
      return `Liberado: ${nome}, ${papel} do ${unitLabel(unidade!)}`;
    }
    case "pin_invalido":
      return "PIN não encontrado neste condomínio. Confira os 6 dígitos.";
    case "qr_invalido":
      return "QR Code inválido: não é um passe deste sistema ou desta administradora.";
    case "outro_condominio":
      return `Passe de ${nome} é de outro condomínio (${extra.outroCondominio}).`;
    case "suspenso":
      return `Passe de ${nome} está suspenso pelo morador ou pela administração.`;
    case "revogado":
      return `Passe de ${nome} foi revogado.`;
    case "nao_iniciado":
      return `Passe de ${nome} ainda não vale: começa em ${formatLocalDate(passe!.dataInicio)} às ${passe!.horaInicio}.`;
    case "expirado":
      return `Passe de ${nome} expirou em ${formatLocalDate(passe!.dataFim)}.`;
    case "fora_do_horario":
      return `Fora do horário: ${nome} pode entrar ${describeSchedule(scheduleOfRow(passe!))}.`;
    case "antipassback":
      return `Passe de ${nome} acabou de ser usado. Aguarde ${extra.esperaSegundos} s para usá-lo de novo (antipassback).`;
    case "unidade_inativa":
      return `A unidade ${unidade ? unitLabel(unidade) : ""} está inativa: entrada não liberada.`;
  }
}

/** The pass a PIN or token names in this tenant: the live one first, else the latest revoked. */
async function findPresented(
  tx: Executor,
  organizationId: string,
  condominioId: string,
  input: ValidarPasse,
  secret: string,
): Promise<{ passe: PasseRecord | null; tokenOk: boolean }> {
  if (input.pin) {
    const [passe] = await tx
      .select()
      .from(passes)
      .where(and(eq(passes.condominioId, condominioId), eq(passes.pin, input.pin)))
      .orderBy(sql`${passes.status} = 'revogado'`, sql`${passes.updatedAt} DESC`)
      .limit(1)
      .for("update");
    return { passe: passe ?? null, tokenOk: true };
  }
  const id = verifyPassToken(secret, organizationId, input.qr ?? "");
  if (!id) return { passe: null, tokenOk: false };
  const [passe] = await tx
    .select()
    .from(passes)
    .where(and(eq(passes.organizationId, organizationId), eq(passes.id, id)))
    .for("update");
  return { passe: passe ?? null, tokenOk: !!passe };
}

export async function validarPasse(
  db: Database,
  who: Validator,
  input: ValidarPasse,
  options: ValidationOptions,
): Promise<ValidacaoResultadoResponse> {
  const now = options.now ?? new Date();
  const [condominio] = await db
    .select({ id: condominios.id, nome: condominios.nome, timezone: condominios.timezone })
    .from(condominios)
    .where(and(eq(condominios.organizationId, who.organizationId), eq(condominios.id, input.condominio_id)));
  // A porteiro assigned to other condominiums does not see this one's gate.
  if (!condominio || !seesCondominio({ scope: who.scope ?? null }, condominio.id))
    throw notFound("Condomínio não encontrado");
  // A gate this condominium does not have is refused before anything is counted.
  const portao = await resolvePortao(db, who.organizationId, condominio.id, input);
  const metodo: ValidacaoMetodo = input.pin ? "pin" : "qr";
  // Counted (or refused with 429) before the PIN is looked up, right or wrong; the QR path is never
  // limited, it can't be guessed.
  const attempt =
    metodo === "pin"
      ? await admitPinAttempt(db, condominio.id, who, now).catch(async (error: unknown) => {
          // A gate refusing PINs needs a person: the central hears of it (docs/decisions/042).
          if (error instanceof AppError && error.status === 429)
            await reportPinLockout(db, {
              organizationId: who.organizationId,
              condominioId: condominio.id,
              portaoId: portao?.id ?? null,
            });
          throw error;
        })
      : null;
  let result: Awaited<ReturnType<typeof validateInTx>>;
  try {
    result = await db.transaction((tx) => validateInTx(tx, who, condominio, portao, input, metodo, options, now));
  } catch (error) {
    // Nothing was answered: the attempt was no guess.
    if (attempt) await forgivePinAttempt(db, attempt).catch(() => undefined);
    throw error;
  }
  if (attempt && result.resultado !== "pin_invalido") await forgivePinAttempt(db, attempt);
  return result;
}

async function validateInTx(
  tx: Executor,
  who: Validator,
  condominio: { id: string; nome: string; timezone: string },
  portao: { id: string; nome: string } | null,
  input: ValidarPasse,
  metodo: ValidacaoMetodo,
  options: ValidationOptions,
  now: Date,
): Promise<ValidacaoResultadoResponse> {
  const { passe, tokenOk } = await findPresented(tx, who.organizationId, condominio.id, input, options.secret);
  const [unidade] = passe
    ? await tx
        .select({ codigo: unidades.codigo, torre: unidades.torre, enabled: unidades.enabled })
        .from(unidades)
        .where(eq(unidades.id, passe.unidadeId))
    : [];
  let resultado: ValidacaoResultado;
  const extra: { outroCondominio?: string; esperaSegundos?: number } = {};
  if (!passe) resultado = tokenOk ? "pin_invalido" : metodo === "pin" ? "pin_invalido" : "qr_invalido";
  else if (passe.condominioId !== condominio.id) {
    resultado = "outro_condominio";
    const [outro] = await tx
      .select({ nome: condominios.nome })
      .from(condominios)
      .where(eq(condominios.id, passe.condominioId));
    extra.outroCondominio = outro?.nome ?? "";
  } else if (passe.status === "revogado") resultado = "revogado";
  else if (passe.status === "suspenso") resultado = "suspenso";
  else if (!unidade?.enabled) resultado = "unidade_inativa";
  else {
    const verdict = evaluateSchedule(scheduleOfRow(passe), now, condominio.timezone);
    if (!verdict.ok) resultado = verdict.motivo;
    else {
      // The use counts only if the last one is older than the pass's interval (anti-passback).
      const since = new Date(now.getTime() - passe.intervaloMinimoSegundos * 1000);
      const [used] = await tx
        .update(passes)
        .set({ usos: sql`${passes.usos} + 1`, ultimoUsoEm: now })
        .where(and(eq(passes.id, passe.id), sql`(${passes.ultimoUsoEm} IS NULL OR ${passes.ultimoUsoEm} <= ${since})`))
        .returning({ id: passes.id });
      if (used) resultado = "liberado";
      else {
        resultado = "antipassback";
        const last = passe.ultimoUsoEm?.getTime() ?? now.getTime();
        extra.esperaSegundos = Math.max(
          1,
          Math.ceil((last + passe.intervaloMinimoSegundos * 1000 - now.getTime()) / 1000),
        );
      }
    }
  }

  const mensagem = verdictMessage(resultado, passe, unidade ?? null, extra);
  const [row] = await tx
    .insert(passeValidacoes)
    .values({
      organizationId: who.organizationId,
      condominioId: condominio.id,
      // A pass of another condominium is logged (it was presented) but not shown as this gate's.
      passeId: passe?.id ?? null,
      portaoId: portao?.id ?? null,
      metodo,
      resultado,
      mensagem,
      validadoPorUserId: who.userId,
      validadoPorApiKeyId: who.apiKeyId,
      validadoPorNome: who.nome,
      createdAt: now,
    })
    .returning();
  const acessoId =
    resultado === "liberado" && options.registrarEntrada !== false
      ? await registerEntryInTx(tx, who, { origem: "passe", validacao_id: row!.id }, now)
      : null;
  await recordEvent(tx, who.organizationId, {
    type: "passe.validado",
    // This gate's, also for a pass of another condominium or a PIN nobody has here.
    condominioId: condominio.id,
    ...(passe ? { visita: { unidade_id: passe.unidadeId, nome_visitante: passe.nome } } : {}),
    passe: {
      id: passe?.id ?? null,
      resultado,
      ...(resultado === "liberado" && portao ? { portao: portao.nome, portao_id: portao.id } : {}),
    },
    // The gate command names the entry it opened for, so the controller can report "não entrou".
    ...(acessoId ? { acesso: { id: acessoId, origem: "passe" as const, condominio_id: condominio.id } } : {}),
  });
  const showPasse = passe && resultado !== "outro_condominio" && unidade;
  return {
    ...toValidacao(row!),
    passe: showPasse
      ? {
          id: passe.id,
          nome: passe.nome,
          tipo: passe.tipo as VisitaTipo,
          descricao: passe.descricao,
          unidade_id: passe.unidadeId,
          unidade: { codigo: unidade.codigo, torre: unidade.torre },
          // The console's route signs it for its reader (portaria.routes); gates and keys get none.
          foto_url: null,
        }
      : null,
    acesso_id: acessoId,
  };
}
