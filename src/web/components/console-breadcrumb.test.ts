import { describe, expect, it } from "vitest";
import { consoleBreadcrumbs } from "@/web/components/console-breadcrumb";

const ID = "1a2b3c4d-0000-4000-8000-000000000001";
const labels = (pathname: string) => consoleBreadcrumbs(pathname).map((c) => c.label);

describe("console breadcrumb", () => {
  it("names each section with its own title, accents included", () => {
    expect(labels("/app/solicitacoes")).toEqual(["Dashboard", "Solicitações"]);
    expect(labels("/app/condominios")).toEqual(["Dashboard", "Condomínios"]);
    expect(labels("/app/dashboard")).toEqual(["Dashboard"]);
  });

  it("names create, record and edit screens as their headings do, with links to each level", () => {
    expect(labels("/app/solicitacoes/nova")).toEqual(["Dashboard", "Solicitações", "Nova Solicitação"]);
    expect(labels("/app/condominios/novo")).toEqual(["Dashboard", "Condomínios", "Novo Condomínio"]);
    expect(labels(`/app/solicitacoes/${ID}`)).toEqual(["Dashboard", "Solicitações", "Solicitação #1a2b3c4d"]);
    expect(consoleBreadcrumbs(`/app/pessoas/${ID}/editar`)).toEqual([
      { label: "Dashboard", href: "/app/dashboard" },
      { label: "Pessoas", href: "/app/pessoas" },
      { label: "Pessoa #1a2b3c4d", href: `/app/pessoas/${ID}` },
      { label: "Editar Pessoa", href: `/app/pessoas/${ID}/editar` },
    ]);
  });

  it("keeps an unknown segment's decoded text", () => {
    expect(labels("/app/outra%20coisa")).toEqual(["Dashboard", "outra coisa"]);
  });
});
