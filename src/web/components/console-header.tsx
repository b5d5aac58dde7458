import { Bell, Search, Settings } from "lucide-react";
import { useId } from "react";
import { ConsoleBreadcrumb } from "@/web/components/console-breadcrumb";
import { ThemeToggle } from "@/web/components/theme-toggle";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Separator } from "@/web/components/ui/separator";
import { SidebarTrigger } from "@/web/components/ui/sidebar";
import { comingSoon, type MenuUser, UserMenu } from "@/web/components/user-menu";

/** Hard-coded for now (SPEC.md section 9: "The notification badge is a fixed 3"). */
const NOTIFICATION_COUNT = 3;

export function ConsoleHeader({ user }: { user: MenuUser }) {
  const badgeId = useId();
  return (
    <header className="sticky top-0 z-20 flex flex-wrap items-center gap-x-2 gap-y-1 border-b bg-background/95 px-3 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:flex-nowrap sm:px-4 md:h-14">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="hidden data-[orientation=vertical]:h-5 sm:block" />
      <ConsoleBreadcrumb className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1" />
      <div className="ml-auto flex items-center gap-1">
        {/* Search behaviour is not specified yet: the box is there, submitting does nothing. */}
        <search className="hidden md:block">
          <form className="relative" onSubmit={(event) => event.preventDefault()}>
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              placeholder="Buscar pessoas, solicitações..."
              aria-label="Buscar"
              className="h-9 w-56 pl-8 lg:w-72"
            />
          </form>
        </search>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label="Notificações"
          aria-describedby={badgeId}
          onClick={() => comingSoon("A central de notificações")}
        >
          <Bell aria-hidden="true" />
          <span
            data-testid="notification-badge"
            className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-destructive-foreground leading-none"
          >
            {NOTIFICATION_COUNT}
          </span>
        </Button>
        <span id={badgeId} className="sr-only">
          {NOTIFICATION_COUNT} notificações não lidas
        </span>
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
