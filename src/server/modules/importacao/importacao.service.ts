/**
 * Importing units and residents from a spreadsheet (docs/product.md, "Importar planilha";
 * docs/decisions/032-spreadsheet-import.md). The preview parses and plans the file and writes
 * nothing; the import receives the same file again, parses and plans it again inside one
 * transaction (imports of a condominium take turns), and writes all of it or, on any error, none.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  IMPORTACAO_MAX_BYTES,
  type ImportacaoPrevia,
  type ImportacaoResultado,
} from "../../../shared/schemas/importacao";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Database, Executor } from "../../db/client";
import { pessoas, unidadeMoradores, unidades } from "../../db/schema";
import { buildSearchText } from "../../db/search";
import { findCondominioInTenant } from "../../db/tenant-lookups";
import type { TenantContext } from "../../http/context";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../http/errors";
import { garantirLimite } from "../faturamento/limites.service";
import { pessoaSearchText } from "../pessoas/pessoas.service";
import { loadExisting } from "./importacao.queries";
import { type ParsedSheet, parseSpreadsheet } from "./importacao-parse";
import { type Plan, planImport } from "./importacao-plano";
import { normalizeRow } from "./importacao-rows";

export { MODELO_NOME, modeloCsv, modeloXlsx, XLSX_TYPE } from "./importacao-modelo";

export interface Upload {
  condominioId: string;
  arquivo: File;
}

export const TOO_LARGE_MESSAGE = `Arquivo grande demais (máximo de ${IMPORTACAO_MAX_BYTES / (1024 * 1024)} MB).`;
export const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const BATCH = 500;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The condominium must be the caller's: another tenant's is a 404, as if it did not exist. */
async function assertCondominio(db: Executor, tenant: TenantContext, condominioId: string) {
  if (!(await findCondominioInTenant(db, tenant.organizationId, condominioId))) {
    throw notFound("Condomínio não encontrado");
  }
}

async function readSheet(upload: Upload): Promise<ParsedSheet> {
  if (upload.arquivo.size > IMPORTACAO_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await upload.arquivo.arrayBuffer());
  return parseSpreadsheet(bytes, upload.arquivo.name ?? "");
}

function plan(sheet: ParsedSheet, existing: Awaited<ReturnType<typeof loadExisting>>): Plan {
  return planImport(sheet.linhas.map(normalizeRow), existing);
}

export async function previa(db: Database, tenant: TenantContext, upload: Upload): Promise<ImportacaoPrevia> {
  await assertCondominio(db, tenant, upload.condominioId);
  const sheet = await readSheet(upload);
  const p = plan(sheet, await loadExisting(db, tenant.organizationId, upload.condominioId));
  return {
    condominio_id: upload.condominioId,
    formato: sheet.formato,
    colunas_ignoradas: sheet.colunasIgnoradas,
    totais: p.totais,
    linhas: p.linhas,
  };
}

/** Every row's errors as field errors: `linhas.12.documento` → "CPF inválido". */
function rowErrors(p: Plan) {
  const withErrors = p.linhas.filter((l) => l.erros.length > 0);
  const n = withErrors.length;
  return badRequest(
    `A planilha tem ${n} ${n === 1 ? "linha" : "linhas"} com erro. Corrija e envie o arquivo novamente; nada foi importado.`,
    withErrors.flatMap((l) =>
      l.erros.map((e) => ({ path: `linhas.${l.linha}.${e.campo ?? "linha"}`, message: e.mensagem })),
    ),
  );
}

export async function importar(db: Database, tenant: TenantContext, upload: Upload): Promise<ImportacaoResultado> {
  await assertCondominio(db, tenant, upload.condominioId);
  const sheet = await readSheet(upload);
  const org = tenant.organizationId;
  const condominioId = upload.condominioId;
  try {
    return await db.transaction(async (tx) => {
      // Two imports into one condominium take turns, so neither plans against what the other is writing.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guarita.importacao:${condominioId}`}))`);
      const p = plan(sheet, await loadExisting(tx, org, condominioId));
      if (p.totais.linhas_com_erro > 0) throw rowErrors(p);

      // Ids chosen here, so the links can name new units and people without reading them back.
      const newUnits = p.unidades.filter((u) => !u.id);
      // The whole batch against the plan's limit of units: all of it is imported, or none.
      await garantirLimite(tx, org, "unidades", newUnits.length);
      const newPessoas = p.pessoas.filter((x) => !x.id);
      for (const u of newUnits) u.id = crypto.randomUUID();
      for (const x of newPessoas) x.id = crypto.randomUUID();
      for (const chunk of batches(newUnits)) {
        await tx.insert(unidades).values(
          chunk.map((u) => ({
            id: u.id!,
            organizationId: org,
            condominioId,
            codigo: u.codigo,
            torre: u.torre,
            pbxRamal: u.ramal,
            busca: buildSearchText([u.codigo, u.torre, u.ramal]),
          })),
        );
      }
      for (const chunk of batches(newPessoas)) {
        await tx.insert(pessoas).values(
          chunk.map((x) => {
            const values = { nome: x.nome, documento: x.cpf, email: x.email, pbxRamal: null };
            return {
              id: x.id!,
              organizationId: org,
              condominioId,
              ...values,
              telefoneE164: x.telefone,
              busca: pessoaSearchText(values),
            };
          }),
        );
      }
      const newLinks = p.links.filter((l) => !l.exists && !l.inactiveLinkId);
      for (const chunk of batches(newLinks)) {
        await tx
          .insert(unidadeMoradores)
          .values(
            chunk.map((l) => ({ organizationId: org, condominioId, unidadeId: l.unidade.id!, pessoaId: l.pessoa.id! })),
          );
      }
      const reactivated = p.links.flatMap((l) => (l.inactiveLinkId ? [l.inactiveLinkId] : []));
      for (const chunk of batches(reactivated)) {
        await tx
          .update(unidadeMoradores)
          .set({ ativo: true, isResponsavel: false })
          .where(and(eq(unidadeMoradores.organizationId, org), inArray(unidadeMoradores.id, chunk)));
      }
      // One responsável per unit: the file's marks it and unmarks whoever was before.
      for (const chunk of batches(p.responsaveis)) {
        const values = sql.join(
          chunk.map((r) => sql`(${r.unidade.id}::uuid, ${r.pessoa.id}::uuid)`),
          sql`, `,
        );
        await tx.execute(sql`
          update ${unidadeMoradores} m set is_responsavel = (m.pessoa_id = v.pessoa_id)
          from (values ${values}) as v(unidade_id, pessoa_id)
          where m.unidade_id = v.unidade_id and m.organization_id = ${org}`);
      }

      const result: ImportacaoResultado = {
        condominio_id: condominioId,
        unidades_criadas: p.totais.unidades_criar,
        pessoas_criadas: p.totais.pessoas_criar,
        vinculos_criados: p.totais.vinculos_criar,
      };
      // One record for the whole import, with counts only (docs/decisions/030: no personal data).
      await recordAudit(tx, org, actorOf(tenant), {
        acao: "importar",
        entidade: "condominio",
        entidadeId: condominioId,
        resumo:
          `Importou uma planilha: ${result.unidades_criadas} unidades, ${result.pessoas_criadas} pessoas ` +
          `e ${result.vinculos_criados} vínculos de moradores criados`,
        depois: {
          formato: sheet.formato,
          linhas: p.totais.linhas,
          unidades_criadas: result.unidades_criadas,
          pessoas_criadas: result.pessoas_criadas,
          vinculos_criados: result.vinculos_criados,
          unidades_existentes: p.totais.unidades_existentes,
          pessoas_existentes: p.totais.pessoas_existentes,
        },
      });
      return result;
    });
  } catch (error) {
    // A unit created by hand while the import ran: plan again from a new preview.
    if (isUniqueViolation(error, "unidades_codigo_uq")) {
      throw conflict("Uma das unidades foi cadastrada por outra pessoa agora. Gere a prévia de novo e confirme.");
    }
    throw error;
  }
}
