import { Menu } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/web/components/ui/sheet";
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

/** Below 1024 px the section links, "Entrar" (/login) and "Começar" (/app) live in a side sheet. */
function MobileMenu() {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Abrir menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined} className="w-4/5 max-w-xs">
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
        </SheetHeader>
        <nav aria-label="Seções da página" className="px-2">
          <ul className="flex flex-col gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SheetClose asChild>
                  <a href={`#${link.id}`} className={`${navLinkClass} block text-base`}>
                    {link.label}
                  </a>
                </SheetClose>
              </li>
            ))}
          </ul>
        </nav>
        <SheetFooter>
          <Button asChild variant="outline" size="lg">
            <Link to="/login">Entrar</Link>
          </Button>
          <Button asChild size="lg">
            <Link to="/app">Começar</Link>
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

/** The landing's sticky header: brand, section anchors, theme, "Entrar" (/app) and the mobile menu. */
export function LandingHeader() {
  return (
    <SiteHeader sticky skipLinkTarget={MAIN_CONTENT_ID} nav={<SectionNav />}>
      <Button asChild size="sm" className="hidden sm:inline-flex">
        <Link to="/app">Entrar</Link>
      </Button>
      <MobileMenu />
    </SiteHeader>
  );
}
