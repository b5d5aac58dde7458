import { z } from "zod";

/** Every non-2xx answer of /api (except better-auth's own) has this shape. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** Where the client can fix it: a plan's limit or an unpaid subscription point to "Plano e faturamento". */
    link: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
