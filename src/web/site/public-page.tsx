import { FileText } from "lucide-react";
import type * as React from "react";
import { COMPANY } from "@/shared/company";
import { Brand } from "@/web/components/brand";
import { EmptyState } from "@/web/components/empty-state";
import { Card, CardContent } from "@/web/components/ui/card";
import { cn } from "@/web/lib/utils";
import { ThemeMenu } from "@/web/site/theme-menu";

const LEGAL_LINKS = [
  { href: "/privacidade", label: "Política de Privacidade" },
  { href: "/termos", label: "Termos de Uso" },
  { href: "/lgpd", label: "LGPD" },
];

const COMPANY_LINKS = [
  { href: "/seguranca", label: "Segurança" },
  { href: "/sobre", label: "Sobre" },
  { href: "/carreiras", label: "Carreiras" },
  { href: "/contato", label: "Contato" },
];

/** Id of the main landmark of the public pages, target of the header's skip link. */
export const MAIN_CONTENT_ID = "conteudo";

const linkClass =
  "rounded-sm text-muted-foreground text-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60";

/**
 * Header of the public pages: the brand links home (docs/product.md, "Public site").
 * `nav` sits between the brand and the actions (the landing's section anchors); `sticky` keeps the
 * header on screen while scrolling (the sections it links to set a matching scroll margin);
 * `skipLinkTarget` adds a "Pular para o conteúdo" link for keyboard users, only where that id exists.
 */
export function SiteHeader({
  children,
  nav,
  sticky = false,
  skipLinkTarget,
}: {
  children?: React.ReactNode;
  nav?: React.ReactNode;
  sticky?: boolean;
  skipLinkTarget?: string;
}) {
  return (
    <header
      className={cn(
        "border-b",
        // Opaque when sticky: text scrolling underneath must not bleed through the header.
        sticky ? "sticky top-0 z-40 bg-background" : "bg-background/95",
      )}
    >
      {skipLinkTarget && (
        <a
          href={`#${skipLinkTarget}`}
          className="sr-only rounded-md bg-background px-3 py-2 font-medium text-sm focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:ring-[3px] focus:ring-ring/60"
        >
          Pular para o conteúdo
        </a>
      )}
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4">
        {/* Plain links: the content-only pages are not part of the React app (docs/decisions/013). */}
        <a
          href="/"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          aria-label="Guarita — página inicial"
        >
          <Brand />
        </a>
        {nav}
        <div className="flex items-center gap-2">
          <ThemeMenu />
          {children}
        </div>
      </div>
    </header>
  );
}

function FooterLinks({ links, column = false }: { links: typeof LEGAL_LINKS; column?: boolean }) {
  return (
    <ul className={column ? "flex flex-col gap-2" : "flex flex-wrap gap-x-4 gap-y-2"}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={linkClass}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Copyright() {
  return (
    <p className="text-muted-foreground text-sm">
      © {COMPANY.foundedYear} {COMPANY.name}. Todos os direitos reservados.
    </p>
  );
}

/**
 * Footer of the public pages: privacy, terms and LGPD always. `full` (the landing page) adds the
 * company pages, the brand and the contact channels.
 */
export function SiteFooter({ full = false }: { full?: boolean }) {
  if (!full) {
    return (
      <footer className="border-t">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
          <Copyright />
          <nav aria-label="Links do rodapé">
            <FooterLinks links={LEGAL_LINKS} />
          </nav>
        </div>
      </footer>
    );
  }
  return (
    <footer className="border-t">
      <div className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-8 px-4 py-12 md:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 space-y-3 md:col-span-1">
          <Brand showTagline />
          <p className="max-w-sm text-muted-foreground text-sm">
            Portaria remota com atendimento por IA 24 horas para condomínios residenciais.
          </p>
          <address className="text-muted-foreground text-sm not-italic">
            <a href={`mailto:${COMPANY.email}`} className={linkClass}>
              {COMPANY.email}
            </a>
            <br />
            {COMPANY.address.city} — {COMPANY.address.state}
          </address>
        </div>
        <nav aria-labelledby="rodape-empresa" className="space-y-3">
          <h2 id="rodape-empresa" className="font-semibold text-sm">
            Empresa
          </h2>
          <FooterLinks links={COMPANY_LINKS} column />
        </nav>
        <nav aria-labelledby="rodape-legal" className="space-y-3">
          <h2 id="rodape-legal" className="font-semibold text-sm">
            Legal
          </h2>
          <FooterLinks links={LEGAL_LINKS} column />
        </nav>
      </div>
      <div className="border-t">
        <div className="mx-auto w-full max-w-6xl px-4 py-6">
          <Copyright />
        </div>
      </div>
    </footer>
  );
}

/** Frame of a public page: header, a titled main area and the footer. */
export function PublicPage({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader skipLinkTarget={MAIN_CONTENT_ID} />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn("mx-auto w-full max-w-4xl flex-1 px-4 py-10 outline-none md:py-16", className)}
      >
        <div className="mb-8 space-y-2">
          <h1 className="font-bold text-3xl tracking-tight md:text-4xl">{title}</h1>
          {description && <p className="text-lg text-muted-foreground">{description}</p>}
        </div>
        {children ?? <ComingSoonCard />}
      </main>
      <SiteFooter />
    </div>
  );
}

function ComingSoonCard() {
  return (
    <Card>
      <CardContent>
        <EmptyState
          icon={FileText}
          title="Conteúdo em preparação"
          description="Esta página está sendo preparada e estará disponível em breve."
        />
      </CardContent>
    </Card>
  );
}
