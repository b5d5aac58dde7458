import { Construction } from "lucide-react";
import type * as React from "react";
import { EmptyState } from "@/web/components/empty-state";
import { PageHeader } from "@/web/components/page-header";
import { Card, CardContent } from "@/web/components/ui/card";

/** Stand-in for a console screen not built yet: its header and an empty-state card. */
export function PlaceholderPage({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader title={title} description={description} actions={actions} />
      <Card>
        <CardContent>
          <EmptyState icon={Construction} title="Em construção" description="Esta tela estará disponível em breve." />
        </CardContent>
      </Card>
    </div>
  );
}

/** `<title>` of a console screen. */
export function consoleTitle(title: string) {
  return [{ title: `${title} | Guarita` }];
}
