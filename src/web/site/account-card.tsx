/**
 * The frame of the small account pages reached from the sign-in page or an e-mailed link
 * (/esqueci-a-senha, /redefinir-senha, /verificar-email): the sign-in page's look, one card
 * centred on a muted background, the brand above it linking home.
 */
import { CircleCheck } from "lucide-react";
import type * as React from "react";
import { Brand } from "@/web/components/brand";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";

export function AccountCard({
  title,
  description,
  success = false,
  children,
  footer,
}: {
  /** The page's one <h1>. */
  title: string;
  description?: React.ReactNode;
  /** A finished step: a check mark above the title, and the card is announced as a status. */
  success?: boolean;
  children?: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted px-4 py-10">
      {/* The landing page is a content page without React: a plain link loads it as a document. */}
      <a href="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        <Brand showTagline />
      </a>
      <Card className="w-full max-w-sm" {...(success ? { role: "status", "aria-live": "polite" as const } : {})}>
        <CardHeader className="text-center">
          {success && <CircleCheck aria-hidden="true" className="mx-auto mb-2 size-10 text-primary" />}
          <CardTitle asChild>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="grid gap-4">{children}</CardContent>}
        {footer && <CardFooter className="flex-col gap-2">{footer}</CardFooter>}
      </Card>
    </main>
  );
}
