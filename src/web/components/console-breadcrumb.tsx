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

export function ConsoleBreadcrumb({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const crumbs = consoleBreadcrumbs(pathname);
  return (
    <Breadcrumb className={className}>
      <BreadcrumbList>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.href}>
              {index > 0 && <BreadcrumbSeparator />}
              <BreadcrumbItem className="min-w-0">
                {last ? (
                  <BreadcrumbPage className="truncate">{crumb.label}</BreadcrumbPage>
                ) : (
                  <BreadcrumbLink asChild>
                    <Link to={crumb.href}>{crumb.label}</Link>
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
