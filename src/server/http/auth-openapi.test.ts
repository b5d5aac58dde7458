import { describe, expect, it } from "vitest";
import { EXPOSED_AUTH_ENDPOINTS } from "../auth/auth-endpoints";
import { AUTH_OPERATIONS, authOpenApi, withoutNullable } from "./auth-openapi";

describe("withoutNullable", () => {
  it("turns OpenAPI 3.0 nullable into 3.1 types, at any depth", () => {
    expect(
      withoutNullable({
        type: "object",
        properties: {
          a: { type: "string", nullable: true },
          b: { type: "string", enum: ["x"], nullable: true },
          c: { $ref: "#/components/schemas/User", nullable: true },
          d: { type: "integer", nullable: false },
          e: { type: ["string", "null"], nullable: true },
        },
      }),
    ).toEqual({
      type: "object",
      properties: {
        a: { type: ["string", "null"] },
        b: { type: ["string", "null"], enum: ["x", null] },
        c: { anyOf: [{ $ref: "#/components/schemas/User" }, { type: "null" }] },
        d: { type: "integer" },
        e: { type: ["string", "null"] },
      },
    });
  });
});

describe("AUTH_OPERATIONS", () => {
  it("describes exactly the exposed auth endpoints", () => {
    const exposed = Object.entries(EXPOSED_AUTH_ENDPOINTS).flatMap(([method, paths]) =>
      paths.map((path) => `${method} ${path.replace(/:(\w+)/g, "{$1}")}`),
    );
    expect(Object.keys(AUTH_OPERATIONS).sort()).toEqual(exposed.sort());
  });
});

describe("authOpenApi", () => {
  const generated = {
    paths: {
      "/sign-in/email": {
        post: {
          tags: ["Default"],
          description: "Sign in with email and password",
          security: [{ bearerAuth: [] }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { email: { type: "string" }, password: { type: "string" }, extra: { type: "string" } },
                  required: ["email"],
                },
              },
            },
          },
          responses: {
            200: {
              description: "Success",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      token: { type: "string" },
                      url: { type: "string", nullable: true },
                      user: { $ref: "#/components/schemas/User" },
                    },
                    required: ["token", "user"],
                  },
                },
              },
            },
            500: { description: "Internal Server Error" },
          },
        },
      },
      "/sign-up/email": { post: { responses: { 200: { description: "Success" } } } },
    },
    components: {
      schemas: {
        User: { type: "object", properties: { id: { type: "string" }, image: { type: "string" } }, required: ["id"] },
        Account: { type: "object" },
      },
    },
  };

  it("keeps the exposed endpoints only, in our terms, and the schemas they use", () => {
    const { paths, schemas } = authOpenApi(generated, "Erro");
    expect(Object.keys(paths)).toEqual(["/auth/sign-in/email"]);
    const op = paths["/auth/sign-in/email"]!.post as Record<string, any>;
    expect(op).toMatchObject({ operationId: "entrar", tags: ["Autenticação"], security: [] });
    expect(op.summary).toMatch(/e-mail e senha/);
    expect(op.description).not.toMatch(/Sign in/);
    // Our guard's rules, better-auth's other fields (the guard is not strict), both required lists.
    const body = op.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(["email", "password", "extra", "rememberMe", "callbackURL"]);
    expect(body.properties.password).toMatchObject({ type: "string", minLength: 1, maxLength: 128 });
    expect(body.required).toEqual(["email", "password"]);
    // The session token never reaches the body; 3.1 nullability; our error statuses instead of theirs.
    const success = op.responses[200].content["application/json"].schema;
    expect(success.properties).toEqual({
      url: { type: ["string", "null"] },
      user: { $ref: "#/components/schemas/User" },
    });
    expect(success.required).toEqual(["user"]);
    expect(Object.keys(op.responses)).toEqual(["200", "400", "401", "403", "429"]);
    expect(op.responses[401].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ErroAutenticacao",
    });
    expect(Object.keys(schemas).sort()).toEqual(["ErroAutenticacao", "User"]);
    expect(schemas.User).toMatchObject({ properties: { id: { type: "string" }, image: { type: ["string", "null"] } } });
  });
});
