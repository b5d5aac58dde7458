import { Menu } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { MAIN_CONTENT_ID, SiteHeader } from "@/web/site/public-page";
import { SECTION_LINKS } from "./content";

const navLinkClass =
  "rounded-md px-3 py-2 font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60";

/** Plain fragment links: they scroll to their section with or without JavaScript. */
function SectionNav() {
  return (
    <nav aria-label="Seções da página" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {SECTION_LINKS.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} className={navLinkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Below 1024 px the section links, "Entrar" (/login) and "Começar" (/app) live in a menu built on a
 * native disclosure: it opens without any script (docs/decisions/013). The enhancement script
 * (enhance/disclosures.ts) closes it on Esc, on a click outside and after a link is followed.
 */
function MobileMenu() {
  return (
    <details data-disclosure className="lg:hidden">
      <summary
        aria-label="Abrir menu"
        className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </summary>
      <section
        aria-labelledby="menu-titulo"
        className="absolute inset-x-0 top-16 z-50 max-h-[calc(100svh-4rem)] overflow-y-auto border-b bg-background px-4 pt-4 pb-6 shadow-lg"
      >
        <h2 id="menu-titulo" className="px-3 pb-2 font-semibold text-foreground">
          Menu
        </h2>
        <nav aria-label="Seções da página (menu)">
          <ul className="flex flex-col gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <a href={`#${link.id}`} className={`${navLinkClass} block text-base`}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 grid gap-2">
          <Button asChild variant="outline" size="lg">
            <a href="/login">Entrar</a>
          </Button>
          <Button asChild size="lg">
            <a href="/app">Começar</a>
          </Button>
        </div>
      </section>
    </details>
  );
}

/** The landing's sticky header: brand, section anchors, theme, "Entrar" (/app) and the mobile menu. */
export function LandingHeader() {
  return (
    <SiteHeader sticky skipLinkTarget={MAIN_CONTENT_ID} nav={<SectionNav />}>
      <Button asChild size="sm" className="hidden sm:inline-flex">
        <a href="/app">Entrar</a>
      </Button>
      <MobileMenu />
    </SiteHeader>
  );
}
