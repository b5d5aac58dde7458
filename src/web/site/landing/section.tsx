import type * as React from "react";
import { cn } from "@/web/lib/utils";

/**
 * A titled section of the landing page. `scroll-mt-16` keeps the sticky header (4rem) from covering
 * the section when a nav anchor scrolls to it.
 */
export function LandingSection({
  id,
  eyebrow,
  title,
  description,
  className,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  description?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = `${id}-titulo`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-16 py-16 md:py-24", className)}>
      <div className="mx-auto w-full max-w-6xl px-4">
        <div className="mx-auto mb-10 max-w-2xl text-center md:mb-14">
          {eyebrow && <p className="font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p>}
          <h2 id={headingId} className="mt-2 text-balance font-bold text-3xl tracking-tight md:text-4xl">
            {title}
          </h2>
          {description && <p className="mt-4 text-balance text-lg text-muted-foreground">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
