import { Building, ClipboardList, DoorOpen, LayoutDashboard, type LucideIcon, Phone, Users } from "lucide-react";
import { Link, useLocation } from "react-router";
import { ROLE_LABELS } from "@/shared/permissions";
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
import { CONSOLE_SCREENS } from "@/web/lib/console-screens";

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
}

/** The console's sections (SPEC.md section 2.3), at their canonical /app URLs. */
export const NAV_ITEMS: NavItem[] = [
  { title: CONSOLE_SCREENS.dashboard.list, href: "/app/dashboard", icon: LayoutDashboard },
  { title: CONSOLE_SCREENS.solicitacoes.list, href: "/app/solicitacoes", icon: ClipboardList },
  { title: CONSOLE_SCREENS.pessoas.list, href: "/app/pessoas", icon: Users },
  { title: CONSOLE_SCREENS.unidades.list, href: "/app/unidades", icon: DoorOpen },
  { title: CONSOLE_SCREENS.condominios.list, href: "/app/condominios", icon: Building },
  { title: CONSOLE_SCREENS.chamadas.list, href: "/app/chamadas", icon: Phone },
];

function samePath(a: string, b: string) {
  const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return strip(a) === strip(b);
}

export function AppSidebar({ me, meLoading }: { me?: Me; meLoading: boolean }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();

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
        <nav aria-label="Menu principal">
          <SidebarGroup>
            <SidebarGroupLabel>Menu</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {NAV_ITEMS.map((item) => {
                  // Exact match only: /app/solicitacoes/nova does not highlight "Solicitações".
                  const active = samePath(pathname, item.href);
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
        </nav>
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
