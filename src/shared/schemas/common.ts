import { z } from "zod";

/** An optional text input: trimmed, and empty means null (docs/product.md, "Data and field names"). */
export const optionalText = (max: number, tooLong = `Máximo de ${max} caracteres`) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** A required choice from a select: the message names what to select. */
export const requiredId = (message: string) => z.string({ error: message }).min(1, message).pipe(z.uuid(message));

/** Lists count exactly up to this many matches; beyond it, `total_truncated` says "more than". */
export const TOTAL_CAP = 10_000;

const paginationQuery = {
  page: z.coerce.number().int("Página inválida").min(1, "Página inválida").default(1),
  page_size: z.coerce
    .number()
    .int("Tamanho de página inválido")
    .min(1, "Tamanho de página inválido")
    .max(200, "No máximo 200 itens por página")
    .default(50),
};

export const PAGE_BEYOND_WINDOW = "Página além dos primeiros 10.000 resultados. Refine a busca ou os filtros.";

/**
 * A list's query: its filters plus `page` and `page_size`. Paging reaches every row of the first
 * TOTAL_CAP matches and no further: a page that starts past them is a 400 on `page`, so OFFSET never
 * scans more than TOTAL_CAP + page_size rows (docs/decisions/006).
 */
export const listQuery = <T extends z.ZodRawShape>(filters: T) =>
  z.object({ ...filters, ...paginationQuery }).refine((q) => startsInsideWindow(q as PageParams), {
    path: ["page"],
    message: PAGE_BEYOND_WINDOW,
  });

type PageParams = { page: number; page_size: number };
const startsInsideWindow = (q: PageParams) => (q.page - 1) * q.page_size < TOTAL_CAP;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Number of matches, exact up to TOTAL_CAP. */
    total: z.number().int(),
    /** True when there are more than TOTAL_CAP matches (then `total` is TOTAL_CAP). */
    total_truncated: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

export const isoDateTime = z.string().describe("Data e hora ISO 8601");

/**
 * The condominium a row of a list belongs to: the lists and the search span every condominium of
 * the tenant, so each row names its own, and its times read in its timezone (docs/product.md,
 * "Lists and search").
 */
export const condominioRefSchema = z.object({ id: z.uuid(), nome: z.string(), timezone: z.string() });
export type CondominioRef = z.infer<typeof condominioRefSchema>;

export const uuidParam = z.object({ id: z.uuid("Identificador inválido") });

/** Lower-case, accents removed: "João" → "joao". The same function builds stored search text and queries. */
export function normalizeSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A document as lists, search results and exports show it (src/shared/mask.ts;
 * docs/product.md, "Personal data and retention"): masked. The full document appears only in a detail
 * response.
 */
export const maskedDocument = z
  .string()
  .nullable()
  .describe(
    "Documento mascarado (CPF `***.920.573-**`; outros: `***` e os 3 últimos caracteres); completo só no detalhe",
  );
