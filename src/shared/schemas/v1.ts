/**
 * The integration API (/api/v1, docs/product.md, "Integration API"): what the PBX, the AI attendant and the
 * gate controller send and receive. Field names follow the console's
 * (docs/product.md, "Data and field names").
 */
import { z } from "zod";
import { CHAMADA_RESPOSTAS, CHAMADA_STATUSES } from "../domain";
import { chamadaSchema } from "./chamadas";
import { isoDateTime, listQuery, optionalText, pageOf } from "./common";
import { portaoRefFields, portaoSchema } from "./portoes";
import { solicitacaoCreateSchema } from "./solicitacoes";

/** An AI attendant registers a visitor: the console's fields, plus the gate where the visitor is. */
export const v1SolicitacaoCreateSchema = solicitacaoCreateSchema.extend(portaoRefFields);
export type V1SolicitacaoCreate = z.output<typeof v1SolicitacaoCreateSchema>;

const ramal = z
  .string()
  .trim()
  .min(1, "Informe o ramal")
  .max(30, "Ramal deve ter no máximo 30 caracteres")
  .regex(/^[0-9A-Za-z*#+@._-]+$/, "Ramal inválido");

const provedor = z.string().trim().min(1, "Informe o provedor").max(60, "Provedor deve ter no máximo 60 caracteres");

/** When the PBX says something happened; defaults to now, never in the future. */
const ocorridoEm = z.iso
  .datetime({ offset: true, error: "Data e hora inválida (use ISO 8601 com fuso)" })
  .optional()
  .refine((v) => !v || new Date(v).getTime() <= Date.now() + 60_000, "A data não pode estar no futuro");

/**
 * Start a call for a request: to a person (their extension is dialled) or straight to an extension.
 * Without either, the unit's own extension is dialled.
 */
export const v1ChamadaCreateSchema = z
  .object({
    solicitacao_id: z.uuid("Solicitação inválida"),
    pessoa_id: z.uuid("Pessoa inválida").optional(),
    ramal: ramal.optional(),
    provedor,
    iniciado_em: ocorridoEm,
  })
  .strict();
export type V1ChamadaCreate = z.output<typeof v1ChamadaCreateSchema>;

export const v1ChamadaStatusSchema = z
  .object({
    status: z.enum(CHAMADA_STATUSES, { error: "Status inválido" }),
    ocorrido_em: ocorridoEm,
  })
  .strict();
export type V1ChamadaStatus = z.output<typeof v1ChamadaStatusSchema>;

/** The resident's answer: DTMF digit ("1" autoriza, "2" nega) or the decision itself. */
export const v1ChamadaRespostaSchema = z
  .object({
    dtmf: z.enum(["1", "2"], { error: "DTMF deve ser 1 (autorizar) ou 2 (negar)" }).optional(),
    decisao: z.enum(CHAMADA_RESPOSTAS, { error: "Decisão deve ser autorizado ou negado" }).optional(),
    observacoes: optionalText(500),
  })
  .strict()
  .refine((v) => (v.dtmf === undefined) !== (v.decisao === undefined), {
    message: "Envie dtmf ou decisao (um dos dois)",
    path: ["dtmf"],
  })
  .transform(({ dtmf, decisao, observacoes }) => ({
    decisao: decisao ?? (dtmf === "1" ? "autorizado" : "negado"),
    observacoes,
  }));

/** A call as the integration sees it: the console's call, plus the answer and who registered it. */
export const v1ChamadaSchema = chamadaSchema.extend({
  resposta: z.enum(CHAMADA_RESPOSTAS).nullable(),
  respondido_em: isoDateTime.nullable(),
});
export type V1Chamada = z.infer<typeof v1ChamadaSchema>;

export const v1ChamadaRespostaResultSchema = z.object({
  chamada: v1ChamadaSchema,
  solicitacao: z.object({
    id: z.uuid(),
    status: z.string(),
    decidido_por_nome: z.string().nullable(),
    decidido_em: isoDateTime.nullable(),
  }),
});

export const v1CondominioListQuerySchema = listQuery({});
export const v1CondominioSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  timezone: z.string(),
  enabled: z.boolean(),
});
export const v1CondominioPageSchema = pageOf(v1CondominioSchema);

/** The gates an integration may name (`portao_id`, or `portao` by name): by condominium, then name. */
export const v1PortaoListQuerySchema = listQuery({
  condominio_id: z.uuid("Condomínio inválido").optional(),
});
export const v1PortaoPageSchema = pageOf(portaoSchema);

/** Which units the directory lists: by default only those that receive visitors. */
export const V1_UNIDADE_STATUS = ["ativa", "inativa", "todas"] as const;

export const v1UnidadeListQuerySchema = listQuery({
  condominio_id: z.uuid("Condomínio inválido").optional(),
  /** The PBX looks a unit up by the extension that was dialled. */
  ramal: z.string().trim().max(30, "Ramal deve ter no máximo 30 caracteres").optional(),
  // A PBX or an attendant that dials from the directory must not offer a unit that refuses visitors.
  status: z
    .enum(V1_UNIDADE_STATUS, { error: "Status inválido: use ativa, inativa ou todas" })
    .default("ativa")
    .describe(
      "`ativa` (padrão): só unidades ativas de condomínios ativos, as únicas que recebem visitantes; " +
        "`inativa`: a unidade ou o seu condomínio está inativo; `todas`: as duas.",
    ),
});

/** A unit in the dial plan, with its active residents in calling order (responsável first). */
export const v1UnidadeDiretorioSchema = z.object({
  id: z.uuid(),
  condominio_id: z.uuid(),
  codigo: z.string(),
  torre: z.string().nullable(),
  pbx_ramal: z.string().nullable(),
  enabled: z.boolean().describe("A unidade está ativa"),
  condominio_enabled: z
    .boolean()
    .describe("O condomínio da unidade está ativo. A unidade recebe visitantes só com os dois ativos."),
  moradores: z.array(
    z.object({
      pessoa_id: z.uuid(),
      nome: z.string(),
      pbx_ramal: z.string().nullable(),
      telefone_e164: z.string().nullable(),
      is_responsavel: z.boolean(),
    }),
  ),
});
export type V1UnidadeDiretorio = z.infer<typeof v1UnidadeDiretorioSchema>;
export const v1UnidadeDiretorioPageSchema = pageOf(v1UnidadeDiretorioSchema);

export const v1EventosQuerySchema = z
  .object({
    depois_de: z.coerce.number().int("Use o id do último evento recebido").min(0, "Id inválido").default(0),
    limite: z.coerce.number().int("Limite inválido").min(1, "Limite inválido").max(500, "No máximo 500").default(100),
    // A gate controller starting up must not replay old authorisations: it starts from the end.
    desde: z
      .enum(["agora"], { error: "Use desde=agora (ou depois_de com o último id recebido)" })
      .optional()
      .describe(
        "`agora`: nenhum evento, só `ultimo_id` com o id do evento mais recente. Quem começa a acompanhar " +
          "o feed (um controlador de portão ao ligar) parte dele, sem repetir eventos antigos.",
      ),
  })
  .refine((q) => !(q.desde && q.depois_de > 0), {
    path: ["desde"],
    message: "Use depois_de ou desde=agora, não os dois",
  });
