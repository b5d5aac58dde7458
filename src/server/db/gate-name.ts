/**
 * The name of a request's gate, as a column of any query on solicitacoes_acesso: a primary-key lookup
 * per row, so the many queries that read requests (lists, exports, webhooks) need no extra join
 * (docs/decisions/034-gates.md).
 */
import { sql } from "drizzle-orm";
import { portoes, solicitacoesAcesso } from "./schema";

export const portaoNome = sql<
  string | null
>`(select ${portoes.nome} from ${portoes} where ${portoes.id} = ${solicitacoesAcesso.portaoId})`;
