import { describe, expect, it } from "vitest";
import type { MemberRole } from "@/shared/domain";
import { can, PERMISSIONS, type Permission } from "@/shared/permissions";
import { ADMIN_NAV_ITEMS, isActiveItem, NAV_ITEMS, visibleNavItems } from "@/web/components/app-sidebar";

/** The permissions /api/me lists for a role: the server's own table. */
function permissionsOf(role: MemberRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}

const titles = (role: MemberRole, items = NAV_ITEMS) => visibleNavItems(permissionsOf(role), items).map((i) => i.title);

const STAFF_SECTIONS = [
  "Dashboard",
  "Solicitações",
  "Pessoas",
  "Unidades",
  "Condomínios",
  "Chamadas",
  "Portaria",
  "Atendimentos",
  "Passes",
  "Entradas e saídas",
  "Encomendas",
  "Áreas comuns",
  "Central",
];

describe("sidebar per role", () => {
  it("owner and síndico see every section, Relatórios, Configurações, Totens and Auditoria", () => {
    for (const role of ["owner", "sindico"] as const) {
      expect(titles(role)).toEqual([...STAFF_SECTIONS, "Relatórios"]);
      expect(titles(role, ADMIN_NAV_ITEMS)).toEqual(["Configurações", "Totens", "Auditoria", "Direitos dos titulares"]);
    }
  });

  it("a porteiro and an operador see every section (Atendimentos and the Central too) but not Relatórios, Configurações, Totens nor Auditoria", () => {
    for (const role of ["porteiro", "operador"] as const) {
      expect(titles(role)).toEqual(STAFF_SECTIONS);
      expect(titles(role, ADMIN_NAV_ITEMS)).toEqual([]);
    }
  });

  it("a morador sees no people registry, no Portaria, no Atendimentos, no Configurações and no Auditoria", () => {
    expect(titles("morador")).toEqual([
      "Dashboard",
      "Solicitações",
      "Unidades",
      "Condomínios",
      "Chamadas",
      "Passes",
      "Entradas e saídas",
      "Encomendas",
      "Áreas comuns",
    ]);
    expect(titles("morador", ADMIN_NAV_ITEMS)).toEqual([]);
  });

  it("shows nothing while the permissions are unknown, and keeps the menu order", () => {
    expect(visibleNavItems(undefined)).toEqual([]);
    expect(visibleNavItems([])).toEqual([]);
    expect(visibleNavItems(["chamadas:ler", "solicitacoes:ler"]).map((i) => i.href)).toEqual([
      "/app/dashboard",
      "/app/solicitacoes",
      "/app/chamadas",
    ]);
  });

  it("links Configurações, Totens, Auditoria and the data subjects' requests to their screens", () => {
    expect(ADMIN_NAV_ITEMS.map((i) => i.href)).toEqual([
      "/app/configuracoes",
      "/app/totens",
      "/app/auditoria",
      "/app/titulares",
    ]);
    expect(NAV_ITEMS.find((i) => i.title === "Atendimentos")?.href).toBe("/app/atendimentos");
  });
});

describe("current sidebar item", () => {
  const solicitacoes = NAV_ITEMS.find((i) => i.href === "/app/solicitacoes")!;
  const configuracoes = ADMIN_NAV_ITEMS[0]!;

  it("lights a section on its own path only, trailing slash aside", () => {
    expect(isActiveItem(solicitacoes, "/app/solicitacoes")).toBe(true);
    expect(isActiveItem(solicitacoes, "/app/solicitacoes/")).toBe(true);
    expect(isActiveItem(solicitacoes, "/app/solicitacoes/nova")).toBe(false);
    expect(isActiveItem(solicitacoes, "/app/solicitacoes-antigas")).toBe(false);
  });

  it("lights Auditoria on its own path only", () => {
    const auditoria = ADMIN_NAV_ITEMS.find((i) => i.href === "/app/auditoria")!;
    expect(isActiveItem(auditoria, "/app/auditoria")).toBe(true);
    expect(isActiveItem(auditoria, "/app/auditoria/outra")).toBe(false);
  });

  it("lights Configurações on its sub-pages", () => {
    expect(isActiveItem(configuracoes, "/app/configuracoes/equipe")).toBe(true);
    expect(isActiveItem(configuracoes, "/app/configuracoes")).toBe(true);
    expect(isActiveItem(configuracoes, "/app/configuracoesx")).toBe(false);
  });
});
