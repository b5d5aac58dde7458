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

export interface Crumb {
  label: string;
  href: string;
}

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function segmentLabel(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  // Ids are displayed truncated to 8 characters (SPEC.md section 9).
  if (UUID_LIKE.test(text)) text = text.slice(0, 8);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * "Dashboard" first, then each path segment after /app, capitalised (SPEC.md section 2.3):
 * /app/solicitacoes/nova → Dashboard › Solicitacoes › Nova. /app/dashboard is just Dashboard.
 */
export function consoleBreadcrumbs(pathname: string): Crumb[] {
  const prefix = `${CONSOLE_PREFIX}/`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname.replace(/^\/+/, "");
  const segments = rest.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ label: "Dashboard", href: `${CONSOLE_PREFIX}/dashboard` }];
  let href = CONSOLE_PREFIX;
  segments.forEach((segment, index) => {
    href += `/${segment}`;
    if (index === 0 && segment === "dashboard") return;
    crumbs.push({ label: segmentLabel(segment), href });
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
