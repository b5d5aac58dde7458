/**
 * "Configurações": the page header and the section links (Equipe, Organização) around the
 * sub-pages. Owner and síndicos only: everyone else gets the no-permission state, and the sub-pages
 * never mount for them, so nothing is fetched that the server would refuse with 403.
 */
import { Building2, CreditCard, KeyRound, type LucideIcon, Users } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { PLANO_PATH } from "@/shared/faturamento";
import type { Permission } from "@/shared/permissions";
import { PageHeader } from "@/web/components/page-header";
import { RequirePermission } from "@/web/components/require-permission";
import { usePermission } from "@/web/lib/me.queries";
import { cn } from "@/web/lib/utils";

const SECTIONS: readonly { to: string; label: string; icon: LucideIcon; permission?: Permission }[] = [
  { to: "/app/configuracoes/equipe", label: "Equipe", icon: Users },
  { to: "/app/configuracoes/organizacao", label: "Organização", icon: Building2 },
  { to: "/app/configuracoes/integracoes", label: "Integrações", icon: KeyRound },
  // docs/decisions/045-plans-and-billing.md: the owner manages it, a síndico reads it.
  { to: PLANO_PATH, label: "Plano e faturamento", icon: CreditCard, permission: "faturamento:ler" },
];

/**
 * Links, not ARIA tabs: each section has its own URL (back, reload and shared links work), so the
 * pattern is a navigation landmark whose current link carries aria-current="page" (NavLink sets it).
 * Plain links keep Tab order and Enter working without a roving focus to manage.
 */
function SectionNav() {
  const canReadBilling = usePermission("faturamento:ler");
  const sections = SECTIONS.filter((section) => section.permission !== "faturamento:ler" || canReadBilling);
  return (
    <nav aria-label="Seções de configurações" className="border-b">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {sections.map(({ to, label, icon: Icon }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-10 items-center gap-2 rounded-t-md border-b-2 px-3 font-medium text-sm outline-none transition-colors",
                  "focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  isActive
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function ConfiguracoesLayout() {
  return (
    <RequirePermission permission="equipe:gerenciar">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
        <PageHeader
          title="Configurações"
          description="A equipe que acessa o console, os dados da administradora e as integrações com outros sistemas."
        />
        <SectionNav />
        <Outlet />
      </div>
    </RequirePermission>
  );
}
