/**
 * The frame of the screens under a list: a back button over the title, and for one record (its
 * detail or edit screen) the not-found view, the loading state and the error with a retry.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft, FileQuestion } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { EmptyState } from "@/web/components/empty-state";
import { ErrorState } from "@/web/components/error-state";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { LoadingState } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api";
import { cn } from "@/web/lib/utils";

/** A malformed id is a 400: to the user it is as missing as a 404. */
export function isNotFound(error: unknown) {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The arrow back to where the screen was opened from; `label` names it for screen readers. */
export function BackButton({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className={cn("shrink-0", className)}>
      <Link to={to} aria-label={label}>
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** A screen under a list (detail, new, edit): the back button, the title and actions, the content. */
export function SubScreen({
  width,
  backTo,
  backLabel,
  title,
  description,
  actions,
  children,
}: {
  /** The max-w-* class: forms are narrower than details. */
  width: string;
  backTo: string;
  backLabel: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("mx-auto flex w-full flex-col gap-6", width)}>
      <div className="flex items-start gap-2">
        <BackButton to={backTo} label={backLabel} className="mt-0.5" />
        <PageHeader className="min-w-0 flex-1" title={title} description={description} actions={actions} />
      </div>
      {children}
    </div>
  );
}

export function NotFoundCard({
  title,
  description,
  backTo,
  backLabel,
}: {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Card>
        <CardContent>
          <EmptyState
            icon={FileQuestion}
            title={<h1 className="font-bold text-2xl tracking-tight">{title}</h1>}
            description={description}
            action={
              <Button asChild>
                <Link to={backTo}>
                  <ArrowLeft aria-hidden="true" />
                  {backLabel}
                </Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** The texts a record's screens (detail and edit) share, and the list they go back to. */
export interface RecordLabels {
  list: string;
  /** "Voltar para pessoas". */
  backLabel: string;
  notFoundTitle: string;
  notFoundDescription: string;
  /** "Não foi possível carregar a pessoa." */
  errorTitle: string;
  /** "Carregando pessoa..." */
  loading: string;
}

/**
 * The detail or edit screen of one record: the not-found view for a missing (or malformed) id, and
 * otherwise the header over the record, its loading state or its error with a retry. The header
 * goes back to the list unless `backTo` says otherwise.
 */
export function RecordScreen<T>({
  query,
  labels,
  backTo = labels.list,
  backLabel = labels.backLabel,
  children,
  ...header
}: Omit<React.ComponentProps<typeof SubScreen>, "backTo" | "backLabel" | "children"> & {
  query: UseQueryResult<T>;
  labels: RecordLabels;
  backTo?: string;
  backLabel?: string;
  children: (record: T) => React.ReactNode;
}) {
  if (query.isError && isNotFound(query.error)) {
    return (
      <NotFoundCard
        title={labels.notFoundTitle}
        description={labels.notFoundDescription}
        backTo={labels.list}
        backLabel={labels.backLabel}
      />
    );
  }
  return (
    <SubScreen backTo={backTo} backLabel={backLabel} {...header}>
      {query.isError ? (
        <ErrorState title={labels.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <LoadingState message={labels.loading} />
      ) : (
        children(query.data)
      )}
    </SubScreen>
  );
}

/** A record's edit screen: the form over the loaded record, going back to its detail. */
export function EditScreen<T extends { id: string }>({
  query,
  labels,
  title,
  description,
  children,
}: {
  query: UseQueryResult<T>;
  labels: RecordLabels;
  title: string;
  description: string;
  children: (record: T) => React.ReactNode;
}) {
  return (
    <RecordScreen
      query={query}
      labels={labels}
      width="max-w-3xl"
      backTo={query.data ? `${labels.list}/${query.data.id}` : labels.list}
      backLabel="Voltar"
      title={title}
      description={description}
    >
      {children}
    </RecordScreen>
  );
}

/** A record's create screen: the form, going back to the list. */
export function NewScreen({
  labels,
  title,
  description,
  children,
}: {
  labels: RecordLabels;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <SubScreen
      width="max-w-3xl"
      backTo={labels.list}
      backLabel={labels.backLabel}
      title={title}
      description={description}
    >
      {children}
    </SubScreen>
  );
}
