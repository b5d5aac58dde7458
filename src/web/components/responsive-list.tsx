/**
 * The records of a list screen, from one column definition (docs/product.md, "Lists and search"): a
 * table from the md breakpoint up, a list of cards on a phone. Apart from list-screen.tsx, whose
 * filters load Radix's select, so the screens that only show rows (a morador's home) stay light.
 */
import type * as React from "react";
import { Fragment } from "react";
import { Skeleton } from "@/web/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { useIsMobile } from "@/web/lib/use-mobile";
import { cn } from "@/web/lib/utils";

/**
 * The table of a list screen: dimmed while the previous page stays on screen (`stale`), and skeleton
 * rows under the real header while the first page loads.
 */
export function ListTable({
  head,
  loading = false,
  stale,
  skeleton,
  children,
}: {
  head: React.ReactNode;
  loading?: boolean;
  stale: boolean;
  skeleton?: { rows: number; columns: number; width: string };
  children: React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <Table className={cn(stale && "opacity-60")} aria-busy={loading || stale || undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">{head}</TableRow>
        </TableHeader>
        <TableBody>
          {loading && skeleton
            ? Array.from({ length: skeleton.rows }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <TableRow key={row} aria-hidden="true">
                  {Array.from({ length: skeleton.columns }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
                    <TableCell key={cell}>
                      <Skeleton className={cn("h-4", skeleton.width)} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : children}
        </TableBody>
      </Table>
    </div>
  );
}

/** Where a column goes on a phone's card: its title, beside the title (a status), a labelled line, the actions at the bottom, or nowhere. */
export type CardPlace = "title" | "aside" | "line" | "actions" | "none";

/** One column of a ResponsiveList: a table column on wide screens, a part of each card on phones. */
export interface ListColumn<T> {
  /** The column's header; on a card, the label of its line ("Unidade"). */
  header: string;
  cell: (item: T) => React.ReactNode;
  /** What the card shows instead of `cell` (actions as full-width buttons, a cell without what other lines say). */
  card?: (item: T) => React.ReactNode;
  /** A labelled line when not said. */
  place?: CardPlace;
  /**
   * The table shows the column from this width up, so the others fit at 1024 px without wrapping or
   * being cut; below it the screen says the same inside another cell.
   */
  from?: "xl";
  align?: "right";
  /** The table cell's classes (width, wrapping). */
  className?: string;
  /** data-testid of the cell, and of the card's line. */
  testId?: string;
  /** The width of its skeleton bar while the first page loads. */
  skeleton?: string;
}

const FROM = { xl: "hidden xl:table-cell" } as const;

/**
 * A list screen's records from one column definition (docs/product.md, "Lists and search"): a table
 * from the md breakpoint up, and on a phone a list of cards (the title, the other columns as labelled
 * lines, the actions as full-width buttons), so nothing is cut off on the right at 360 px. Only one of
 * the two is rendered, so a screen reader meets each record and link once. `rowProps` gives the row
 * and the card the same data attributes.
 */
export function ResponsiveList<T>({
  label,
  columns,
  items,
  rowKey,
  rowProps,
  rowClassName,
  loading = false,
  stale = false,
  skeletonRows = 5,
}: {
  /** The cards' list's name ("Chamadas"). */
  label: string;
  columns: ListColumn<T>[];
  items: T[];
  rowKey: (item: T) => string;
  rowProps?: (item: T) => Record<`data-${string}`, string>;
  /** Classes of each row and card ("relative" for a link stretched over it). */
  rowClassName?: string;
  loading?: boolean;
  stale?: boolean;
  skeletonRows?: number;
}) {
  const isMobile = useIsMobile();
  if (isMobile)
    return (
      <ListCards
        label={label}
        columns={columns}
        items={items}
        rowKey={rowKey}
        rowProps={rowProps}
        rowClassName={rowClassName}
        loading={loading}
        stale={stale}
      />
    );
  const cellClass = (c: ListColumn<T>) => cn(c.from && FROM[c.from], c.align === "right" && "text-right");
  return (
    <ListTable
      loading={loading}
      stale={stale}
      head={columns.map((c) => (
        <TableHead key={c.header} className={cellClass(c)}>
          {c.header}
        </TableHead>
      ))}
    >
      {loading
        ? Array.from({ length: skeletonRows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <TableRow key={row} aria-hidden="true">
              {columns.map((c) => (
                <TableCell key={c.header} className={cellClass(c)}>
                  <Skeleton className={cn("h-4", c.skeleton ?? "w-20", c.align === "right" && "ml-auto")} />
                </TableCell>
              ))}
            </TableRow>
          ))
        : items.map((item) => (
            <TableRow key={rowKey(item)} className={rowClassName} {...rowProps?.(item)}>
              {columns.map((c) => (
                <TableCell key={c.header} className={cn(cellClass(c), c.className)} data-testid={c.testId}>
                  {c.cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
    </ListTable>
  );
}

function ListCards<T>({
  label,
  columns,
  items,
  rowKey,
  rowProps,
  rowClassName,
  loading,
  stale,
}: {
  label: string;
  columns: ListColumn<T>[];
  items: T[];
  rowKey: (item: T) => string;
  rowProps?: (item: T) => Record<`data-${string}`, string>;
  rowClassName?: string;
  loading: boolean;
  stale: boolean;
}) {
  if (loading)
    return (
      <ul className="grid gap-3" aria-label={label} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="space-y-2 rounded-lg border p-4" aria-hidden="true">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </li>
        ))}
      </ul>
    );
  const at = (place: CardPlace) => columns.filter((c) => (c.place ?? "line") === place);
  const [title, aside, lines, actions] = [at("title"), at("aside"), at("line"), at("actions")];
  const show = (c: ListColumn<T>, item: T) => (c.card ?? c.cell)(item);
  return (
    <ul className={cn("grid gap-3", stale && "opacity-60")} aria-label={label} aria-busy={stale || undefined}>
      {items.map((item) => (
        <li
          key={rowKey(item)}
          className={cn("flex min-w-0 flex-col gap-3 rounded-lg border p-4", rowClassName)}
          {...rowProps?.(item)}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-0.5 break-words font-medium">
              {title.map((c) => (
                <div key={c.header} data-testid={c.testId}>
                  {show(c, item)}
                </div>
              ))}
            </div>
            {aside.length > 0 && (
              <div className="flex shrink-0 flex-col items-end gap-1">
                {aside.map((c) => (
                  <div key={c.header} data-testid={c.testId}>
                    {show(c, item)}
                  </div>
                ))}
              </div>
            )}
          </div>
          {lines.length > 0 && (
            <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              {lines.map((c) => (
                <Fragment key={c.header}>
                  <dt className="text-muted-foreground">{c.header}</dt>
                  <dd className="min-w-0 break-words" data-testid={c.testId}>
                    {show(c, item)}
                  </dd>
                </Fragment>
              ))}
            </dl>
          )}
          {actions.length > 0 && (
            <div className="relative z-10 grid auto-cols-fr grid-flow-col gap-2 *:h-11 *:w-full">
              {actions.map((c) => (
                <Fragment key={c.header}>{show(c, item)}</Fragment>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
