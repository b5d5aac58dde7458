/**
 * Search and sharing metadata of the public pages: a unique title and description, the canonical
 * link and Open Graph tags. Every pre-rendered page's `meta` export calls publicMeta.
 */
import { COMPANY } from "@/shared/company";

export interface PublicMetaInput {
  /** The page's path, for the canonical link ("/", "/privacidade"). */
  path: string;
  /** The page's own title; " | Guarita" is appended unless `fullTitle` is set. */
  title: string;
  description: string;
  fullTitle?: boolean;
  /**
   * Pages of one person's account (reached from an e-mailed link or the sign-in page): nothing for a
   * search engine to list, and their links carry one-time tokens. `noindex` keeps them out of
   * results; they stay crawlable (not in robots.txt), so the crawler can read that.
   */
  noindex?: boolean;
}

export function publicMeta({ path, title, description, fullTitle = false, noindex = false }: PublicMetaInput) {
  const pageTitle = fullTitle ? title : `${title} | ${COMPANY.name}`;
  const url = new URL(path, COMPANY.siteUrl).toString();
  return [
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { title: pageTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:site_name", content: COMPANY.name },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
  ];
}
