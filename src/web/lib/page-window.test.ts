import { describe, expect, it } from "vitest";
import { hasNextPage } from "./page-window";

const full = (page: number, pageSize = 50) => ({
  page,
  pageSize,
  total: 10_000,
  totalTruncated: true,
  itemsOnPage: pageSize,
});

describe("hasNextPage", () => {
  it("offers the next page while a full page came back inside the 10,000-row window", () => {
    expect(hasNextPage(full(199))).toBe(true);
    expect(hasNextPage(full(333, 30))).toBe(true);
  });
  it("stops at the window's end, where the API would answer 400", () => {
    expect(hasNextPage(full(200))).toBe(false);
    expect(hasNextPage(full(50, 200))).toBe(false);
    expect(hasNextPage(full(334, 30))).toBe(false);
  });
  it("follows the exact total below the cap", () => {
    expect(hasNextPage({ page: 1, pageSize: 50, total: 51, totalTruncated: false, itemsOnPage: 50 })).toBe(true);
    expect(hasNextPage({ page: 2, pageSize: 50, total: 51, totalTruncated: false, itemsOnPage: 1 })).toBe(false);
  });
});
