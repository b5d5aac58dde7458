/**
 * The condominium the attendant's API tests talk about: "101" in Torre A (Ana Beatriz Souza) and in
 * Torre B (Carlos Eduardo Lima), a gate "Portaria", and a gate controller's webhook for `portao.abrir`.
 */
import { expect } from "vitest";
import type { System } from "@/server/bootstrap";
import { addUnidade, createCondominioWithUnidade, createTenantWithMember } from "./factories";

type Api = Awaited<ReturnType<typeof createTenantWithMember>>["api"];

export async function addResident(api: Api, condominioId: string, unidadeId: string, nome: string) {
  const pessoa = await api.post("/api/pessoas", {
    json: { condominio_id: condominioId, nome, telefone_e164: "(11) 98765-4321" },
  });
  expect(pessoa.status, JSON.stringify(pessoa.body)).toBe(201);
  const link = await api.post(`/api/unidades/${unidadeId}/moradores`, { json: { pessoa_id: pessoa.body.id } });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  return pessoa.body as { id: string };
}

export async function attendantWorld(system: System, nome: string) {
  const sindico = await createTenantWithMember(system, { role: "sindico" });
  const condo = await createCondominioWithUnidade(system, sindico.org.id, { nome });
  const b101 = await addUnidade(system, sindico.org.id, condo.condominio.id, "101", "Torre B");
  await addResident(sindico.api, condo.condominio.id, condo.unidade.id, "Ana Beatriz Souza");
  await addResident(sindico.api, condo.condominio.id, b101.id, "Carlos Eduardo Lima");
  const gate = await sindico.api.post("/api/portoes", {
    json: { condominio_id: condo.condominio.id, nome: "Portaria" },
  });
  expect(gate.status).toBe(201);
  const hook = await sindico.api.post("/api/integracoes/webhooks", {
    json: { url: "https://portao.example.com/abrir", eventos: ["portao.abrir"] },
  });
  expect(hook.status).toBe(201);
  return { sindico, condo, b101, gate: gate.body as { id: string } };
}
