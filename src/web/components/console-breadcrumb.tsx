import { Fragment } from "react";
import { Link, useLocation } from "react-router";
import { CONSOLE_PREFIX } from "@/shared/public-routes";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/web/components/ui/breadcrumb";
import { CONSOLE_SCREENS, screenTitles } from "@/web/lib/console-screens";
import { cn } from "@/web/lib/utils";

export interface Crumb {
  label: string;
  href: string;
}

/**
 * "Dashboard" first, then the title of each screen along the path after /app (docs/product.md, "Console shell"):
 * /app/solicitacoes/nova → Dashboard › Solicitações › Nova Solicitação;
 * /app/pessoas/<id>/editar → Dashboard › Pessoas › Pessoa #1a2b3c4d › Editar Pessoa.
 * /app/dashboard is just Dashboard.
 */
export function consoleBreadcrumbs(pathname: string): Crumb[] {
  const prefix = `${CONSOLE_PREFIX}/`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname.replace(/^\/+/, "");
  const segments = rest.split("/").filter(Boolean);
  let href = CONSOLE_PREFIX;
  // The dashboard is the first crumb already.
  if (segments[0] === "dashboard") href += `/${segments.shift()}`;
  const titles = screenTitles(segments);
  const crumbs: Crumb[] = [{ label: CONSOLE_SCREENS.dashboard.list, href: `${CONSOLE_PREFIX}/dashboard` }];
  segments.forEach((segment, index) => {
    href += `/${segment}`;
    crumbs.push({ label: titles[index] ?? segment, href });
  });
  return crumbs;
}

/**
 * One line at any width: "Dashboard" keeps its word and the current page gives way last; the crumbs
 * between start at nothing and take the room left, up to their whole title, so they are the ones cut
 * short ("Pess…", their whole title on hover, and read whole by screen readers) and a 1024 px
 * tablet's header never wraps.
 */
export function ConsoleBreadcrumb({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const crumbs = consoleBreadcrumbs(pathname);
  return (
    <Breadcrumb className={className}>
      <BreadcrumbList className="flex-nowrap gap-1.5 sm:gap-2">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.href}>
              {index > 0 && <BreadcrumbSeparator className="shrink-0" />}
              <BreadcrumbItem
                className={cn(
                  "min-w-0",
                  index === 0 && !last && "shrink-0",
                  index > 0 && !last && "min-w-8 max-w-max grow basis-0",
                  last && crumbs.length > 1 && "min-w-12",
                )}
              >
                {last ? (
                  <BreadcrumbPage className="min-w-0 truncate" title={crumb.label}>
                    {crumb.label}
                  </BreadcrumbPage>
                ) : (
                  <BreadcrumbLink asChild className="min-w-0 truncate">
                    <Link to={crumb.href} title={crumb.label}>
                      {crumb.label}
                    </Link>
                  </BreadcrumbLink>
                )}
              </BreadcrumbItem>
            </Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
