import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/web/lib/utils";

/** A titled section of a company page: an <h2> that names the <section> (aria-labelledby). */
export function PageSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  /** Also the anchor of the section; the heading's id is derived from it. */
  id: string;
  title: string;
  intro?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  const headingId = `${id}-titulo`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-8 space-y-5", className)}>
      <div className="space-y-2">
        <h2 id={headingId} className="font-semibold text-2xl tracking-tight">
          {title}
        </h2>
        {intro && <div className="space-y-3 text-muted-foreground leading-relaxed">{intro}</div>}
      </div>
      {children}
    </section>
  );
}

export interface InfoItem {
  icon: LucideIcon;
  title: string;
  text: React.ReactNode;
}

/** A list of icon cards (benefits, controls, values), one column on phones and two from `sm`. */
export function InfoCardList({ items, className }: { items: readonly InfoItem[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2", className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 space-y-1">
            <h3 className="font-semibold leading-snug">{title}</h3>
            <p className="text-muted-foreground text-sm leading-relaxed">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Headline figures ("100+ condomínios") as a description list. */
export function KeyFigures({ figures }: { figures: readonly { value: string; label: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {figures.map((figure) => (
        // The value reads first on screen; the DOM keeps <dt> before <dd> as the list requires.
        <div
          key={figure.label}
          className="flex flex-col-reverse gap-1 rounded-xl border bg-card p-4 text-center text-card-foreground"
        >
          <dt className="text-muted-foreground text-sm">{figure.label}</dt>
          <dd className="font-bold text-2xl text-primary">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Class of inline text links on the company pages: underlined, with a visible focus ring. */
export const textLinkClass =
  "rounded-sm font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/60";
