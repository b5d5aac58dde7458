import {
  Building,
  CalendarDays,
  ChartColumn,
  ClipboardList,
  DoorOpen,
  Headset,
  History,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Phone,
  RadioTower,
  Scale,
  ScanLine,
  Settings,
  ShieldCheck,
  TabletSmartphone,
  Ticket,
  Users,
} from "lucide-react";
import { Link, useLocation } from "react-router";
import { type Permission, ROLE_LABELS } from "@/shared/permissions";
import type { Me } from "@/shared/schemas/me";
import { BrandMark, PRODUCT_NAME, PRODUCT_TAGLINE } from "@/web/components/brand";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from "@/web/components/ui/sidebar";
import { Skeleton } from "@/web/components/ui/skeleton";
import { SETTINGS_HREF } from "@/web/components/user-menu";
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
  /** What the section's screen needs (src/shared/permissions.ts): without it the link is not shown. */
  permission: Permission;
  /**
   * Lit on its sub-pages too. The console's sections match exactly (docs/product.md, "Console shell": /app/
   * solicitacoes/nova does not light "Solicitações"), but /app/configuracoes only redirects to its
   * first page, so an exact match would never light it.
   */
  matchSubpages?: boolean;
}

/** The console's sections (docs/product.md, "Console shell"), at their canonical /app URLs. */
export const NAV_ITEMS: readonly NavItem[] = [
  // The dashboard is a summary of requests (a morador's home is their unit's requests).
  {
    title: CONSOLE_SCREENS.dashboard.list,
    href: "/app/dashboard",
    icon: LayoutDashboard,
    permission: "solicitacoes:ler",
  },
  {
    title: CONSOLE_SCREENS.solicitacoes.list,
    href: "/app/solicitacoes",
    icon: ClipboardList,
    permission: "solicitacoes:ler",
  },
  { title: CONSOLE_SCREENS.pessoas.list, href: "/app/pessoas", icon: Users, permission: "pessoas:ler" },
  { title: CONSOLE_SCREENS.unidades.list, href: "/app/unidades", icon: DoorOpen, permission: "unidades:ler" },
  // Condominiums are read under the same permission as units: a morador sees their own.
  { title: CONSOLE_SCREENS.condominios.list, href: "/app/condominios", icon: Building, permission: "unidades:ler" },
  { title: CONSOLE_SCREENS.chamadas.list, href: "/app/chamadas", icon: Phone, permission: "chamadas:ler" },
  // The gate (docs/product.md, "Portaria"): porteiros validate passes and register entries and exits here.
  { title: CONSOLE_SCREENS.portaria.list, href: "/app/portaria", icon: ScanLine, permission: "portaria:operar" },
  // The virtual attendant's conversations, live (docs/product.md, "Atendente virtual"): staff take one over.
  {
    title: CONSOLE_SCREENS.atendimentos.list,
    href: "/app/atendimentos",
    icon: Headset,
    permission: "atendimentos:operar",
  },
  { title: CONSOLE_SCREENS.passes.list, href: "/app/passes", icon: Ticket, permission: "passes:ler" },
  { title: CONSOLE_SCREENS.acessos.list, href: "/app/acessos", icon: History, permission: "acessos:ler" },
  // Packages received at the gate (docs/product.md, "Encomendas"): staff receive and hand over, a morador sees theirs.
  { title: CONSOLE_SCREENS.encomendas.list, href: "/app/encomendas", icon: Package, permission: "encomendas:ler" },
  // Common areas and their bookings (docs/decisions/044-common-area-bookings.md): a morador books, the síndico approves.
  {
    title: CONSOLE_SCREENS.areas.list,
    href: "/app/areas",
    icon: CalendarDays,
    permission: "reservas:ler",
  },
  // The operators' queue across condominiums (docs/decisions/042-operators-central.md).
  { title: CONSOLE_SCREENS.central.list, href: "/app/central", icon: RadioTower, permission: "central:operar" },
  // The síndico's figures and monthly PDF (docs/product.md, "Relatórios").
  { title: CONSOLE_SCREENS.relatorios.list, href: "/app/relatorios", icon: ChartColumn, permission: "relatorios:ler" },
];

/** The administration group, below the sections: the team and the organisation, and the audit trail. */
export const ADMIN_NAV_ITEMS: readonly NavItem[] = [
  {
    title: CONSOLE_SCREENS.configuracoes.list,
    href: SETTINGS_HREF,
    icon: Settings,
    permission: "equipe:gerenciar",
    matchSubpages: true,
  },
  // The gates' kiosks (docs/product.md, "Totem"): devices set up once, like the team and the API keys.
  { title: CONSOLE_SCREENS.totens.list, href: "/app/totens", icon: TabletSmartphone, permission: "totens:gerenciar" },
  // Who did what, when and from where (docs/product.md, "Auditoria").
  { title: CONSOLE_SCREENS.auditoria.list, href: "/app/auditoria", icon: ShieldCheck, permission: "auditoria:ler" },
  // LGPD art. 18: a data subject's copy of their data, or its anonymisation.
  { title: CONSOLE_SCREENS.titulares.list, href: "/app/titulares", icon: Scale, permission: "lgpd:gerenciar" },
];

/**
 * The links a user with these permissions (GET /api/me) may follow, in menu order: a role never
 * sees a link to a screen that would only tell it "no permission". Unknown permissions (/api/me
 * still loading) show nothing rather than links that may vanish a moment later.
 */
export function visibleNavItems(
  permissions: readonly string[] | undefined,
  items: readonly NavItem[] = NAV_ITEMS,
): NavItem[] {
  if (!permissions) return [];
  return items.filter((item) => permissions.includes(item.permission));
}

function normalise(path: string) {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** Whether `item` is the current page: its exact path, or a sub-page where the item says so. */
export function isActiveItem(item: Pick<NavItem, "href" | "matchSubpages">, pathname: string): boolean {
  const current = normalise(pathname);
  return current === item.href || (!!item.matchSubpages && current.startsWith(`${item.href}/`));
}

function NavGroup({ label, items, pathname }: { label: string; items: readonly NavItem[]; pathname: string }) {
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {items.map((item) => {
            const active = isActiveItem(item, pathname);
            return (
              <SidebarMenuItem key={item.href}>
                <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                  <Link
                    to={item.href}
                    aria-current={active ? "page" : undefined}
                    onClick={() => {
                      if (isMobile) setOpenMobile(false);
                    }}
                  >
                    <item.icon aria-hidden="true" />
                    <span>{item.title}</span>
                  </Link>
                </SidebarMenuButton>
              </SidebarMenuItem>
            );
          })}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

/** Placeholder rows while /api/me loads, the height of the menu they stand for. */
function NavSkeleton() {
  return (
    <SidebarGroup aria-hidden="true">
      <SidebarGroupLabel>Menu</SidebarGroupLabel>
      <div className="space-y-3 px-2 py-1">
        {NAV_ITEMS.map((item) => (
          <div key={item.href} className="flex items-center gap-2">
            <Skeleton className="size-4 rounded-sm" />
            <Skeleton className="h-4 w-3/5 group-data-[collapsible=icon]:hidden" />
          </div>
        ))}
      </div>
    </SidebarGroup>
  );
}

export function AppSidebar({ me, meLoading }: { me?: Me; meLoading: boolean }) {
  const { pathname } = useLocation();
  const main = visibleNavItems(me?.permissions);
  const admin = visibleNavItems(me?.permissions, ADMIN_NAV_ITEMS);

  return (
    <Sidebar label="Menu de navegação">
      <SidebarHeader>
        <div className="flex h-12 items-center gap-2 overflow-hidden px-1 group-data-[collapsible=icon]:px-0">
          <BrandMark />
          <div className="grid min-w-0 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-semibold">{PRODUCT_NAME}</span>
            <span className="truncate text-muted-foreground text-xs">{PRODUCT_TAGLINE}</span>
          </div>
        </div>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        {meLoading ? (
          <NavSkeleton />
        ) : (
          <nav aria-label="Menu principal">
            <NavGroup label="Menu" items={main} pathname={pathname} />
            {admin.length > 0 && <NavGroup label="Administração" items={admin} pathname={pathname} />}
          </nav>
        )}
      </SidebarContent>
      <SidebarFooter>
        <TenantCard me={me} loading={meLoading} />
      </SidebarFooter>
    </Sidebar>
  );
}

/** The tenant (organization) name and the user's role in it. */
function TenantCard({ me, loading }: { me?: Me; loading: boolean }) {
  if (loading) {
    return (
      <div className="space-y-2 p-2 group-data-[collapsible=icon]:hidden">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    );
  }
  if (!me) return null;
  return (
    <div className="flex items-center gap-2 overflow-hidden rounded-md border border-sidebar-border p-2 group-data-[collapsible=icon]:border-0 group-data-[collapsible=icon]:p-0">
      <span
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-accent text-sidebar-accent-foreground"
        title={`${me.organization.name} — ${ROLE_LABELS[me.role]}`}
      >
        <Building className="size-4" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 leading-tight group-data-[collapsible=icon]:sr-only">
        <span className="truncate font-medium text-sm" data-testid="tenant-name">
          {me.organization.name}
        </span>
        <span className="truncate text-muted-foreground text-xs" data-testid="tenant-role">
          {ROLE_LABELS[me.role]}
        </span>
      </div>
    </div>
  );
}
