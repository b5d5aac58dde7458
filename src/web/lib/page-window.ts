import { TOTAL_CAP } from "@/shared/schemas/common";

/**
 * Whether a list has a page after `page`. With a capped total (`totalTruncated`) a full page means
 * "maybe more"; either way the API pages only through the first TOTAL_CAP matches, so the page that
 * would start past them is never offered.
 */
export function hasNextPage(p: {
  page: number;
  pageSize: number;
  total: number;
  totalTruncated: boolean;
  itemsOnPage: number;
}): boolean {
  const more = p.totalTruncated ? p.itemsOnPage >= p.pageSize : p.page < Math.ceil(p.total / p.pageSize);
  return more && p.page * p.pageSize < TOTAL_CAP;
}
