/**
 * The attendant's evaluation corpus (tests/attendant/README.md): one scripted visitor per JSON line —
 * what they say (`falas`), what must hold at the end (`espera`), and whether the runner may answer
 * "sim" for them (`confirmar`). Parsing checks every line up front, so a typo in the corpus stops the
 * run with its line number instead of counting as the engine's failure.
 */
import { z } from "zod";
import { ETAPAS, RESULTADOS } from "../engine/types";
import { PLACEHOLDERS, placeholdersOf } from "./placeholders";

const esperaSchema = z
  .object({
    tipo: z.enum(["visitante", "prestador", "entregador"]).optional(),
    nome_visitante: z.string().trim().min(1).optional(),
    unidade: z.string().min(1).optional(),
    etapa: z.enum(ETAPAS).optional(),
    resultado: z.enum(RESULTADOS).optional(),
    sem_solicitacao: z.literal(true).optional(),
    /** For a delivery: true, a package recorded for the porteiro; false, a request to the residents. */
    encomenda: z.boolean().optional(),
  })
  .strict()
  .refine((e) => Object.keys(e).length > 0, "espera vazia")
  .refine((e) => !(e.tipo || e.nome_visitante) || e.unidade, "tipo e nome_visitante pedem também a unidade")
  .refine((e) => !(e.unidade && e.sem_solicitacao), "unidade e sem_solicitacao se contradizem")
  .refine((e) => e.encomenda === undefined || e.tipo === "entregador", "encomenda pede o tipo entregador");

const lineSchema = z
  .object({
    falas: z.array(z.string()).min(1),
    espera: esperaSchema,
    confirmar: z.boolean().optional(),
  })
  .strict();

export type Espera = z.infer<typeof esperaSchema>;

export interface CorpusLine {
  /** 1-based line of the file, to name the conversation in reports. */
  line: number;
  falas: string[];
  espera: Espera;
  /** false: the runner never answers "sim" for this visitor (the script says its own answers). */
  confirmar: boolean;
}

export class CorpusError extends Error {}

export function parseCorpus(text: string): CorpusLine[] {
  const lines: CorpusLine[] = [];
  const known = new Set<string>(PLACEHOLDERS);
  text.split("\n").forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new CorpusError(`linha ${line}: JSON inválido`);
    }
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CorpusError(`linha ${line}: ${issue.path.join(".") || "linha"}: ${issue.message}`);
    }
    const unknown = [...parsed.data.falas, ...Object.values(parsed.data.espera).map(String)]
      .flatMap(placeholdersOf)
      .filter((name) => !known.has(name));
    if (unknown.length > 0) throw new CorpusError(`linha ${line}: marcador desconhecido {${unknown[0]}}`);
    lines.push({
      line,
      falas: parsed.data.falas,
      espera: parsed.data.espera,
      confirmar: parsed.data.confirmar ?? true,
    });
  });
  if (lines.length === 0) throw new CorpusError("o corpus não tem nenhuma conversa");
  return lines;
}
