import { createRoute } from "@hono/zod-openapi";
import { cadastroResultSchema, cadastroSchema } from "../../../shared/schemas/cadastro";
import type { Auth } from "../../auth/auth";
import type { Database } from "../../db/client";
import { errorResponses, jsonBody, jsonResponse, PUBLIC } from "../../http/openapi";
import { apiRouter } from "../../http/routes";
import { currentCheckoutId, forgetCheckout } from "../checkout/checkout-cookie";
import { createAccount, signIn } from "./cadastro.service";

const routes = {
  create: createRoute({
    method: "post",
    path: "/",
    operationId: "criarConta",
    tags: ["Cadastro"],
    summary: "Cria a conta a partir do checkout pago deste navegador e entra nela",
    security: PUBLIC,
    description:
      "Lê o checkout pelo cookie assinado (nunca pela URL): e-mail, nome, plano e empresa vêm dele. Cria o usuário " +
      "(metadados full_name, plan, billing), o cliente (customers), a organização com o usuário como dono, e devolve " +
      "o cookie de sessão.",
    request: jsonBody(cadastroSchema),
    responses: {
      201: jsonResponse(cadastroResultSchema.openapi("ContaCriada"), "Conta criada e sessão aberta"),
      ...errorResponses(400, 402, 409, 429),
    },
  }),
};

export interface CadastroRoutesDeps {
  db: Database;
  auth: Auth;
  secret: string;
  secureCookies: boolean;
}

export function cadastroRoutes({ db, auth, secret, secureCookies }: CadastroRoutesDeps) {
  return apiRouter().openapi(routes.create, async (c) => {
    const { senha } = c.req.valid("json");
    const checkoutId = await currentCheckoutId(c, secret);
    const result = await createAccount({ db, auth, logger: c.get("logger") }, checkoutId, senha);
    const sessionHeaders = await signIn(auth, result.user.email, senha, c.req.raw.headers);
    for (const cookie of sessionHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    forgetCheckout(c, secureCookies);
    return c.json(result, 201);
  });
}
