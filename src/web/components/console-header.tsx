import { Settings } from "lucide-react";
import { Link } from "react-router";
import { ConsoleBreadcrumb } from "@/web/components/console-breadcrumb";
import { DemoBadge } from "@/web/components/demo-badge";
import { GlobalSearch, MobileGlobalSearch } from "@/web/components/global-search";
import { NotificationBell } from "@/web/components/notification-bell";
import { ThemeToggle } from "@/web/components/theme-toggle";
import { Button } from "@/web/components/ui/button";
import { Separator } from "@/web/components/ui/separator";
import { SidebarTrigger } from "@/web/components/ui/sidebar";
import { type MenuUser, SETTINGS_HREF, UserMenu } from "@/web/components/user-menu";
import { usePermission } from "@/web/lib/me.queries";

export function ConsoleHeader({ user, demo }: { user: MenuUser; demo?: boolean }) {
  const canManage = usePermission("equipe:gerenciar");
  return (
    <header className="sticky top-0 z-20 flex flex-wrap items-center gap-x-2 gap-y-1 border-b bg-background/95 px-3 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:flex-nowrap sm:px-4 md:h-14">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="hidden data-[orientation=vertical]:h-5 sm:block" />
      <ConsoleBreadcrumb className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1" />
      <div className="ml-auto flex items-center gap-1">
        <DemoBadge demo={demo} />
        {/* The box from xl up; below it the button opens it, so the breadcrumb keeps one line on a
            1024 px tablet (docs/product.md, "Console shell"). */}
        <GlobalSearch className="hidden xl:block" />
        <MobileGlobalSearch className="xl:hidden" />
        <NotificationBell />
        {canManage && (
          <Button variant="ghost" size="icon" aria-label="Configurações" asChild>
            <Link to={SETTINGS_HREF}>
              <Settings aria-hidden="true" />
            </Link>
          </Button>
        )}
        <ThemeToggle />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
