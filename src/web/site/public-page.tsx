import { FileText } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Brand } from "@/web/components/brand";
import { EmptyState } from "@/web/components/empty-state";
import { ThemeToggle } from "@/web/components/theme-toggle";
import { Card, CardContent } from "@/web/components/ui/card";
import { cn } from "@/web/lib/utils";

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

const linkClass =
  "rounded-sm text-muted-foreground text-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60";

/** Header of the public pages: the brand links home (SPEC.md section 2.16). */
export function SiteHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="border-b bg-background/95">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to="/"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          aria-label="Guarita — página inicial"
        >
          <Brand />
        </Link>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {children}
        </div>
      </div>
    </header>
  );
}

/** Footer of the public pages: privacy, terms and LGPD always; the company pages when `full`. */
export function SiteFooter({ full = false }: { full?: boolean }) {
  const links = full ? [...COMPANY_LINKS, ...LEGAL_LINKS] : LEGAL_LINKS;
  return (
    <footer className="border-t">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground text-sm">© 2025 Guarita. Todos os direitos reservados.</p>
        <nav aria-label="Links do rodapé">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
      <SiteHeader />
      <main className={cn("mx-auto w-full max-w-4xl flex-1 px-4 py-10 md:py-16", className)}>
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
