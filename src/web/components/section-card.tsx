import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { cn } from "@/web/lib/utils";

/** A titled card of a detail screen: an <h2> (with an optional icon), a description and the content. */
export function SectionCard({
  icon: Icon,
  title,
  titleId,
  description,
  className,
  contentClassName,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  /** For a region or fieldset the heading names. */
  titleId?: string;
  description?: React.ReactNode;
  className?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 id={titleId} className={cn("text-lg", Icon && "flex items-center gap-2")}>
            {Icon && <Icon className="size-5" aria-hidden="true" />}
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={cn("px-4 sm:px-6", contentClassName)}>{children}</CardContent>
    </Card>
  );
}
