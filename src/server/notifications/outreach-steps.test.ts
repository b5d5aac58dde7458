/**
 * The order in which a condominium reaches a unit's residents (docs/product.md, "Resident link"):
 * each resident's message, phone call, or one then the other, in calling order; everyone's first
 * step together when the condominium reaches everyone at once.
 */
import { describe, expect, it } from "vitest";
import type { ContatoMorador } from "../../shared/domain";
import { outreachSteps } from "./outreach";
import type { ResidentInOrder } from "./residents";

function resident(
  nome: string,
  contact: Partial<Pick<ResidentInOrder, "telefoneE164" | "email" | "canalPreferido">>,
): ResidentInOrder {
  return {
    unidadeId: "unidade-101",
    pessoaId: `pessoa-${nome.toLowerCase()}`,
    nome,
    pbxRamal: null,
    telefoneE164: contact.telefoneE164 ?? null,
    email: contact.email ?? null,
    canalPreferido: contact.canalPreferido ?? null,
    userId: null,
    isResponsavel: false,
  };
}

const ana = resident("Ana", { telefoneE164: "+5511999998888" });
const bruno = resident("Bruno", { telefoneE164: "+5511988887777", canalPreferido: "sms" });
/** An e-mail and no phone: nobody can call her. */
const carla = resident("Carla", { email: "carla@example.com" });
/** Neither a phone nor an e-mail: nobody can reach him. */
const davi = resident("Davi", {});

/** Each step as "who:channel:address". */
const steps = (residents: ResidentInOrder[], contato: ContatoMorador, todos = false) =>
  outreachSteps(residents, contato, todos).map((s) => `${s.resident.nome}:${s.canal}:${s.destino}`);

describe("outreachSteps, one resident after another", () => {
  it("'mensagem': each resident's message channel (preferred, else WhatsApp with a phone, else e-mail)", () => {
    expect(steps([ana, bruno, carla], "mensagem")).toEqual([
      "Ana:whatsapp:+5511999998888",
      "Bruno:sms:+5511988887777",
      "Carla:email:carla@example.com",
    ]);
  });

  it("'ligacao': a call to each resident's phone", () => {
    expect(steps([ana, bruno], "ligacao")).toEqual(["Ana:ligacao:+5511999998888", "Bruno:ligacao:+5511988887777"]);
  });

  it("'mensagem_e_ligacao': each resident's message, then a call to the same resident, then the next resident", () => {
    expect(steps([ana, bruno], "mensagem_e_ligacao")).toEqual([
      "Ana:whatsapp:+5511999998888",
      "Ana:ligacao:+5511999998888",
      "Bruno:sms:+5511988887777",
      "Bruno:ligacao:+5511988887777",
    ]);
  });

  it("'ligacao_e_mensagem': a call first, then the same resident's message, then the next resident", () => {
    expect(steps([ana, bruno], "ligacao_e_mensagem")).toEqual([
      "Ana:ligacao:+5511999998888",
      "Ana:whatsapp:+5511999998888",
      "Bruno:ligacao:+5511988887777",
      "Bruno:sms:+5511988887777",
    ]);
  });

  it("a resident without a phone still gets their message, under every order; one with no contact is skipped", () => {
    expect(steps([carla, davi, ana], "ligacao")).toEqual([
      "Carla:email:carla@example.com",
      "Ana:ligacao:+5511999998888",
    ]);
    for (const contato of ["mensagem_e_ligacao", "ligacao_e_mensagem"] as const) {
      expect(steps([carla, davi], contato), contato).toEqual(["Carla:email:carla@example.com"]);
    }
    expect(steps([davi], "mensagem")).toEqual([]);
    expect(steps([], "ligacao_e_mensagem")).toEqual([]);
  });

  it("a blank phone is no phone: no call to it", () => {
    const blank = resident("Elisa", { telefoneE164: "  ", email: "elisa@example.com" });
    expect(steps([blank], "ligacao")).toEqual(["Elisa:email:elisa@example.com"]);
    expect(steps([blank], "mensagem_e_ligacao")).toEqual(["Elisa:email:elisa@example.com"]);
  });

  it("keeps the calling order it is given", () => {
    expect(steps([bruno, ana], "ligacao").map((s) => s.split(":")[0])).toEqual(["Bruno", "Ana"]);
  });
});

describe("outreachSteps, everyone at once (todos)", () => {
  it("in waves: every resident's first step, then every resident's second", () => {
    expect(steps([ana, bruno], "mensagem_e_ligacao", true)).toEqual([
      "Ana:whatsapp:+5511999998888",
      "Bruno:sms:+5511988887777",
      "Ana:ligacao:+5511999998888",
      "Bruno:ligacao:+5511988887777",
    ]);
    expect(steps([ana, bruno], "ligacao_e_mensagem", true)).toEqual([
      "Ana:ligacao:+5511999998888",
      "Bruno:ligacao:+5511988887777",
      "Ana:whatsapp:+5511999998888",
      "Bruno:sms:+5511988887777",
    ]);
  });

  it("a resident with one step only is in the first wave alone", () => {
    expect(steps([carla, ana, davi, bruno], "ligacao_e_mensagem", true)).toEqual([
      "Carla:email:carla@example.com",
      "Ana:ligacao:+5511999998888",
      "Bruno:ligacao:+5511988887777",
      "Ana:whatsapp:+5511999998888",
      "Bruno:sms:+5511988887777",
    ]);
  });

  it("with one step each, the same steps as one after another", () => {
    for (const contato of ["mensagem", "ligacao"] as const) {
      expect(steps([ana, bruno, carla], contato, true), contato).toEqual(steps([ana, bruno, carla], contato));
    }
  });
});
