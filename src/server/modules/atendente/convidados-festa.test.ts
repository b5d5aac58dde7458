/** How a party guest's name is found on a booking's list (docs/decisions/044-common-area-bookings.md). */
import { describe, expect, it } from "vitest";
import { nameFit, pickGuest } from "./convidados-festa";

describe("a name said against a name on the list", () => {
  it("forgives accents, case and particles; takes the first name with any later ones, in order", () => {
    expect(nameFit("ana paula souza", "Ana Paula Souza")).toBe("exato");
    expect(nameFit("Joao Pedro Santana", "João Pedro Sant'Ana")).toBe("exato");
    expect(nameFit("Ana Paula", "Ana Paula Souza")).toBe("parcial");
    expect(nameFit("Ana Souza", "Ana Paula Souza")).toBe("parcial");
    expect(nameFit("Marcos Oliveira", "Marcos Vinícius de Oliveira")).toBe("parcial");
    expect(nameFit("Ana", "Ana Paula Souza")).toBe("primeiro");
    expect(nameFit("Paula Souza", "Ana Paula Souza")).toBeNull();
    expect(nameFit("Souza Ana", "Ana Paula Souza")).toBeNull();
    expect(nameFit("Ana Lima", "Ana Paula Souza")).toBeNull();
  });

  it("one guest lets in; several, or a first name alone, ask for the full name; none is nobody", () => {
    const list = [{ nome: "Júlia Ramos" }, { nome: "Júlia Fernandes Costa" }, { nome: "Bruno Teixeira" }];
    expect(pickGuest("julia ramos", list)).toEqual({ tipo: "um", convidado: list[0] });
    expect(pickGuest("Júlia", list)).toEqual({ tipo: "varios" });
    expect(pickGuest("Bruno", list)).toEqual({ tipo: "varios" });
    expect(pickGuest("Carla Dias", list)).toEqual({ tipo: "nenhum" });
    const twins = [{ nome: "Ana Souza" }, { nome: "Ana Paula Souza" }];
    expect(pickGuest("Ana Souza", twins)).toEqual({ tipo: "um", convidado: twins[0] });
  });
});
