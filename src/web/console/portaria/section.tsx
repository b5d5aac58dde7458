import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Badge } from "@/web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { cn } from "@/web/lib/utils";

/**
 * A region of the Portaria screen, named by its heading. The count badge is hidden from screen
 * readers so the region keeps a stable name; the description says the count in words instead.
 * `headingRef` lets a list take the focus back when the row that had it goes away.
 */
export function PortariaSection({
  icon: Icon,
  title,
  count,
  description,
  actions,
  headingRef,
  className,
  children,
  ...rest
}: {
  icon: LucideIcon;
  title: string;
  count?: number;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
  className?: string;
  children: React.ReactNode;
} & Pick<React.ComponentProps<"section">, "id"> & { "data-testid"?: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn("min-w-0", className)} {...rest}>
      <Card className="h-full gap-4">
        <CardHeader className="flex flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
          <div className="min-w-0 space-y-1.5">
            <CardTitle asChild>
              <h2
                id={titleId}
                ref={headingRef}
                tabIndex={-1}
                className="flex items-center gap-2 text-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Icon className="size-6 shrink-0" aria-hidden="true" />
                {title}
                {count !== undefined && (
                  <Badge variant="secondary" className="text-sm tabular-nums" aria-hidden="true">
                    {count}
                  </Badge>
                )}
              </h2>
            </CardTitle>
            {description && <CardDescription className="text-sm">{description}</CardDescription>}
          </div>
          {actions}
        </CardHeader>
        <CardContent className="px-4 sm:px-6">{children}</CardContent>
      </Card>
    </section>
  );
}

/** Placeholder rows while a section's list loads; screen readers hear `label` instead. */
export function ListSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div className="space-y-4" aria-hidden="true">
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <div key={row} className="flex items-center justify-between gap-3">
            <div className="space-y-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-56 max-w-full" />
            </div>
            <Skeleton className="h-12 w-36 shrink-0" />
          </div>
        ))}
      </div>
    </div>
  );
}
