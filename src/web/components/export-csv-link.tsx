import { Download } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { toQueryString } from "@/web/lib/use-list-params";

/**
 * The CSV of everything a list's filters match: the export streams every row, so the page is
 * left out.
 */
export function exportCsvHref(path: string, filters: object): string {
  return `${path}${toQueryString({ ...filters, page: undefined, page_size: undefined })}`;
}

/**
 * "Exportar CSV" on a list screen: a plain link (the browser downloads it with the session cookie),
 * not a fetch. `path` is the list's `/export.csv`; `filters` are the list's current API filters.
 */
export function ExportCsvLink({ path, filters }: { path: string; filters: object }) {
  return (
    <Button asChild variant="outline">
      <a href={exportCsvHref(path, filters)} download data-testid="exportar-csv">
        <Download aria-hidden="true" />
        Exportar CSV
      </a>
    </Button>
  );
}
