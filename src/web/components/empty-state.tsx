import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/web/lib/utils";

/** Centered icon, title, explanation and an optional action, for lists with nothing to show. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
}: {
  icon?: LucideIcon;
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 px-4 py-10 text-center", className)}>
      {Icon && (
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </span>
      )}
      <div className="space-y-1">
        <p className="font-semibold text-base">{title}</p>
        {description && <p className="max-w-md text-muted-foreground text-sm">{description}</p>}
      </div>
      {action}
    </div>
  );
}
