import { Settings } from "lucide-react";
import { ConsoleBreadcrumb } from "@/web/components/console-breadcrumb";
import { DemoBadge } from "@/web/components/demo-badge";
import { GlobalSearch, MobileGlobalSearch } from "@/web/components/global-search";
import { NotificationBell } from "@/web/components/notification-bell";
import { ThemeToggle } from "@/web/components/theme-toggle";
import { Button } from "@/web/components/ui/button";
import { Separator } from "@/web/components/ui/separator";
import { SidebarTrigger } from "@/web/components/ui/sidebar";
import { comingSoon, type MenuUser, UserMenu } from "@/web/components/user-menu";

export function ConsoleHeader({ user, demo }: { user: MenuUser; demo?: boolean }) {
  return (
    <header className="sticky top-0 z-20 flex flex-wrap items-center gap-x-2 gap-y-1 border-b bg-background/95 px-3 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:flex-nowrap sm:px-4 md:h-14">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="hidden data-[orientation=vertical]:h-5 sm:block" />
      <ConsoleBreadcrumb className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1" />
      <div className="ml-auto flex items-center gap-1">
        <DemoBadge demo={demo} />
        <GlobalSearch className="hidden md:block" />
        <MobileGlobalSearch className="md:hidden" />
        <NotificationBell />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Configurações"
          onClick={() => comingSoon("A página de configurações")}
        >
          <Settings aria-hidden="true" />
        </Button>
        <ThemeToggle />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
